//! The single file for judges, made from a program's tree of files: each out-of-line module
//! declaration `mod x;` replaced by `mod x { … }` holding the text of x's file, found as rustc
//! finds it, recursively (after ac-library-rs's `expand.py` and SQLite's amalgamation), with
//! one Cargo feature evaluated, so that the file holds what that edition builds and nothing
//! else.
//!
//! A file's children live in its *module folder*: the folder of a crate root or a `mod.rs`
//! file, or `dir/y/` for any other file `dir/y.rs`. Child `x` is the file `x.rs` or `x/mod.rs`
//! there (never both), and its own module folder is `x/` there in either case.
//!
//! Only a line that is exactly one declaration is replaced: outer attributes on the same line
//! or on the lines before (kept as they are), a visibility, `mod`, the name, `;`, and
//! nothing after but a comment. Such a line counts only where it stands in code at the top
//! level of its file: not in a comment, a string or a character literal, and not inside braces
//! (an inline `mod tests { … }`, a function, a macro), where it is left as written. Each
//! inlined file sits between banners that name its path, so that a judge's error line maps
//! back to a file; inner attributes stay first in their block, where Rust wants them. A
//! line's indentation becomes a tab for every four spaces, unless the line goes on with a
//! literal or a block comment (judges count bytes: a quarter of the judge edition was
//! indentation); comments stay.
//!
//! The feature: an attribute alone on its line, `#[cfg(feature = "F")]` or
//! `#[cfg(not(feature = "F"))]`, at any depth, is decided for the edition (F on or off). One
//! that holds is dropped; one that does not is dropped with what it applies to: the doc
//! comments and attributes right above it, the attributes after it, and the item, field,
//! variant, match arm or statement that follows, to the end of the first line where its
//! brackets close and that ends with `;`, `,` or a `}` that the next line does not go on
//! from (with `|`, `.`, `=>`, `else` or `?`). Other `cfg` forms are left to rustc.
//! Lines dropped shift the lines after them in their file: the banners name the file, and
//! a line's number in it holds up to the first line dropped.
//!
//! Not supported, and refused by a panic: `#[path]` attributes (and `path =` inside
//! `#[cfg_attr]`). A declaration split over lines, or one inside an inline module outside
//! `#[cfg(test)]`, is not found; rustc then refuses the bundle, since the file it names is
//! not beside it.

use std::fs;
use std::path::{Path, PathBuf};

/// The text of the tree rooted at `main` (a crate root) as one file, with `feature` on (the
/// Cargo feature's name) or none, after the line `header` (which should say where the file
/// comes from and what may be edited in it). Each inlined file starts after a banner
/// `// ==== FILE ====` and ends at one that says where its parent's text goes on:
/// `} // ==== end of FILE; PARENT from line N ====` (paths relative to `main`'s folder).
/// Empty lines outside literals come one at a time, where the feature dropped the items
/// between them too.
///
/// # Panics
///
/// When a file cannot be read, a declared module has no file or two (`x.rs` and `x/mod.rs`),
/// a `#[path]` attribute is met, braces do not balance in a file, or an item that a feature
/// drops does not end.
///
/// # Complexity
///
/// O(bytes of the tree): each file is read and scanned a bounded number of times.
pub fn bundle(main: &Path, header: &str, feature: Option<&str>) -> String {
    let folder = main.parent().expect("a crate root lies in a folder");
    assert!(!header.contains('\n'), "the header is one line");
    let mut bundler = Bundler {
        root: folder,
        feature,
        out: format!("// {header}\n"),
    };
    bundler.file(main, folder);
    bundler.out
}

struct Bundler<'a> {
    root: &'a Path,
    feature: Option<&'a str>,
    out: String,
}

