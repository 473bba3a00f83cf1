//! The Breaking Away commands: a race run from its game file.

use anyhow::{Result, anyhow, bail};
use bots::breaking_away::BotKind;
use game_api::{Seat, Seed, Viewer};
use game_breaking_away::orders::{parse_lineup, parse_orders};
use game_breaking_away::race::Race;
use game_breaking_away::report;
use game_breaking_away::{Options, RuleSet, Rules};

use crate::files::{emit, save, text_argument, viewer};

pub fn parse_rules(set: &str, options: &[String]) -> Result<Rules> {
    let set: RuleSet = set.parse().map_err(|e: String| anyhow!("--rules: {e}"))?;
    let mut opts = Options::default();
    for name in options {
        opts.set(name).map_err(|e| anyhow!("--option: {e}"))?;
    }
    Rules::new(set, opts).map_err(anyhow::Error::msg)
}

fn seat(race: &Race, team: Option<&str>) -> Result<Option<u8>> {
    team.map(|t| race.team_index(t))
        .transpose()
        .map_err(Into::into)
}

pub fn new(
    file: &str,
    rules: &str,
    options: &[String],
    teams: Vec<String>,
    seed: Seed,
) -> Result<()> {
    let rules = parse_rules(rules, options)?;
    let race = Race::new(rules, teams, seed)?;
    save(file, &race.to_json())?;
    emit(&format!(
        "New Breaking Away race ({}) for {} with seed {}: {file}. Next: each team's line-up (postrider lineup).\n",
        rules.set,
        race.teams().join(", "),
        seed.0
    ))
}

pub fn lineup(file: &str, mut race: Race, team: &str, words: &[String]) -> Result<()> {
    let lineup = parse_lineup(&text_argument(words)?).map_err(|e| anyhow!("line-up: {e}"))?;
    race.submit_lineup(team, lineup.clone())?;
    save(file, &race.to_json())?;
    emit(&format!("Line-up sealed for {team}: {lineup}\n"))
}

pub fn orders(
    file: &str,
    mut race: Race,
    team: &str,
    words: &[String],
    bot: Option<&str>,
) -> Result<()> {
    let orders = match bot {
        None => parse_orders(&text_argument(words)?).map_err(|e| anyhow!("orders: {e}"))?,
        Some(kind) => {
            let kind: BotKind = kind.parse().map_err(|e: String| anyhow!("--bot: {e}"))?;
            let seat = race.team_index(team)?;
            let Some(position) = race.position() else {
                bail!(
                    "--bot: bots order once the race has started (postrider lineup, then resolve turn 1)"
                )
            };
            // The bot sees only the seat's view; its draws come from the game's seed.
            let mut rng = race
                .seed()
                .rng(1 << 43 | u64::from(race.turn()) << 8 | u64::from(seat));
            kind.orders(&position.view(Viewer::Seat(Seat(seat))), &mut rng)
        }
    };
    if orders.is_empty() {
        bail!("orders: the bot has no rider to order");
    }
    race.submit_orders(team, orders)?;
    save(file, &race.to_json())?;
    emit(&format!(
        "Orders sealed for {team}, turn {}: {orders}\n",
        race.turn()
    ))
}

pub fn resolve(file: &str, mut race: Race, team: Option<&str>) -> Result<()> {
    let viewer = viewer(seat(&race, team)?, false);
    let record = race.resolve()?.clone();
    save(file, &race.to_json())?;
    emit(&report::turn_report(&race, &record, viewer))
}

pub fn report(race: &Race, team: Option<&str>, public: bool, turn: Option<u16>) -> Result<()> {
    let viewer = viewer(seat(race, team)?, public);
    match turn {
        None => emit(&report::race_report(race, viewer)),
        Some(turn) => {
            let Some(record) = race.history().iter().find(|r| r.outcome.turn == turn) else {
                bail!(
                    "--turn: turn {turn} has not been resolved (resolved: {})",
                    race.history().len()
                );
            };
            emit(&report::turn_report(race, record, viewer))
        }
    }
}

pub fn drop_or_retire(file: &str, mut race: Race, rider: &str, retire: bool) -> Result<()> {
    if retire {
        race.retire_rider(rider)?;
    } else {
        race.drop_rider(rider)?;
    }
    save(file, &race.to_json())?;
    emit(&if retire {
        format!("{rider} has retired from the race.\n")
    } else {
        format!(
            "{rider} is dropped: no more orders needed; without orders it plays its highest card.\n"
        )
    })
}

pub fn export(file: &str, race: &Race) -> Result<()> {
    let Some(scenario) = race.scenario() else {
        bail!("{file}: the race has not started, there is no position yet");
    };
    emit(&format!(
        "{}\n",
        serde_json::to_string_pretty(&scenario.to_json())?
    ))
}

const TEAM_NAMES: [&str; 16] = [
    "red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink", "grey",
    "brown", "cyan", "gold", "silver", "navy", "lime",
];

pub fn demo(rules: &str, options: &[String], bots: &[String], seed: u64) -> Result<()> {
    let rules = parse_rules(rules, options)?;
    let kinds = crate::files::bot_kinds(bots, &["heuristic", "heuristic", "random", "nmr"])?;
    let teams: Vec<String> = (0..kinds.len())
        .map(|i| {
            TEAM_NAMES
                .get(i)
                .map_or(format!("team{i}"), |n| n.to_string())
        })
        .collect();
    emit(&demo_race(rules, &kinds, teams, Seed(seed))?)
}

/// A whole race between bots, every turn's GM report in order.
fn demo_race(rules: Rules, kinds: &[BotKind], teams: Vec<String>, seed: Seed) -> Result<String> {
    let mut race = Race::new(rules, teams.clone(), seed)?;
    let mut out = format!(
        "A demonstration race: {} (seed {}).\n\n",
        teams
            .iter()
            .zip(kinds)
            .map(|(t, k)| format!("{t} ({k})"))
            .collect::<Vec<_>>()
            .join(", "),
        seed.0
    );
    for (t, kind) in kinds.iter().enumerate() {
        let mut rng = seed.rng(1 << 40 | t as u64);
        race.submit_lineup(&teams[t], kind.lineup(rules, &mut rng))?;
    }
    race.start()?;
    while let Some(position) = race.position().filter(|p| !p.is_over()) {
        let views: Vec<_> = (0..kinds.len())
            .map(|t| position.view(Viewer::Seat(Seat(t as u8))))
            .collect();
        for (t, kind) in kinds.iter().enumerate() {
            let mut rng = seed.rng(1 << 41 | u64::from(race.turn()) << 8 | t as u64);
            let orders = kind.orders(&views[t], &mut rng);
            if !orders.is_empty() {
                race.submit_orders(&teams[t], orders)?;
            }
        }
        let record = race.resolve()?.clone();
        out.push_str(&report::turn_report(&race, &record, Viewer::Gm));
        out.push('\n');
    }
    Ok(out)
}
