//! A game's webhook: "turn resolved" and "deadline soon" posted as JSON that Discord and Slack
//! both take (`{"content": …, "text": …}`: Discord reads `content`, Slack `text`). A post is
//! an outbox row of kind `webhook` (its URL in `to_addr`, its JSON in `body`), written in the
//! transaction of the change that causes it and sent by the outbox worker with its leases and
//! retries. The client is hyper's own HTTP/1 over a TCP stream, with rustls (ring, the Mozilla
//! roots of webpki-roots) for https.

use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use sqlx::AnyConnection;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::games::Table;
use crate::mailbox::OutMail;
use crate::outbox::SendError;

/// The longest webhook URL accepted.
pub const MAX_URL: usize = 500;

/// A webhook URL as the GM typed it, checked: `http://` or `https://`, a host, no spaces.
pub fn check_url(url: &str) -> ApiResult<String> {
    let url = url.trim();
    crate::text::check_line("webhook", url)?;
    let bad = || {
        ApiError::Bad(format!(
            "webhook: {url:?} is not an http:// or https:// URL"
        ))
    };
    let target = Target::parse(url).map_err(|_| bad())?;
    if url.len() > MAX_URL || target.host.is_empty() || url.contains(char::is_whitespace) {
        return Err(bad());
    }
    Ok(url.to_string())
}

/// The JSON both Discord and Slack take: the text in `content` and in `text`. Discord allows
/// 2,000 characters; longer text is cut.
pub fn body(text: &str) -> String {
    let text: String = if text.chars().count() > 1900 {
        text.chars().take(1900).chain("…".chars()).collect()
    } else {
        text.to_string()
    };
    serde_json::json!({ "content": text, "text": text }).to_string()
}

/// The game's page, whole if the server knows its address.
fn game_link(state: &AppState, table: &Table) -> String {
    let base = state
        .config
        .public_url
        .clone()
        .or_else(|| state.mail.as_ref().map(|m| m.public_url.clone()))
        .unwrap_or_default();
    format!("{}/games/{}", base.trim_end_matches('/'), table.row.id)
}

/// The webhook of game `id`, if it has one.
pub async fn url(state: &AppState, id: i64) -> ApiResult<Option<String>> {
    let mut conn = state.db.pool.acquire().await?;
    url_of(&mut conn, id).await
}

async fn url_of(conn: &mut AnyConnection, game_id: i64) -> ApiResult<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT webhook_url FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(conn)
            .await?
            .flatten(),
    )
}

fn post(table: &Table, url: String, subject: &str, text: String) -> OutMail {
    OutMail {
        kind: "webhook".into(),
        to: url,
        game_id: Some(table.row.id),
        subject: subject.into(),
        body: body(&text),
        ..OutMail::default()
    }
}

/// The "turn resolved" post of the game read as `table` (which includes the resolution;
/// `next_deadline` is the coming turn's), if the game has a webhook.
pub fn resolved(
    state: &AppState,
    table: &Table,
    next_deadline: Option<i64>,
    turn: u16,
) -> Option<OutMail> {
    let url = table.row.webhook_url.clone()?;
    let info = table.row.game;
    let next = if table.record.is_over() {
        format!("The {} is over.", info.game_noun)
    } else {
        match next_deadline {
            Some(at) => format!(
                "Orders for {} {} are due by {}.",
                info.turn_noun,
                table.record.turn(),
                gm::utc_text(at)
            ),
            None => format!(
                "Orders for {} {} are open.",
                info.turn_noun,
                table.record.turn()
            ),
        }
    };
    let text = format!(
        "**{title}**: {noun} {turn} resolved. {next} {link}",
        title = table.row.title,
        noun = info.turn_noun,
        link = game_link(state, table),
    );
    Some(post(table, url, "turn resolved", text))
}

/// The "deadline soon" post (a day, `stage` 1, or two hours, `stage` 2, before the deadline),
/// naming the seats whose orders are missing, if the game has a webhook. Once per turn and
/// stage (the row's key).
pub async fn deadline_soon(
    state: &AppState,
    table: &Table,
    stage: i64,
    missing: &[String],
) -> ApiResult<Option<OutMail>> {
    let Some(url) = table.row.webhook_url.clone() else {
        return Ok(None);
    };
    let Some(at) = table.row.next_deadline else {
        return Ok(None);
    };
    let info = table.row.game;
    let waiting = if missing.is_empty() {
        "Every seat has sent its orders.".to_string()
    } else {
        format!("Still without orders: {}.", missing.join(", "))
    };
    let text = format!(
        "**{title}**: the deadline of {noun} {turn} is in less than {within} ({at}). {waiting} {link}",
        title = table.row.title,
        noun = info.turn_noun,
        turn = table.record.turn(),
        within = if stage == 2 { "two hours" } else { "a day" },
        at = gm::utc_text(at),
        link = game_link(state, table),
    );
    let mut hook = post(table, url, "deadline soon", text);
    hook.dedup_key = Some(format!(
        "webhook/{}/{}/{}",
        table.row.id,
        table.record.turn(),
        if stage == 2 { "2h" } else { "24h" }
    ));
    Ok(Some(hook))
}

/// Where a URL points: scheme, host, port and path.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Target {
    tls: bool,
    host: String,
    port: u16,
    path: String,
}

