//! A game's webhook: "turn resolved" and "deadline soon" posted as JSON that Discord and Slack
//! both take (`{"content": …, "text": …}`: Discord reads `content`, Slack `text`). A post is
//! an outbox row of kind `webhook` (its URL in `to_addr`, its JSON in `body`), written in the
//! transaction of the change that causes it and sent by the outbox worker with its leases and
//! retries, through `http_post` (hyper's HTTP/1, rustls for https).
//!
//! A GM's URL must not reach into the server's own network (server-side request forgery): a
//! post goes only to a public address. The host is resolved, the addresses that are this
//! machine, a private or shared network, link-local (a cloud's metadata service) or otherwise
//! not routable are set aside, and the post connects to the address it checked (so a name
//! that resolves differently a moment later cannot slip through). A URL naming such an
//! address outright is refused when the GM sets it. `serve --webhooks-to-private-addresses`
//! lifts both, for a server whose chat bridge runs on its own network.

use locale::{Lang, phrase, tr};
use std::net::IpAddr;

use crate::error::{ApiError, ApiResult};
use crate::http_post::{self, Post, Target, is_public};
pub use crate::sender::SendError;
use crate::state::AppState;
use store::Table;
use store::outbox_rows::OutMail;

/// The longest webhook URL accepted.
pub const MAX_URL: usize = 500;

/// A webhook URL as the GM typed it, checked: `http://` or `https://`, a host, no spaces,
/// and, unless `private` allows it, not an address inside a private network ([`is_public`]).
pub fn check_url(url: &str, private: bool) -> ApiResult<String> {
    let url = url.trim();
    crate::text::check_line("webhook", url)?;
    let bad = || ApiError::Bad(phrase!("error-webhook-url", url = url));
    let target = Target::parse(url).map_err(|_| bad())?;
    if url.len() > MAX_URL || target.host.is_empty() || url.contains(char::is_whitespace) {
        return Err(bad());
    }
    if let Ok(ip) = target.host.parse::<IpAddr>()
        && !private
        && !is_public(ip)
    {
        return Err(ApiError::Bad(phrase!(
            "error-webhook-private",
            ip = ip.to_string()
        )));
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
    Ok(store::read::webhook(state, id).await?)
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
/// `next_deadline` is the coming turn's), if the game has a webhook, in `lang` (the GM's: the
/// channel is the club's).
pub fn resolved(
    state: &AppState,
    table: &Table,
    next_deadline: Option<i64>,
    turn: u16,
    lang: Lang,
) -> Option<OutMail> {
    let url = table.row.webhook_url.clone()?;
    let noun = crate::mail_words::turn_noun(table, lang);
    let next = if table.record.is_over() {
        tr!(
            lang,
            "webhook-over",
            noun = tr!(lang, "mail-game-noun", noun = table.row.game.game_noun)
        )
    } else {
        match next_deadline {
            Some(at) => tr!(
                lang,
                "webhook-due",
                noun = noun.as_str(),
                turn = table.record.turn(),
                at = crate::mail_words::moment(lang, at)
            ),
            None => tr!(
                lang,
                "webhook-open",
                noun = noun.as_str(),
                turn = table.record.turn()
            ),
        }
    };
    let text = tr!(
        lang,
        "webhook-resolved",
        title = table.row.title.as_str(),
        noun = noun.as_str(),
        turn = turn,
        next = next,
        link = game_link(state, table)
    );
    Some(post(table, url, "turn resolved", text))
}

/// The "deadline soon" post (a day, `stage` 1, or two hours, `stage` 2, before the deadline),
/// naming the seats whose orders are missing, if the game has a webhook, in the GM's language.
/// Once per turn and stage (the row's key).
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
    let lang = store::players::lang(state, table.row.gm_id).await?;
    let waiting = if missing.is_empty() {
        lang.t("webhook-all-sent")
    } else {
        tr!(lang, "webhook-missing", seats = lang.separated(missing))
    };
    let text = tr!(
        lang,
        "webhook-deadline-soon",
        title = table.row.title.as_str(),
        noun = crate::mail_words::turn_noun(table, lang),
        turn = table.record.turn(),
        within = if stage == 2 { "hours" } else { "day" },
        at = crate::mail_words::moment(lang, at),
        waiting = waiting,
        link = game_link(state, table)
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

/// Posts `json` to `url`. A 2xx answer is sent; 429, 5xx, a timeout or no connection are
/// tried again later; any other answer (404: the hook was deleted; 400) is given up.
/// Unless `private`, only to a public address ([`is_public`]); a host with none is given up.
pub async fn send(url: &str, json: &str, private: bool) -> Result<(), SendError> {
    let post = Post {
        content_type: "application/json",
        headers: Vec::new(),
        body: json.as_bytes().to_vec(),
    };
    match http_post::post(url, post, private).await? {
        s if (200..300).contains(&s) => Ok(()),
        s if s == 429 || s >= 500 => Err(SendError::Transient(format!("{url}: HTTP {s}"))),
        s => Err(SendError::Permanent(format!("{url}: HTTP {s}"))),
    }
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
        let v6 = Target::parse("http://[::1]:81/x").unwrap();
        assert_eq!(
            (v6.host.as_str(), v6.port, v6.path.as_str()),
            ("::1", 81, "/x")
        );
        let v6 = Target::parse("https://[2606:4700::1111]/x").unwrap();
        assert_eq!((v6.host.as_str(), v6.port), ("2606:4700::1111", 443));
        assert!(Target::parse("http://[::1]x/").is_err());
        assert!(Target::parse("http://host:port/").is_err());
        assert!(Target::parse("ftp://x").is_err());
        // Issue 50: a zone, a name with a `%`, a bracketed name.
        for url in [
            "http://[fe80::1%25lo]:8080/",
            "http://[fe80::1%lo]/",
            "http://fe80::1%25lo:8080/",
            "http://evil%2eexample/",
            "http://[example.com]/",
            "http://:80/",
        ] {
            assert!(Target::parse(url).is_err(), "{url}");
        }
        assert!(check_url("https://user@evil.example/", false).is_err());
        assert!(check_url("https:// spaced.example/", false).is_err());
        assert!(check_url("http://hooks.slack.com/services/T/B/X", false).is_ok());
        // An address inside a private network, named outright, only where the server allows it.
        for url in [
            "http://127.0.0.1:8080/hook",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/hook",
            "http://10.1.2.3/hook",
        ] {
            let refused = check_url(url, false).unwrap_err().to_string();
            assert!(refused.contains("is not a public address"), "{refused}");
            assert!(check_url(url, true).is_ok(), "{url}");
        }
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

    #[test]
    fn only_public_addresses_take_posts() {
        let verdict = |ip: &str| is_public(ip.parse().unwrap());
        for private in [
            "127.0.0.1",
            "127.8.9.1",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.255",
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.0.8",
            "192.0.2.1",
            "198.18.0.1",
            "240.0.0.1",
            "::",
            "::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "::127.0.0.1",
            "::ffff:0:7f00:1",
            "2002:7f00:1::",
            "2001::1",
            "2001:0:4136:e378::1",
            "64:ff9b:1::7f00:1",
            "3fff::1",
        ] {
            assert!(!verdict(private), "{private} is not public");
        }
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "162.159.135.232",
            "172.32.0.1",
            "100.128.0.1",
            "198.20.0.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2001:4860:4860::8888",
            "2a03:2880:f12f:83:face:b00c::25de",
        ] {
            assert!(verdict(public), "{public} is public");
        }
    }
}
