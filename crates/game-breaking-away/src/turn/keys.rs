//! A turn's sort keys: a rider packed into one `u64` (distance front first, the checks that
//! order riders on one square, the rider's index), and the sort that puts them in order.

/// A distance as a sort key that puts the greatest distance first, in 24 bits. Riders on the
/// track are within ±`scenario::MAX_DISTANCE` plus a card, far inside the ±2^23 the key holds
/// exactly; beyond that the order would be wrong, never a panic.
#[inline]
pub(super) fn front_first(distance: i32) -> u64 {
    0x7F_FFFF_u64.wrapping_sub(distance as u64) & 0xFF_FFFF
}

/// The rider a sort key stands for: its low 16 bits.
#[inline]
pub(super) fn rider_of(key: u64) -> usize {
    (key & 0xFFFF) as usize
}

/// Marks a movement key whose rider moves simultaneously with the one before (postal
/// 8.2.5). Bits 34-39 of a key are otherwise unused.
pub(super) const JOINS: u64 = 1 << 39;
/// Defines a sorting network once, as a table (for the test) and as straight-line code with
/// constant indices (so that the keys stay in registers and no bounds are checked).
macro_rules! sorting_network {
    ($table:ident, $apply:ident; $(($a:literal, $b:literal)),* $(,)?) => {
        #[cfg(test)]
        const $table: &[(usize, usize)] = &[$(($a, $b)),*];

        #[inline]
        fn $apply(v: &mut [u64; 16]) {
            $(
                let (x, y) = (v[$a], v[$b]);
                v[$a] = x.min(y);
                v[$b] = x.max(y);
            )*
        }
    };
}

// Batcher's odd-even merge sort for 16 keys: 63 compare-exchanges (tested exhaustively with
// the 0-1 principle below).
sorting_network! {
    NETWORK_16, network_16;
    (0, 1), (2, 3), (0, 2), (1, 3), (1, 2), (4, 5), (6, 7), (4, 6), (5, 7), (5, 6), (0, 4),
    (2, 6), (2, 4), (1, 5), (3, 7), (3, 5), (1, 2), (3, 4), (5, 6), (8, 9), (10, 11), (8, 10),
    (9, 11), (9, 10), (12, 13), (14, 15), (12, 14), (13, 15), (13, 14), (8, 12), (10, 14),
    (10, 12), (9, 13), (11, 15), (11, 13), (9, 10), (11, 12), (13, 14), (0, 8), (4, 12), (4, 8),
    (2, 10), (6, 14), (6, 10), (2, 4), (6, 8), (10, 12), (1, 9), (5, 13), (5, 9), (3, 11),
    (7, 15), (7, 11), (3, 5), (7, 9), (11, 13), (1, 2), (3, 4), (5, 6), (7, 8), (9, 10),
    (11, 12), (13, 14),
}

/// Sorts sort keys. Up to 16 (a field of four teams) go through a sorting network: a fixed
/// sequence of compare-exchanges done with conditional moves, so that no branch depends on
/// the keys. An insertion sort on a shuffled field mispredicts a branch for most riders,
/// which cost more than the network's extra instructions.
pub(super) fn sort_keys(keys: &mut [u64]) {
    let n = keys.len();
    if !(2..=16).contains(&n) {
        keys.sort_unstable();
        return;
    }
    let mut v = [u64::MAX; 16];
    for (slot, &key) in v.iter_mut().zip(keys.iter()) {
        *slot = key;
    }
    network_16(&mut v);
    for (key, &sorted) in keys.iter_mut().zip(v.iter()) {
        *key = sorted;
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sorting_network_sorts_every_zero_one_input() {
        // The 0-1 principle: a comparator network that sorts every sequence of 0s and 1s
        // sorts every sequence.
        for bits in 0u32..1 << 16 {
            let mut v: [u64; 16] = std::array::from_fn(|i| u64::from(bits >> i & 1));
            for &(a, b) in NETWORK_16 {
                let (x, y) = (v[a], v[b]);
                v[a] = x.min(y);
                v[b] = x.max(y);
            }
            assert!(v.is_sorted(), "{bits:016b}");
        }
    }

    #[test]
    fn sort_keys_matches_the_standard_sort() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for n in 0..=20 {
            for _ in 0..50 {
                let mut keys: Vec<u64> = (0..n)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        seed % 40
                    })
                    .collect();
                let mut want = keys.clone();
                want.sort_unstable();
                sort_keys(&mut keys);
                assert_eq!(keys, want);
            }
        }
    }
}
