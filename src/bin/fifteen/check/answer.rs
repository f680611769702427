//! Reading one answer, the form `fifteen` prints: a count of moves, then the path; `-1`
//! alone for an unreachable goal; or, where counts are not required, a path alone. Tokens
//! are separated by any whitespace, line ends included, as testlib's readers take them; a
//! path is its letters, or runs (`R3 D2 L`, `R3D2L`) on one line. Uses `parse`'s tokens,
//! `notation` and `error`.

use super::super::board::moves_text;
use super::super::error::{Error, InputError};
use super::super::notation::{multi_tile_length, spelled_out};
use super::super::parse::{shown, Cases, Token};
use std::borrow::Cow;

/// What an answer says of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Claim<'a> {
    /// `-1`: the goal cannot be reached.
    Unreachable,
    /// A path, its letters as written, after its count if one was given. The count `0`
    /// stands for the empty path of a solved board, which has no letters to write: a
    /// path alone cannot be empty.
    Path {
        count: Option<u64>,
        letters: Cow<'a, [u8]>,
    },
}

impl Claim<'_> {
    /// The length of the path in the multi-tile metric (0 for `-1`). O(moves).
    pub(crate) fn multi_tile_length(&self) -> u64 {
        match self {
            Claim::Unreachable => 0,
            Claim::Path { letters, .. } => multi_tile_length(letters),
        }
    }
}

/// The letters of the path that starts with `first`: its runs spelled out, with those of
/// the tokens after it on its line, or `None` for runs that cannot be read (see
/// [`spelled_out`]). O(letters).
fn path_from<'a>(first: Token<'a>, tokens: &mut Cases<'a>) -> Option<Cow<'a, [u8]>> {
    let line = first.at.line;
    let mut text = Cow::Borrowed(first.text);
    while let Some(more) = tokens.take_if(|token| token.at.line == line && !is_count(token)) {
        text.to_mut().extend_from_slice(more.text);
    }
    match spelled_out(&text)? {
        Cow::Borrowed(_) => Some(text),
        Cow::Owned(letters) => Some(Cow::Owned(letters)),
    }
}

/// What [`read_answer`] says is due where a path cannot be read.
const A_PATH: &str = "a path: letters, or runs such as R3 D2 L";

/// Whether a token is meant as a count: it starts with a digit or `-`. Paths are letters,
/// so the two never meet.
fn is_count(token: &Token) -> bool {
    token
        .text
        .first()
        .is_some_and(|&b| b.is_ascii_digit() || b == b'-')
}

/// Reads the answer to case number `case` from `tokens`: a count then, for a count above
/// 0, the path; or, unless `counted`, a path alone. O(length of the answer).
///
/// # Errors
///
/// [`InputError::NoAnswer`] or [`InputError::NoPath`] when the tokens end first;
/// [`InputError::BadAnswer`] for a count that is neither `-1` nor a number of moves that fits
/// in 64 bits, a number where the path is due, or a path where `counted` asks for a count.
pub(crate) fn read_answer<'a>(
    tokens: &mut Cases<'a>,
    case: usize,
    counted: bool,
) -> Result<Claim<'a>, Error> {
    let bad = |token: Token, expected: String| {
        let (at, token) = (token.at, shown(token.text));
        Error::input(
            case,
            InputError::BadAnswer {
                at,
                token,
                expected,
            },
        )
    };
    let first = (tokens.take_token()).ok_or(Error::input(case, InputError::NoAnswer))?;
    if !is_count(&first) {
        if counted {
            return Err(bad(first, "a count of moves, or -1".into()));
        }
        let letters = path_from(first, tokens).ok_or_else(|| bad(first, A_PATH.into()))?;
        return Ok(Claim::Path {
            count: None,
            letters,
        });
    }
    if first.text == b"-1" {
        return Ok(Claim::Unreachable);
    }
    let count = std::str::from_utf8(first.text)
        .ok()
        .and_then(|text| text.parse::<u64>().ok())
        .ok_or_else(|| bad(first, "a count of moves, or -1".into()))?;
    if count == 0 {
        let letters = Cow::Borrowed(&[][..]);
        return Ok(Claim::Path {
            count: Some(0),
            letters,
        });
    }
    let no_path = Error::input(case, InputError::NoPath { count });
    let path = tokens.take_token().ok_or(no_path)?;
    if is_count(&path) {
        return Err(bad(path, format!("the path of {}", moves_text(count))));
    }
    let letters = path_from(path, tokens).ok_or_else(|| bad(path, A_PATH.into()))?;
    Ok(Claim::Path {
        count: Some(count),
        letters,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The claims read one after another from `text`, up to the first error.
    fn claims(text: &str, counted: bool) -> Vec<Result<Claim<'_>, Error>> {
        let mut tokens = Cases::new(text.as_bytes());
        let mut read = Vec::new();
        for case in 1.. {
            let claim = read_answer(&mut tokens, case, counted);
            let failed = claim.is_err();
            read.push(claim);
            if failed {
                break;
            }
        }
        read
    }

    /// The message of the error that ends the claims of `text`.
    fn error(text: &str, counted: bool) -> String {
        let claims = claims(text, counted);
        match claims.last() {
            Some(Err(e)) => e.to_string(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn counts_paths_and_their_errors() {
        let path = |count, letters: &'static [u8]| {
            let letters = Cow::Borrowed(letters);
            Ok(Claim::Path { count, letters })
        };
        assert_eq!(
            claims("2\nRD\n-1\n0\n\nLU\n", false),
            [
                path(Some(2), b"RD"),
                Ok(Claim::Unreachable),
                path(Some(0), b""),
                path(None, b"LU"),
                Err(Error::input(5, InputError::NoAnswer)),
            ]
        );
        // Runs, on one line, in either form, spelled out; the next line is the next answer.
        assert_eq!(
            claims("6\nR3 D2\nL\n4\nR3D\n", false),
            [
                path(Some(6), b"RRRDD"),
                path(None, b"L"),
                path(Some(4), b"RRRD"),
                Err(Error::input(4, InputError::NoAnswer)),
            ]
        );
        let runs = "is not a path: letters, or runs such as R3 D2 L";
        assert!(error("2\nR0\n", false).ends_with(&format!("\"R0\" {runs} (line 2, column 1)")));
        let not_a_count = "is not a count of moves, or -1";
        assert_eq!(
            error("LU", true),
            format!("case 1: \"LU\" {not_a_count} (line 1, column 1)")
        );
        assert_eq!(
            error("0 -2", true),
            format!("case 2: \"-2\" {not_a_count} (line 1, column 3)")
        );
        assert_eq!(
            error("99999999999999999999 R", true),
            format!("case 1: \"99999999999999999999\" {not_a_count} (line 1, column 1)")
        );
        assert_eq!(
            error("3\n4\n", false),
            "case 1: \"4\" is not the path of 3 moves (line 2, column 1)"
        );
        assert_eq!(
            claims("3\n", false),
            [Err(Error::input(1, InputError::NoPath { count: 3 }))]
        );
    }
}
