//! The map and deck data: the shipped Keswick data matches shared/spec/backpacks-notes.md, and
//! bad files are refused with a message naming the line or the id.

use game_backpacks::map::Shape;
use game_backpacks::{Card, Deck, Map};

/// The notes' path table (section 4), copied verbatim.
const NOTES_PATHS: &str =
    "KES–FRI ○○ · KES–CAS ○○○△ · KES–LAT ○○△△△ · KES–POR ○○○ · KES–DOD ○○○○△△△△ · FRI–WAL ○○△△△ ·
FRI–ASG ○○○○ · CAS–WAL ○○△△ · CAS–THR ○○○○○ · CAS–SJV ○○○○ · LAT–SKI ○△△△△△△△ ·
LAT–BLE ○○○○△△△△△ · THR–BLE ○△△△△△△ · DOD–SKI △△△△△△ · WAL–BLF ○△△△△ · WAL–ASB ○○○ ·
ASG–ASB ○△ · ASB–SUR ○△ · SUR–WAT ○○○○ · BLF–WAT ○○△ · ASG–LOD ○○○ · LOD–SUR △△△ ·
LOD–GRA ○○○ · WAT–ROS ○○△△ · GRA–BOW ○○ · GRA–CCR ○△△△ · CCR–ROS ○○△ · BOW–ROS ○○○ ·
ROS–SEA ○○○ · SEA–GAB ○○○○△△△△△△△△ · GRA–MAI ○△△△△△ · MAI–CAT △△△ · CAT–HAW △△△ ·
HAW–BRA ○○ · BRA–GRA ○○○○ · HAW–POR ○○○○ · POR–BRW ○○○○ · BRW–CAU ○○△△△△△ ·
CAU–CAT ○○○○△△ · BRW–GRI ○△△△△△△△ · BRW–WHI ○△△△ · WHI–GRI ○△△△△ · BRW–SAL ○○○○○○△△△ ·
SJV–TSP ○○○○○ · TSP–HEL ○△△△△△△△ · HEL–STE △△";

#[test]
fn the_keswick_map_follows_the_notes() {
    let map = Map::keswick();
    let mut count = 0;
    for entry in NOTES_PATHS.split('·') {
        let (ends, symbols) = entry.trim().split_once(' ').unwrap();
        let (a, b) = ends.split_once('–').unwrap();
        let path = map
            .paths
            .iter()
            .find(|p| p.id == format!("{a}-{b}"))
            .unwrap_or_else(|| panic!("path {a}-{b} missing"));
        let shapes: String = path
            .spaces
            .iter()
            .map(|&s| map.spaces[usize::from(s)].shape.symbol())
            .collect();
        assert_eq!(shapes, symbols, "path {a}-{b}");
        count += 1;
    }
    assert_eq!(
        count,
        map.paths.len(),
        "every path of the map is in the notes"
    );
    assert_eq!(map.locations.len(), 35);
    let stops: Vec<&str> = map
        .ferry_stops
        .iter()
        .map(|&l| map.location_id(l))
        .collect();
    assert_eq!(
        stops,
        ["KES", "POR", "HAW", "BRA", "LOD", "ASG"],
        "the Keswick Launch's landing stages"
    );
    assert_eq!(map.buses.len(), 4, "four bus routes");
    assert_eq!(map.location_id(map.home), "KES");
    // Striding Edge is reached from Helvellyn only.
    let ste = map.space("STE").unwrap();
    let to_ste: Vec<_> = map
        .paths
        .iter()
        .filter(|p| p.ends.iter().any(|&e| map.location_id(e) == "STE"))
        .collect();
    assert_eq!(to_ste.len(), 1);
    assert_eq!(map.spaces[usize::from(ste)].shape, Shape::Triangle);
}

#[test]
fn the_keswick_deck_follows_the_notes() {
    let map = Map::keswick();
    let deck = Deck::keswick(&map);
    let walking: Vec<(u8, u8)> = deck
        .cards
        .iter()
        .filter_map(|c| match c {
            Card::Walk {
                circles, triangles, ..
            } => Some((*circles, *triangles)),
            _ => None,
        })
        .collect();
    assert_eq!(walking.len(), 53, "53 walking cards");
    for ((c, t), copies) in [
        ((6, 0), 4),
        ((5, 1), 6),
        ((4, 2), 8),
        ((3, 3), 8),
        ((2, 4), 6),
        ((1, 5), 4),
        ((5, 0), 4),
        ((4, 1), 5),
        ((3, 2), 4),
        ((2, 3), 4),
    ] {
        assert_eq!(
            walking.iter().filter(|&&w| w == (c, t)).count(),
            copies,
            "{c}+{t}"
        );
    }
    assert_eq!(
        deck.cards.iter().filter(|c| **c == Card::Rucksack).count(),
        1,
        "one Heavy Rucksack"
    );
    assert_eq!(deck.starting_money, 4, "£2 in 50p pieces");
}

const MINI: &str = r#"
format = "postrider-backpacks-map"
version = 1
name = "mini"
home = "A"

[[location]]
id = "A"
name = "Alpha"
shape = "circle"
at = [0.0, 0.0]

[[location]]
id = "B"
name = "Beta"
shape = "triangle"
points = 3
at = [1.0, 0.0]

[[path]]
between = ["A", "B"]
spaces = "oT"
"#;

fn refused(text: &str, message: &str) {
    let e = Map::from_toml(text).unwrap_err().to_string();
    assert!(e.contains(message), "{e:?} does not contain {message:?}");
    assert!(!e.contains('\n'), "one line: {e:?}");
}

