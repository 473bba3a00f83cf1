//! The SQL shapes both databases share: placeholders numbered on PostgreSQL and anonymous on
//! SQLite, `IN` lists and multi-row statements padded to a few sizes, so that each connection
//! keeps a few prepared statements instead of one per size.

use crate::db::Backend;

/// The most parameters one statement is given (SQLite takes 32,766, PostgreSQL 65,535).
pub const MAX_PARAMETERS: usize = 30_000;

/// `items` in chunks of at most `most` (rounded down to a power of two), each with the number
/// of rows its statement is built for: its length rounded up to a power of two. The statement's
/// extra rows repeat the chunk's last with a `NULL` key, which the statement skips. A statement
/// built for a number of rows then takes one of a few shapes, which its connection keeps
/// prepared (sqlx keeps 100 a connection): built for every size up to a batch's 512, they
/// would be hundreds of large statements, each prepared again when it was pushed out, and
/// cut into runs of powers of two instead, a batch would take several round trips.
pub fn padded_chunks<T>(items: &[T], most: usize) -> impl Iterator<Item = (&[T], usize)> {
    items
        .chunks(1 << most.max(1).ilog2())
        .map(|chunk| (chunk, chunk.len().next_power_of_two()))
}

/// Row `k` of a padded chunk: the item (the last one for a padding row), and whether the row
/// is real (a padding row binds a `NULL` key).
pub fn padded_row<T>(chunk: &[T], k: usize) -> (&T, bool) {
    (&chunk[k.min(chunk.len() - 1)], k < chunk.len())
}

/// `ids` for an `IN` list of a few shapes: padded to a power of two by repeating the last
/// (which changes nothing an `IN` finds), with the list's placeholders.
pub fn in_list<T: Clone>(backend: Backend, ids: &[T]) -> (String, Vec<T>) {
    let mut padded = ids.to_vec();
    if let Some(last) = ids.last() {
        padded.resize(ids.len().next_power_of_two(), last.clone());
    }
    (placeholders(backend, 1, padded.len()), padded)
}

/// `rows` groups of `columns` placeholders, the statement's only ones: numbered on
/// PostgreSQL, `($1, $2), ($3, $4)`, and anonymous on SQLite, `(?, ?), (?, ?)`, which it
/// numbers in the same order. SQLite finds a numbered parameter's name by a linear search,
/// and sqlx asks for every parameter's name as it binds: a statement of thousands of
/// numbered parameters took a sixth of a deadline storm's time to bind.
pub fn placeholders(backend: Backend, rows: usize, columns: usize) -> String {
    placeholders_after(backend, 0, rows, columns)
}

/// [`placeholders`] numbered from `$after + 1`. Written into one string: a batch's statement
/// has thousands, and a `String` each was a fortieth of a deadline storm's server time.
pub fn placeholders_after(backend: Backend, after: usize, rows: usize, columns: usize) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(rows * columns * 7);
    for r in 0..rows {
        out.push_str(if r == 0 { "(" } else { ", (" });
        for c in 1..=columns {
            if c > 1 {
                out.push_str(", ");
            }
            match backend {
                Backend::Postgres => {
                    let _ = write!(out, "${}", after + r * columns + c);
                }
                Backend::Sqlite => out.push('?'),
            }
        }
        out.push(')');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_chunks_cover_every_item_once_in_statements_of_a_few_sizes() {
        for n in 0..600usize {
            let items: Vec<usize> = (0..n).collect();
            let mut rows = Vec::new();
            for (chunk, size) in padded_chunks(&items, 300) {
                assert!(size.is_power_of_two() && size <= 256 && size >= chunk.len());
                for k in 0..size {
                    if let (item, true) = padded_row(chunk, k) {
                        rows.push(*item);
                    }
                }
            }
            assert_eq!(rows, items, "{n} items, in order, each once");
        }
        let sizes: Vec<usize> = padded_chunks(&[0; 600], 300).map(|c| c.1).collect();
        assert_eq!(sizes, [256, 256, 128]);
    }

    #[test]
    fn an_in_list_is_padded_with_its_last_id() {
        assert_eq!(
            in_list(Backend::Postgres, &[7, 8, 9]),
            ("($1, $2, $3, $4)".to_string(), vec![7, 8, 9, 9])
        );
        assert_eq!(in_list(Backend::Sqlite, &[7, 8, 9]).0, "(?, ?, ?, ?)");
        assert_eq!(
            placeholders_after(Backend::Postgres, 4, 2, 3),
            "($5, $6, $7), ($8, $9, $10)"
        );
        assert_eq!(placeholders(Backend::Sqlite, 2, 2), "(?, ?), (?, ?)");
        assert_eq!(in_list(Backend::Postgres, &[7]).1, [7]);
        assert_eq!(in_list::<i64>(Backend::Postgres, &[]).1, Vec::<i64>::new());
    }
}
