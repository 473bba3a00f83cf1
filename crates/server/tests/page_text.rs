//! Every word a page shows comes from the `.ftl` files (issue 36): no template and no HTML
//! written in the page code holds English of its own. The check reads the sources: the text
//! between tags and the attributes a person reads (`aria-label`, `title`, `placeholder`,
//! `alt`), with template expressions and `format!` placeholders taken out.

use std::path::{Path, PathBuf};

use crate::common::*;
use axum::http::StatusCode;
use serde_json::json;

/// Words that are the same in every language: names, formats and abbreviations.
const NAMES: &[&str] = &[
    "postrider",
    "SHA",
    "NMR",
    "GM",
    "iCalendar",
    "Atom",
    "PNG",
    "SVG",
    "UTC",
    "API",
    "JSON",
    "HTML",
    "URL",
    "CSV",
    "SMTP",
    "IMAP",
    "PBM",
    "ID",
    "OK",
    // The language menu names each language in itself.
    "English",
    // The games' names, and the rating system's.
    "Breaking",
    "Away",
    "Backpacks",
    "Blisters",
    "Goofspiel",
    "Weng",
    "Lin",
    // Time zones are IANA's names.
    "IANA",
    // The bots' names, as forms and mail take them.
    "nmr",
    "random",
    "heuristic",
    "mcts",
    "flatmc",
    // Products and formats a form names.
    "Discord",
    "Slack",
    "TOML",
    // Breaking Away's rule sets as messages cite them (`postal 3.1.1`), linked to the help.
    "postal",
    // The map's places stay in English in every language.
    "Keswick",
    "Catbells",
];

/// Sources not yet written through Fluent. Each is taken off as it is converted; the list
/// only shrinks.
const NOT_YET: &[&str] = &[];

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.extension().is_some_and(|x| x == ext) {
            out.push(path);
        }
    }
}

/// `text` with each `open … close` span replaced by a space.
pub(crate) fn without(text: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(open) {
        out.push_str(&rest[..i]);
        out.push(' ');
        rest = match rest[i + open.len()..].find(close) {
            Some(j) => &rest[i + open.len() + j + close.len()..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// The string literals of Rust source that hold HTML (a `<` followed by a letter or `/`).
fn html_literals(source: &str) -> Vec<String> {
    let code: String = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find('"') {
        let raw = rest[..i].ends_with("r#");
        let body = &rest[i + 1..];
        let (literal, after) = if raw {
            match body.find("\"#") {
                Some(j) => (&body[..j], &body[j + 2..]),
                None => (body, ""),
            }
        } else {
            let mut end = body.len();
            let mut escaped = false;
            for (j, c) in body.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = j;
                        break;
                    }
                    _ => escaped = false,
                }
            }
            (&body[..end], body.get(end + 1..).unwrap_or(""))
        };
        // A char literal `'"'` is not the start of a string.
        if !rest[..i].ends_with('\'') {
            let opens_tag = literal.match_indices('<').any(|(j, _)| {
                literal[j + 1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '/')
            });
            if opens_tag {
                out.push(literal.replace("\\n", " ").replace("\\\"", "\""));
            }
        } else {
            rest = &rest[i + 1..];
            continue;
        }
        rest = after;
    }
    out
}

/// A digest or a commitment shown as it is (`SHA-256 4f0a9c…`): hexadecimal, not words.
fn digest(token: &str) -> bool {
    let hex: String = token.chars().filter(char::is_ascii_alphanumeric).collect();
    hex.len() >= 8 && hex.chars().all(|c| c.is_ascii_hexdigit())
}

/// The English words a person would read in an HTML fragment.
fn english(fragment: &str) -> Vec<String> {
    let read = readable(fragment);
    read.split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
        .map(|w| w.trim_matches('\''))
        // A word in capitals is an abbreviation or one of the map's ids (`KES`, `WAL`), the
        // same in every language.
        .filter(|w| {
            w.len() >= 2 && !NAMES.contains(w) && !w.chars().all(|c| c.is_ascii_uppercase())
        })
        .map(str::to_owned)
        .collect()
}

/// The text a person reads in an HTML fragment (or a template): the text between tags and
/// the attributes read aloud or shown, less scripts, styles, what a player types (`<code>`,
/// `<pre>`), paths, addresses and digests.
pub(crate) fn readable(fragment: &str) -> String {
    let text = without(fragment, "{#", "#}");
    let text = without(&text, "{%", "%}");
    let text = without(&text, "{{", "}}");
    // `format!` placeholders: `{name}`, `{}`, `{0:>3}`.
    let text = without(&text, "{", "}");
    let mut read = String::new();
    // Text between tags, and the attributes read aloud or shown.
    let mut rest = text.as_str();
    while let Some(i) = rest.find('<') {
        read.push_str(&rest[..i]);
        read.push(' ');
        let Some(j) = rest[i..].find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[i..i + j];
        for attr in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
            let mut t = tag;
            while let Some(k) = t.find(attr) {
                let value = &t[k + attr.len()..];
                let end = value.find('"').unwrap_or(value.len());
                read.push_str(&value[..end]);
                read.push(' ');
                t = &value[end..];
            }
        }
        // A script's or style's body is code, not text; so is what a player types
        // (`<code>walk 4+2 WAL</code>`, an example in `<pre>`), in the game's own words, and
        // a sample game's names marked `translate="no"` (the front page's pictures).
        let lower = tag.to_ascii_lowercase();
        rest = &rest[i + j + 1..];
        if lower.starts_with("<figure") && lower.contains(r#"translate="no""#) {
            rest = rest.find("</figure").map_or("", |k| &rest[k..]);
        }
        for code in ["<script", "<style", "<code", "<pre"] {
            let name_ends = lower[code.len().min(lower.len())..]
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace());
            if lower.starts_with(code) && name_ends {
                let close = format!("</{}", &code[1..]);
                rest = rest.find(&close).map_or("", |k| &rest[k..]);
            }
        }
    }
    read.push_str(rest);
    let read = read
        .replace("&nbsp;", " ")
        .replace("&amp;", " ")
        .replace("&hellip;", " ")
        // An apostrophe as the templates escape it (`Friar&#39;s Crag`).
        .replace("&#39;", "'");
    // A path or an address shown as it is (`/players/ann`) is not a word.
    let read: Vec<&str> = read
        .split_whitespace()
        .filter(|t| !t.contains('/') && !t.contains('@') && !digest(t))
        .collect();
    read.join(" ")
}

