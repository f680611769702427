//! The files of the cache (`--cache DIR`), kept between runs: the pattern databases and the
//! move pruner's machines. A file holds its bytes, then a trailer naming what they are (a
//! format with its version, and what they were made for), then a checksum of both; it is named
//! by a hash of the trailer, and read back only when it matches to its last byte. A new file is
//! written under a temporary name and renamed into place, so that an interrupted or concurrent
//! run never leaves half a file under the name.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A 64-bit FNV-1a-style hash of `bytes`, eight at a time: it names a file and checks
/// its contents. O(len).
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(8);
    let mix = |hash: u64, word: u64| (hash ^ word).wrapping_mul(0x0100_0000_01b3);
    let hash = chunks.by_ref().fold(0xcbf2_9ce4_8422_2325, |hash, chunk| {
        mix(hash, u64::from_le_bytes(chunk.try_into().expect("8 bytes")))
    });
    let rest = chunks.remainder();
    rest.iter().fold(mix(hash, rest.len() as u64), |hash, &b| {
        mix(hash, u64::from(b))
    })
}

/// The largest file [`CacheFile::read_into`] reads when no length is expected.
const MOST_UNSIZED: u64 = 16 << 20;

/// Files written by this process so far, to name each temporary apart.
static WRITTEN: AtomicUsize = AtomicUsize::new(0);

/// A file of the cache: where it is and the trailer that says what it holds.
pub(crate) struct CacheFile {
    pub path: PathBuf,
    trailer: Vec<u8>,
}

impl CacheFile {
    /// The file in `dir` for `trailer`, named `PREFIX-HASH.EXTENSION` by the hash of the
    /// trailer. O(trailer).
    pub(crate) fn new(dir: &Path, prefix: &str, extension: &str, trailer: Vec<u8>) -> Self {
        let path = dir.join(format!("{prefix}-{:016x}.{extension}", checksum(&trailer)));
        CacheFile { path, trailer }
    }

    /// Appends the file's bytes to `into` when it holds `len` bytes (any number up to
    /// [`MOST_UNSIZED`] when `None`) under this trailer and its checksum, and says whether
    /// it did; else `into` is left as it was. A file of another size is not read at all. The
    /// bytes are read straight into place, with no copy, when `into` has the capacity for
    /// them, the trailer and the checksum. Time: one read of the file.
    pub(crate) fn read_into(&self, len: Option<usize>, into: &mut Vec<u8>) -> bool {
        let trailer_and_sum = self.trailer.len() + 8;
        let whole = len.map(|len| len + trailer_and_sum);
        let sized = std::fs::metadata(&self.path).is_ok_and(|m| match whole {
            Some(whole) => m.len() == whole as u64,
            None => (trailer_and_sum as u64..=MOST_UNSIZED).contains(&m.len()),
        });
        if !sized {
            return false;
        }
        let start = into.len();
        let read = std::fs::File::open(&self.path).and_then(|mut f| f.read_to_end(into));
        let bytes = &into[start..];
        let end = bytes.len().wrapping_sub(8);
        if read.is_ok()
            && bytes.len() >= trailer_and_sum
            && whole.map_or(true, |whole| bytes.len() == whole)
            && bytes[end - self.trailer.len()..end] == self.trailer[..]
            && checksum(&bytes[..end]).to_le_bytes() == bytes[end..]
        {
            into.truncate(start + bytes.len() - trailer_and_sum);
            return true;
        }
        into.truncate(start);
        false
    }

    /// Writes `bytes`, followed by the trailer and checksum (appended to `bytes`, and
    /// taken off again), under a temporary name (this process's and this write's), then
    /// renames it into place; creates the folder if need be. Time: one write of the file.
    pub(crate) fn write(&self, bytes: &mut Vec<u8>) -> std::io::Result<()> {
        let len = bytes.len();
        bytes.extend(&self.trailer);
        bytes.extend(checksum(bytes).to_le_bytes());
        let count = WRITTEN.fetch_add(1, Ordering::Relaxed);
        let temporary = (self.path).with_extension(format!("tmp{}-{count}", std::process::id()));
        let written = (self.path.parent().map_or(Ok(()), std::fs::create_dir_all))
            .and_then(|()| std::fs::write(&temporary, &bytes[..]))
            .and_then(|()| std::fs::rename(&temporary, &self.path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        bytes.truncate(len);
        written
    }
}
