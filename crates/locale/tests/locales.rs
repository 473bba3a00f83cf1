//! Every language is complete and well-formed, and the helpers write what a reader expects.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use locale::{Day, Lang, Typed, negotiate, tr, when, when_date};

fn ja() -> Lang {
    Lang::from_code("ja").unwrap()
}

/// Each message of a language folder with the variables (`$n`) its text uses.
fn messages(code: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(code);
    let mut messages = BTreeMap::new();
    for file in std::fs::read_dir(&dir).unwrap() {
        let file = file.unwrap().path();
        let text = std::fs::read_to_string(&file).unwrap();
        if let Err((_, errors)) = fluent_bundle::FluentResource::try_new(text.clone()) {
            panic!("{}: {errors:?}", file.display());
        }
        let mut current: Option<String> = None;
        // `$name`s a comment names just above a message are arguments the code gives it
        // (`# Variables: $month`), used or not.
        let mut noted = BTreeSet::new();
        for line in text.lines() {
            if line.starts_with('#') {
                noted.extend(variables(line));
                current = None;
                continue;
            }
            let starts_message = line
                .split_once('=')
                .filter(|(id, _)| !line.starts_with(' ') && !id.trim().is_empty())
                .map(|(id, _)| id.trim().to_owned());
            if let Some(id) = starts_message {
                assert!(
                    messages
                        .insert(id.clone(), std::mem::take(&mut noted))
                        .is_none(),
                    "{code}: {id} twice"
                );
                current = Some(id);
            }
            if let Some(id) = &current {
                messages.get_mut(id).unwrap().extend(variables(line));
            }
        }
    }
    messages
}

fn variables(line: &str) -> Vec<String> {
    let mut vars = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find('$') {
        rest = &rest[i + 1..];
        vars.push(
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect(),
        );
    }
    vars
}

fn codes() -> Vec<String> {
    Lang::all().map(|l| l.code().to_owned()).collect()
}

#[test]
fn every_language_has_every_english_message_with_the_same_arguments_and_no_other() {
    let english = messages("en");
    assert!(english.len() > 10);
    for code in codes().iter().skip(1) {
        let other = messages(code);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        let extra: Vec<_> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{code} has messages English lacks: {extra:?}"
        );
        for (id, vars) in &other {
            // A translation may leave an argument out (Japanese has no plural to select on),
            // never use one the code does not give.
            let unknown: Vec<_> = vars.difference(&english[id]).collect();
            assert!(
                unknown.is_empty(),
                "{code}: {id} uses {unknown:?}, which English does not"
            );
        }
    }
}

/// The workspace's sources and templates, for the message-id scan.
fn sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path
                    .file_name()
                    .is_some_and(|n| n != "target" && n != "locales")
                {
                    walk(&path, out);
                }
            } else if path
                .extension()
                .is_some_and(|x| x == "rs" || x == "html" || x == "txt")
            {
                out.push(path);
            }
        }
    }
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut out = Vec::new();
    walk(crates, &mut out);
    // This file's own examples of the scan are not messages.
    out.retain(|p| !p.ends_with("locale/tests/locales.rs"));
    out
}

/// The ids in `tr!(lang, "id"…)`, `.t("id")`, `.t_with("id"…)` and `phrase!("id"…)` of one
/// source.
fn ids_used(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for opener in [
        "tr!(",
        ".t(\"",
        ".t_with(\"",
        ".t1(\"",
        ".t2(\"",
        "phrase!(\"",
        "Phrase::new(\"",
        "rules::<G>(\"",
    ] {
        let mut rest = text;
        while let Some(i) = rest.find(opener) {
            rest = &rest[i + opener.len()..];
            let literal = if opener == "tr!(" {
                // The language first, then the id.
                rest.split_once(',')
                    .map(|(_, after)| after.trim_start())
                    .filter(|after| after.starts_with('"'))
                    .map(|after| &after[1..])
            } else {
                Some(rest)
            };
            if let Some(id) = literal.and_then(|l| l.split_once('"')).map(|(id, _)| id)
                && !id.is_empty()
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            {
                ids.push(id.to_owned());
            }
        }
    }
    ids
}

