//! A walker's orders for one postal round (both turns are ordered together, rule 3.1), and the
//! text form a player types in an email:
//!
//! ```text
//! 1: walk 4+2 WAL ASB
//! 2: walk 3+3 chocolate SUR WAT; buy chocolate
//! weather sunny
//! vote blue
//! ```
//!
//! Statements are separated by new lines or `;`. `1:` / `2:` (or `turn 1:`) says which turn of
//! the round the following statements are for; `weather` and `vote` are for the round.

mod echo;

use crate::error::BackpacksError;
use crate::mistake::{Once, OrderMistake, OtherEnd, What};
pub use echo::{describe_round, describe_turn};

use crate::deck::CardKind;
use crate::map::{LocationId, Map, SpaceId};

/// What a walker does with its turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Stay where it is; no card is played.
    #[default]
    Rest,
    /// Play a walking card (4.1), doubled by a bar of chocolate (6.4), along a route given as
    /// waypoints: spaces or locations further along the paths (see `Map::expand_route`).
    Walk {
        card: CardKind,
        chocolate: bool,
        waypoints: Vec<SpaceId>,
    },
    /// Drink tea at a café (6.2): 50p, the whole turn, 3 points, discard and replace any cards.
    Tea { discards: Vec<CardKind> },
    /// A ferry trip to another stop (8.3), 50p; one card may be swapped (8.2).
    Ferry {
        to: LocationId,
        swap: Option<CardKind>,
    },
    /// A bus ride to a stop on the same route (8.4), 50p; one card may be swapped (8.2).
    Bus {
        to: LocationId,
        swap: Option<CardKind>,
    },
    /// Play the blister card: no move this turn (9.2).
    Blister,
}

/// A Heavy Rucksack order (10.4): the carrier gives it (to a named walker, or to whoever it
/// meets), or a walker takes it from the carrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RucksackOrder {
    Give(Option<u8>),
    Take,
}

/// One turn's orders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnOrders {
    pub action: Action,
    /// Buy a bar of chocolate at the end of the turn, at a café (6.3, 11.2).
    pub buy_chocolate: bool,
    pub rucksack: Option<RucksackOrder>,
    /// End the day: the walker stops walking if it ends the turn in Keswick.
    pub finish: bool,
    /// Lunch and coffee: the card discarded without replacement (7.2).
    pub discard: Option<CardKind>,
    /// Lunch and coffee at a café: cards to replace (7.4).
    pub replace: Vec<CardKind>,
}

/// What to do with a weather card drawn this round (9.1): discard it, or play it when it
/// would make the weather what the player wants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeatherChoice {
    #[default]
    Discard,
    Sunny,
    Cloudy,
}

/// A walker's orders for one round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundOrders {
    pub turns: [TurnOrders; 2],
    pub weather: WeatherChoice,
    /// The walker this player votes to carry the Heavy Rucksack (10.5).
    pub vote: Option<u8>,
}

impl RoundOrders {
    /// The orders of a walker that sent none: it rests both turns (docs/rulings.md B&B-11).
    pub fn nmr() -> RoundOrders {
        RoundOrders::default()
    }
}

fn words_to_card(word: &str) -> Result<CardKind, What> {
    word.parse().map_err(|_| What::NotACard(word.to_owned()))
}

/// Reads a round's orders. `walkers` are the names of the seats (for votes and the Rucksack).
pub fn parse_round_orders(
    text: &str,
    map: &Map,
    walkers: &[String],
) -> Result<RoundOrders, BackpacksError> {
    read_round_orders(text, map, walkers).map_err(BackpacksError::Orders)
}

