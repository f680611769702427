//! Tables and machines cached in files (`--cache`): read back equal to those built, damaged
//! files rebuilt, the same answers.

use super::*;

/// The table of `group` from the cache in `dir`, appended after three bytes that must stay as
/// they were (a file is read into the space after them, and cut back when it does not match).
fn cached_table(dir: &std::path::Path, puzzle: &Puzzle, group: &[u8], blank: usize) -> Vec<u8> {
    let mut into = vec![7; 3];
    append_cached(dir, puzzle, group, blank, &TableWork::quiet(), &mut into);
    assert_eq!(into[..3], [7; 3]);
    into.split_off(3)
}

/// The one file in `dir`: a file kept, with no temporary left.
fn only_file(dir: &std::path::Path) -> std::path::PathBuf {
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one file, no temporary left: {files:?}");
    files[0].clone()
}

#[test]
fn cached_tables_equal_built_ones_and_damaged_files_are_rebuilt() {
    let shape = Shape { rows: 3, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..12).chain([0]).collect());
    let (group, blank) = ([0u8, 1, 2, 4, 5], 11);
    let built = build_table(&puzzle, &group, blank, Layout::Rank, &work(1, &|_| {})).unwrap();
    let dir = scratch_dir("cache");
    assert_eq!(cached_table(&dir, &puzzle, &group, blank), built);
    let file = &only_file(&dir);
    let written = std::fs::read(file).unwrap();
    assert_eq!(&written[..built.len()], &built[..]);
    // A whole file is read, not rebuilt: plant one whose table differs, with its checksum.
    let mut planted = written[..written.len() - 8].to_vec();
    planted[0] ^= 1;
    planted.extend(checksum(&planted).to_le_bytes());
    std::fs::write(file, &planted).unwrap();
    assert_eq!(
        cached_table(&dir, &puzzle, &group, blank),
        planted[..built.len()]
    );
    let mut flipped = written.clone();
    flipped[7] ^= 1;
    // Damaged files (a flipped byte, a cut, nothing) are rebuilt and written anew.
    for damaged in [flipped, written[..written.len() - 1].to_vec(), Vec::new()] {
        std::fs::write(file, &damaged).unwrap();
        assert_eq!(cached_table(&dir, &puzzle, &group, blank), built);
        assert_eq!(std::fs::read(file).unwrap(), written);
    }
    // A directory that cannot be made: the table is built and used all the same.
    let blocked = dir.join(file.file_name().unwrap()).join("sub");
    assert_eq!(cached_table(&blocked, &puzzle, &group, blank), built);
}

#[test]
fn the_cache_gives_the_same_answers() {
    // (No 4×4 board: there the cache means 8-7 tables, minutes to build.)
    let input = "3 4\n11 7 3 10 8 4 9 1 0 6 2 5\n3\n8 6 7 2 5 4 3 0 1\n";
    let plain = run_text(&Config::default(), input);
    let dir = scratch_dir("cache-cli");
    let config = with(Settings {
        cache: Some(dir.clone()),
        ..Settings::default()
    });
    for _ in 0..2 {
        assert_eq!(run_text(&config, input).0, plain.0);
        // The 3×4 board needs the tables: they are in the directory now.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    }
}

/// The deeper move pruner (depth 13, 0.6 s to make) is kept in the folder and read back
/// from it, the shallower not kept; a damaged file, or one whose machine leads past its
/// rows, is made anew.
#[test]
#[ignore = "tier 2: about 9 s"]
fn the_deeper_move_pruner_is_kept_and_read_back() {
    let shallow = scratch_dir("cache-pruner-shallow");
    let made = MovePruner::for_cells(16, false, None);
    assert_eq!(MovePruner::for_cells(16, false, Some(&shallow)), made);
    assert_eq!(std::fs::read_dir(&shallow).unwrap().count(), 0);
    let dir = scratch_dir("cache-pruner");
    let made = MovePruner::for_cells(16, true, None);
    assert_eq!(MovePruner::for_cells(16, true, Some(&dir)), made);
    let file = &only_file(&dir);
    let written = std::fs::read(file).unwrap();
    let rows = 16 * made.states();
    // A file of these rows, its trailer and a good checksum.
    let with_rows = |first: u32| {
        let mut bytes = written[..written.len() - 8].to_vec();
        bytes[..4].copy_from_slice(&first.to_le_bytes());
        bytes.extend(checksum(&bytes).to_le_bytes());
        bytes
    };
    // The file is read, not made again: its first move forbidden, the machine differs.
    std::fs::write(file, with_rows(u32::MAX)).unwrap();
    let read = MovePruner::for_cells(16, true, Some(&dir));
    assert_ne!(read, made);
    assert_eq!(read.states(), made.states());
    // A state past the last row; one whose moves are not its row's; a flipped byte; a
    // cut; nothing: each is made anew and written again.
    let mut flipped = written.clone();
    flipped[5] ^= 1;
    let past = (made.states() as u32) << 4;
    let first = u32::from_le_bytes(written[..4].try_into().unwrap());
    for damaged in [
        with_rows(past),
        with_rows(first ^ 1),
        flipped,
        written[..rows].to_vec(),
        Vec::new(),
    ] {
        std::fs::write(file, &damaged).unwrap();
        assert_eq!(MovePruner::for_cells(16, true, Some(&dir)), made);
        assert_eq!(std::fs::read(file).unwrap(), written);
    }
}