/// Whether `path` is a page written once per language (`help.en.html` beside `help.ja.html`):
/// its English is the English page, there because every other language has its own.
fn english_of_its_own_per_language(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    let Some(stem) = name.strip_suffix(".en.html") else {
        return false;
    };
    locale::Lang::all()
        .filter(|l| *l != locale::Lang::EN)
        .all(|l| {
            path.with_file_name(format!("{stem}.{}.html", l.code()))
                .exists()
        })
}

fn server_sources() -> Vec<(String, Vec<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&root.join("templates"), "html", &mut paths);
    files(&root.join("src/pages"), "rs", &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter(|p| !p.ends_with("tests.rs"))
        .map(|p| {
            let name = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            let words = if name.ends_with(".rs") {
                // The unit tests below a `#[cfg(test)]` are not pages.
                let code = text.split("#[cfg(test)]").next().unwrap_or_default();
                html_literals(code)
                    .iter()
                    .flat_map(|l| english(l))
                    .collect()
            } else if english_of_its_own_per_language(&p) {
                Vec::new()
            } else {
                english(&text)
            };
            (name, words)
        })
        .collect()
}

#[test]
fn no_template_or_page_code_holds_english_of_its_own() {
    let mut failures = Vec::new();
    for (name, words) in server_sources() {
        if NOT_YET.contains(&name.as_str()) {
            continue;
        }
        if !words.is_empty() {
            failures.push(format!("{name}: {}", words.join(" ")));
        }
    }
    assert!(
        failures.is_empty(),
        "text outside the .ftl files:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_list_of_sources_not_yet_converted_only_names_sources_that_still_hold_english() {
    let sources = server_sources();
    let mut done = Vec::new();
    for name in NOT_YET {
        let found = sources.iter().find(|(n, _)| n == name);
        let Some((_, words)) = found else {
            panic!("{name} is listed as not yet converted but is not a page source");
        };
        if words.is_empty() {
            done.push(*name);
        }
    }
    assert!(
        done.is_empty(),
        "these hold no English any more: take them off NOT_YET: {done:?}"
    );
}

#[test]
fn the_check_finds_english_in_text_and_read_attributes_and_not_in_code() {
    assert_eq!(
        english(
            r#"<p class="x">Your move {{ lang.t("site-games") }}</p><a title="Log in">{name}</a>"#
        ),
        ["Your", "move", "Log", "in"]
    );
    assert!(
        english(r#"<p>{{ lang.t("site-games") }} {% if x %}{{ y }}{% endif %}</p>"#).is_empty()
    );
    assert!(english("<script>let x = 1;</script><p>SHA-256</p>").is_empty());
    assert!(english("<p><code>walk 4+2</code></p><pre>vote bob</pre>").is_empty());
    assert_eq!(english("<p><cite>Hello</cite></p>"), ["Hello"]);
    let literals = html_literals(
        "let a = format!(r#\"<p>{x} Hello</p>\"#); let b = \"no tag\"; let c = '\"';",
    );
    assert_eq!(literals, ["<p>{x} Hello</p>"]);
}

/// The pages a Japanese reader opens, as the player of seat `aka` of a running Breaking Away
/// game (`{ba}`, the first stage of the season `{season}`, its first turn resolved, a message
/// in its press) and of a Backpacks & Blisters game (`{bb}`), logged in with Japanese chosen on
/// the profile. Each converted page is added here.
const PAGES: &[&str] = &[
    "/games/{ba}",
    "/games/{ba}/seat",
    "/games/{ba}/turns/1",
    "/players/p-aka",
    "/lobby",
    "/profile",
    "/ratings/breaking-away",
    "/seasons/{season}",
    "/help/breaking-away",
    "/help/backpacks",
    "/games/{ba}/history",
    "/games/{ba}/press",
    "/new",
];

/// Japanese that pages must show besides holding no English (page, text): a page left in
/// English would not pass for one with no words at all.
const SHOWN: &[(&str, &str)] = &[
    ("/games/{ba}", "第1ターンのレポート"),
    ("/games/{ba}", "<h2 id=\"draws-h\">公正さ</h2>"),
    ("/games/{ba}/seat", "この席のメールの言語"),
    ("/games/{ba}", "<h2 id=\"picture-h\">第1ターンのコース</h2>"),
    ("/games/{ba}/turns/1", "<h2>過去のターン</h2>"),
];

/// The pages the game's GM opens, logged in with Japanese chosen.
const GM_PAGES: &[&str] = &["/games/{ba}/gm", "/operator"];

/// The words the test's own data brings (names the players chose): not the site's English.
const DATA: &[&str] = &["aka", "ao", "gm", "p-aka", "p-ao"];

/// A browser logged in as `name` with Japanese chosen on the profile.
async fn japanese_reader<'a>(s: &'a TestServer, name: &str) -> Browser<'a> {
    let mut b = Browser::new(s);
    b.login(name).await;
    let saved = b
        .submit("/profile", "/profile/language", &[("lang", "ja")])
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
    b
}