fn read_round_orders(
    text: &str,
    map: &Map,
    walkers: &[String],
) -> Result<RoundOrders, OrderMistake> {
    let mut orders = RoundOrders::default();
    let mut given = [false; 2];
    // Statements already given, per turn and for the round: a repeat is an error naming it,
    // never silently merged (`buy chocolate; buy chocolate` is one bar or a mistake, 11.2).
    let mut seen: [Vec<Once>; 2] = [Vec::new(), Vec::new()];
    let mut seen_round: Vec<Once> = Vec::new();
    let mut turn = 0usize;
    let location = |word: &str| -> Result<LocationId, What> {
        map.space(word)
            .and_then(|s| map.spaces[usize::from(s)].location)
            .ok_or_else(|| What::NotALocation(word.to_owned()))
    };
    let walker = |word: &str| -> Result<u8, What> {
        walkers
            .iter()
            .position(|w| w.eq_ignore_ascii_case(word))
            .map(|w| w as u8)
            .ok_or_else(|| What::NotAWalker {
                word: word.to_owned(),
                walkers: walkers.iter().map(|w| w.to_string()).collect(),
            })
    };
    for raw in text.split(['\n', ';']) {
        let mut statement = raw.trim();
        if statement.is_empty() || statement.starts_with('#') {
            continue;
        }
        // A turn prefix: "1:", "2:", "turn 1:", "t2:", or as a list is numbered, "1." "2)".
        if let Some((head, rest)) = statement
            .split_once(':')
            .or_else(|| numbered_turn(statement))
        {
            let head = head.trim().to_ascii_lowercase();
            let head = head
                .trim_start_matches("turn")
                .trim_start_matches('t')
                .trim();
            match head {
                "1" => turn = 0,
                "2" => turn = 1,
                _ => return Err(What::BadTurn(raw.trim().to_owned()).into()),
            }
            statement = rest.trim();
            if statement.is_empty() {
                continue;
            }
        }
        let written = as_typed(statement, map);
        let statement = written.as_str();
        if statement.is_empty() {
            continue;
        }
        let words: Vec<&str> = statement.split_whitespace().collect();
        let verb = words[0].to_ascii_lowercase();
        let rest = &words[1..];
        let once: Option<Once> = match verb.as_str() {
            "buy" => Some(Once::BuyChocolate),
            "give" | "take" => Some(Once::Rucksack),
            "finish" => Some(Once::Finish),
            "discard" => Some(Once::Discard),
            "replace" => Some(Once::Replace),
            _ => None,
        };
        let twice = |once| What::Twice {
            once,
            statement: statement.to_owned(),
        };
        if let Some(once) = once {
            if seen[turn].contains(&once) {
                return Err(OrderMistake {
                    turn: Some(turn + 1),
                    verb: None,
                    what: twice(once),
                });
            }
            seen[turn].push(once);
        }
        if let Some(once) = match verb.as_str() {
            "weather" => Some(Once::Weather),
            "vote" => Some(Once::Vote),
            _ => None,
        } {
            if seen_round.contains(&once) {
                return Err(twice(once).into());
            }
            seen_round.push(once);
        }
        let t = &mut orders.turns[turn];
        let at = |verb: &str| named(turn, verb);
        let mut set_action = |action: Action, given: &mut [bool; 2]| -> Result<(), OrderMistake> {
            if given[turn] {
                return Err(OrderMistake {
                    turn: Some(turn + 1),
                    verb: None,
                    what: What::TwoMoves(statement.to_owned()),
                });
            }
            given[turn] = true;
            t.action = action;
            Ok(())
        };
        let swap = |words: &[&str]| -> Result<Option<CardKind>, What> {
            match words {
                [] => Ok(None),
                [w, card] if w.eq_ignore_ascii_case("swap") => words_to_card(card).map(Some),
                _ => Err(What::ExpectedSwap(words.join(" "))),
            }
        };
        match verb.as_str() {
            "walk" => {
                let Some((card, rest)) = rest.split_first() else {
                    return Err(at("walk")(What::WhichCard));
                };
                let card = words_to_card(card).map_err(at("walk"))?;
                let mut chocolate = false;
                let mut waypoints = Vec::new();
                for w in rest {
                    match w.to_ascii_lowercase().as_str() {
                        "chocolate" | "with" | "to" | "via" | "then" | "route" => {
                            chocolate |= w.eq_ignore_ascii_case("chocolate")
                        }
                        _ => waypoints.push(waypoint(map, w).map_err(at("walk"))?),
                    }
                }
                set_action(
                    Action::Walk {
                        card,
                        chocolate,
                        waypoints,
                    },
                    &mut given,
                )?;
            }
            "rest" | "stay" => set_action(Action::Rest, &mut given)?,
            "blister" => set_action(Action::Blister, &mut given)?,
            "play" if rest.len() == 1 && rest[0].eq_ignore_ascii_case("blister") => {
                set_action(Action::Blister, &mut given)?
            }
            "tea" => {
                let discards = match rest {
                    [] => Vec::new(),
                    [d, cards @ ..] if d.eq_ignore_ascii_case("discard") => cards
                        .iter()
                        .map(|c| words_to_card(c))
                        .collect::<Result<_, _>>()
                        .map_err(at("tea"))?,
                    _ => return Err(at("tea")(What::TeaForm)),
                };
                set_action(Action::Tea { discards }, &mut given)?;
            }
            "ferry" | "bus" => {
                let rest: Vec<&str> = rest
                    .iter()
                    .copied()
                    .filter(|w| !w.eq_ignore_ascii_case("to"))
                    .collect();
                let Some((to, more)) = rest.split_first() else {
                    return Err(at(&verb)(What::WhereTo(verb.clone())));
                };
                let to = location(to).map_err(at(&verb))?;
                let swap = swap(more).map_err(at(&verb))?;
                let action = if verb == "ferry" {
                    Action::Ferry { to, swap }
                } else {
                    Action::Bus { to, swap }
                };
                set_action(action, &mut given)?;
            }
            "buy" if rest.len() == 1 && rest[0].eq_ignore_ascii_case("chocolate") => {
                t.buy_chocolate = true
            }
            "give" | "take" => {
                let rest: Vec<&str> = rest
                    .iter()
                    .copied()
                    .filter(|w| !w.eq_ignore_ascii_case("to"))
                    .collect();
                if rest
                    .first()
                    .is_none_or(|w| !w.eq_ignore_ascii_case("rucksack"))
                {
                    return Err(at(&verb)(What::WriteRucksack(verb.clone())));
                }
                t.rucksack = Some(match (verb.as_str(), &rest[1..]) {
                    ("take", []) => RucksackOrder::Take,
                    ("give", []) => RucksackOrder::Give(None),
                    ("give", [who]) => RucksackOrder::Give(Some(walker(who).map_err(at("give"))?)),
                    _ => return Err(at(&verb)(What::RucksackForm)),
                });
            }
            "finish" => t.finish = true,
            "discard" => match rest {
                [card] => t.discard = Some(words_to_card(card).map_err(at("discard"))?),
                _ => return Err(at("discard")(What::NameOneCard)),
            },
            "replace" => {
                t.replace = rest
                    .iter()
                    .map(|c| words_to_card(c))
                    .collect::<Result<_, _>>()
                    .map_err(at("replace"))?;
            }
            "weather" => {
                orders.weather = match rest.first().map(|w| w.to_ascii_lowercase()).as_deref() {
                    Some("sunny") => WeatherChoice::Sunny,
                    Some("cloudy") => WeatherChoice::Cloudy,
                    Some("discard") | Some("keep") => WeatherChoice::Discard,
                    _ => return Err(for_round("weather", What::WeatherForm)),
                };
            }
            "vote" => match rest {
                [who] => orders.vote = Some(walker(who).map_err(|e| for_round("vote", e))?),
                _ => return Err(for_round("vote", What::NameOneWalker)),
            },
            other => return Err(What::NotAnOrder(other.to_owned()).into()),
        }
    }
    Ok(orders)
}

