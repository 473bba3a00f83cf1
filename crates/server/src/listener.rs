//! The accept loop of a listener (the server's own, and the metrics'), so that no client can
//! hold the door: hyper's HTTP/1 with a header read timeout (axum's `serve` sets none), at most
//! `max_connections` served at once and `per_address` from one address (an IPv4 address, an
//! IPv6 /64; past it a connection is answered 429 at once and closed), and every request body
//! timed: whole within `body_time` of its head, and after a grace at least `BODY_MIN_RATE`
//! bytes a second (else 408, and the connection closes).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use hyper::body::{Body, Frame, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use locale::phrase;
use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::error::ApiError;

/// The connections `serve` has open now, and the most it has had open at once.
#[derive(Debug, Default)]
pub struct Connections {
    open: AtomicUsize,
    peak: AtomicUsize,
}

impl Connections {
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    pub(crate) fn opened(&self) {
        let open = self.open.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(open, Ordering::SeqCst);
    }

    pub(crate) fn closed(&self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A body slower than this, once its grace is over, is cut off (a 64 KiB body at this rate
/// takes 32 s, so the whole-body time bounds it first).
pub const BODY_MIN_RATE: u64 = 2048;
/// The time a body has before the rate counts: a client's first packet may wait for a window.
pub const BODY_GRACE: Duration = Duration::from_secs(2);
/// How long a refused connection's answer may take to write before it is dropped.
const REFUSAL_WRITE: Duration = Duration::from_secs(1);

/// What one listener allows.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A connection that has not sent a whole request head in this time is closed (also the
    /// longest a kept-alive connection waits idle for its next request).
    pub header_read_timeout: Duration,
    /// The most time a request's body may take to arrive, from the end of its head.
    pub body_time: Duration,
    /// Connections served at once; further ones wait in the listen queue.
    pub max_connections: usize,
    /// Connections one address may have open at once; `None`: no cap (behind a reverse proxy,
    /// every connection comes from the proxy, which must cap them itself).
    pub per_address: Option<usize>,
}

/// Serves `router` on `listener` within `limits`, counting connections in `connections`. At
/// `shutdown` no new connection is accepted and open ones finish their request.
pub async fn serve_router(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Limits,
    connections: Arc<Connections>,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let addresses = Arc::new(Addresses::default());
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    tokio::pin!(shutdown);
    loop {
        // A slot first: past the cap, connections wait in the kernel's listen queue.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the slots are never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    tracing::warn!(error = %e, "accept");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(held) = addresses.enter(peer.ip(), limits.per_address) else {
            drop(slot);
            tokio::spawn(refuse(stream, peer));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let body_time = limits.body_time;
        let service = hyper::service::service_fn(move |request: hyper::Request<_>| {
            let (mut request, late) = timed(request, body_time);
            request.extensions_mut().insert(ConnectInfo(peer));
            let response = router.clone().oneshot(request);
            async move {
                let response = response.await?;
                // The handler was given a body cut short: whatever it answered, the body is
                // what went wrong, and the connection cannot be read any further.
                Ok::<_, std::convert::Infallible>(if late.load(Ordering::Relaxed) {
                    too_slow(body_time)
                } else {
                    response
                })
            }
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        let connections = connections.clone();
        connections.opened();
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection");
            }
            connections.closed();
            drop(held);
            drop(slot);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// The connections each address has open.
#[derive(Debug, Default)]
struct Addresses {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection counted against its address until dropped.
#[derive(Debug)]
struct Held {
    addresses: Arc<Addresses>,
    network: IpAddr,
}

impl Addresses {
    /// Counts a connection from `ip`, unless its address has `cap` open already.
    fn enter(self: &Arc<Self>, ip: IpAddr, cap: Option<usize>) -> Option<Option<Held>> {
        let Some(cap) = cap else {
            return Some(None);
        };
        let network = crate::throttle::network(ip);
        let mut open = self.open.lock().expect("no panic holds it");
        let count = open.entry(network).or_default();
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(Some(Held {
            addresses: self.clone(),
            network,
        }))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self.addresses.open.lock().expect("no panic holds it");
        if let Some(count) = open.get_mut(&self.network) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.network);
            }
        }
    }
}

/// A connection from an address that has its share open: answered at once and closed, without
/// reading anything from it.
async fn refuse(mut stream: tokio::net::TcpStream, peer: SocketAddr) {
    tracing::debug!(%peer, "connections from this address at their cap");
    let body = serde_json::json!({
        "error": phrase!("error-connections-per-address").text(locale::Lang::EN),
        "code": "error-connections-per-address",
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
         retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(REFUSAL_WRITE, async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

/// The request with its body timed; the flag is raised when the body was cut off.
fn timed(
    request: hyper::Request<hyper::body::Incoming>,
    limit: Duration,
) -> (axum::extract::Request, Arc<AtomicBool>) {
    let late = Arc::new(AtomicBool::new(false));
    let request =
        request.map(|body| axum::body::Body::new(TimedBody::new(body, limit, late.clone())));
    (request, late)
}

/// The answer to a request whose body did not arrive in time.
fn too_slow(limit: Duration) -> Response {
    let mut response = ApiError::Bad(phrase!(
        "error-body-slow",
        seconds = limit.as_secs().max(1),
        rate = BODY_MIN_RATE
    ))
    .into_response();
    *response.status_mut() = StatusCode::REQUEST_TIMEOUT;
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A request body that must arrive in time: whole by `start + limit`, and by
/// `start + BODY_GRACE + received / BODY_MIN_RATE` for each next byte.
struct TimedBody {
    inner: hyper::body::Incoming,
    start: Instant,
    limit: Duration,
    received: u64,
    deadline: Pin<Box<Sleep>>,
    late: Arc<AtomicBool>,
}

/// The error a body cut off gives its reader.
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive in time")]
struct TooSlow;

impl TimedBody {
    fn new(inner: hyper::body::Incoming, limit: Duration, late: Arc<AtomicBool>) -> TimedBody {
        let start = Instant::now();
        let mut body = TimedBody {
            inner,
            start,
            limit,
            received: 0,
            deadline: Box::pin(tokio::time::sleep_until(start)),
            late,
        };
        body.rearm();
        body
    }

    /// The deadline for the next byte.
    fn rearm(&mut self) {
        let by_rate = BODY_GRACE + Duration::from_millis(self.received * 1000 / BODY_MIN_RATE);
        let deadline = self.start + by_rate.min(self.limit);
        self.deadline.as_mut().reset(deadline);
    }
}

impl Body for TimedBody {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                    this.rearm();
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e.into()))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    this.late.store(true, Ordering::Relaxed);
                    Poll::Ready(Some(Err(TooSlow.into())))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
