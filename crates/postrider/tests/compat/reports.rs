//! Reports of 0.1 against this release's: what 0.1 printed, less what this release mends or adds
//! on purpose (a sealed next round, bulletins, digests, places in words, ties in standings).

use std::collections::BTreeMap;

use crate::fixture;

/// Every report 0.1 printed for the file, by viewer and turn ("red turn 2", "gm now", …).
///
/// One 0.1 defect is mended: a past Backpacks round's report ended with the orders sealed *now*
/// for the next round (so it changed after it was sent); this release ends it where the round
/// ended. Those lines are taken out of 0.1's text before comparing.
pub fn reports_0_1(name: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(fixture(&format!("{name}.reports.json"))).unwrap();
    let mut reports: BTreeMap<String, String> = serde_json::from_str(&text).unwrap();
    for (key, text) in reports.iter_mut() {
        if key.contains(" turn ")
            && let Some(at) = text.find("'s sealed orders:\n")
        {
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let end = text[at..].find("\n\n").map_or(text.len(), |i| at + i + 1);
            text.replace_range(line_start..end, "");
        }
    }
    reports
}

/// A report with its standings as a set: release 0.2 orders teams level on points by their
/// best-placed rider on the road (BA-17, from the board game's own text), where 0.1 kept them in
/// seating order, and teams or walkers level share their place (issue 51), where 0.1 numbered
/// them one by one. The teams and their points must be the same; only the order and the numbers
/// among ties move.
fn standings_as_a_set(report: &str) -> String {
    let mut out = Vec::new();
    let mut standings: Vec<String> = Vec::new();
    let mut inside = false;
    for line in report.lines() {
        if line == "Team standings" || line == "Standings" {
            inside = true;
            out.push(line.to_string());
            continue;
        }
        if inside && line.starts_with("  ") && line.contains(". ") {
            let (_, team) = line.trim_start().split_once(". ").unwrap();
            standings.push(team.to_string());
            continue;
        }
        if inside {
            standings.sort();
            out.append(&mut standings);
            inside = false;
        }
        out.push(line.to_string());
    }
    standings.sort();
    out.append(&mut standings);
    out.join("\n")
}

/// A report without its bulletin (issue 29): the headline, its underline, the sentences and,
/// in a seat's copy, the seat's own paragraph, each paragraph followed by a blank line.
fn without_bulletin(report: &str) -> String {
    let lines: Vec<&str> = report.lines().collect();
    let underline = |k: usize| {
        k > 0
            && !lines[k].is_empty()
            && lines[k].chars().all(|c| c == '-')
            && lines[k].chars().count() == lines[k - 1].chars().count()
    };
    let Some(at) = (1..lines.len()).find(|&k| underline(k)) else {
        return report.to_string();
    };
    let paragraphs = if lines.iter().any(|l| l.starts_with("Copy for ")) {
        2
    } else {
        1
    };
    let mut k = at + 2;
    for _ in 0..paragraphs {
        while k < lines.len() && !lines[k].is_empty() {
            k += 1;
        }
        k += 1;
    }
    let mut out: Vec<&str> = lines[..at - 1].to_vec();
    out.extend(&lines[k.min(lines.len())..]);
    out.join("\n")
}

