//! Boards packed into keys, and the maps from them to their levels, for `astar`, `bfs` and
//! `dfs` (and the walking distance's build); the hasher of the keys (also the move
//! pruner's).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A board packed into a key, `bits` bits per cell.
pub(crate) trait StateKey: Clone + Eq + Hash + Ord {
    /// Packs `cells`. O(N).
    fn pack(cells: &[u8], bits: u32) -> Self;
    /// Unpacks into `cells`. O(N).
    fn unpack(&self, cells: &mut [u8], bits: u32);
}

macro_rules! packed_key {
    ($word:ty) => {
        /// Cells packed `bits` bits each, cell 0 in the lowest bits; N·bits ≤ width.
        impl StateKey for $word {
            fn pack(cells: &[u8], bits: u32) -> Self {
                cells
                    .iter()
                    .rev()
                    .fold(0, |key, &t| (key << bits) | <$word>::from(t))
            }

            fn unpack(&self, cells: &mut [u8], bits: u32) {
                let mask = (1 << bits) - 1;
                let mut key = *self;
                for cell in cells.iter_mut() {
                    *cell = (key & mask) as u8;
                    key >>= bits;
                }
            }
        }
    };
}
packed_key!(u64);
packed_key!(u128);

/// Boards too large for 128 bits: one byte per cell.
impl StateKey for Box<[u8]> {
    fn pack(cells: &[u8], _: u32) -> Self {
        cells.into()
    }

    fn unpack(&self, cells: &mut [u8], _: u32) {
        cells.copy_from_slice(self);
    }
}

/// The bits per cell needed for tiles 0..N. O(1).
pub(crate) fn bits_per_cell(cells: usize) -> u32 {
    (usize::BITS - (cells - 1).leading_zeros()).max(1)
}

/// The least known level (moves from the start) of each configuration reached.
pub(crate) trait LevelMap<K> {
    /// The level of `key`, if reached.
    fn level(&self, key: &K) -> Option<u32>;
    /// Records `level` for `key`.
    fn set_level(&mut self, key: K, level: u32);
    /// The number of configurations stored.
    fn stored(&self) -> usize;
    /// An estimate of the most heap bytes in use while `more` configurations are added:
    /// a hash map that must grow holds its old and its new table at once.
    fn peak_bytes(&self, more: usize) -> usize;
}

/// A fast hash for packed boards (multiply and xor-shift; not for untrusted keys that
/// are chosen to collide, which boards are not).
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0xA076_1D64_78BD_642F);
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

/// `--map hash`: a hash map with [`MixHasher`].
pub(crate) type HashLevels<K> = HashMap<K, u32, BuildHasherDefault<MixHasher>>;
/// `--map btree`: an ordered map.
pub(crate) type BTreeLevels<K> = BTreeMap<K, u32>;

/// Implements [`LevelMap`] for a std map type, whose peak memory with `$more` entries
/// added is estimated by `$bytes`.
macro_rules! level_map {
    ($map:ident, |$this:ident, $more:ident| $bytes:expr) => {
        impl<K: StateKey> LevelMap<K> for $map<K> {
            fn level(&self, key: &K) -> Option<u32> {
                self.get(key).copied()
            }

            fn set_level(&mut self, key: K, level: u32) {
                self.insert(key, level);
            }

            fn stored(&self) -> usize {
                self.len()
            }

            fn peak_bytes(&self, more: usize) -> usize {
                let ($this, $more) = (self, more);
                $bytes
            }
        }
    };
}

// A slot and a control byte an entry of the capacity; growing doubles the capacity.
level_map!(HashLevels, |map, more| {
    let capacity = map.capacity();
    let slots = if map.len() + more > capacity {
        capacity + (capacity * 2).max(map.len() + more)
    } else {
        capacity
    };
    slots * (std::mem::size_of::<(K, u32)>() + 1)
});
// B-tree nodes hold up to 11 entries and are at least half full: ≈1.5 slots an entry.
level_map!(BTreeLevels, |map, more| (map.len() + more)
    * (std::mem::size_of::<(K, u32)>() * 3 / 2 + 8));
