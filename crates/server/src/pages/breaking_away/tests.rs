//! Tests of Breaking Away's page pieces: the order form and the orders its menus send.

use super::*;

#[test]
fn the_limits_come_from_the_rules() {
    let postal = Rules::postal();
    assert_eq!(
        Limits::of(postal, Grade::A).text(),
        "3 or 4 cards, adding up to at most 30"
    );
    assert_eq!(
        Limits::of(postal, Grade::D).text(),
        "3 cards, adding up to at most 16"
    );
    let board = Rules::board(Default::default());
    assert_eq!(
        Limits::of(board, Grade::B).text(),
        "3 cards, adding up to exactly 25"
    );
    assert!(Limits::of(postal, Grade::B).fits(&[8, 8, 9]));
    assert!(!Limits::of(postal, Grade::B).fits(&[8, 9, 9]));
    assert!(!Limits::of(board, Grade::B).fits(&[8, 8, 8]));
}

#[test]
fn rule_citations_link_to_the_help_page() {
    assert_eq!(
        rule_links("rider B: cards sum to 26, more than the 25 allowed (postal 3.1.1)"),
        r#"rider B: cards sum to 26, more than the 25 allowed (<a href="/help/breaking-away#rule-3-1-1">postal 3.1.1</a>)"#
    );
    assert_eq!(
        rule_links(r#"rider D: cards sum to 15, not 16 (board: set-up, "rider 4 <holds>")"#),
        r#"rider D: cards sum to 15, not 16 (<a href="/help/breaking-away#board-set-up">board: set-up</a>, &quot;rider 4 &lt;holds&gt;&quot;)"#
    );
    // Issue 57: the citations as Japanese writes them link the same way.
    assert_eq!(
        rule_links("選手B：カードの合計が27で、上限の25を超えています（郵便ルール3.1.1）"),
        r#"選手B：カードの合計が27で、上限の25を超えています（<a href="/help/breaking-away#rule-3-1-1">郵便ルール3.1.1</a>）"#
    );
    assert_eq!(
        rule_links("（ボードゲームのルール「セットアップ」）"),
        r#"（<a href="/help/breaking-away#board-set-up">ボードゲームのルール「セットアップ」</a>）"#
    );
    // A rule the page has no anchor for stays text; a sentence's full stop is no part of it.
    assert_eq!(rule_links("see postal 99.1."), "see postal 99.1.");
    assert_eq!(
        rule_links("postal 9.1."),
        r#"<a href="/help/breaking-away#rule-9-1">postal 9.1</a>."#
    );
}

#[test]
fn every_anchor_is_on_the_help_page_once() {
    for lang in Lang::all() {
        let page = help(lang).unwrap();
        for id in RULE_ANCHORS {
            assert_eq!(
                page.matches(&format!(r#"id="{id}""#)).count(),
                1,
                "{lang}: {id}"
            );
        }
        let ids = page.matches(r#" id=""#).count();
        assert_eq!(
            ids,
            RULE_ANCHORS.len(),
            "{lang}: every anchor of the page is listed"
        );
    }
}

#[test]
fn every_rule_the_messages_cite_has_an_anchor() {
    for (grade, postal) in [
        (Grade::A, "3.1.5"),
        (Grade::B, "3.1.1"),
        (Grade::C, "3.1.2"),
        (Grade::D, "3.1.3"),
    ] {
        assert_eq!(
            lineup_rule(Lang::EN, RuleSet::Postal22, grade),
            format!("postal {postal}")
        );
        assert!(anchor(&lineup_rule(Lang::EN, RuleSet::Postal22, grade)).is_some());
        assert!(anchor(&lineup_rule(Lang::EN, RuleSet::Board, grade)).is_some());
        // In Japanese the citation reads 郵便ルール, and links the same way.
        let ja = Lang::from_code("ja").unwrap();
        assert_eq!(
            rule_links(&lineup_rule(ja, RuleSet::Postal22, grade)),
            format!(
                r#"<a href="/help/breaking-away#rule-{}">郵便ルール{postal}</a>"#,
                postal.replace('.', "-")
            )
        );
    }
    for cited in [
        "postal 3.1",
        "postal 3.1.4",
        "postal 8.2.5",
        "postal 9.1",
        "postal 10.1",
        "postal 7.8",
    ] {
        assert!(anchor(cited).is_some(), "{cited}");
    }
}
