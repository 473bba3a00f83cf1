//! No English from code in a Japanese sentence (issue 57). A game of each kind is played for
//! two turns by players who read Japanese, and everything they and their GM meet is read: the
//! front page, the lobby, the games' pages, order forms mid-game, turn reports (page, API text
//! and mail), history, console, profile, both help pages, and refusals of a wrong line-up and
//! a wrong order from the order page, the API and mail. Every Latin word outside the allowed
//! ones below fails the test, listed with where it was found. Here too: finding a space a
//! page puts inside Japanese text (`spaced_japanese`, which `page_text` runs on each page).

use axum::http::StatusCode;
use game_api::Seat;
use serde_json::{Value, json};
use server::mailbox::receive;
use sqlx::Row;

use crate::common::{Backend, Browser, TestServer, club_mail};
use crate::page_text::readable;

/// Latin words a Japanese reader meets on purpose, each for its reason.
const ALLOWED: &[&str] = &[
    // The product, its command to check a finished game, and abbreviations and names of
    // formats and services Japanese writes in Latin letters too.
    "postrider",
    "verify",
    "ID",
    "URL",
    "TOML",
    "Discord",
    "Slack",
    "UTC",
    "GM",
    "NMR",
    "API",
    "JSON",
    "SHA",
    "PBM",
    "IANA",
    "iCalendar",
    "Atom",
    "PNG",
    "SVG",
    // The language menu names each language in itself.
    "English",
    // The games' original titles, given once beside the Japanese ones.
    "Breaking",
    "Away",
    "Backpacks",
    "Blisters",
    // The bots' names, as the forms and the mail take them.
    "nmr",
    "random",
    "heuristic",
    "mcts",
    "flatmc",
    // Backpacks & Blisters' order words: the orders are typed in them in every language,
    // and a refusal names the statement it refuses by its word.
    "walk",
    "rest",
    "tea",
    "ferry",
    "bus",
    "blister",
    "buy",
    "chocolate",
    "give",
    "take",
    "rucksack",
    "to",
    "finish",
    "discard",
    "replace",
    "weather",
    "sunny",
    "cloudy",
    "vote",
    "swap",
];

/// The names the test's players typed: accounts, seats, games.
const TYPED: &[&str] = &[
    "gm", "p-aka", "p-ao", "b-aka", "b-ao", "aka", "ao", "midori", "kiiro",
];

/// What the test's players send that the engines refuse: (what, text).
const BA_WRONG_LINEUP: &str = "A 10 10 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6";
const BA_LINEUP: &str = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4";
const BA_WRONG_ORDERS: &str = "A 12 B 9 C 8 D 7";
const BA_OVER_LINEUP: &str = "A 4 5 6 B 9 9 9 C 6 8 5 D 7 5 4";
const BB_FERRY_AT_TEN: &str = "1: ferry FRI\n2: rest";
const BB_TEA_FIRST: &str = "1: tea\n2: rest";

/// The allowed words of the Keswick map, names from its data: its places' names and codes
/// (typed in orders), its bus routes' names, and its own name.
fn map_words() -> Vec<String> {
    let map = game_backpacks::Map::keswick();
    let mut words: Vec<String> = map.locations.iter().map(|l| l.id.clone()).collect();
    for l in &map.locations {
        words.extend(latin_words(&l.name));
    }
    for bus in &map.buses {
        words.extend(latin_words(&bus.name));
    }
    words.extend(latin_words(&map.name));
    words
}

/// A rider's mark on Breaking Away's pictures: its team's letter and its own (`AB`).
fn rider_mark(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 2 && b[0].is_ascii_uppercase() && (b'A'..=b'D').contains(&b[1])
}

/// Whether `token` holds a digest or a commitment (a run of 16 hexadecimal digits or more).
fn holds_digest(token: &str) -> bool {
    let mut run = 0;
    for c in token.chars() {
        run = if c.is_ascii_hexdigit() { run + 1 } else { 0 };
        if run >= 16 {
            return true;
        }
    }
    false
}

