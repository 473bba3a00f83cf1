//! Tests of Backpacks's page pieces: the order form and the orders its menus send.

use super::*;

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
    assert_eq!(
        space_name(Lang::EN, &map, space),
        "on the path from Keswick to Castlerigg Stone Circle, 4 of 5"
    );
    let from_castlerigg = spot(&map, "CAS");
    assert_eq!(
        destination(Lang::EN, &map, Some(from_castlerigg), space),
        "towards Keswick, 1 of 5 steps"
    );
    assert_eq!(
        destination(Lang::EN, &map, Some(spot(&map, "KES")), space),
        "towards Castlerigg Stone Circle, 4 of 5 steps"
    );
    assert_eq!(
        place_name(Lang::EN, &map, Place::At(from_castlerigg)),
        "Castlerigg Stone Circle (CAS)"
    );
}

/// Issue 29: "+N" is what ending there scores ("(3 pt)" beside "rest" was the place's
/// value, never gained), and the chocolate and finish boxes show only where they apply.
#[test]
fn menus_are_grouped_by_destination_with_the_points_gained() {
    let map = Map::keswick();
    let at = standing(&map, "CAS", 0);
    let form = turn_form(
        Lang::EN,
        &map,
        &at,
        1,
        &TurnOrders::default(),
        Weather::Sunny,
        &[],
    );
    assert_eq!(form.groups[0].label, "Stay: Castlerigg Stone Circle (CAS)");
    assert_eq!(form.groups[0].choices[0].label, "rest");
    assert!(
        form.groups
            .iter()
            .any(|g| g.label.starts_with("towards Keswick, 1 of 5 steps")),
        "{:?}",
        form.groups.iter().map(|g| &g.label).collect::<Vec<_>>()
    );
    assert!(!form.buy_applies, "no café within reach, no money");
    assert!(!form.finish_applies, "Keswick is out of reach");
    let home = standing(&map, "KES", 2);
    let form = turn_form(
        Lang::EN,
        &map,
        &home,
        1,
        &TurnOrders::default(),
        Weather::Sunny,
        &[],
    );
    assert!(form.buy_applies && form.finish_applies);
    // Walking to Castlerigg scores its 3 points; it is marked as a target when it is one.
    let cas = map.locations.iter().position(|l| l.id == "CAS").unwrap() as LocationId;
    let far = Standing {
        hand: vec![CardKind::Walk {
            circles: 4,
            triangles: 1,
        }],
        ..home
    };
    let form = turn_form(
        Lang::EN,
        &map,
        &far,
        1,
        &TurnOrders::default(),
        Weather::Sunny,
        &[cas],
    );
    assert!(
        form.groups
            .iter()
            .any(|g| g.label == "Castlerigg Stone Circle (CAS) · a target · +3"),
        "{:?}",
        form.groups.iter().map(|g| &g.label).collect::<Vec<_>>()
    );
}
