//! An HTTP receiver on a loopback port, standing in for a game's webhook endpoint or a push
//! service: it keeps every request posted to it (headers and body) and answers with the status
//! the test sets.

use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, StatusCode, header};
use serde_json::Value;

/// One request as the receiver got it.
#[derive(Clone, Debug)]
pub struct Got {
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

pub struct Receiver {
    /// `http://127.0.0.1:PORT`.
    pub origin: String,
    /// `origin` with the path the test posts to.
    pub url: String,
    pub got: Arc<Mutex<Vec<Got>>>,
    /// The status every request is answered with, from now on.
    pub answer: Arc<Mutex<u16>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Receiver {
    /// The JSON bodies posted so far, each sent as `application/json`.
    pub fn json(&self) -> Vec<Value> {
        self.got
            .lock()
            .unwrap()
            .iter()
            .map(|got| {
                assert_eq!(
                    got.headers[header::CONTENT_TYPE],
                    "application/json",
                    "a JSON post"
                );
                serde_json::from_slice(&got.body).unwrap()
            })
            .collect()
    }
}

/// A receiver serving `route` (an axum path, `/hooks/{id}`), answering `first` until told
/// otherwise; its `url` is `path` on it.
pub async fn receiver(route: &str, path: &str, first: u16) -> Receiver {
    let got: Arc<Mutex<Vec<Got>>> = Arc::default();
    let answer = Arc::new(Mutex::new(first));
    let (kept, status) = (got.clone(), answer.clone());
    let app = axum::Router::new().route(
        route,
        axum::routing::post(move |headers: HeaderMap, body: axum::body::Bytes| {
            let (kept, status) = (kept.clone(), status.clone());
            async move {
                kept.lock().unwrap().push(Got {
                    headers,
                    body: body.to_vec(),
                });
                StatusCode::from_u16(*status.lock().unwrap()).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    let task = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    Receiver {
        url: format!("{origin}{path}"),
        origin,
        got,
        answer,
        task,
    }
}