impl Target {
    fn parse(url: &str) -> Result<Target, String> {
        let (tls, rest) = if let Some(rest) = url.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = url.strip_prefix("http://") {
            (false, rest)
        } else {
            return Err(format!("{url:?}: neither http:// nor https://"));
        };
        let (authority, path) = match rest.find(['/', '?']) {
            Some(k) => (&rest[..k], &rest[k..]),
            None => (rest, "/"),
        };
        if authority.contains('@') {
            return Err(format!("{url:?}: no user in the URL"));
        }
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => (
                host,
                port.parse::<u16>()
                    .map_err(|_| format!("{url:?}: port {port:?}"))?,
            ),
            _ => (authority, if tls { 443 } else { 80 }),
        };
        let path = if path.starts_with('?') {
            format!("/{path}")
        } else {
            path.to_string()
        };
        Ok(Target {
            tls,
            host: host.trim_matches(['[', ']']).to_string(),
            port,
            path,
        })
    }
}

/// The TLS client settings: the Mozilla roots, rustls with ring.
fn tls_config() -> Result<Arc<tokio_rustls::rustls::ClientConfig>, String> {
    use tokio_rustls::rustls;
    static CONFIG: std::sync::OnceLock<Result<Arc<rustls::ClientConfig>, String>> =
        std::sync::OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = rustls::RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let config = rustls::ClientConfig::builder_with_provider(Arc::new(
                rustls::crypto::ring::default_provider(),
            ))
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
            Ok(Arc::new(config))
        })
        .clone()
}

/// The whole exchange may take this long.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Posts `json` to `url`. A 2xx answer is sent; 429, 5xx, a timeout or no connection are
/// tried again later; any other answer (404: the hook was deleted; 400) is given up.
pub async fn send(url: &str, json: &str) -> Result<(), SendError> {
    match tokio::time::timeout(TIMEOUT, exchange(url, json)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(SendError::Transient(format!(
            "{url}: no answer in {TIMEOUT:?}"
        ))),
    }
}

async fn exchange(url: &str, json: &str) -> Result<(), SendError> {
    let target = Target::parse(url).map_err(SendError::Permanent)?;
    let tcp = tokio::net::TcpStream::connect((target.host.as_str(), target.port))
        .await
        .map_err(|e| SendError::Transient(format!("{}:{}: {e}", target.host, target.port)))?;
    let _ = tcp.set_nodelay(true);
    let status = if target.tls {
        let name = tokio_rustls::rustls::pki_types::ServerName::try_from(target.host.clone())
            .map_err(|e| SendError::Permanent(format!("{}: {e}", target.host)))?;
        let connector =
            tokio_rustls::TlsConnector::from(tls_config().map_err(SendError::Permanent)?);
        let stream = connector
            .connect(name, tcp)
            .await
            .map_err(|e| SendError::Transient(format!("{}: tls: {e}", target.host)))?;
        request(TokioIo::new(stream), &target, json).await?
    } else {
        request(TokioIo::new(tcp), &target, json).await?
    };
    match status {
        s if (200..300).contains(&s) => Ok(()),
        s if s == 429 || s >= 500 => Err(SendError::Transient(format!("{url}: HTTP {s}"))),
        s => Err(SendError::Permanent(format!("{url}: HTTP {s}"))),
    }
}

/// One POST on a connection: the answer's status.
async fn request<T>(io: TokioIo<T>, target: &Target, json: &str) -> Result<u16, SendError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let transient = |e: hyper::Error| SendError::Transient(format!("{}: {e}", target.host));
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io)
        .await
        .map_err(transient)?;
    let driver = tokio::spawn(connection);
    let host = if (target.tls && target.port == 443) || (!target.tls && target.port == 80) {
        target.host.clone()
    } else {
        format!("{}:{}", target.host, target.port)
    };
    let request = hyper::Request::post(target.path.as_str())
        .header(hyper::header::HOST, host)
        .header(hyper::header::CONTENT_TYPE, "application/json")
        .header(hyper::header::USER_AGENT, "postrider")
        .body(Full::new(bytes::Bytes::from(json.to_string())))
        .map_err(|e| SendError::Permanent(e.to_string()))?;
    let response = sender.send_request(request).await.map_err(transient)?;
    let status = response.status().as_u16();
    // The answer's body is read and dropped, so that the connection ends cleanly.
    let _ = response.into_body().collect().await;
    driver.abort();
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_read_into_host_port_and_path() {
        assert_eq!(
            Target::parse("https://discord.com/api/webhooks/1/abc").unwrap(),
            Target {
                tls: true,
                host: "discord.com".into(),
                port: 443,
                path: "/api/webhooks/1/abc".into()
            }
        );
        assert_eq!(
            Target::parse("http://127.0.0.1:8099").unwrap(),
            Target {
                tls: false,
                host: "127.0.0.1".into(),
                port: 8099,
                path: "/".into()
            }
        );
        assert_eq!(Target::parse("http://[::1]:81/x").unwrap().host, "::1");
        assert!(Target::parse("ftp://x").is_err());
        assert!(check_url("https://user@evil.example/").is_err());
        assert!(check_url("https:// spaced.example/").is_err());
        assert!(check_url("http://hooks.slack.com/services/T/B/X").is_ok());
    }

    #[test]
    fn one_body_for_discord_and_slack() {
        let json: serde_json::Value = serde_json::from_str(&body("turn 3 resolved")).unwrap();
        assert_eq!(json["content"], "turn 3 resolved");
        assert_eq!(json["text"], "turn 3 resolved");
        let long = body(&"x".repeat(5000));
        let json: serde_json::Value = serde_json::from_str(&long).unwrap();
        assert!(json["content"].as_str().unwrap().chars().count() <= 2000);
    }
}
