//! Tests of Backpacks's page pieces: the order form and the orders its menus send.

use super::menu::destination;
use super::*;
use game_backpacks::CardKind;
use game_backpacks::day::Place;

fn standing(map: &Map, at: &str, money: u8) -> Standing {
    Standing {
        place: Place::At(spot(map, at)),
        hand: vec![CardKind::Walk {
            circles: 1,
            triangles: 1,
        }],
        money,
        chocolate: 0,
        turn: 1,
        carrier: false,
    }
}

/// The space of the location `id`.
fn spot(map: &Map, id: &str) -> SpaceId {
    map.locations.iter().find(|l| l.id == id).unwrap().space
}

#[test]
fn places_are_told_in_words() {
    let map = Map::keswick();
    let space = map.space("KES-CAS.4").unwrap();
    let cas = spot(&map, "CAS");
    assert_eq!(
        destination(Lang::EN, &map, cas, &[space]),
        "towards Keswick, 1 of 5 steps from Castlerigg Stone Circle"
    );
    let route = map.expand_route(spot(&map, "KES"), &[space]).unwrap();
    assert_eq!(
        destination(Lang::EN, &map, spot(&map, "KES"), &route),
        "towards Castlerigg Stone Circle, 4 of 5 steps from Keswick"
    );
    assert_eq!(
        from_words(Lang::EN, &map, Place::At(cas)),
        "Castlerigg Stone Circle"
    );
}

fn form(map: &Map, at: &Standing, targets: &[LocationId], every: bool) -> TurnForm {
    turn_form(
        Lang::EN,
        map,
        at,
        1,
        &TurnOrders::default(),
        Weather::Sunny,
        targets,
        every,
    )
}

fn labels(form: &TurnForm) -> Vec<(&str, Vec<&str>)> {
    form.groups
        .iter()
        .map(|g| {
            (
                g.label.as_str(),
                g.choices.iter().map(|c| c.label.as_str()).collect(),
            )
        })
        .collect()
}

/// Issue 29: "+N" is what ending there scores ("(3 pt)" beside "rest" was the place's
/// value, never gained), and the chocolate and finish boxes show only where they apply.
#[test]
fn menus_say_where_each_move_leads_with_the_points_gained() {
    let map = Map::keswick();
    let at = standing(&map, "CAS", 0);
    let menu = form(&map, &at, &[], false);
    assert_eq!(menu.groups[0].label, "Stay: Castlerigg Stone Circle");
    assert_eq!(menu.groups[0].choices[0].label, "rest");
    // Towards a place out of reach, the short menu offers the space nearest to it; the full
    // list has the others (a viewpoint one step away scores 1).
    let (group, choices) = &labels(&menu)[1];
    assert_eq!(*group, "Towards places out of reach");
    assert_eq!(
        choices
            .iter()
            .filter(|c| c.starts_with("towards Keswick"))
            .copied()
            .collect::<Vec<_>>(),
        ["towards Keswick, 2 of 5 steps from Castlerigg Stone Circle: walk with 1+1, 2 steps"],
        "{:?}",
        labels(&menu)
    );
    let every = form(&map, &at, &[], true);
    assert!(
        every.groups.iter().flat_map(|g| &g.choices).any(|c| c.label
            == "towards Keswick, 1 of 5 steps from Castlerigg Stone Circle · +1: walk with 1+1, 1 step"),
        "{:?}",
        labels(&every)
    );
    assert!(!menu.buy_applies, "no café within reach, no money");
    assert!(!menu.finish_applies, "Keswick is out of reach");
    let home = standing(&map, "KES", 2);
    let menu = form(&map, &home, &[], false);
    assert!(menu.buy_applies && menu.finish_applies);
    // Walking to Castlerigg scores its 3 points; it is marked as a target when it is one.
    let cas = map.locations.iter().position(|l| l.id == "CAS").unwrap() as LocationId;
    let far = Standing {
        hand: vec![CardKind::Walk {
            circles: 4,
            triangles: 1,
        }],
        ..home
    };
    let menu = form(&map, &far, &[cas], false);
    assert_eq!(menu.groups[1].label, "Your targets", "{:?}", labels(&menu));
    assert_eq!(
        menu.groups[1].choices[0].label,
        "Castlerigg Stone Circle · a target · +3: walk with 4+1, 5 steps"
    );
}

