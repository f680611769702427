//! `fifteen`'s layers run one way: every module uses only the modules declared before it,
//! in `main.rs`'s map for the top-level ones and in each folder's `mod.rs` (or the file the
//! folder belongs to) for the files within. A module may also use the module it belongs
//! to (`search`'s `Puzzle`), and its own, but not both ways: a `mod.rs` that uses a file of
//! its folder (other than to declare it or pass its items on) gives that file nothing, so
//! that no two files use each other. Read from the sources: each path that starts with
//! `super::` or `crate::` in code (not in comments, strings or the unit tests at a file's
//! end) is resolved to the module it names.

mod common;

use common::bundle::code_only;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `["search", "pdb", "build"]`.
type ModulePath = Vec<String>;

/// The modules of the tree rooted at `main`, each with its file and the children it
/// declares, in order.
struct Tree {
    files: BTreeMap<ModulePath, PathBuf>,
    children: BTreeMap<ModulePath, Vec<String>>,
}

/// The code of `file`, comments and literals blanked, without its unit tests: the text from
/// a `#[cfg(test)]` that opens a `mod` to its end is left out.
fn code_of(file: &Path) -> String {
    let code = code_only(&fs::read_to_string(file).unwrap());
    let cut = code.find("#[cfg(test)]").filter(|&at| {
        let rest = code[at..]
            .lines()
            .skip(1)
            .find(|l| !l.trim_start().starts_with("#["));
        rest.is_some_and(|line| line.trim_start().starts_with("mod "))
    });
    code[..cut.unwrap_or(code.len())].to_string()
}

/// The names of the modules `code` declares at its top level (`mod x;`), in order.
fn declared(code: &str) -> Vec<String> {
    let mut depth = 0i32;
    let mut names = Vec::new();
    for line in code.lines() {
        if depth == 0 {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|&w| w == "mod") {
                if let Some(name) = words.get(at + 1).and_then(|w| w.strip_suffix(';')) {
                    names.push(name.to_string());
                }
            }
        }
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
    }
    names
}

impl Tree {
    /// The tree of `src/bin/fifteen`.
    fn read() -> Tree {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin/fifteen");
        let mut tree = Tree {
            files: BTreeMap::new(),
            children: BTreeMap::new(),
        };
        tree.add(Vec::new(), root.join("main.rs"), &root);
        tree
    }

    /// Adds the module `path`, in `file`, whose children live in `folder`.
    fn add(&mut self, path: ModulePath, file: PathBuf, folder: &Path) {
        let names = declared(&code_of(&file));
        for name in &names {
            let flat = folder.join(format!("{name}.rs"));
            let (child, child_folder) = match flat.is_file() {
                true => (flat, folder.join(name)),
                false => (folder.join(name).join("mod.rs"), folder.join(name)),
            };
            let child_path = [path.clone(), vec![name.clone()]].concat();
            self.add(child_path, child, &child_folder);
        }
        self.children.insert(path.clone(), names);
        self.files.insert(path, file);
    }

    /// The module that `module` names by the path that starts at byte `at` of its code
    /// (`super::…` or `crate::…`), one per name of a `{…}` group; a name that is no
    /// module names the module before it (an item of it).
    fn named(&self, module: &[String], code: &str, at: usize) -> Vec<ModulePath> {
        let mut base: ModulePath = module.to_vec();
        let mut rest = &code[at..];
        if let Some(after) = rest.strip_prefix("crate::") {
            base.clear();
            rest = after;
        }
        while let Some(after) = rest.strip_prefix("super::") {
            base.pop();
            rest = after;
        }
        self.follow(base, rest)
    }

    /// The modules that `rest`, a path after `base`, names.
    fn follow(&self, mut base: ModulePath, mut rest: &str) -> Vec<ModulePath> {
        loop {
            rest = rest.trim_start();
            if let Some(group) = rest.strip_prefix('{') {
                return split_group(group)
                    .into_iter()
                    .flat_map(|item| self.follow(base.clone(), item))
                    .collect();
            }
            let len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..len];
            let is_child = self
                .children
                .get(&base)
                .is_some_and(|c| c.iter().any(|n| n == name));
            if !is_child {
                return vec![base];
            }
            base.push(name.to_string());
            match rest[len..].strip_prefix("::") {
                Some(after) => rest = after,
                None => return vec![base],
            }
        }
    }

    /// Why `user` may not use `named`, if it may not: `named` is neither a module `user`
    /// belongs to nor its own, and is declared after the branch of `user` where the two
    /// part.
    fn misuse(&self, user: &[String], named: &[String]) -> Option<String> {
        let common = user.iter().zip(named).take_while(|(a, b)| a == b).count();
        if common == user.len() || common == named.len() {
            return None;
        }
        let order = &self.children[&user[..common].to_vec()];
        let place = |name: &String| order.iter().position(|n| n == name);
        let (own, other) = (&user[common], &named[common]);
        (place(other) > place(own)).then(|| {
            format!(
                "{} uses {}, declared after {own} in {}",
                user.join("::"),
                named.join("::"),
                self.files[&user[..common].to_vec()].display()
            )
        })
    }
}

/// The items of a `{…}` group whose text follows its `{`, split at its top-level commas.
fn split_group(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
        .into_iter()
        .filter(|item| !item.trim().is_empty())
        .collect()
}

