//! Korf's 100 4×4 boards, the hardest 4×4 boards and Korf & Felner's 5×5 instances: the
//! published lengths (and node counts) found by `ida`, every path replayed.

use super::*;

/// Solves Korf's instances `(id, length, board)` for `goal` with the default search, one
/// solver for all (the tables built once), checking each length and replaying each path.
fn check_korf(goal: Goal, instances: &[(u32, usize, Vec<u32>)]) {
    check_korf_with(
        Settings {
            goal,
            ..Settings::default()
        },
        instances,
    );
}

/// [`check_korf`] with `settings`, each board searched by `settings.jobs` threads; the
/// boards are all 4×4 or all 5×5.
fn check_korf_with(settings: Settings, instances: &[(u32, usize, Vec<u32>)]) {
    let side = if instances[0].2.len() == 25 { 5 } else { 4 };
    let shape = Shape {
        rows: side,
        cols: side,
    };
    let goal_board = settings.goal.board(shape).unwrap();
    let threads = settings.jobs;
    let solver = Solver::new(settings, instances.len(), threads);
    for (id, length, board) in instances {
        let answer = solver
            .solve_case(&case_of(shape, board), &goal_board, 1, &())
            .unwrap();
        let path = letters(&answer.moves.unwrap());
        assert_eq!(path.len(), *length, "Korf #{id}");
        assert_replays(shape, board, &goal_board, &path);
    }
}

#[test]
fn a_search_that_gives_up_leaves_a_floor_the_next_one_starts_from() {
    let shape = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..16).chain([0]).collect());
    let tables = Additive::new(&puzzle, &by_symmetry(&puzzle, 0, &P4443).unwrap(), true);
    for (id, length, board) in korf("korf100-blank-last.txt", &[1, 12, 79]) {
        let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
        let h = tables.start(&bytes).1;
        let run = |give_up, floor| {
            let budget = Budget::new(NO_LIMITS);
            let outcome = ida::solve_sharing(
                &puzzle,
                &tables,
                &bytes,
                &budget,
                give_up,
                floor,
                Sharing::new(1),
            );
            (outcome.expect("no limits"), budget.nodes())
        };
        let (whole, nodes) = run(u64::MAX, 0);
        let ida::Outcome::Path(path) = &whole else {
            panic!("Korf #{id}: {whole:?}");
        };
        let letters: String = path.iter().map(|m| m.letter()).collect();
        assert_eq!(letters.len(), length, "Korf #{id}");
        assert_replays(
            shape,
            &board,
            &(1..16).chain([0]).collect::<Vec<_>>(),
            &letters,
        );
        let (ida::Outcome::GaveUp(floor), _) = run(nodes / 2, 0) else {
            panic!("Korf #{id}: no give-up at half the nodes");
        };
        assert!(
            h < floor && floor <= length as u32,
            "Korf #{id}: {h} {floor}"
        );
        let (resumed, fewer) = run(u64::MAX, floor);
        assert_eq!(resumed, whole, "Korf #{id}");
        assert!(fewer < nodes, "Korf #{id}: {fewer} of {nodes}");
    }
}

#[test]
fn ida_finds_korfs_lengths_on_a_subset_of_both_files() {
    check_korf(Goal::Standard, &korf("korf100-blank-last.txt", &KORF_FAST));
    check_korf(Goal::BlankFirst, &korf("korf100.txt", &KORF_FAST));
}

#[test]
#[ignore = "tier 2: all of Korf's 100, blank last, a few seconds"]
fn ida_finds_korfs_lengths_on_all_100_blank_last() {
    check_korf(Goal::Standard, &korf("korf100-blank-last.txt", &[]));
}

#[test]
#[ignore = "tier 2: all of Korf's 100, blank first, a few seconds"]
fn ida_finds_korfs_lengths_on_all_100_blank_first() {
    check_korf(Goal::BlankFirst, &korf("korf100.txt", &[]));
}

/// The cache directory of the ignored tests' large tables, kept between runs (unlike
/// `scratch_dir`).
pub(super) fn kept_tables() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables")
}