/// A mistake in a statement of turn `turn` (from 0), named by the statement's word.
fn named(turn: usize, verb: &str) -> impl Fn(What) -> OrderMistake + use<> {
    let verb = verb.to_owned();
    move |what| OrderMistake::at(turn, &verb, what)
}

/// A mistake in a statement for the whole round (`weather`, `vote`), named by its word.
fn for_round(verb: &str, what: What) -> OrderMistake {
    OrderMistake {
        turn: None,
        verb: Some(verb.to_owned()),
        what,
    }
}

/// A list-numbered turn prefix, `1. walk …` or `2) rest`: the head and the rest.
fn numbered_turn(statement: &str) -> Option<(&str, &str)> {
    let digits = statement.find(|c: char| !c.is_ascii_digit())?;
    // The mark after the digits may be any character, of any width.
    let mut tail = statement[digits..].chars();
    let mark = tail.next()?;
    let rest = tail.as_str();
    (digits > 0 && (mark == '.' || mark == ')') && rest.starts_with(char::is_whitespace))
        .then(|| (&statement[..digits], rest))
}

/// A statement as people type it, made plain: a place's name (`Friar's Crag`, any case,
/// either apostrophe) becomes its id, `4 + 1` becomes `4+1`, commas separate words, and a
/// full stop or comma at the end is dropped.
fn as_typed(statement: &str, map: &Map) -> String {
    let mut text = statement
        .replace(['\u{2019}', '\u{2018}'], "'")
        .replace(',', " ");
    // Longest names first, so that a name inside another is not replaced first.
    let mut names: Vec<(&str, &str)> = map
        .locations
        .iter()
        .map(|l| (l.name.as_str(), l.id.as_str()))
        .filter(|(name, _)| !name.is_empty())
        .collect();
    names.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
    // Names are matched in ASCII text only, where lower-casing keeps byte offsets.
    let ascii = text.is_ascii();
    for (name, id) in names.into_iter().filter(|_| ascii) {
        let mut from = 0;
        while let Some(found) = text[from..].to_lowercase().find(&name.to_lowercase()) {
            let at = from + found;
            let end = at + name.len();
            let bounded = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '\'');
            if bounded(text[..at].chars().next_back()) && bounded(text[end..].chars().next()) {
                text.replace_range(at..end, id);
                from = at + id.len();
            } else {
                from = end;
            }
        }
    }
    let mut plain = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        // "4 + 1", "4+ 1", "4 +1": one card.
        if word == "+" || word.starts_with('+') || plain.ends_with('+') {
            plain.push_str(word);
        } else {
            if !plain.is_empty() {
                plain.push(' ');
            }
            plain.push_str(word);
        }
    }
    plain.trim_end_matches(['.', ',']).trim_end().to_string()
}