#[test]
fn a_small_map_loads() {
    let map = Map::from_toml(MINI).unwrap();
    assert_eq!(map.spaces.len(), 4);
    let b1 = map.space("A-B.2").unwrap();
    assert!(map.spaces[usize::from(b1)].black, "T is a viewpoint");
    assert_eq!(
        map.expand_route(map.space("A").unwrap(), &[map.space("B").unwrap()])
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn bad_maps_are_refused_naming_the_line_or_id() {
    refused(
        &MINI.replace("between = [\"A\", \"B\"]", "between = [\"A\", \"Q\"]"),
        "map line 20: path A-Q: unknown location \"Q\"",
    );
    refused(
        &MINI.replace("home = \"A\"", "home = \"K\""),
        "map: home: unknown location \"K\"",
    );
    refused(
        &MINI.replace("spaces = \"oT\"", "spaces = \"oX\""),
        "space 2 is 'X', not o, O, t or T",
    );
    refused(
        &MINI.replace("shape = \"triangle\"", "shape = \"square\""),
        "location B: shape \"square\"",
    );
    refused(
        &MINI.replace("id = \"B\"", "id = \"A\""),
        "location A is defined twice",
    );
    refused(&MINI.replace("version = 1", "version = 7"), "version 7");
    refused(
        &MINI.replace("name = \"mini\"", "name = \"mini\"\ncolour = 3"),
        "unknown field `colour`",
    );
    let island = format!(
        "{MINI}\n[[location]]\nid = \"C\"\nname = \"Island\"\nshape = \"circle\"\nat = [5.0, 5.0]\n"
    );
    refused(&island, "location C cannot be reached on foot from A");
    let bus = format!("{MINI}\n[[bus]]\nroute = 7\nname = \"x\"\nstops = [\"A\", \"A-B.1\"]\n");
    refused(
        &bus,
        "bus route 7: stop \"A-B.1\" is not a location (buses stop only at locations)",
    );
    let ferry = format!("{MINI}\n[ferry]\nstops = [\"A\"]\n");
    refused(&ferry, "a ferry needs at least two stops");
    refused("format = 3", "map: line 1:");
}

#[test]
fn bad_decks_are_refused_naming_the_line_or_id() {
    let map = Map::keswick();
    let deck = |walking: &str| {
        format!(
            "format = \"postrider-backpacks-deck\"\nversion = 1\nname = \"d\"\nstarting_money = 4\n{walking}"
        )
    };
    let e = Deck::from_toml(
        &deck("[[walking]]\ncircles = 2\ntriangles = 2\nlocations = [\"ZZZ\"]\n"),
        &map,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(e, "deck line 5: walking 2+2: unknown location \"ZZZ\"");
    let e = Deck::from_toml(
        &deck("[[walking]]\ncircles = 2\ntriangles = 2\nlocations = [\"KES\"]\n"),
        &map,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("cannot name KES"), "{e}");
    let e = Deck::from_toml(
        &deck("[[walking]]\ncircles = 0\ntriangles = 0\nlocations = [\"FRI\"]\n"),
        &map,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("not both 0"), "{e}");
    let e = Deck::from_toml(
        &deck("[[walking]]\ncircles = 2\ntriangles = 2\nlocations = [\"FRI\", \"CAS\"]\n"),
        &map,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("at least 5 are needed to draw the targets (2.1)"),
        "{e}"
    );
}

/// Issue 36: a GM who reads Japanese is told what is wrong with the file in Japanese; the
/// file's own ids and keys, and the TOML reader's words, stay as written.
#[test]
fn a_bad_map_or_deck_is_explained_in_the_readers_language() {
    let ja = game_api::Lang::from_code("ja").unwrap();
    let e = Map::from_toml(&MINI.replace("between = [\"A\", \"B\"]", "between = [\"A\", \"Q\"]"))
        .unwrap_err();
    assert_eq!(
        e.0.text(ja),
        "地図の20行目（path A-Q）：「Q」という場所はありません"
    );
    let e = Map::from_toml("format = 3").unwrap_err().0.text(ja);
    assert!(e.starts_with("地図：1行目："), "{e}");
    let map = Map::keswick();
    let deck = "format = \"postrider-backpacks-deck\"\nversion = 1\nname = \"d\"\nstarting_money = 4\n[[walking]]\ncircles = 0\ntriangles = 0\nlocations = [\"FRI\"]\n";
    let e = Deck::from_toml(deck, &map).unwrap_err().0.text(ja);
    assert_eq!(
        e,
        "デッキの5行目（歩行カード 0+0）：歩行カードの○と△はそれぞれ0〜6個で、両方0にはできません"
    );
    // Through the game's own error, as the API and the new-game form show it.
    let e = game_backpacks::Terrain::load(Some("format = 3"), None).unwrap_err();
    assert!(e.text(ja).starts_with("地図：1行目："), "{}", e.text(ja));
}

/// A GM's map is drawn on every page of its game and in every report's mail: its spaces are
/// bounded, and a map over the bound is refused naming it.
#[test]
fn a_map_of_more_than_max_spaces_is_refused() {
    let keswick = include_str!("../data/keswick-map.toml");
    let huge = keswick.replacen(
        "spaces = \"oooT\"",
        &format!(
            "spaces = \"{}T\"",
            "o".repeat(game_backpacks::map::MAX_SPACES)
        ),
        1,
    );
    assert_ne!(huge, keswick);
    let e = game_backpacks::Map::from_toml(&huge)
        .unwrap_err()
        .to_string();
    assert!(e.contains("the map has more than 2000 spaces"), "{e}");
}
