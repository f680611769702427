//! The bundler of `tests/common/bundle.rs`, which makes the single file for judges from a
//! program's tree: on a small tree with every way rustc finds a module's file, the bundle
//! builds alone with plain `rustc` and prints what the tree prints, with and without a
//! feature; and what it refuses.

mod common;

use common::bundle;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The first line of the fixture's bundles.
const HEADER: &str = "made from main.rs by tests/bundler.rs";

/// Builds `source` alone with plain `rustc` (edition 2021, `--cfg {cfg}` when given) into the
/// executable `name` in Cargo's scratch folder, checking that rustc neither fails nor warns.
fn compile(source: &Path, name: &str, cfg: Option<&str>) -> PathBuf {
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bundler")
        .join(name);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let cfg = cfg.map(|cfg| ["--cfg", cfg]);
    let compiled = Command::new(rustc)
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .args(cfg.iter().flatten())
        .arg(source)
        .output()
        .expect("rustc runs");
    let diagnostics = String::from_utf8_lossy(&compiled.stderr);
    assert!(compiled.status.success(), "rustc failed:\n{diagnostics}");
    assert!(diagnostics.is_empty(), "rustc warns:\n{diagnostics}");
    exe
}

/// Writes `files` (path, text) into a fresh folder `name` of Cargo's scratch folder and
/// returns that folder.
fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bundler")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

/// A crate with every way rustc finds a module's file (`x.rs`, `x/mod.rs`, `x.rs` beside the
/// folder `x/` of its children, a raw name), attributes before and on a declaration, inner
/// docs and attributes in a child, and `mod ghost;` where it declares nothing: in comments,
/// strings and an inline `#[cfg(test)]` module; a line of a string that looks like a comment;
/// items, a module, a field, a statement and a match arm under the feature `edition`.
const FIXTURE: [(&str, &str); 9] = [
    (
        "main.rs",
        r##"//! A tree with every way of finding a module's file.
#![forbid(unsafe_code)]

mod flat; // flat.rs, beside flat/, the folder of its children
pub(crate) mod folder;
#[cfg(test)]
mod tests;
#[allow(dead_code)] mod r#type;
#[cfg(not(feature = "edition"))]
mod gone;

/// The edition's name.
#[cfg(feature = "edition")]
const EDITION: &str = "edition";
/// Left out of the edition with its docs.
#[cfg(not(feature = "edition"))]
const EDITION: &str = "full";

struct Count {
    kept: u8,
    #[cfg(not(feature = "edition"))]
    dropped: u8,
}

fn kind(n: u8) -> &'static str {
    match n {
        #[cfg(not(feature = "edition"))]
        3 => {
            gone::NAME
        }
        _ => "other",
    }
}

/* mod ghost;
mod ghost; */
const TEXT: &str = "
mod ghost;
";
const RAW: &str = r#"
mod ghost;
    // a string's line, kept, its spaces too
" "#;
const QUOTE: char = '"';
const BRACE: char = '{';
const GAP: &str = "gap


end";

#[cfg(test)]
mod inline {
    mod ghost;
}

fn main() {
    let count = Count {
        kept: 1,
        #[cfg(not(feature = "edition"))]
        dropped: 2,
    };
    #[cfg(not(feature = "edition"))]
    let total = count.kept + count.dropped;
    #[cfg(feature = "edition")]
    let total = count.kept;
    println!("{EDITION} {total} {}", kind(total));
    let names = [flat::NAME, flat::inner::NAME, flat::inner::deep::NAME, folder::leaf::NAME];
    println!("{names:?} {}", r#type::NAME);
    print!("{TEXT}{RAW}{QUOTE}{BRACE}{GAP}");
}
"##,
    ),
    (
        "flat.rs",
        "pub const NAME: &str = \"flat\";\npub mod inner;\n",
    ),
    (
        "flat/inner.rs",
        "//! A child of a file that is not `mod.rs`.\n#![allow(dead_code)]\n\n\
         pub const NAME: &str = \"inner\";\npub mod deep;\n",
    ),
    (
        "flat/inner/deep/mod.rs",
        "pub const NAME: &str = \"deep\";\n",
    ),
    ("folder/mod.rs", "pub mod leaf;\n"),
    ("folder/leaf.rs", "pub const NAME: &str = \"leaf\";"),
    ("tests.rs", "#[test]\nfn runs() {}\n"),
    ("type.rs", "pub const NAME: &str = \"type\";\n"),
    ("gone.rs", "pub const NAME: &str = \"three\";\n"),
];