impl Bundler<'_> {
    /// `path` relative to `main`'s folder, with `/` between folders.
    fn shown(&self, path: &Path) -> String {
        let relative = path.strip_prefix(self.root).unwrap_or(path);
        let parts: Vec<_> = relative.iter().map(|part| part.to_string_lossy()).collect();
        parts.join("/")
    }

    /// Appends the text of `path`, its module declarations replaced by their files' text
    /// found in `folder`, the lines the feature drops left out.
    fn file(&mut self, path: &Path, folder: &Path) {
        let shown = self.shown(path);
        let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {shown}: {e}"));
        let code = code_only(&text);
        refuse_path_attributes(&code, &shown);
        let dropped = dropped_lines(&text, &code, self.feature, &shown);
        let in_literal = lines_in_literals(&text);
        let mut depth = 0usize;
        let lines = text.lines().count();
        for (number, (line, code)) in text.lines().zip(code.lines()).enumerate() {
            let place = format!("{shown}:{}", number + 1);
            if !dropped[number] {
                match declared(code).filter(|_| depth == 0) {
                    Some((name, semicolon)) => {
                        self.out +=
                            &format!("{} {{{}\n", &line[..semicolon], &line[semicolon + 1..]);
                        let resumes = (number + 1..lines)
                            .find(|&next| !dropped[next])
                            .map(|n| n + 1);
                        self.child(name, folder, &place, &shown, resumes);
                    }
                    None if line.is_empty()
                        && !in_literal[number]
                        && self.out.ends_with("\n\n") => {}
                    None => {
                        self.out += &tab_indented(line, in_literal[number]);
                        self.out.push('\n');
                    }
                }
            }
            for byte in code.bytes() {
                match byte {
                    b'{' => depth += 1,
                    b'}' => {
                        depth = depth
                            .checked_sub(1)
                            .unwrap_or_else(|| panic!("{place}: a `}}` closes nothing"))
                    }
                    _ => {}
                }
            }
        }
        assert_eq!(depth, 0, "{shown}: {depth} braces left open at the end");
    }

    /// Appends the file of module `name`, declared at `place` in `parent`, and the `}` that
    /// closes its block; `parent`'s text goes on at its line `resumes`, if it has one.
    fn child(
        &mut self,
        name: &str,
        folder: &Path,
        place: &str,
        parent: &str,
        resumes: Option<usize>,
    ) {
        let name = name.strip_prefix("r#").unwrap_or(name);
        let flat = folder.join(format!("{name}.rs"));
        let nested = folder.join(name).join("mod.rs");
        let path = match (flat.is_file(), nested.is_file()) {
            (true, false) => flat,
            (false, true) => nested,
            (found, _) => panic!(
                "{place}: module `{name}` is in {} {} {} {}",
                if found { "both" } else { "neither" },
                self.shown(&flat),
                if found { "and" } else { "nor" },
                self.shown(&nested)
            ),
        };
        let shown = self.shown(&path);
        self.out += &format!("// ==== {shown} ====\n");
        self.file(&path, &folder.join(name));
        self.out += &match resumes {
            Some(line) => {
                format!("}} // ==== end of {shown}; {parent} from line {line} ====\n")
            }
            None => format!("}} // ==== end of {shown}; the last lines of {parent} ====\n"),
        };
    }
}