/// The modules that `module`'s code names by `super::` and `crate::` paths.
fn named_by(tree: &Tree, module: &[String], code: &str) -> Vec<ModulePath> {
    let mut named = Vec::new();
    for start in ["super::", "crate::"] {
        for (at, _) in code.match_indices(start) {
            if code[..at].ends_with("::") {
                continue; // within a path, which its first segment resolves
            }
            named.extend(tree.named(module, code, at));
        }
    }
    named
}

/// Whether `code` names `word` outside the lines that start with one of `skipped`.
fn names(code: &str, word: &str, skipped: &[&str]) -> bool {
    code.lines().any(|line| {
        let start = line.trim_start();
        !skipped.iter().any(|s| start.starts_with(s))
            && line.match_indices(word).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + word.len()..].chars().next();
                let part_of_name = |c: char| c.is_alphanumeric() || c == '_';
                let whole_word = word.ends_with("::") || !after.is_some_and(part_of_name);
                !before.is_some_and(|c| part_of_name(c) || c == ':') && whole_word
            })
    })
}

/// Whether `code` uses its child module `child`: a path `child::…` other than in the
/// lines that declare it or pass its items on (`pub use`), or a type or constant (a name
/// with a capital) such a line passes on, used elsewhere in `code`.
fn uses_child(code: &str, child: &str) -> bool {
    const PASSING_ON: [&str; 3] = ["pub use", "pub(crate) use", "pub(super) use"];
    let path = format!("{child}::");
    let passed_on: Vec<&str> = code
        .lines()
        .map(str::trim_start)
        .filter(|line| PASSING_ON.iter().any(|s| line.starts_with(s)))
        .filter_map(|line| line.split_once(&path).map(|(_, names)| names))
        .flat_map(|names| names.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|name| !name.is_empty() && name.chars().any(char::is_uppercase))
        .collect();
    names(code, &path, &PASSING_ON) || passed_on.iter().any(|n| names(code, n, &PASSING_ON))
}

#[test]
fn every_module_uses_only_those_declared_before_it() {
    let tree = Tree::read();
    assert!(tree.files.len() > 40, "{} modules read", tree.files.len());
    let mut misuses = Vec::new();
    let mut loops = Vec::new();
    for (module, file) in &tree.files {
        let code = code_of(file);
        for named in named_by(&tree, module, &code) {
            misuses.extend(tree.misuse(module, &named));
            let above = named.len() < module.len() && module.starts_with(&named);
            if above && uses_child(&code_of(&tree.files[&named]), &module[named.len()]) {
                loops.push(format!("{} <-> {}", module.join("::"), named.join("::")));
            }
        }
    }
    misuses.sort();
    misuses.dedup();
    assert!(misuses.is_empty(), "{}", misuses.join("\n"));
    loops.sort();
    loops.dedup();
    assert!(
        loops.is_empty(),
        "files and their mod.rs using each other:\n{}",
        loops.join("\n")
    );
}

#[test]
fn paths_and_groups_are_resolved() {
    let tree = Tree {
        files: BTreeMap::new(),
        children: BTreeMap::from([
            (vec![], vec!["board".into(), "search".into(), "cli".into()]),
            (vec!["search".into()], vec!["bound".into(), "ida".into()]),
            (vec!["cli".into()], vec!["args".into(), "flags".into()]),
        ]),
    };
    let ida: ModulePath = vec!["search".into(), "ida".into()];
    let code = "use super::super::board::Move;\nuse super::{bound::LowerBound, Budget};";
    let at = |text: &str| code.find(text).unwrap();
    let path = |names: &[&str]| -> ModulePath { names.iter().map(|n| n.to_string()).collect() };
    assert_eq!(
        tree.named(&ida, code, at("super::super")),
        [path(&["board"])]
    );
    assert_eq!(
        tree.named(&ida, code, at("super::{")),
        [path(&["search", "bound"]), path(&["search"])]
    );
    assert_eq!(tree.misuse(&ida, &path(&["search", "bound"])), None);
    assert_eq!(tree.misuse(&ida, &path(&["search"])), None);
    let args = path(&["cli", "args"]);
    let mut children = tree.children.clone();
    children.insert(vec![], vec!["board".into(), "search".into(), "cli".into()]);
    assert!(Tree {
        files: BTreeMap::from([(path(&["cli"]), PathBuf::from("cli/mod.rs"))]),
        children,
    }
    .misuse(&args, &path(&["cli", "flags"]))
    .is_some());
}

#[test]
fn a_mod_rs_uses_a_file_by_a_path_or_by_a_name_it_passes_on() {
    assert!(uses_child("use drive::{Driver, DriveJob};", "drive"));
    assert!(uses_child("    let d = drive::Driver::new();", "drive"));
    assert!(uses_child(
        "pub(crate) use record::{Packed, Record};\nfn f<R: Record>() {}",
        "record"
    ));
    assert!(!uses_child("mod drive;\npub use drive::Driver;", "drive"));
    assert!(!uses_child(
        "use overdrive::X;\nuse super::drive::Y;",
        "drive"
    ));
    assert!(!uses_child(
        "pub use record::Record;\nfn f(records: u8) {}",
        "record"
    ));
}
