//! Tables cached in files between runs (`--cache`).

use super::super::cache_file::CacheFile;
use super::super::Puzzle;
use super::build::build_table;
use super::layout::Layout;
use super::placement::table_len;
use super::{TableWork, MAX_CELLS, MAX_GROUP};
use std::path::Path;

/// The entries from which [`append_cached`] says on stderr that it builds a table: it
/// takes seconds (7 tiles of the 4×4) to minutes (8 tiles).
const LARGE_TABLE: usize = 1 << 24;

/// The trailer's first bytes, before the shape, goal and group (see [`append_cached`]):
/// the format's version is its last digit, to be raised whenever the files or the
/// meaning of the tables change, so that old files are rebuilt.
const MAGIC: &[u8] = b"\nsliding-puzzles pattern database 2\n";

/// The bytes a file holds beyond its table: its trailer and checksum, at most.
pub(crate) const TRAILER_BYTES: usize = 128;
const _: () = assert!(MAGIC.len() + 3 + MAX_CELLS + MAX_GROUP + 8 <= TRAILER_BYTES);

/// The table of `cells` for `puzzle`'s goal, blank at `blank` (see
/// [`super::build::build_table`]), read from its file in `dir`, or built and written
/// there ([`CacheFile`]: the trailer names the format, shape, goal and group; the file is
/// named by the shape and its hash). A table that cannot be written is used all the
/// same, with a warning on stderr, where the build of a large table is announced too.
/// Time: one read of the file, else [`super::build::build_table`] and one write.
///
/// The table is appended to `into`; a file is read straight into place, with no
/// copy, when `into` has the capacity for the table and [`TRAILER_BYTES`] bytes more. `None` when
/// `work.stop` stopped the build.
pub(crate) fn append_cached(
    dir: &Path,
    puzzle: &Puzzle,
    cells: &[u8],
    blank: usize,
    work: &TableWork,
    into: &mut Vec<u8>,
) -> Option<()> {
    let shape = puzzle.shape;
    let mut trailer = MAGIC.to_vec();
    trailer.extend([shape.rows as u8, shape.cols as u8, cells.len() as u8]);
    trailer.extend(&puzzle.goal);
    trailer.extend(cells);
    let prefix = format!("{}x{}", shape.rows, shape.cols);
    let file = CacheFile::new(dir, &prefix, "pdb", trailer);
    let len = table_len(shape.cells(), cells.len());
    if file.read_into(Some(len), into) {
        return Some(());
    }
    if len >= LARGE_TABLE {
        work.notes.note(&format!(
            "note: building {} ({} MiB) once; later runs read it",
            file.path.display(),
            len >> 20
        ));
    }
    let mut bytes = build_table(puzzle, cells, blank, Layout::Rank, work)?;
    if let Err(error) = file.write(&mut bytes) {
        work.notes.note(&format!(
            "warning: cannot write {}: {error}",
            file.path.display()
        ));
    }
    into.extend_from_slice(&bytes);
    Some(())
}