/// For each line of `text` (`code`: the same with comments and literals blanked), whether
/// the edition with `feature` on (or none) leaves it out: see the module's doc. O(bytes).
fn dropped_lines(text: &str, code: &str, feature: Option<&str>, file: &str) -> Vec<bool> {
    let raw: Vec<&str> = text.lines().collect();
    let code: Vec<&str> = code.lines().collect();
    let mut dropped = vec![false; raw.len()];
    let is_attribute = |i: usize| {
        let line = code[i].trim();
        line.starts_with("#[") && line.ends_with(']')
    };
    let mut i = 0;
    while i < raw.len() {
        let Some(holds) = cfg_feature(raw[i], code[i], feature) else {
            i += 1;
            continue;
        };
        dropped[i] = true;
        if holds {
            i += 1;
            continue;
        }
        // What the attribute applies to: the docs and attributes above, those after.
        let mut above = i;
        while above > 0
            && (raw[above - 1].trim_start().starts_with("///") || is_attribute(above - 1))
        {
            above -= 1;
            dropped[above] = true;
        }
        i += 1;
        while i < raw.len() && (is_attribute(i) || raw[i].trim_start().starts_with("///")) {
            dropped[i] = true;
            i += 1;
        }
        let mut depth = 0i64;
        loop {
            assert!(
                i < raw.len(),
                "{file}:{}: the item a feature drops does not end",
                i + 1
            );
            dropped[i] = true;
            for byte in code[i].bytes() {
                match byte {
                    b'{' | b'(' | b'[' => depth += 1,
                    b'}' | b')' | b']' => depth -= 1,
                    _ => {}
                }
            }
            let line = code[i].trim_end();
            // A `}` ends the item unless the next line goes on with it (a pattern's
            // `{ .. }` in an or-pattern, a block before `else` or a method).
            let goes_on = (code.get(i + 1).map(|next| next.trim_start())).is_some_and(|next| {
                ["|", ".", "=>", "else", "?"]
                    .iter()
                    .any(|c| next.starts_with(c))
            });
            let ends = line.ends_with([';', ',']) || (line.ends_with('}') && !goes_on);
            i += 1;
            if depth <= 0 && ends {
                break;
            }
        }
    }
    dropped
}

/// Whether the `cfg` attribute alone on `line` (`code`: the line with literals blanked)
/// holds with `feature` on (or none), if it is one on a Cargo feature.
fn cfg_feature(line: &str, code: &str, feature: Option<&str>) -> Option<bool> {
    if !code.trim_start().starts_with("#[cfg(") {
        return None;
    }
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let inner = compact.strip_prefix("#[cfg(")?.strip_suffix(")]")?;
    let (negated, inner) = match inner.strip_prefix("not(") {
        Some(rest) => (true, rest.strip_suffix(')')?),
        None => (false, inner),
    };
    let name = inner.strip_prefix("feature=\"")?.strip_suffix('"')?;
    Some((feature == Some(name)) != negated)
}

/// `line` with its leading spaces as tabs, one for every four (the rest kept), unless
/// `in_literal` (the line starts inside a literal or a comment, whose spaces are its text).
fn tab_indented(line: &str, in_literal: bool) -> String {
    let body = line.trim_start_matches(' ');
    let spaces = line.len() - body.len();
    match in_literal {
        true => line.to_string(),
        false => format!(
            "{}{}{body}",
            "\t".repeat(spaces / 4),
            " ".repeat(spaces % 4)
        ),
    }
}

/// For each line of `text`, whether it starts inside a comment, string literal or character
/// literal that starts on a line before. O(bytes).
fn lines_in_literals(text: &str) -> Vec<bool> {
    let spans = literal_spans(text);
    let mut spans = spans.iter().peekable();
    let mut start = 0;
    text.split('\n')
        .map(|line| {
            while spans.next_if(|span| span.end <= start).is_some() {}
            let inside = spans.peek().is_some_and(|span| span.start < start);
            start += line.len() + 1;
            inside
        })
        .collect()
}

/// `text` with every byte of its comments, string literals and character literals replaced
/// by a space (newlines kept), so that lines and byte offsets stay as they were and what is
/// left is code. O(bytes).
pub fn code_only(text: &str) -> String {
    let mut code = text.as_bytes().to_vec();
    for span in literal_spans(text) {
        for byte in &mut code[span] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    String::from_utf8(code).expect("only whole characters are blanked")
}

/// The byte ranges of the comments, string literals and character literals of `text`, in
/// order. O(bytes).
fn literal_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        i = match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => block_comment_end(bytes, i),
            b'"' => quoted_end(bytes, i),
            b'\'' => match char_literal_end(bytes, i) {
                Some(end) => end,
                None => {
                    i += 1;
                    continue;
                }
            },
            b if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 => {
                let end = word_end(bytes, i);
                match prefixed_literal_end(bytes, i, end) {
                    Some(literal) => literal,
                    None => {
                        i = end;
                        continue;
                    }
                }
            }
            _ => {
                i += 1;
                continue;
            }
        };
        spans.push(start..i);
    }
    spans
}