/// Issue 51: the menu offers each place once, by its best way (the smallest card, no
/// chocolate), names it in every choice, and keeps every way one tap away.
#[test]
fn the_menu_names_each_destination_once() {
    let map = Map::keswick();
    let card = |c: &str| c.parse::<CardKind>().unwrap();
    let at = Standing {
        hand: vec![card("4+2"), card("3+3"), card("5+1"), card("2+4")],
        chocolate: 1,
        ..standing(&map, "KES", 4)
    };
    let short = form(&map, &at, &[], false);
    let every = form(&map, &at, &[], true);
    let all: usize = every.groups.iter().map(|g| g.choices.len()).sum();
    let shown: usize = short.groups.iter().map(|g| g.choices.len()).sum();
    assert_eq!(short.more, Some(all));
    assert!(shown * 3 < all, "{shown} of {all}: {:?}", labels(&short));
    let names: Vec<&str> = map.locations.iter().map(|l| l.name.as_str()).collect();
    let mut places = Vec::new();
    for group in &short.groups[1..] {
        for choice in &group.choices {
            let (place, how) = choice.label.split_once(": ").expect("place: how");
            assert!(
                names.iter().any(|n| place.contains(n)),
                "{place} names no place"
            );
            assert!(!how.is_empty());
            places.push(place.split(" · ").next().unwrap());
        }
    }
    let mut once = places.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), places.len(), "{places:?}");
    // The best way to Friar's Crag: the smallest card that reaches it, without chocolate.
    assert!(
        short
            .groups
            .iter()
            .flat_map(|g| &g.choices)
            .any(|c| c.label == "Friar's Crag · +2: walk with 3+3, 3 steps"),
        "{:?}",
        labels(&short)
    );
    // Every choice of the full list names its place too.
    for choice in every.groups[1..].iter().flat_map(|g| &g.choices) {
        let (place, _) = choice.label.split_once(": ").expect("place: how");
        assert!(names.iter().any(|n| place.contains(n)), "{place}");
    }
}

/// Issue 57: a refusal's rule numbers link to the rule on the help page, in either language's
/// brackets; times, cards, money and rulings are not rules.
#[test]
fn a_refusals_rules_link_to_the_help_page() {
    assert_eq!(
        help::rule_links("ferry: ferries run at twenty past the hour, not at 10:00 (8.3)"),
        r#"ferry: ferries run at twenty past the hour, not at 10:00 (<a href="/help/backpacks#rule-8-3">8.3</a>)"#
    );
    assert_eq!(
        help::rule_links("フェリーは毎時20分に出ます。10:00には出ません（8.3）"),
        r#"フェリーは毎時20分に出ます。10:00には出ません（<a href="/help/backpacks#rule-8-3">8.3</a>）"#
    );
    // A rule the page explains under its parent links to the parent; a ruling stays text.
    assert_eq!(
        help::rule_links("give rucksack: not carried (10.4, B&B-18); lunch (7.2)"),
        r#"give rucksack: not carried (<a href="/help/backpacks#rule-10-4">10.4</a>, B&amp;B-18); lunch (<a href="/help/backpacks#rule-7">7.2</a>)"#
    );
    assert_eq!(
        help::rule_links("walk (4+2 at 10:00, 50p) <b>"),
        "walk (4+2 at 10:00, 50p) &lt;b&gt;"
    );
}

#[test]
fn every_rule_anchor_is_on_the_help_page_once_in_every_language() {
    for lang in Lang::all() {
        let page = help(lang).unwrap();
        for id in help::RULE_ANCHORS {
            assert_eq!(
                page.matches(&format!(r#"id="{id}""#)).count(),
                1,
                "{lang}: {id}"
            );
        }
    }
}