on_both!(
    the_pages_a_japanese_reader_opens_hold_no_english,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let mut ba = race(&["aka", "ao"]);
        ba["title"] = json!("湖水地方ツアー");
        let (ba, tokens) = s.game_seated_by(&gm, ba, "p-").await;
        let (status, season) = s
            .call(
                "POST",
                "/api/seasons",
                Some(&gm),
                Some(json!({ "name": "湖水地方シーズン", "game_id": ba, "stages": 3 })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{season}");
        // A turn resolved (the line-ups, each seat's default) and a message in the press.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{ba}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{ba}/press"),
                Some(&tokens[0]),
                Some(json!({"text": "よろしくお願いします"})),
            )
            .await;
        assert!(status.is_success(), "{body}");
        let mut failures = Vec::new();
        for (reader, pages) in [("p-aka", PAGES), ("gm", GM_PAGES)] {
            let mut b = japanese_reader(&s, reader).await;
            for path in pages {
                let path = path
                    .replace("{ba}", &ba.to_string())
                    .replace("{season}", &season["id"].to_string());
                let page = b.get(&path).await;
                assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.html);
                assert!(page.html.contains(r#"<html lang="ja""#), "{path}");
                let words: Vec<String> = english(&page.html)
                    .into_iter()
                    .filter(|w| !DATA.contains(&w.to_ascii_lowercase().as_str()))
                    .collect();
                if !words.is_empty() {
                    failures.push(format!("{path}: {}", words.join(" ")));
                }
                for gap in crate::japanese_text::spaced_japanese(&page.html) {
                    failures.push(format!("{path}: a space inside Japanese text: {gap}"));
                }
            }
        }
        let mut b = japanese_reader(&s, "p-aka").await;
        for (path, text) in SHOWN {
            let path = path.replace("{ba}", &ba.to_string());
            if !b.get(&path).await.html.contains(text) {
                failures.push(format!("{path}: no {text}"));
            }
        }
        assert!(
            failures.is_empty(),
            "English on Japanese pages:\n{}",
            failures.join("\n")
        );
    }
);

/// The piece of `html` from the element holding `start` (from the `open` before it) to the
/// first `end` after it.
fn piece<'a>(html: &'a str, open: &str, start: &str, end: &str) -> &'a str {
    let at = html
        .find(start)
        .unwrap_or_else(|| panic!("{start}: {html}"));
    let from = html[..at].rfind(open).unwrap();
    let to = at + html[at..].find(end).unwrap() + end.len();
    &html[from..to]
}