/// The end of the line that starts at or after `i` (its newline excluded).
fn line_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |n| i + n)
}

/// The end of the block comment that opens at `i`; block comments nest.
fn block_comment_end(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    bytes.len()
}

/// The end of the string whose opening quote is at `i`, escapes skipped.
fn quoted_end(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The end of the character literal whose quote is at `i`, or `None` where the quote starts
/// a lifetime or a label.
fn char_literal_end(bytes: &[u8], i: usize) -> Option<usize> {
    let rest = &bytes[i + 1..];
    if rest.first() == Some(&b'\\') {
        let close = rest.iter().skip(2).position(|&b| b == b'\'')?;
        return Some(i + 1 + 2 + close + 1);
    }
    let width = match rest.first()? {
        b if *b < 0x80 => 1,
        b if *b >= 0xf0 => 4,
        b if *b >= 0xe0 => 3,
        _ => 2,
    };
    (rest.get(width) == Some(&b'\'')).then_some(i + 1 + width + 1)
}

/// The end of the word (identifier, keyword or number) that starts at `i`.
fn word_end(bytes: &[u8], i: usize) -> usize {
    let len = bytes[i..]
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
        .count();
    i + len
}

/// Where the literal ends whose prefix is the word `bytes[i..end]`: `b"…"`, `c"…"`, `b'…'`,
/// or raw `r#"…"#`, `br"…"`, `cr"…"`; `None` when the word is no such prefix.
fn prefixed_literal_end(bytes: &[u8], i: usize, end: usize) -> Option<usize> {
    let next = bytes.get(end).copied();
    match (&bytes[i..end], next) {
        (b"b" | b"c", Some(b'"')) => Some(quoted_end(bytes, end)),
        (b"b", Some(b'\'')) => char_literal_end(bytes, end),
        (b"r" | b"br" | b"cr", Some(b'"' | b'#')) => {
            let hashes = bytes[end..].iter().take_while(|&&b| b == b'#').count();
            if bytes.get(end + hashes) != Some(&b'"') {
                return None; // a raw identifier, `r#name`
            }
            let mut closing = vec![b'"'];
            closing.extend(std::iter::repeat(b'#').take(hashes));
            let body = end + hashes + 1;
            let close = bytes[body..]
                .windows(closing.len())
                .position(|w| w == closing.as_slice());
            Some(close.map_or(bytes.len(), |n| body + n + closing.len()))
        }
        _ => None,
    }
}

/// Panics when `code` (comments and literals blanked) holds an attribute with `path =` in it,
/// `#[path = …]` or `#[cfg_attr(…, path = …)]`, naming `file` and the line.
fn refuse_path_attributes(code: &str, file: &str) {
    for (at, _) in code.match_indices('#') {
        let rest = code[at + 1..].trim_start();
        let rest = rest.strip_prefix('!').unwrap_or(rest).trim_start();
        let Some(attribute) = rest.strip_prefix('[') else {
            continue;
        };
        let attribute = match after_closing(attribute, b'[', b']') {
            Some(after) => &attribute[..attribute.len() - after.len()],
            None => attribute,
        };
        let names_path = attribute.match_indices("path").any(|(i, _)| {
            let is_word = |c: char| c.is_alphanumeric() || c == '_';
            let before = attribute[..i].chars().next_back();
            let after = attribute[i + 4..].trim_start();
            !before.is_some_and(is_word)
                && !attribute[i + 4..].starts_with(is_word)
                && after.starts_with('=')
                && !after.starts_with("==")
        });
        let line = code[..at].matches('\n').count() + 1;
        assert!(
            !names_path,
            "{file}:{line}: `#[path]` is not supported by the bundler: move the file where \
             rustc looks for it by default and drop the attribute"
        );
    }
}

/// When `line` (comments and literals blanked) is exactly one out-of-line module declaration
/// (`#[…]` attributes, a visibility, `mod NAME;`), the module's name and the byte offset of
/// the `;` in the line.
fn declared(line: &str) -> Option<(&str, usize)> {
    let mut rest = line.trim_start();
    while let Some(attribute) = rest.strip_prefix("#[") {
        rest = after_closing(attribute, b'[', b']')?.trim_start();
    }
    if let Some(visibility) = rest.strip_prefix("pub") {
        rest = match visibility.trim_start().strip_prefix('(') {
            Some(scope) => after_closing(scope, b'(', b')')?,
            None if visibility.starts_with(char::is_whitespace) => visibility,
            None => return None,
        }
        .trim_start();
    }
    let rest = rest.strip_prefix("mod")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start();
    let raw = if rest.starts_with("r#") { 2 } else { 0 };
    let len = word_end(rest.as_bytes(), raw);
    let (name, after) = rest.split_at(len);
    let starts_well = name[raw..].starts_with(|c: char| c.is_alphabetic() || c == '_');
    let after = after.trim_start().strip_prefix(';')?;
    if !starts_well || !after.trim().is_empty() {
        return None;
    }
    let semicolon = line.len() - after.len() - 1;
    Some((name, semicolon))
}

/// `text` after the bracket that closes one already open (`open` … `close`, nesting), or
/// `None` when it does not close on this line.
fn after_closing(text: &str, open: u8, close: u8) -> Option<&str> {
    let mut depth = 1;
    for (i, byte) in text.bytes().enumerate() {
        if byte == open {
            depth += 1;
        } else if byte == close {
            depth -= 1;
            if depth == 0 {
                return Some(&text[i + 1..]);
            }
        }
    }
    None
}

/// Checks that each banner of a bundle tells the truth: the line after `==== FILE ====` is
/// line 1 of FILE, and the line after `end of …; FILE from line N` is line N of FILE (paths
/// relative to `dir`, the tree's folder), indentation as tabs or spaces.
pub fn check_banners(dir: &Path, bundle: &str) {
    let lines: Vec<&str> = bundle.lines().collect();
    let file_line = |file: &str, number: usize| {
        let text = fs::read_to_string(dir.join(file)).unwrap();
        text.lines().nth(number - 1).map(str::to_string)
    };
    let mut banners = 0;
    for (i, line) in lines.iter().enumerate() {
        let (file, number) = if let Some(rest) = line.strip_prefix("// ==== ") {
            (rest.trim_end_matches(" ===="), 1)
        } else if let Some((_, rest)) = line.split_once(" ==== end of ") {
            let Some((_, rest)) = rest.split_once("; ") else {
                continue;
            };
            let Some((file, number)) = rest.trim_end_matches(" ====").split_once(" from line ")
            else {
                continue;
            };
            (file, number.parse().unwrap())
        } else {
            continue;
        };
        banners += 1;
        let next = lines.get(i + 1).map(|next| next.replace('\t', "    "));
        let next = next.as_deref();
        let expected = file_line(file, number).expect("the banner names a line of the file");
        // As written, a declaration opened as a block, or a comment emptied.
        let opened = expected.replacen(';', " {", 1);
        let emptied = expected.trim_start().starts_with("//") && next == Some("");
        assert!(
            next == Some(expected.as_str()) || next == Some(opened.as_str()) || emptied,
            "after `{line}`: {next:?}, not {expected:?}"
        );
    }
    assert!(banners > 0, "the bundle has banners");
}

/// The folder where the bundle of a program is written: `judge/` in Cargo's target folder.
pub fn output_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.parent().expect("the target folder").join("judge");
    fs::create_dir_all(&dir).expect("the judge folder can be made");
    dir
}