/// What the fixture prints.
const FIXTURE_PRINTS: &str =
    "[\"flat\", \"inner\", \"deep\", \"leaf\"] type\n\nmod ghost;\n\nmod ghost;\n    // a string's line, kept, its spaces too\n\" \"{gap\n\n\nend";

#[test]
fn the_bundle_is_the_program_rustc_builds_from_the_tree() {
    let dir = tree("fixture", &FIXTURE);
    let main = dir.join("main.rs");
    for (feature, first_line) in [
        (None, "full 3 three\n"),
        (Some("edition"), "edition 1 other\n"),
    ] {
        let text = bundle::bundle(&main, HEADER, feature);
        assert!(text.starts_with(&format!("// {HEADER}\n")), "{text}");
        let modules = if feature.is_some() { 7 } else { 8 };
        assert_eq!(text.matches("\n// ==== ").count(), modules, "{text}");
        assert_eq!(text.matches("mod ghost;").count(), 5, "{text}");
        assert!(
            text.contains("every way of finding"),
            "comments stay: {text}"
        );
        assert!(text.contains("\n    // a string's line, kept"), "{text}");
        assert!(
            text.contains("\n\t\tkept: 1,\n"),
            "indented by tabs: {text}"
        );
        assert_eq!(text.contains("dropped"), feature.is_none(), "{text}");
        assert_eq!(text.contains("Left out of"), feature.is_none(), "{text}");
        let code = bundle::code_only(&text);
        assert!(!code.contains("feature"), "every feature decided: {text}");
        let outside_literals = text.replace("\"gap\n\n\nend\"", "");
        assert!(
            !outside_literals.contains("\n\n\n"),
            "one empty line at a time: {text}"
        );
        bundle::check_banners(&dir, &text);
        let single = dir.join(format!("single-{}.rs", feature.unwrap_or("full")));
        fs::write(&single, &text).unwrap();
        for (source, cfg) in [(&main, feature), (&single, None)] {
            let name = format!("fixture-{}", source.file_stem().unwrap().to_string_lossy());
            let name = format!("{name}-{}", feature.unwrap_or("full"));
            let cfg = cfg.map(|f| format!("feature=\"{f}\""));
            let exe = compile(source, &name, cfg.as_deref());
            let (code, stdout, stderr) =
                common::run_process(exe.to_str().unwrap(), &[], Vec::new());
            assert_eq!((code, stderr.as_str()), (0, ""));
            assert_eq!(
                stdout,
                format!("{first_line}{FIXTURE_PRINTS}"),
                "{}",
                source.display()
            );
        }
    }
}

#[test]
#[should_panic(expected = "main.rs:2: `#[path]` is not supported by the bundler")]
fn the_bundler_refuses_path_attributes() {
    let main = "fn main() {}\n#[cfg_attr(all(), path = \"x.rs\")]\nmod other;\n";
    let dir = tree("path", &[("main.rs", main), ("x.rs", "")]);
    bundle::bundle(&dir.join("main.rs"), HEADER, None);
}

#[test]
#[should_panic(expected = "main.rs:2: module `x` is in both x.rs and x/mod.rs")]
fn the_bundler_refuses_a_module_in_two_files() {
    let files = [
        ("main.rs", "fn main() {}\nmod x;\n"),
        ("x.rs", ""),
        ("x/mod.rs", ""),
    ];
    let dir = tree("both", &files);
    bundle::bundle(&dir.join("main.rs"), HEADER, None);
}

#[test]
#[should_panic(expected = "main.rs:1: module `x` is in neither x.rs nor x/mod.rs")]
fn the_bundler_refuses_a_module_with_no_file() {
    let dir = tree("neither", &[("main.rs", "mod x;\nfn main() {}\n")]);
    bundle::bundle(&dir.join("main.rs"), HEADER, None);
}