/// A hand as 0.1 wrote it (`hand [3, 7, 8]`, `hand now [3, 7, 8]`) as this release writes it
/// (`hand 3 7 8`).
fn hands_as_cards(report: &str) -> String {
    report
        .lines()
        .map(|l| {
            let found = ["hand now [", "hand ["]
                .iter()
                .find_map(|p| l.find(p).map(|at| (at, p.len())));
            match found {
                Some((at, len)) => {
                    let end = l[at..].find(']').map_or(l.len(), |e| at + e);
                    let cards = l[at + len..end].replace(", ", " ");
                    format!(
                        "{}{cards}{}",
                        &l[..at + len - 1],
                        &l[(end + 1).min(l.len())..]
                    )
                }
                None => l.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A report of this release less what it adds to 0.1's on purpose: the marks of a walker that
/// sent no orders (B&B-11, issue 14), the commitment to the draws (issue 12), the bulletin and
/// the places a line's table repeats from earlier turns (issue 29), the turn's report digest
/// (issue 28).
fn without_0_2_additions(report: &str) -> String {
    without_bulletin(report)
        .lines()
        .filter(|l| !(l.ends_with(')') && l.contains("  (turn ")))
        .filter(|l| {
            !(l.starts_with("No orders received from: ") && l.ends_with("(they rest, B&B-11).")
                || l.starts_with("Draws committed: SHA-256 ")
                || l.contains(" · report digest SHA-256 "))
        })
        .map(|l| l.strip_suffix(" (no orders)").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\n\n\n", "\n\n")
}

/// A Backpacks report of 0.1 with its places said as this release says them (issue 51): a
/// location by name, a space of a path by where it lies on it, a walk by where it went
/// (`game_backpacks::words`); both fixtures play on the Keswick map. Codes in other games'
/// reports are not places, and are left alone.
fn places_in_words(report: &str) -> String {
    use game_backpacks::words::{place_words, scoring_space_words, space_words, way_words};
    use game_backpacks::{Map, Place};
    if !report.starts_with("BACKPACKS & BLISTERS") {
        return report.to_string();
    }
    let map = Map::keswick();
    let en = game_api::Lang::EN;
    let space = |code: &str| map.space(code).unwrap_or_else(|| panic!("{code}"));
    let name = |code: &str| space_words(en, &map, space(code));
    let at = |code: &str| place_words(en, &map, Place::At(space(code)));
    let mut out = Vec::new();
    for line in report.lines() {
        let mut line = line.to_string();
        for l in &map.locations {
            line = line.replace(&format!("{} {} (", l.id, l.name), &format!("{} (", l.name));
        }
        let text = line.clone();
        if let Some((head, path)) = text.split_once("): ")
            && head.contains(" walked ")
        {
            let codes: Vec<&str> = path
                .split(" → ")
                .map(|step| step.split(" [").next().unwrap())
                .collect();
            line = match codes[..] {
                [only] => format!(
                    "{head}): {}",
                    only.strip_suffix(" (stayed)")
                        .map_or(only.to_string(), |c| format!("{} (stayed)", name(c)))
                ),
                [from, ..] => {
                    let route: Vec<_> = codes[1..].iter().map(|c| space(c)).collect();
                    format!("{head}) {}", way_words(en, &map, space(from), &route))
                }
                [] => line,
            };
        } else if let Some((head, code)) = text.split_once(" rested at ") {
            line = format!("{head} rested {}", at(code));
        } else if let Some((head, scores)) = text.split_once("scores ") {
            let scores: Vec<String> = scores
                .split(", ")
                .map(|score| {
                    let (points, why) = score.split_once(' ').unwrap();
                    match why.strip_prefix("target ") {
                        Some(target) => {
                            let (code, order) = target.split_once(' ').unwrap();
                            format!("{points} target {} {order}", name(code))
                        }
                        None if map.space(why).is_some() => {
                            format!("{points} {}", scoring_space_words(en, &map, space(why)))
                        }
                        None => score.to_string(),
                    }
                })
                .collect();
            line = format!("{head}scores {}", scores.join(", "));
        } else if text.starts_with("  ")
            && (text.contains(" points  at ") || text.contains(" point   at "))
        {
            let (head, rest) = text.split_once("  at ").unwrap();
            let (code, targets) = rest.split_once("  targets: ").unwrap_or((rest, ""));
            line = format!("{head}  {}", at(code));
            if !targets.is_empty() {
                let names: Vec<String> = targets.split(' ').map(name).collect();
                line.push_str(&format!("  targets: {}", names.join(", ")));
            }
        }
        out.push(line);
    }
    out.join("\n")
}

/// A report less its sealed orders for the coming round: this release says them in words
/// from where the walker stands (`game_backpacks::words::round_words`, checked by the
/// server's tests), 0.1 as the order text.
fn without_sealed_orders(report: &str) -> String {
    let mut out = Vec::new();
    let mut inside = false;
    for line in report.lines() {
        if line.ends_with("'s sealed orders:") {
            inside = true;
            continue;
        }
        if inside && line.starts_with("  ") {
            continue;
        }
        inside = false;
        out.push(line);
    }
    out.join("\n")
}

pub fn same_report(now: &str, then: &str, what: &str) {
    if now != then {
        assert_eq!(
            standings_as_a_set(&without_sealed_orders(&without_0_2_additions(now))),
            standings_as_a_set(&without_sealed_orders(&places_in_words(&hands_as_cards(
                then
            )))),
            "{what}"
        );
    }
}