/// The published node counts of Korf & Felner's 50 (`tests/data/korf24-published-nodes.txt`)
/// are for their boards: an instance a line, at its published length, Korf & Felner's own
/// column the same as `korf24-kf-nodes.txt`, and Clausecker's catalogue summing to the total
/// their paper gives (1.18e12 expansions).
#[test]
fn the_published_node_counts_are_korf_and_felners_50() {
    let read = |file: &str| -> Vec<Vec<u64>> {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let lines = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        lines
            .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
            .collect()
    };
    let published = read("korf24-published-nodes.txt");
    let kf = read("korf24-kf-nodes.txt");
    let instances = korf("korf24.txt", &[]);
    assert_eq!(published.len(), 50);
    for ((row, kf), (id, length, _)) in published.iter().zip(&kf).zip(&instances) {
        assert_eq!(row.len(), 12);
        assert_eq!((row[0], row[1]), (u64::from(*id), *length as u64));
        assert_eq!(&row[..3], &kf[..3]);
    }
    let catalogue: u64 = published.iter().map(|row| row[8]).sum();
    assert_eq!(catalogue / 1_000_000_000, 1180);
}

/// The long runs (minutes to hours, gigabytes of tables): ignored, and left out of the
/// second tier too; `cargo test --release --test fifteen -- --ignored long::` runs them.
mod long {
    use super::*;

    #[test]
    #[ignore = "long: builds 8-7 tables into target/tmp once (minutes, 3.5 GB), then reads them"]
    fn cached_8_7_tables_find_korfs_lengths_on_all_100_of_both_files() {
        let cache = kept_tables();
        for (goal, file) in [
            (Goal::Standard, "korf100-blank-last.txt"),
            (Goal::BlankFirst, "korf100.txt"),
        ] {
            let config = Settings {
                goal,
                cache: Some(cache.clone()),
                ..Settings::default()
            };
            check_korf_with(config, &korf(file, &[]));
        }
    }

    #[test]
    #[ignore = "long: without a cache, about 40 s a board on 2 threads; with the 8-7 tables of the test above, seconds"]
    fn the_hardest_boards_need_80_moves() {
        let cache = kept_tables();
        let boards = korf("hardest-80.txt", &(1..=16).collect::<Vec<u32>>());
        let config = Settings {
            jobs: 2,
            cache: Some(cache),
            ..Settings::default()
        };
        check_korf_with(config, &boards);
        // Without the cache: the 7-7-1 tables built in the run, on two boards.
        check_korf_with(
            Settings {
                jobs: 2,
                ..Settings::default()
            },
            &boards[..2],
        );
    }

    #[test]
    #[ignore = "long: with the 8-7 tables of the tests above, about 20 s on 2 threads (minutes to build them)"]
    fn boards_hard_for_the_tables_need_72_moves() {
        let boards = korf("hard-72.txt", &[1, 2]);
        let config = Settings {
            jobs: 2,
            cache: Some(kept_tables()),
            ..Settings::default()
        };
        check_korf_with(config, &boards);
    }

    #[test]
    #[ignore = "long: builds 6-6-6-6 tables into target/tmp once per goal (minutes, 2 GB), then checks them on Korf & Felner's 50 and solves two"]
    fn cached_6_6_6_6_tables_solve_korf_and_felners_easiest_boards() {
        let cache = kept_tables();
        for (goal, file) in [
            (Goal::Standard, "korf24-blank-last.txt"),
            (Goal::BlankFirst, "korf24.txt"),
        ] {
            let shape = Shape { rows: 5, cols: 5 };
            let goal_board = goal.board(shape).unwrap();
            let puzzle = Puzzle::new(shape, goal_board.iter().map(|&t| t as u8).collect());
            let config = Settings {
                goal,
                jobs: 2,
                cache: Some(cache.clone()),
                ..Settings::default()
            };
            let groups = by_symmetry(&puzzle, 0, &P6666).unwrap();
            let layout = Layout::fitting(25, &groups);
            let quiet = TableWork::quiet();
            let tables =
                Additive::with_cache(&puzzle, &groups, layout, true, Some(&cache), &quiet).unwrap();
            for (id, length, board) in korf(file, &[]) {
                let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
                assert!(tables.start(&bytes).1 <= length as u32, "{file} #{id}");
            }
            check_korf_with(config, &korf(file, &[40, 38]));
        }
    }
}