/// A walk's waypoint: a space or location by id, or a path space written from its other end
/// (`FRI-KES.1` for the map's `KES-FRI.1`) when that can mean one space only; otherwise the
/// error names the fix.
fn waypoint(map: &Map, word: &str) -> Result<SpaceId, What> {
    if let Some(space) = map.space(word) {
        return Ok(space);
    }
    let upper = word.to_ascii_uppercase();
    let reversed = upper.split_once('.').and_then(|(path, number)| {
        let (a, b) = path.split_once('-')?;
        let n: usize = number.parse().ok()?;
        let spaces = map
            .space(&format!("{b}-{a}.1"))
            .and_then(|s| map.on_path(s))?
            .0
            .spaces
            .len();
        Some((format!("{b}-{a}"), n, spaces))
    });
    match reversed {
        Some((path, n, spaces)) if (1..=spaces).contains(&n) => {
            let same = format!("{path}.{n}");
            let counted_back = format!("{path}.{}", spaces + 1 - n);
            if same == counted_back {
                Ok(map.space(&same).expect("a space of the path"))
            } else {
                let (from, to) = path.split_once('-').expect("a path id");
                Err(What::SpaceFromOtherEnd(Box::new(OtherEnd {
                    word: word.to_owned(),
                    from: from.to_owned(),
                    to: to.to_owned(),
                    same,
                    counted_back,
                })))
            }
        }
        _ => Err(What::NotASpace(word.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<RoundOrders, String> {
        parse_round_orders(text, &Map::keswick(), &["ann".into(), "bob".into()])
            .map_err(|e| e.to_string())
    }

    #[test]
    fn bb_11_2_a_repeated_statement_in_a_turn_is_an_error_naming_it() {
        let e = parse("buy chocolate; buy chocolate").unwrap_err();
        assert!(e.starts_with("turn 1: buy chocolate given twice"), "{e}");
        let e = parse("1: rest; 2: finish; finish").unwrap_err();
        assert!(e.starts_with("turn 2: finish given twice"), "{e}");
        let e = parse("give rucksack; take rucksack").unwrap_err();
        assert!(e.contains("Heavy Rucksack order"), "{e}");
        let e = parse("1: rest; 2: rest; vote ann; vote bob").unwrap_err();
        assert!(e.starts_with("vote given twice in the round"), "{e}");
        let e = parse("weather sunny; 2: rest; weather cloudy").unwrap_err();
        assert!(e.starts_with("weather given twice in the round"), "{e}");
        let e = parse("rest; walk 4+2 FRI").unwrap_err();
        assert!(e.contains("two moves"), "{e}");
        // The same statement in each of the two turns is not a repeat.
        let o = parse("1: rest; buy chocolate; 2: rest; buy chocolate").unwrap();
        assert!(o.turns[0].buy_chocolate && o.turns[1].buy_chocolate);
    }

    /// Fails with the old parser, which refused each of these forms.
    #[test]
    fn orders_as_people_type_them() {
        let want = parse("1: walk 4+2 FRI; 2: rest").unwrap();
        for text in [
            "1. walk 4+2 FRI\n2. rest",
            "1) walk 4+2 FRI,\n2) rest.",
            "1: walk 4 + 2 FRI; 2: rest",
            "1: walk 4+2 Friar's Crag; 2: rest",
            "1: walk 4+2 friar\u{2019}s crag; 2: rest",
        ] {
            assert_eq!(parse(text), Ok(want.clone()), "{text}");
        }
        // A path's one middle space reads the same from either end; any other names the fix.
        let o = parse("walk 3+3 FRI-KES.1").unwrap_err();
        assert_eq!(
            o,
            "turn 1: walk: \"FRI-KES.1\" is not a space: the spaces between KES and FRI are numbered from KES; the space is KES-FRI.1 counting from KES, or KES-FRI.2 counting from FRI"
        );
        let map = Map::keswick();
        let middle = map
            .paths
            .iter()
            .find(|p| p.spaces.len() % 2 == 1)
            .expect("a path with a middle space");
        let (a, b) = (
            map.location_id(middle.ends[0]),
            map.location_id(middle.ends[1]),
        );
        let k = middle.spaces.len() / 2 + 1;
        let read = parse(&format!("walk 3+3 {b}-{a}.{k}")).unwrap();
        assert_eq!(
            read.turns[0].action,
            parse(&format!("walk 3+3 {a}-{b}.{k}")).unwrap().turns[0].action
        );
    }

    #[test]
    fn the_echo_reads_back_as_the_same_orders() {
        let names: Vec<String> = vec!["ann".into(), "bob".into()];
        let map = Map::keswick();
        let o = parse("1: walk 4+2 FRI; buy chocolate; give rucksack to bob; 2: tea; finish; weather sunny; vote bob").unwrap();
        assert_eq!(parse(&describe_round(&o, &map, &names)).unwrap(), o);
    }
}