#[test]
fn every_message_id_used_in_code_or_templates_exists_in_every_language() {
    let all: Vec<_> = codes().iter().map(|c| (c.clone(), messages(c))).collect();
    let mut used = 0;
    let mut missing = Vec::new();
    for file in sources() {
        let text = std::fs::read_to_string(&file).unwrap();
        for id in ids_used(&text) {
            used += 1;
            for (code, messages) in &all {
                if !messages.contains_key(&id) {
                    missing.push(format!("{}: {id} not in {code}", file.display()));
                }
            }
        }
    }
    assert!(used > 0, "the scan found no message ids at all");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn the_scan_reads_each_way_of_naming_a_message() {
    let ids =
        ids_used(r#"tr!(lang, "place", n = 3); lang.t("when"); self.lang.t_with("when-date", &a)"#);
    assert_eq!(ids, ["place", "when", "when-date"]);
    // The templates' ways, with one and two arguments.
    let ids = ids_used(r#"{{ lang.t1("place", "n", 3) }} {{ lang.t2("when", "a", 1, "b", 2) }}"#);
    assert_eq!(ids, ["place", "when"]);
    // A phrase written later, in its reader's language.
    let ids = ids_used(r#"phrase!("place", n = 1); Phrase::new("when")"#);
    assert_eq!(ids, ["place", "when"]);
}

#[test]
fn places_follow_each_languages_rules() {
    let en: Vec<_> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
        .iter()
        .map(|&n| Lang::EN.place(n))
        .collect();
    assert_eq!(
        en,
        [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
            "111th"
        ]
    );
    assert_eq!(ja().place(1), "1位");
    assert_eq!(ja().place(22), "22位");
}

/// The calendar fields of a moment in its own zone, as the server gives them.
fn at(moment: &str) -> (Day, i8, i8) {
    let at: jiff::Zoned = moment.parse().unwrap();
    let day = Day {
        year: at.year(),
        month: at.month(),
        day: at.day(),
        weekday: at.weekday().to_monday_one_offset(),
    };
    (day, at.hour(), at.minute())
}

#[test]
fn moments_are_written_in_the_readers_language_with_a_24_hour_clock() {
    let (day, hour, minute) = at("2026-11-26T20:00[Asia/Tokyo]");
    assert_eq!(when(ja(), day, hour, minute), "2026年11月26日(木) 20:00");
    assert_eq!(when(Lang::EN, day, hour, minute), "Thu 26 Nov 2026, 20:00");
    let (day, hour, minute) = at("2026-03-01T08:05[Europe/London]");
    assert_eq!(when(Lang::EN, day, hour, minute), "Sun 1 Mar 2026, 08:05");
    assert_eq!(when_date(ja(), day), "2026年3月1日(日)");
}

#[test]
fn arguments_are_never_wrapped_in_isolation_marks() {
    let s = tr!(Lang::EN, "place", n = 2);
    assert!(!s.contains('\u{2068}') && !s.contains('\u{2069}'), "{s:?}");
}

#[test]
fn a_language_is_chosen_from_the_account_then_the_request_then_the_browser() {
    let ja = ja();
    assert_eq!(negotiate([Some("ja")], Some("en-GB,en;q=0.9")), ja);
    assert_eq!(negotiate([None, Some("ja-JP")], None), ja);
    assert_eq!(negotiate([Some("xx"), Some("en")], Some("ja")), Lang::EN);
    assert_eq!(negotiate([None], Some("ja-JP,ja;q=0.9,en;q=0.8")), ja);
    assert_eq!(negotiate([None], Some("fr-FR,ja;q=0.5")), ja);
    assert_eq!(negotiate([None], Some("fr-FR")), Lang::EN);
    assert_eq!(negotiate([None], None), Lang::EN);
    assert_eq!(negotiate([None], Some(";;;,q=")), Lang::EN);
}

#[test]
fn codes_and_tags_name_a_language_and_others_are_refused_in_one_line() {
    assert_eq!(Lang::from_code("JA_jp").unwrap(), ja());
    assert_eq!(Lang::from_code(" en-US ").unwrap(), Lang::EN);
    let err = Lang::from_code("klingon").unwrap_err().to_string();
    assert_eq!(
        err,
        r#"language "klingon": not one postrider speaks (en, ja)"#
    );
    let json = serde_json::to_string(&ja()).unwrap();
    assert_eq!(json, r#""ja""#);
    assert_eq!(serde_json::from_str::<Lang>(&json).unwrap(), ja());
}

#[test]
fn a_japanese_keyboards_full_width_orders_read_as_ascii() {
    let typed = Typed::new("Ｒ１　１２、Ｂ２ ８。");
    assert_eq!(typed.as_str(), "R1 12,B2 8.");
    // `B` of the normalised text was typed at the full-width `Ｂ` (9 bytes in: three 3-byte
    // characters, an ideographic space, two digits, a comma).
    let b = typed.as_str().find('B').unwrap();
    assert_eq!(typed.typed_offset(b), "Ｒ１　１２、".len());
    assert_eq!(
        typed.typed_offset(typed.as_str().len()),
        "Ｒ１　１２、Ｂ２ ８。".len()
    );
}

#[test]
fn minus_signs_non_breaking_spaces_and_invisible_marks_are_read_as_a_person_meant() {
    assert_eq!(Typed::new("ー３").as_str(), "-3");
    assert_eq!(Typed::new("−3 –2").as_str(), "-3 -2");
    assert_eq!(Typed::new("a\u{00A0}b\u{202F}c").as_str(), "a b c");
    assert_eq!(Typed::new("\u{FEFF}C1\u{200B} 5").as_str(), "C1 5");
}

#[test]
fn a_long_vowel_mark_inside_a_word_stays_and_half_width_kana_join_their_marks() {
    assert_eq!(Typed::new("ルーラー 5").as_str(), "ルーラー 5");
    assert_eq!(Typed::new("ｶﾞｰﾄﾞ").as_str(), "ガード");
    let typed = Typed::new("ｶﾞ1");
    assert_eq!(
        typed.typed_offset(typed.as_str().find('1').unwrap()),
        "ｶﾞ".len()
    );
}

#[test]
fn an_error_quotes_the_words_as_the_player_typed_them() {
    let typed = "Ａ１２　Ｘ１";
    let read = Typed::new(typed);
    assert_eq!(read.as_str(), "A12 X1");
    let error = r#""X1" is not a rider (A, B, C or D) or a card; "A" twice"#;
    assert_eq!(
        read.in_typed_words(typed, error),
        r#""Ｘ１" is not a rider (A, B, C or D) or a card; "Ａ" twice"#
    );
    // Text typed in ASCII is left as it is.
    assert_eq!(Typed::new("X1").in_typed_words("X1", error), error);
}

#[test]
fn lists_are_joined_as_each_language_joins_them() {
    assert_eq!(Lang::EN.and_list(&["a", "b", "c"]), "a, b and c");
    assert_eq!(Lang::EN.and_list(&["a", "b"]), "a and b");
    assert_eq!(ja().and_list(&["赤1", "青2"]), "赤1と青2");
    assert_eq!(ja().and_list(&["赤1", "青2", "緑3"]), "赤1、青2、緑3");
    assert_eq!(ja().and_list(&["赤1"]), "赤1");
    // Side by side, with no "and": names to choose from, a hand.
    assert_eq!(Lang::EN.separated(&["ann", "bob", "cat"]), "ann, bob, cat");
    assert_eq!(ja().separated(&["ann", "bob", "cat"]), "ann、bob、cat");
    assert_eq!(ja().separated(&["ann"]), "ann");
}

#[test]
fn japanese_text_wraps_between_characters_by_columns_and_keeps_punctuation_on_its_line() {
    let text = "先頭は赤1で、ゴールまであと12マス。青2が追う。";
    let wrapped = locale::wrap(text, 20);
    for line in wrapped.lines() {
        assert!(locale::width(line) <= 20, "{line:?} in {wrapped:?}");
        assert!(!line.starts_with(['。', '、']), "{wrapped:?}");
    }
    assert_eq!(wrapped.replace('\n', ""), text);
    // English still breaks at spaces only, a long word alone on its line.
    assert_eq!(
        locale::wrap("a b supercalifragilistic c", 10),
        "a b\nsupercalifragilistic\nc\n"
    );
    assert_eq!(locale::pad("赤", 4), "赤  ");
    assert_eq!(locale::pad_left("7", 3), "  7");
}

/// Pages put a message without arguments into the HTML as it is (`|safe`, so that English
/// keeps its bytes): no message may hold markup, in any language.
#[test]
fn no_message_holds_markup() {
    for code in codes() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(&code);
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text.lines().enumerate() {
                assert!(
                    line.starts_with('#') || !line.contains('<'),
                    "{}:{}: markup in a message: {line}",
                    file.display(),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn a_phrase_is_written_in_the_language_of_whoever_reads_it() {
    let name = String::from("Red");
    let p = locale::phrase!("error-seat-played", name = name, holder = "ann");
    assert_eq!(p.id(), Some("error-seat-played"));
    assert_eq!(
        p.text(Lang::EN),
        "seat: Red is played by ann; free it first"
    );
    assert_eq!(
        p.text(ja()),
        "seat: Red は ann がプレイしています。先に席を空けてください"
    );
    // Display is English, for logs and the command line.
    assert_eq!(p.to_string(), p.text(Lang::EN));
    // Numbers stay numbers (Fluent chooses plurals and counters by them).
    let p = locale::phrase!("place", n = 2usize);
    assert_eq!(
        (p.text(Lang::EN), p.text(ja())),
        ("2nd".into(), "2位".into())
    );
    // A text the rules wrote in each language, and a machine's words in none.
    let each = locale::Phrase::each(|l| format!("<{}>", l.code()));
    assert_eq!(
        (each.text(Lang::EN), each.text(ja()), each.id()),
        ("<en>".into(), "<ja>".into(), None)
    );
    assert_eq!(locale::Phrase::verbatim("x").text(ja()), "x");
}

/// A bot is named in words, in the reader's language, wherever a message names it; an id with
/// no name (a bot added later) is said as it is rather than lost.
#[test]
fn a_bot_is_named_in_words() {
    assert_eq!(
        tr!(Lang::EN, "history-to-bot", seat = "Red", bot = "heuristic"),
        "Red handed to the rule-of-thumb bot"
    );
    assert_eq!(
        tr!(Lang::EN, "game-seat-bot", bot = "mcts"),
        "look-ahead bot"
    );
    assert_eq!(tr!(ja(), "game-seat-bot", bot = "heuristic"), "定石ボット");
    assert_eq!(
        tr!(ja(), "history-by-bot", bot = "random"),
        "（ランダムボット）"
    );
    assert_eq!(tr!(Lang::EN, "game-seat-bot", bot = "zeta"), "zeta bot");
}
