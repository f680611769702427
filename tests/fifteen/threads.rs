//! Searches shared by threads and `--jobs`: the one-thread paths, limits that stop them,
//! answers in input order.

use super::*;

#[test]
fn shared_iterations_find_the_one_thread_path_on_korfs_boards() {
    let shape = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..16).chain([0]).collect());
    let tables = Additive::new(&puzzle, &by_symmetry(&puzzle, 0, &P555).unwrap(), true);
    for (id, length, board) in korf("korf100-blank-last.txt", &KORF_FAST) {
        let path = ida_path(&puzzle, &tables, &board);
        assert_eq!(path.len(), length, "Korf #{id}");
        // Also with the deeper move pruner (sequences of up to 13 moves) from the first node.
        let deeper = |threads| Sharing {
            deep_from: 0,
            deeper_from: 0,
            ..every_iteration(threads, 16)
        };
        for sharing in [
            every_iteration(2, 256),
            every_iteration(3, 16),
            deeper(1),
            deeper(2),
        ] {
            let shared = ida_shared_path(&puzzle, &tables, &board, sharing);
            assert_eq!(shared, path, "Korf #{id}, {sharing:?}");
        }
    }
}

#[test]
fn limits_stop_a_search_shared_by_threads() {
    // An 80-move board: 26 s or more on two threads, far beyond either limit.
    let board = &korf("hardest-80.txt", &[1])[0].2;
    let tiles: Vec<String> = board.iter().map(|t| t.to_string()).collect();
    let input = format!("4\n{}\n", tiles.join(" "));
    let mut config = with(Settings {
        jobs: 2,
        ..Settings::default()
    });
    config.solver.limits.max_nodes = Some(3_000_000);
    let error = run_text(&config, &input).1.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: node limit reached: 3000000 nodes generated (--max-nodes 3000000)"
    );
    assert_eq!(error.exit_code(), 3);
    config.solver.limits.max_nodes = None;
    config.solver.limits.time_limit = Some(std::time::Duration::from_millis(300));
    let error = run_text(&config, &input).1.unwrap_err();
    assert!(error
        .to_string()
        .starts_with("case 1: time limit reached: 0.3 s elapsed after "));
    assert_eq!(error.exit_code(), 3);
}

#[test]
fn jobs_give_the_same_answers_in_input_order() {
    let korf: String = korf("korf100-blank-last.txt", &[12, 55, 79, 42])
        .iter()
        .map(|(_, _, b)| {
            format!(
                "4\n{}\n",
                b.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })
        .collect();
    let input = format!(
        "3\n8 6 7 2 5 4 3 0 1\n{korf}3 4\n11 7 3 10 8 4 9 1 0 6 2 5\n2\n1 0 3 2\n3\n1 2 3 4 5 6 7 8 0\n"
    );
    let one = run_text(&Config::default(), &input);
    assert!(one.1.is_ok());
    assert!(one.0.lines().count() >= 8);
    for jobs in [2, 3, 16] {
        let config = with(Settings {
            jobs,
            ..Settings::default()
        });
        assert_eq!(run_text(&config, &input), one, "--jobs {jobs}");
        // An error in a case: the answers before it, then the error.
        let bad = format!("{input}2\n1 2 x 0\n3\n1 2 3 4 5 6 7 0 8\n");
        let (output, result) = run_text(&config, &bad);
        assert_eq!(output, one.0);
        assert_eq!(
            result.unwrap_err().to_string(),
            "case 9: \"x\" is not a tile (line 18, column 5)"
        );
    }
}