/// `html` less the text marked as English on purpose (`<span lang="en">postal 2.2</span>`:
/// an original's name given beside the Japanese one).
fn without_marked_english(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find(r#"<span lang="en">"#) {
        out.push_str(&rest[..at]);
        rest = rest[at..]
            .find("</span>")
            .map_or("", |end| &rest[at + end..]);
    }
    out.push_str(rest);
    out
}

/// The Latin words of plain text (letters and apostrophes, two letters or more), less paths,
/// addresses, links and digests.
fn latin_words(text: &str) -> Vec<String> {
    let text = text
        .replace("&quot;", " ")
        .replace("&lt;", " ")
        .replace("&gt;", " ")
        .replace("&#39;", "'")
        .replace("&amp;", " ");
    text.split_whitespace()
        .filter(|t| !t.contains('/') && !t.contains('@') && !holds_digest(t))
        .flat_map(|t| t.split(|c: char| !c.is_ascii_alphabetic() && c != '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| w.len() >= 2)
        .map(str::to_owned)
        .collect()
}

/// `word` with a few characters either side of its first use in `text`: `「…every sunday at…」`.
fn in_context(text: &str, word: &str) -> String {
    let Some(at) = text.find(word) else {
        return word.to_string();
    };
    let before: String = text[..at]
        .chars()
        .rev()
        .take(12)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after: String = text[at + word.len()..].chars().take(12).collect();
    format!(
        "{word} in 「{}」",
        format!("{before}{word}{after}").replace('\n', " ")
    )
}

/// What the test reads, and the words it found that no one allowed.
struct Reading {
    allowed: Vec<String>,
    found: Vec<String>,
    read: usize,
}

impl Reading {
    fn new() -> Reading {
        let mut allowed: Vec<String> = ALLOWED.iter().map(|w| w.to_string()).collect();
        allowed.extend(TYPED.iter().flat_map(|n| latin_words(n)));
        allowed.extend(map_words());
        Reading {
            allowed,
            found: Vec::new(),
            read: 0,
        }
    }

    /// Reads plain text (a mail, an API message) found at `place`.
    fn text(&mut self, place: &str, text: &str) {
        self.read += 1;
        let mut words: Vec<String> = latin_words(text)
            .into_iter()
            .filter(|w| !self.allowed.iter().any(|a| a.eq_ignore_ascii_case(w)))
            .filter(|w| !rider_mark(w))
            .collect();
        words.sort();
        words.dedup();
        if !words.is_empty() {
            // Each word with the text around its first use.
            let shown: Vec<String> = words.iter().map(|w| in_context(text, w)).collect();
            self.found.push(format!("{place}: {}", shown.join(" | ")));
        }
    }

    /// Reads a page (what a person reads of its HTML) found at `place`.
    fn page(&mut self, place: &str, html: &str) {
        assert!(
            html.contains(r#"<html lang="ja""#),
            "{place} is not in Japanese"
        );
        self.text(place, &readable(&without_marked_english(html)));
    }
}

/// Sends `body` to `/api/games/{id}/orders` as `token`; returns the refusal's words.
async fn refused_by_api(s: &TestServer, id: i64, token: &str, body: Value) -> String {
    let (status, answer) = s
        .call(
            "POST",
            &format!("/api/games/{id}/orders"),
            Some(token),
            Some(body),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    answer["error"].as_str().unwrap().to_string()
}

/// Mails `body` to the seat's order address; returns the refusal mailed back.
async fn refused_by_mail(s: &TestServer, id: i64, token: &str, n: u32, body: &str) -> String {
    let (status, address) = s
        .call(
            "GET",
            &format!("/api/games/{id}/mail-address"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{address}");
    let address = address["address"].as_str().unwrap();
    let mail = format!(
        "From: Player <someone@example.net>\r\nTo: {address}\r\nSubject: orders\r\n\
         Message-ID: <wrong{n}@example.net>\r\nDate: Sun, 22 Nov 2026 12:00:00 +0000\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes();
    assert_eq!(
        receive(&s.state, &mail, Some(address)).await.unwrap(),
        server::mailbox::Handled::Refused
    );
    let row = sqlx::query("SELECT kind, body FROM outbox ORDER BY id DESC LIMIT 1")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>(0), "refusal");
    row.get(1)
}

/// A player of the test, registered, reading Japanese, with a confirmed address.
async fn japanese_player(s: &TestServer, token: &str, email: &str) {
    let (status, body) = s
        .call(
            "POST",
            "/api/account/language",
            Some(token),
            Some(json!({"lang": "ja"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    s.confirm_email(token, email).await;
}

/// Plays the coming turn of game `id`: each seat sends what the heuristic bot would, through
/// the API, and the deadline passes if the game waits for it.
async fn play_turn(s: &TestServer, id: i64, tokens: &[String]) {
    let table = server::store::load(&s.state, id).await.unwrap();
    let turn = table.record.turn();
    for (k, token) in tokens.iter().enumerate() {
        let mut body = json!({});
        for event in table.record.bot_events(Seat(k as u8), "heuristic").unwrap() {
            match event {
                gm::Event::Lineup { text, .. } => body["lineup"] = json!(text),
                gm::Event::Orders { text, .. } => body["orders"] = json!(text),
                _ => {}
            }
        }
        let (status, answer) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(token),
                Some(body),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    server::games::process_due(&s.state).await.unwrap();
    if server::store::load(&s.state, id)
        .await
        .unwrap()
        .record
        .resolved()
        < turn
    {
        s.clock.advance(8 * 86400);
        server::games::process_due(&s.state).await.unwrap();
    }
    let resolved = server::store::load(&s.state, id)
        .await
        .unwrap()
        .record
        .resolved();
    assert_eq!(resolved, turn, "game {id}: turn {turn} played");
}

#[tokio::test]
async fn everything_a_japanese_player_reads_is_japanese() {
    let mut s = TestServer::start(Backend::Sqlite).await.unwrap();
    s.state = s.state.clone().with_mail(club_mail());
    let mut reading = Reading::new();

    let gm = s.player("gm").await;
    japanese_player(&s, &gm, "gm@example.net").await;
    // A race on a weekly deadline in Tokyo, and a day of Backpacks & Blisters.
    let race = json!({
        "title": "湖水地方ツアー", "game": "breaking-away", "rules": "postal-2.2",
        "seats": ["aka", "ao"], "seed": 11,
        "deadline": {"every": "weekly", "weekday": "sunday", "time": "20:00", "zone": "Asia/Tokyo"},
    });
    let day = json!({
        "title": "ケズィックの一日", "game": "backpacks", "seats": ["aka", "ao"], "seed": 5,
        "deadline": {"every": "interval", "seconds": 172800},
    });
    let (ba, ba_tokens) = s.game_seated_by(&gm, race.clone(), "p-").await;
    let (bb, bb_tokens) = s.game_seated_by(&gm, day.clone(), "b-").await;
    for (token, name) in ba_tokens.iter().zip(["p-aka", "p-ao"]) {
        japanese_player(&s, token, &format!("{name}@example.net")).await;
    }
    for (token, name) in bb_tokens.iter().zip(["b-aka", "b-ao"]) {
        japanese_player(&s, token, &format!("{name}@example.net")).await;
    }
    // One of each in the lobby, its seats open to anyone.
    for mut game in [race, day] {
        game["title"] = json!("募集中のゲーム");
        game["seats"] = json!(["midori", "kiiro"]);
        let (status, created) = s.call("POST", "/api/games", Some(&gm), Some(game)).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/lobby"),
                Some(&gm),
                Some(json!({"open": true})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    // Refusals before the race: from the API and by mail, a wrong line-up and wrong orders.
    let refusals = [
        (
            "API: Breaking Away, a wrong line-up",
            refused_by_api(&s, ba, &ba_tokens[0], json!({"lineup": BA_WRONG_LINEUP})).await,
        ),
        (
            "API: Breaking Away, wrong orders",
            refused_by_api(
                &s,
                ba,
                &ba_tokens[0],
                json!({"lineup": BA_LINEUP, "orders": BA_WRONG_ORDERS}),
            )
            .await,
        ),
        (
            "API: Backpacks, wrong orders",
            refused_by_api(&s, bb, &bb_tokens[0], json!({"orders": BB_FERRY_AT_TEN})).await,
        ),
        (
            "mail: Breaking Away, a wrong line-up",
            refused_by_mail(
                &s,
                ba,
                &ba_tokens[0],
                1,
                &format!("{BA_OVER_LINEUP}\nA 4 B 9 C 6 D 7"),
            )
            .await,
        ),
        (
            "mail: Breaking Away, wrong orders",
            refused_by_mail(&s, ba, &ba_tokens[0], 2, &format!("{BA_LINEUP}\nA 6 X 9")).await,
        ),
        (
            "mail: Backpacks, wrong orders",
            refused_by_mail(&s, bb, &bb_tokens[0], 3, BB_TEA_FIRST).await,
        ),
    ];
    for (place, text) in &refusals {
        reading.text(place, text);
    }
    // The same on the order pages.
    let mut p_aka = Browser::new(&s);
    p_aka.login("p-aka").await;
    let mut b_aka = Browser::new(&s);
    b_aka.login("b-aka").await;
    for (id, field, text) in [
        (ba, "lineup", BA_WRONG_LINEUP),
        (ba, "lineup", BA_OVER_LINEUP),
        (bb, "orders", BB_FERRY_AT_TEN),
        (bb, "orders", BB_TEA_FIRST),
    ] {
        let browser = if id == ba { &mut p_aka } else { &mut b_aka };
        let path = format!("/games/{id}/orders");
        let page = browser.submit(&path, &path, &[(field, text)]).await;
        assert_eq!(
            page.status,
            StatusCode::BAD_REQUEST,
            "{text}: {}",
            page.html
        );
        reading.page(&format!("{path}, refusing {text:?}"), &page.html);
    }

    // Two turns of each game, played as the bots would.
    for _ in 0..2 {
        play_turn(&s, ba, &ba_tokens).await;
        play_turn(&s, bb, &bb_tokens).await;
    }

    // The pages, as a visitor, as a player of each game and as their GM.
    let mut visitor = Browser::new(&s);
    visitor.get("/login?lang=ja").await;
    let mut gm_browser = Browser::new(&s);
    gm_browser.login("gm").await;
    let common = ["/", "/lobby", "/help/breaking-away", "/help/backpacks"];
    let mut pages: Vec<(&str, &mut Browser, Vec<String>)> = vec![
        ("a visitor", &mut visitor, common.map(String::from).to_vec()),
        ("p-aka", &mut p_aka, Vec::new()),
        ("b-aka", &mut b_aka, Vec::new()),
        ("gm", &mut gm_browser, vec!["/".into(), "/new".into()]),
    ];
    for (who, name, id) in [(1, "p-aka", ba), (2, "b-aka", bb)] {
        let game = format!("/games/{id}");
        pages[who].2.extend(common.map(String::from));
        pages[who].2.extend([
            "/profile".to_string(),
            format!("/players/{name}"),
            game.clone(),
            format!("{game}/orders"),
            format!("{game}/turns/1"),
            format!("{game}/turns/2"),
            format!("{game}/history"),
            format!("{game}/seat"),
        ]);
        pages[3].2.extend([
            game.clone(),
            format!("{game}/gm"),
            format!("{game}/history"),
        ]);
    }
    for (who, browser, paths) in &mut pages {
        for path in paths.iter() {
            let page = browser.get(path).await;
            assert_eq!(page.status, StatusCode::OK, "{who} {path}: {}", page.html);
            reading.page(&format!("{path} ({who})"), &page.html);
        }
    }

    // Each turn's report as the API gives its text, to a player of each game.
    for (id, token) in [(ba, &ba_tokens[0]), (bb, &bb_tokens[0])] {
        for turn in [1, 2] {
            let path = format!("/api/games/{id}/reports/{turn}?lang=ja");
            let (status, text) = s
                .respond(
                    axum::http::Request::get(&path)
                        .header("authorization", format!("Bearer {token}"))
                        .body(axum::body::Body::empty())
                        .unwrap(),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{text}");
            reading.text(&path, &text);
        }
    }

    // Every mail: welcomes, echoes, refusals, reports.
    let mail = sqlx::query("SELECT kind, to_addr, subject, body FROM outbox ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap();
    let kinds: Vec<String> = mail.iter().map(|r| r.get(0)).collect();
    for kind in ["report", "echo", "refusal"] {
        assert!(
            kinds.iter().any(|k| k == kind),
            "a {kind} mail among {kinds:?}"
        );
    }
    for row in &mail {
        let (kind, to, subject, body): (String, String, String, String) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        reading.text(&format!("{kind} mail to {to}: subject"), &subject);
        reading.text(&format!("{kind} mail to {to} ({subject})"), &body);
    }

    assert!(reading.read > 60, "{} texts read", reading.read);
    assert!(
        reading.found.is_empty(),
        "Latin words in Japanese text ({} of {} texts):\n{}",
        reading.found.len(),
        reading.read,
        reading.found.join("\n")
    );
}

#[test]
fn the_reading_finds_latin_words_and_not_paths_names_or_digests() {
    assert_eq!(
        latin_words("選手A：カードが5枚です（postal 3.1.4）、team「aka」"),
        ["postal", "team", "aka"]
    );
    assert!(
        latin_words("https://club.example/games/1 ann@example.net sha256:4f0a9c3b2e1d5a6b7c8d")
            .is_empty()
    );
    let mut reading = Reading::new();
    reading.text("here", "p-akaがKeswickからFRIへ walk 3+3 UTC");
    assert!(reading.found.is_empty(), "{:?}", reading.found);
    reading.text("there", "毎週 every sunday at 20:00");
    assert_eq!(reading.found.len(), 1);
    assert!(
        reading.found[0].starts_with("there: at in 「") && reading.found[0].contains("| every in"),
        "{:?}",
        reading.found
    );
    assert_eq!(
        spaced_japanese("<p>晴れ。現在地：<strong>Keswick</strong>。</p>"),
        Vec::<String>::new()
    );
    for spaced in [
        "<p>晴れ。 現在地</p>",
        "<p>現在地： <strong>Keswick</strong></p>",
        "<p>目標地点：Latrigg、 Grange</p>",
    ] {
        assert_eq!(spaced_japanese(spaced).len(), 1, "{spaced}");
    }
    let page = r#"<html lang="ja"><p>郵便ルール2.2（<span lang="en">postal 2.2</span>）AB</p>"#;
    reading.page("a page", page);
    assert_eq!(reading.found.len(), 1, "{:?}", reading.found);
}

/// Where `html`'s text puts a space (or a line break, which a browser shows as one) between
/// Japanese characters with no tag between them, or after Japanese punctuation (`。`, `、`,
/// `：`) before any text: between sentences, between a name and the word after it, and after
/// a label's colon, Japanese is written without one.
pub(crate) fn spaced_japanese(html: &str) -> Vec<String> {
    const INLINE: [&str; 6] = ["<strong", "<a ", "<span", "<s>", "<code", "<em"];
    let japanese = |c: char| c as u32 > 0x2e7f;
    let punctuation = |c: char| matches!(c, '。' | '、' | '：');
    // Preformatted text (a report's tables) keeps its spaces and line breaks as written.
    let text = crate::page_text::without(html, "<pre", "</pre>");
    let chars: Vec<char> = text.chars().collect();
    let mut gaps = Vec::new();
    for (k, pair) in chars.windows(2).enumerate() {
        if !japanese(pair[0]) || !pair[1].is_whitespace() {
            continue;
        }
        let next = chars[k + 1..].iter().find(|c| !c.is_whitespace());
        // After punctuation, the text the space stands before, past the inline tags that
        // open there (`： <strong>Keswick`).
        let rest: String = chars[k + 1..].iter().collect();
        let mut after = rest.trim_start();
        while let Some(tag) = INLINE.iter().find(|t| after.starts_with(*t)) {
            after = after[tag.len()..].split_once('>').map_or("", |(_, r)| r);
        }
        let text_after = after.chars().next().is_some_and(|c| c != '<');
        if next.is_some_and(|&c| japanese(c)) || (punctuation(pair[0]) && text_after) {
            let from = k.saturating_sub(12);
            gaps.push(chars[from..(k + 14).min(chars.len())].iter().collect());
        }
    }
    gaps
}
