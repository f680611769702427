//! Tables kept in files between runs (`--cache`).

use super::additive::Layout;
use super::placement::table_len;
use super::{Puzzle, TableWork, MAX_CELLS, MAX_GROUP};
use std::io::Read;
use std::path::Path;

/// The entries from which [`append_cached`] says on stderr that it builds a table: it
/// takes seconds (7 tiles of the 4×4) to minutes (8 tiles).
const LARGE_TABLE: usize = 1 << 24;

/// The trailer that follows a table in its file (`--cache`), before the checksum; the
/// format's version is its last digit, to be raised whenever the files or the meaning
/// of the tables change, so that old files are rebuilt.
const MAGIC: &[u8] = b"\nsliding-puzzles pattern database 2\n";

/// The room a file needs beyond its table: its trailer and checksum, at most.
pub(crate) const TRAILER_ROOM: usize = 128;
const _: () = assert!(MAGIC.len() + 3 + MAX_CELLS + MAX_GROUP + 8 <= TRAILER_ROOM);

/// A 64-bit FNV-1a-style hash of `bytes`, eight at a time: it names a table's file and
/// checks its contents. O(len).
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

/// The table of `cells` for `puzzle`'s goal, blank at `blank` (see
/// [`super::build::build_table`]), read from its file in `dir`, or built and written
/// there. The file holds the table, then a trailer naming the format, shape, goal and
/// group, then a checksum of all that; it is named by the shape and a hash of the
/// trailer. A file that does not match to its last byte is built anew. The new file is
/// written under a temporary name and renamed into place, so that an interrupted or
/// concurrent run never leaves half a table under the name; a table that cannot be
/// written is used all the same, with a warning on stderr, where the build of a large
/// table is announced too. Time: one read of the file, else
/// [`super::build::build_table`] and one write.
///
/// The table is appended to `into`; a file is read straight into its room, with no
/// copy, when `into` has room for the table and [`TRAILER_ROOM`] bytes more.
pub(crate) fn append_cached(
    dir: &Path,
    puzzle: &Puzzle,
    (cells, blank): (&[u8], usize),
    work: &TableWork,
    into: &mut Vec<u8>,
) {
    let shape = puzzle.shape;
    let mut trailer = MAGIC.to_vec();
    trailer.extend([shape.rows as u8, shape.cols as u8, cells.len() as u8]);
    trailer.extend(&puzzle.goal);
    trailer.extend(cells);
    let name = format!(
        "{}x{}-{:016x}.pdb",
        shape.rows,
        shape.cols,
        checksum(&trailer)
    );
    let path = dir.join(name);
    let len = table_len(shape.cells(), cells.len());
    let whole = len + trailer.len() + 8;
    // (A file of another size is not read at all.)
    let sized = std::fs::metadata(&path).is_ok_and(|m| m.len() == whole as u64);
    let start = into.len();
    if sized {
        let read = std::fs::File::open(&path).and_then(|mut f| f.read_to_end(into));
        let bytes = &into[start..];
        if read.is_ok()
            && bytes.len() == whole
            && bytes[len..whole - 8] == trailer[..]
            && checksum(&bytes[..whole - 8]).to_le_bytes() == bytes[whole - 8..]
        {
            into.truncate(start + len);
            return;
        }
        into.truncate(start);
    }
    if len >= LARGE_TABLE {
        work.notes.note(&format!(
            "note: building {} ({} MiB) once; later runs read it",
            path.display(),
            len >> 20
        ));
    }
    let mut bytes = work.build(puzzle, (cells, blank), Layout::Rank);
    bytes.extend(&trailer);
    bytes.extend(checksum(&bytes).to_le_bytes());
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&temporary, &bytes))
        .and_then(|()| std::fs::rename(&temporary, &path));
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        work.notes.note(&format!(
            "warning: cannot write {}: {error}",
            path.display()
        ));
    }
    into.extend_from_slice(&bytes[..len]);
}
