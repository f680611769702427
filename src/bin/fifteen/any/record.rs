//! Where the moves of a path go ([`Record`]): counted, packed two bits a move ([`Packed`]),
//! or written as letters ([`Letters`]). Uses `board`'s [`Move`] only.

use super::super::board::Move;
use std::io::{self, Write};

/// Where the moves of a path go, in order.
pub(crate) trait Record {
    /// Takes the next move.
    fn record(&mut self, m: Move);

    /// Takes the next `n` moves, at most 16, packed two bits each ([`Move::index`]), the
    /// first in the low bits.
    fn record_codes(&mut self, codes: u64, n: u32) {
        for i in 0..n {
            self.record(Move::ALL[(codes >> (2 * i) & 3) as usize]);
        }
    }
}

/// A count of the moves.
impl Record for u64 {
    fn record(&mut self, _: Move) {
        *self += 1;
    }

    fn record_codes(&mut self, _: u64, n: u32) {
        *self += u64::from(n);
    }
}

/// The letters of the moves, written to `out` in blocks of [`Letters::BLOCK`] bytes.
pub(crate) struct Letters<W: Write> {
    out: W,
    block: Vec<u8>,
    written: u64,
    /// The first write error; nothing is written after it.
    error: Option<io::Error>,
}

impl<W: Write> Letters<W> {
    /// The bytes gathered before a write.
    const BLOCK: usize = 1 << 16;

    /// Letters to be written to `out`.
    pub(crate) fn new(out: W) -> Self {
        Letters {
            out,
            block: Vec::with_capacity(Self::BLOCK),
            written: 0,
            error: None,
        }
    }

    /// Writes the letters gathered, keeping the first error.
    fn write_block(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(&self.block) {
                self.error = Some(e);
            }
        }
        self.written += self.block.len() as u64;
        self.block.clear();
    }

    /// Writes the rest; the number of letters, or the first error.
    pub(crate) fn finish(mut self) -> io::Result<u64> {
        self.write_block();
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.written),
        }
    }
}

impl<W: Write> Record for Letters<W> {
    fn record(&mut self, m: Move) {
        self.block.push(m.letter() as u8);
        if self.block.len() == Self::BLOCK {
            self.write_block();
        }
    }
}

/// The most moves [`Packed`] keeps: 3·2^30, in 768 MiB.
pub(crate) const MOST_PACKED: u64 = 3 << 30;

/// Moves packed 32 to a word (two bits each, [`Move::index`], the first in the low bits),
/// in blocks of 1 MiB so that growing never copies, while there are at most `limit`;
/// past it the blocks are dropped and the moves only counted.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    blocks: Vec<Vec<u64>>,
    /// The moves since the last whole word, in its low bits.
    pending: u64,
    count: u64,
    limit: u64,
}

impl Packed {
    /// The words of a block.
    const BLOCK: usize = 1 << 17;

    /// No moves yet; at most `limit` to be kept.
    pub(crate) fn new(limit: u64) -> Self {
        Packed {
            blocks: Vec::new(),
            pending: 0,
            count: 0,
            limit,
        }
    }

    /// The number of moves recorded.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Whether every move recorded is kept.
    pub(crate) fn is_whole(&self) -> bool {
        self.count <= self.limit
    }

    /// Writes the letters of the moves to `out` (all of them: see [`Packed::is_whole`]),
    /// four letters a byte from a table, through a buffer of 64 KiB. O(moves).
    pub(crate) fn write_letters<W: Write>(&self, out: &mut W) -> io::Result<()> {
        const BUFFER: usize = 1 << 16;
        let letter = |bits: u64| Move::ALL[(bits & 3) as usize].letter() as u8;
        let table: Vec<[u8; 4]> = (0..256)
            .map(|byte| [0, 2, 4, 6].map(|shift| letter(byte >> shift)))
            .collect();
        let mut buffer = Vec::with_capacity(BUFFER + 32);
        for word in self.blocks.iter().flatten() {
            // A word's 32 letters gathered, then added to the buffer at once.
            let mut letters = [0; 32];
            for (four, byte) in letters.chunks_exact_mut(4).zip(word.to_le_bytes()) {
                four.copy_from_slice(&table[usize::from(byte)]);
            }
            buffer.extend_from_slice(&letters);
            if buffer.len() >= BUFFER {
                out.write_all(&buffer)?;
                buffer.clear();
            }
        }
        buffer.extend((0..self.count % 32).map(|i| letter(self.pending >> (2 * i))));
        out.write_all(&buffer)
    }

    /// Hands every move (all of them: see [`Packed::is_whole`]) to `record`, in order, 16
    /// at a time. O(moves).
    pub(crate) fn replay<R: Record>(&self, record: &mut R) {
        let words = self.blocks.iter().flatten().map(|&word| (word, 32));
        for (word, n) in words.chain(Some((self.pending, (self.count % 32) as u32))) {
            record.record_codes(word & 0xFFFF_FFFF, n.min(16));
            record.record_codes(word >> 32, n.saturating_sub(16));
        }
    }

    /// Keeps the word of the last 32 moves, or drops every block once past the limit.
    /// Out of line: [`Record::record`], inlined at every move, stays short.
    #[inline(never)]
    fn keep_word(&mut self) {
        if self.count > self.limit {
            self.blocks = Vec::new();
        } else {
            match self.blocks.last_mut() {
                Some(block) if block.len() < Self::BLOCK => block.push(self.pending),
                _ => {
                    let mut block = Vec::with_capacity(Self::BLOCK);
                    block.push(self.pending);
                    self.blocks.push(block);
                }
            }
        }
        self.pending = 0;
    }
}

impl Record for Packed {
    fn record(&mut self, m: Move) {
        self.pending |= (m.index() as u64) << (2 * (self.count % 32));
        self.count += 1;
        if self.count % 32 == 0 {
            self.keep_word();
        }
    }

    fn record_codes(&mut self, codes: u64, n: u32) {
        let used = (self.count % 32) as u32;
        self.pending |= codes << (2 * used);
        self.count += u64::from(n);
        if used + n >= 32 {
            // `used` is at least 16 here: the shift is below 64.
            self.keep_word();
            self.pending = codes >> (2 * (32 - used));
        }
    }
}
