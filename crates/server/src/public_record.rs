//! A finished game's public record (`GET /api/games/{id}/record`), written as its log is read:
//! a page of entries at a time, so that a game of any length costs one page of memory, and
//! only a few downloads at a time, so that many at once cost no more. The bytes are those of
//! `postrider export` (`gm::file`'s pieces).

use locale::phrase;
use std::sync::Arc;

use axum::body::Body;
use bytes::Bytes;
use futures_util::stream;
use gm::LogEntry;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{ApiError, ApiResult};
use store::{self, Store, Table};

/// Downloads written at once; a further one is asked to come back (429).
pub const DOWNLOADS: usize = 2;

/// Log entries read and written per step.
const PAGE: i64 = store::HISTORY_PAGE_MAX;

/// The permits for downloads under way.
#[derive(Debug)]
pub struct Downloads(Arc<Semaphore>);

impl Default for Downloads {
    fn default() -> Self {
        Downloads(Arc::new(Semaphore::new(DOWNLOADS)))
    }
}

impl Downloads {
    /// A place among the downloads under way, or a 429 asking to come back.
    pub fn take(&self) -> ApiResult<OwnedSemaphorePermit> {
        self.0
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::TooMany {
                message: phrase!("error-record-busy", downloads = DOWNLOADS),
                retry_after: 5,
            })
    }
}

enum Step {
    Head,
    Entries { from: i64, first: bool },
    Done,
}

/// The record of the game read as `table` (over), as a body written while it is sent; the
/// permit is held until the last byte.
pub fn body(state: Store, table: Table, permit: OwnedSemaphorePermit) -> Body {
    let start = (Step::Head, state, table, permit);
    let chunks = stream::unfold(start, |(step, state, table, permit)| async move {
        let (chunk, next) = match step {
            Step::Head => (
                Ok(gm::file::json_head(table.row.game.name)),
                Step::Entries {
                    from: 1,
                    first: true,
                },
            ),
            Step::Entries { from, .. } if from > table.row.version => {
                (Ok(gm::file::json_tail(&table.record)), Step::Done)
            }
            Step::Entries { from, first } => {
                match store::history_page(&state, &table, from, PAGE).await {
                    Ok(rows) => {
                        let mut text = String::new();
                        let mut first = first;
                        for (_, at, actor, event) in rows {
                            let entry = LogEntry {
                                at: Some(at),
                                actor: Some(actor),
                                event,
                            };
                            text.push_str(&gm::file::json_entry(&entry, first));
                            first = false;
                        }
                        let step = Step::Entries {
                            from: from + PAGE,
                            first,
                        };
                        (Ok(text), step)
                    }
                    Err(e) => {
                        tracing::error!(game = table.row.id, "record: {e}");
                        (Err(std::io::Error::other(e.to_string())), Step::Done)
                    }
                }
            }
            Step::Done => return None,
        };
        Some((chunk.map(Bytes::from), (next, state, table, permit)))
    });
    Body::from_stream(chunks)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A download beyond the few under way is asked to come back, and is let in once one
    /// ends.
    #[test]
    fn only_a_few_downloads_run_at_once() {
        let downloads = Downloads::default();
        let held: Vec<_> = (0..DOWNLOADS).map(|_| downloads.take().unwrap()).collect();
        match downloads.take() {
            Err(ApiError::TooMany { retry_after, .. }) => assert!(retry_after > 0),
            other => panic!("expected a 429, got {other:?}"),
        }
        drop(held);
        assert!(downloads.take().is_ok());
    }
}
