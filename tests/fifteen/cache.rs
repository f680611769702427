use super::*;

/// The table of `group` from the cache in `dir`, appended after three bytes that must stay as
/// they were (a file is read into the room after them, and cut back when it does not match).
fn cached_table(dir: &std::path::Path, puzzle: &Puzzle, group: &[u8], blank: usize) -> Vec<u8> {
    let mut into = vec![7; 3];
    append_cached(dir, puzzle, (group, blank), &TableWork::quiet(), &mut into);
    assert_eq!(into[..3], [7; 3]);
    into.split_off(3)
}

#[test]
fn cached_tables_equal_built_ones_and_damaged_files_are_rebuilt() {
    let shape = Shape { rows: 3, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..12).chain([0]).collect());
    let (group, blank) = ([0u8, 1, 2, 4, 5], 11);
    let built = build_table(&puzzle, (&group, blank), Layout::Rank, 1, &|_| {});
    let dir = scratch_dir("cache");
    assert_eq!(cached_table(&dir, &puzzle, &group, blank), built);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one file a table, no temporary left");
    let file = &files[0];
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
    let config = Config {
        cache: Some(dir.clone()),
        ..Config::default()
    };
    for _ in 0..2 {
        assert_eq!(run_text(&config, input).0, plain.0);
        // The 3×4 board needs the tables: they are in the directory now.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    }
}
