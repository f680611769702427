//! Reads the cases of each [`Input`] form, with each token's line and column for errors.

use super::board::Shape;
use super::error::{Error, InputError, Place};
use super::formats::Input;
use std::convert::TryFrom;

/// A run of non-whitespace bytes and where it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) at: Place,
}

/// One board read from the input, `cells` a permutation of 0..rows·cols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Case {
    pub(crate) shape: Shape,
    pub(crate) cells: Vec<u32>,
}

/// The cases of an input, read lazily so answers before a bad case get printed; none after it.
pub(crate) struct Cases<'a> {
    tokens: Vec<Token<'a>>,
    form: Input,
    next: usize,
    case: usize,
    /// [`Input::Counted`]: the cases still to read, once counted.
    left: Option<u64>,
    failed: bool,
}

impl<'a> Cases<'a> {
    /// The cases of `input`, each with its header ([`Input::Header`]). O(length).
    #[cfg(not(feature = "judge"))]
    pub(crate) fn new(input: &'a [u8]) -> Self {
        Cases::in_form(input, Input::Header)
    }

    /// The cases of `input`, written in `form`. O(length).
    pub(crate) fn in_form(input: &'a [u8], form: Input) -> Self {
        Cases {
            tokens: tokens(input),
            form,
            next: 0,
            case: 0,
            left: None,
            failed: false,
        }
    }

    /// Takes the next token as it is ([`Input::Counted`]'s count, `--check`'s answers). O(1).
    pub(crate) fn take_token(&mut self) -> Option<Token<'a>> {
        let token = *self.tokens.get(self.next)?;
        self.next += 1;
        Some(token)
    }

    /// Takes the next token if `wanted` says so: the rest of a path written over several
    /// tokens. O(1).
    #[cfg(not(feature = "judge"))]
    pub(crate) fn take_if(&mut self, wanted: impl Fn(&Token) -> bool) -> Option<Token<'a>> {
        let token = self.tokens.get(self.next).filter(|token| wanted(token))?;
        self.next += 1;
        Some(*token)
    }

    /// Reads the case whose header starts at `self.next`. O(its tokens).
    fn read_case(&mut self) -> Result<Case, InputError> {
        let at = self.tokens[self.next].at;
        let header_len = self.tokens[self.next..]
            .iter()
            .take_while(|t| t.at.line == at.line)
            .count();
        let header = &self.tokens[self.next..self.next + header_len];
        let bad_header = || InputError::BadHeader {
            at,
            text: shown(
                &header
                    .iter()
                    .map(|t| t.text)
                    .collect::<Vec<_>>()
                    .join(&b' '),
            ),
        };
        let sizes: Option<Vec<u64>> = header.iter().map(|t| number(t.text)).collect();
        let (rows, cols) = match sizes.as_deref() {
            Some(&[n]) => (n, n),
            Some(&[rows, cols]) => (rows, cols),
            _ => return Err(bad_header()),
        };
        if rows == 0 || cols == 0 {
            return Err(InputError::EmptyBoard { at, rows, cols });
        }
        self.next += header_len;
        let expected = u128::from(rows) * u128::from(cols);
        self.short(expected)?;
        // Both fit: their product is at most the number of tokens present.
        let shape = Shape {
            rows: rows as usize,
            cols: cols as usize,
        };
        let cells = self.read_tiles(shape)?;
        // A token on the line of the last tile belongs to this case, not to the next header.
        let last_line = self.tokens[self.next - 1].at.line;
        if let Some(extra) = self
            .tokens
            .get(self.next)
            .filter(|t| t.at.line == last_line)
        {
            return Err(InputError::ExtraTile {
                at: extra.at,
                token: shown(extra.text),
                tiles: shape.cells(),
            });
        }
        Ok(Case { shape, cells })
    }

    /// The error when fewer than `expected` tokens are left: the first that is no number,
    /// else the count. O(tokens left).
    fn short(&self, expected: u128) -> Result<(), InputError> {
        let rest = &self.tokens[self.next..];
        if expected <= rest.len() as u128 {
            return Ok(());
        }
        if let Some(bad) = rest.iter().find(|token| number(token.text).is_none()) {
            return Err(InputError::NotATile {
                at: bad.at,
                token: shown(bad.text),
            });
        }
        Err(InputError::ShortCase {
            expected,
            found: rest.len(),
        })
    }

    /// Reads the tiles of a board of `shape`; that many tokens must be left. O(cells).
    fn read_tiles(&mut self, shape: Shape) -> Result<Vec<u32>, InputError> {
        let tiles = &self.tokens[self.next..self.next + shape.cells()];
        self.next += shape.cells();
        tile_list(tiles, shape.cells())
    }

    /// Reads a board of `shape` with no header. O(cells).
    fn read_bare(&mut self, shape: Shape) -> Result<Case, InputError> {
        self.short(shape.cells() as u128)?;
        let cells = self.read_tiles(shape)?;
        Ok(Case { shape, cells })
    }

    /// [`Input::Counted`]: the cases left, reading the count first (`None`: empty input), or
    /// the error of a bad count or of a token after the last case. O(1).
    fn cases_left(&mut self) -> Option<Result<u64, Error>> {
        let left = match self.left {
            Some(left) => left,
            None => {
                let token = self.take_token()?;
                match number(token.text) {
                    Some(count) => count,
                    None => {
                        let text = shown(token.text);
                        return Some(Err(Error::BadCount { at: token.at, text }));
                    }
                }
            }
        };
        if let (0, Some(extra)) = (left, self.tokens.get(self.next)) {
            return Some(Err(Error::AfterCases {
                count: self.case,
                at: extra.at,
                token: shown(extra.text),
            }));
        }
        self.left = Some(left.saturating_sub(1));
        Some(Ok(left))
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Case, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if let Input::Counted(_) = self.form {
            match self.cases_left()? {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            }
        } else if self.next == self.tokens.len() {
            return None;
        }
        self.case += 1;
        let read = match self.form {
            Input::Header => self.read_case(),
            Input::Bare(shape) | Input::Counted(shape) => self.read_bare(shape),
        };
        let result = read.map_err(|e| Error::input(self.case, e));
        self.failed = result.is_err();
        Some(result)
    }
}