// The games' own order forms, as a Japanese player fills them in (the page around them is
// the game pages' own), and a bad order refused in Japanese with the words as typed.
on_both!(
    the_order_forms_a_japanese_player_fills_in_hold_no_english,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (ba, _) = s.game_seated_by(&gm, race(&["aka", "ao"]), "p-").await;
        let bb = json!({
            "title": "Keswick", "game": "backpacks", "seats": ["aka", "ao"],
            "deadline": {"every": "interval", "seconds": 86400}, "seed": 5,
        });
        let (bb, _) = s.game_seated_by(&gm, bb, "b-").await;
        // The map's places keep their English names in every language.
        let places: Vec<String> = game_backpacks::Map::keswick()
            .locations
            .iter()
            .flat_map(|l| english(&format!("<p>{}</p>", l.name)))
            .collect();
        let mut failures = Vec::new();
        let mut check = |what: &str, html: &str| {
            let words: Vec<String> = english(html)
                .into_iter()
                .filter(|w| !DATA.contains(&w.to_ascii_lowercase().as_str()))
                .filter(|w| !places.contains(w))
                .collect();
            if !words.is_empty() {
                failures.push(format!("{what}: {}", words.join(" ")));
            }
        };
        for (player, id, start, end) in [
            ("p-aka", ba, r#"id="lineup-builder""#, "</details>"),
            ("b-aka", bb, r#"id="walker-at""#, "</details>"),
        ] {
            let mut b = Browser::new(&s);
            b.login(player).await;
            let saved = b
                .submit("/profile", "/profile/language", &[("lang", "ja")])
                .await;
            assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
            let page = b.get(&format!("/games/{id}/orders")).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            let open = if id == ba { "<form" } else { "<p" };
            check(player, piece(&page.html, open, start, end));
        }
        assert!(
            failures.is_empty(),
            "English in Japanese order forms:\n{}",
            failures.join("\n")
        );
        // Typed on a Japanese keyboard: the refusal is in Japanese and quotes what was typed.
        let mut b = Browser::new(&s);
        b.login("p-aka").await;
        b.submit("/profile", "/profile/language", &[("lang", "ja")])
            .await;
        let path = format!("/games/{ba}/orders");
        let refused = b
            .submit(
                &path,
                &path,
                &[(
                    "lineup",
                    "Ａ１０ １０ １０ Ｂ８ ８ ９ Ｃ３ ８ ９ Ｄ５ ５ ６ Ｘ３",
                )],
            )
            .await;
        assert!(
            refused
                .html
                .contains("スタート時の手札：「Ｘ３」は選手（A、B、C、D）でもカードでもありません"),
            "{}",
            refused.html
        );
        let over = b
            .submit(
                &path,
                &path,
                &[(
                    "lineup",
                    "Ａ１０ １０ １０ Ｂ９ ９ ９ Ｃ３ ８ ９ Ｄ５ ５ ６",
                )],
            )
            .await;
        assert!(
            over.html.contains(
                r#"スタート時の手札：選手B：カードの合計が27で、上限の25を超えています（<a href="/help/breaking-away#rule-3-1-1">郵便ルール3.1.1</a>）"#
            ),
            "{}",
            over.html
        );
    }
);

/// The pages before logging in, for a visitor who asked for Japanese once (`?lang=ja`, kept
/// in a cookie): the front page, the lobby, logging in, registering, a forgotten password.
const VISITOR_PAGES: &[&str] = &["/", "/lobby", "/login", "/register", "/forgot"];

on_both!(
    the_pages_a_japanese_visitor_opens_before_logging_in_hold_no_english,
    |s: TestServer| async move {
        let mut b = Browser::new(&s);
        let first = b.get("/login?lang=ja").await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.html);
        let mut failures = Vec::new();
        for path in VISITOR_PAGES {
            let page = b.get(path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.html);
            assert!(page.html.contains(r#"<html lang="ja""#), "{path}");
            let words = english(&page.html);
            if !words.is_empty() {
                failures.push(format!("{path}: {}", words.join(" ")));
            }
        }
        assert!(
            failures.is_empty(),
            "English on Japanese pages:\n{}",
            failures.join("\n")
        );
        assert!(
            b.get("/login")
                .await
                .html
                .contains("パスワードをお忘れですか？")
        );
        assert!(b.get("/").await.html.contains("まだゲームはありません。"));
        // The same pages in English keep their words.
        let mut en = Browser::new(&s);
        assert!(
            en.get("/login")
                .await
                .html
                .contains("Forgot your password?")
        );
        assert!(en.get("/").await.html.contains("No games yet"));
    }
);
