//! Orders written back in the text form, as the engine read them: the echo a player gets, the
//! order form's moves and the log's words.

use std::fmt;

use super::{Action, RoundOrders, RucksackOrder, TurnOrders, WeatherChoice};
use crate::map::Map;

/// Writes orders back in the text form (as the engine read them: the echo a player gets).
pub fn describe_round(orders: &RoundOrders, map: &Map, walkers: &[String]) -> String {
    let mut out = Vec::new();
    for (k, t) in orders.turns.iter().enumerate() {
        out.push(format!("{}: {}", k + 1, describe_turn(t, map, walkers)));
    }
    match orders.weather {
        WeatherChoice::Discard => {}
        WeatherChoice::Sunny => out.push("weather sunny".into()),
        WeatherChoice::Cloudy => out.push("weather cloudy".into()),
    }
    if let Some(v) = orders.vote {
        out.push(format!("vote {}", walkers[usize::from(v)]));
    }
    out.join("\n")
}

pub fn describe_turn(t: &TurnOrders, map: &Map, walkers: &[String]) -> String {
    let mut parts = vec![match &t.action {
        Action::Rest => "rest".to_string(),
        Action::Walk {
            card,
            chocolate,
            waypoints,
        } => {
            let mut s = format!("walk {card}");
            if *chocolate {
                s.push_str(" chocolate");
            }
            for w in waypoints {
                s.push(' ');
                s.push_str(map.space_id(*w));
            }
            s
        }
        Action::Tea { discards } if discards.is_empty() => "tea".into(),
        Action::Tea { discards } => format!(
            "tea discard {}",
            discards
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Action::Ferry { to, swap } | Action::Bus { to, swap } => {
            let verb = if matches!(t.action, Action::Ferry { .. }) {
                "ferry"
            } else {
                "bus"
            };
            let swap = swap.map(|c| format!(" swap {c}")).unwrap_or_default();
            format!("{verb} {}{swap}", map.location_id(*to))
        }
        Action::Blister => "blister".into(),
    }];
    if t.buy_chocolate {
        parts.push("buy chocolate".into());
    }
    match t.rucksack {
        Some(RucksackOrder::Take) => parts.push("take rucksack".into()),
        Some(RucksackOrder::Give(None)) => parts.push("give rucksack".into()),
        Some(RucksackOrder::Give(Some(w))) => {
            parts.push(format!("give rucksack to {}", walkers[usize::from(w)]))
        }
        None => {}
    }
    if t.finish {
        parts.push("finish".into());
    }
    if let Some(d) = t.discard {
        parts.push(format!("discard {d}"));
    }
    if !t.replace.is_empty() {
        parts.push(format!(
            "replace {}",
            t.replace
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    parts.join("; ")
}

impl fmt::Display for WeatherChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WeatherChoice::Discard => "discard",
            WeatherChoice::Sunny => "sunny",
            WeatherChoice::Cloudy => "cloudy",
        })
    }
}