/// Splits `input` on ASCII whitespace, each token with its 1-based line and column. O(length).
fn tokens(input: &[u8]) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let (mut line, mut line_start) = (1, 0);
    let mut start = None;
    for (i, &byte) in input.iter().enumerate() {
        if byte.is_ascii_whitespace() {
            if let Some(s) = start.take() {
                tokens.push(token(input, s..i, line, line_start));
            }
            if byte == b'\n' {
                line += 1;
                line_start = i + 1;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        tokens.push(token(input, s..input.len(), line, line_start));
    }
    tokens
}

/// The token of `input` at `range`, on line `line` starting at offset `line_start`.
fn token(input: &[u8], range: std::ops::Range<usize>, line: usize, line_start: usize) -> Token<'_> {
    let column = range.start - line_start + 1;
    Token {
        text: &input[range],
        at: Place { line, column },
    }
}

/// The tiles of `tokens` if a permutation of 0..cells, else the first bad one's error. O(cells).
fn tile_list(tokens: &[Token], cells: usize) -> Result<Vec<u32>, InputError> {
    let mut seen = vec![false; cells];
    let mut tiles = Vec::with_capacity(cells);
    for token in tokens {
        let at = token.at;
        let tile = number(token.text).ok_or_else(|| InputError::NotATile {
            at,
            token: shown(token.text),
        })?;
        let index = usize::try_from(tile)
            .ok()
            .filter(|&t| t < cells)
            .ok_or(InputError::TileOutOfRange { at, tile, cells })?;
        if std::mem::replace(&mut seen[index], true) {
            return Err(InputError::RepeatedTile { at, tile });
        }
        tiles.push(index as u32);
    }
    Ok(tiles)
}

/// Reads an explicit goal, `--goal "t t t …"`: a permutation of 0..N. O(N).
#[cfg(not(feature = "judge"))]
pub(crate) fn goal_tiles(text: &str) -> Option<Vec<u32>> {
    let tokens = tokens(text.as_bytes());
    if tokens.is_empty() {
        return None;
    }
    tile_list(&tokens, tokens.len()).ok()
}

/// The value of a token of ASCII digits, if it fits in a u64.
fn number(text: &[u8]) -> Option<u64> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// A token for messages: its first 32 bytes, non-printable ones escaped, `…` if longer.
pub(crate) fn shown(text: &[u8]) -> String {
    const SHOWN: usize = 32;
    let more = if text.len() > SHOWN { "…" } else { "" };
    format!("{}{more}", text[..text.len().min(SHOWN)].escape_ascii())
}
