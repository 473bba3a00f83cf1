//! The desk's seasons: `season new|add|standings` over a season file that lists its stages'
//! game files, standings computed by `gm::season` as the server computes them.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use game_api::season::SeasonNouns;
use gm::season::{Season, Standings, next_stage, standings};
use gm::{Event, GameFile};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::files::{self, emit, save};

const FORMAT: &str = "postrider-season";
const VERSION: u32 = 1;

/// `postrider season …`.
#[derive(Debug, Subcommand)]
pub enum SeasonCommand {
    /// Start a season (a stage race, a walking week, a league) with a game file as its first
    /// stage: season new FILE --name NAME --first GAME_FILE [--best-of N] [--scoring JSON_FILE].
    New {
        /// The season file to write.
        file: String,
        /// The season's name.
        #[arg(long)]
        name: String,
        /// The first stage's game file (`postrider new`).
        #[arg(long)]
        first: String,
        /// A league: only each line's best N stages count.
        #[arg(long)]
        best_of: Option<u16>,
        /// The game's season scoring tables as JSON (Breaking Away: finish, sprint,
        /// team_riders); without it, the rules' own.
        #[arg(long)]
        scoring: Option<String>,
    },
    /// Write the next stage's game file, the seats and bots as in the last stage, once it is
    /// over: season add FILE [--seed N] [--out GAME_FILE]; or add a game file there is already
    /// (a server's stage, exported): season add FILE --existing GAME_FILE.
    Add {
        file: String,
        #[arg(long, conflicts_with = "existing")]
        seed: Option<u64>,
        /// The new game file; default: beside the season file, `NAME-stage-N.json`.
        #[arg(long, conflicts_with = "existing")]
        out: Option<String>,
        /// A game file of the same game and seats to add as the next stage.
        #[arg(long)]
        existing: Option<String>,
    },
    /// The standings after the finished stages: every classification, movements, jerseys.
    Standings {
        file: String,
        /// As JSON (the server's API gives the same).
        #[arg(long)]
        json: bool,
        /// The language to write the standings in (`en`, `ja`).
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

/// A season file: the season and its stages' game files (relative to the season file).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeasonFile {
    format: String,
    version: u32,
    season: Season,
    stages: Vec<String>,
}

pub fn run(command: SeasonCommand) -> Result<()> {
    match command {
        SeasonCommand::New {
            file,
            name,
            first,
            best_of,
            scoring,
        } => new(&file, name, &first, best_of, scoring.as_deref()),
        SeasonCommand::Add {
            file,
            existing: Some(existing),
            ..
        } => add_existing(&file, &existing),
        SeasonCommand::Add {
            file, seed, out, ..
        } => add(&file, seed, out.as_deref()),
        SeasonCommand::Standings { file, json, lang } => {
            print_standings(&file, json, game_api::Lang::from_code(&lang)?)
        }
    }
}

fn dir_of(file: &str) -> PathBuf {
    Path::new(file)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// A stage's path as the season file keeps it: relative to the season file's directory where
/// it lies under it, else absolute.
fn stage_path(season_file: &str, stage: &str) -> Result<String> {
    let dir = dir_of(season_file)
        .canonicalize()
        .with_context(|| format!("{season_file}: its directory"))?;
    let stage = Path::new(stage)
        .canonicalize()
        .with_context(|| format!("reading {stage}"))?;
    Ok(stage
        .strip_prefix(&dir)
        .unwrap_or(&stage)
        .to_string_lossy()
        .into_owned())
}

fn load(file: &str) -> Result<SeasonFile> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
    let season: SeasonFile =
        serde_json::from_str(&text).with_context(|| format!("{file}: not a season file"))?;
    if season.format != FORMAT || season.version != VERSION {
        bail!("{file}: not a season file of this release ({FORMAT} version {VERSION})");
    }
    Ok(season)
}

fn write(file: &str, season: &SeasonFile) -> Result<()> {
    save(file, &(serde_json::to_string_pretty(season)? + "\n"))
}

fn load_stage(season_file: &str, stage: &str) -> Result<GameFile> {
    let path = dir_of(season_file).join(stage);
    crate::files::load(&path.to_string_lossy())
}

fn new(
    file: &str,
    name: String,
    first: &str,
    best_of: Option<u16>,
    scoring: Option<&str>,
) -> Result<()> {
    let _hold = files::hold_new(file)?;
    if Path::new(file).exists() {
        bail!("{file}: a file is there already");
    }
    let game = crate::files::load(first)?;
    let scoring = match scoring {
        Some(path) => serde_json::from_str(&files::read_input(path)?)
            .with_context(|| format!("--scoring: {path} is not JSON"))?,
        None => Value::Null,
    };
    let season = Season {
        game: game.record().game().name.to_string(),
        name,
        scoring,
        best_of,
    };
    let nouns = season.check()?;
    let stages = vec![stage_path(file, first)?];
    write(
        file,
        &SeasonFile {
            format: FORMAT.into(),
            version: VERSION,
            season,
            stages,
        },
    )?;
    emit(&format!(
        "New {} with {first} as {} 1: {file}.\n",
        nouns.season, nouns.stage
    ))
}

/// The season in `file`, held, once it may take its next stage: room for one more and its last
/// stage over. With what its game calls it and the last stage's game.
fn ready_for_next(file: &str) -> Result<(files::Hold, SeasonFile, SeasonNouns, GameFile)> {
    let hold = files::hold(file)?;
    let season = load(file)?;
    let nouns = season.season.check()?;
    if season.stages.len() >= gm::season::MAX_STAGES {
        bail!(
            "{file}: a season holds at most {} {}s",
            gm::season::MAX_STAGES,
            nouns.stage
        );
    }
    let last = season.stages.last().context("a season has a first stage")?;
    let previous = load_stage(file, last)?;
    if !previous.record().is_over() {
        bail!(
            "{last}: {} {} is not over yet",
            nouns.stage,
            season.stages.len()
        );
    }
    Ok((hold, season, nouns, previous))
}

fn add(file: &str, seed: Option<u64>, out: Option<&str>) -> Result<()> {
    let (_hold, mut season, nouns, previous) = ready_for_next(file)?;
    let number = season.stages.len() + 1;
    let out = match out {
        Some(out) => out.to_string(),
        None => {
            let stem = Path::new(file)
                .file_stem()
                .map_or("season".into(), |s| s.to_string_lossy().into_owned());
            dir_of(file)
                .join(format!("{stem}-{}-{number}.json", nouns.stage))
                .to_string_lossy()
                .into_owned()
        }
    };
    let _out_hold = files::hold_new(&out)?;
    if Path::new(&out).exists() {
        bail!("{out}: a file is there already");
    }
    let seed = match seed {
        Some(seed) => seed,
        None => files::fresh_seed()?,
    };
    let events: Vec<Event> = previous.log().iter().map(|e| e.event.clone()).collect();
    let mut log = next_stage(&events, seed, None)?.into_iter();
    let Some(Event::Created { setup }) = log.next() else {
        let last = season.stages.last().map_or("", String::as_str);
        bail!("{last}: no creation to follow");
    };
    let mut game = GameFile::new(setup, crate::desk::now(), Some(crate::desk::DESK.into()))?;
    let bots: Vec<Event> = log.collect();
    if !bots.is_empty() {
        game.push(bots, crate::desk::now(), crate::desk::DESK)?;
    }
    save(&out, &game.to_json())?;
    season.stages.push(stage_path(file, &out)?);
    write(file, &season)?;
    emit(&format!(
        "{} {number} of {}: {out}, seed {seed}, the seats as in {} {}.\n",
        capital(nouns.stage),
        season.season.name,
        nouns.stage,
        number - 1
    ))
}

/// Adds a game file there is already as the next stage: the same game and seats, the last
/// stage over.
fn add_existing(file: &str, existing: &str) -> Result<()> {
    let (_hold, mut season, nouns, previous) = ready_for_next(file)?;
    let game = crate::files::load(existing)?;
    if game.record().game().name != season.season.game {
        bail!(
            "--existing: {existing} is a game of {}, not {}",
            game.record().game().name,
            season.season.game
        );
    }
    if game.record().seats() != previous.record().seats() {
        bail!(
            "--existing: {existing}'s seats are not the season's ({})",
            previous.record().seats().join(", ")
        );
    }
    let kept = stage_path(file, existing)?;
    if season.stages.contains(&kept) {
        bail!("--existing: {existing} is a stage of the season already");
    }
    season.stages.push(kept);
    write(file, &season)?;
    emit(&format!(
        "{} {} of {}: {existing}.\n",
        capital(nouns.stage),
        season.stages.len(),
        season.season.name
    ))
}

fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The standings of the season in `file`: its finished stages, in order.
fn season_standings(file: &str) -> Result<(SeasonFile, Vec<String>, Standings, usize)> {
    let season = load(file)?;
    let mut seats = Vec::new();
    let mut results = Vec::new();
    for (n, stage) in season.stages.iter().enumerate() {
        let game = load_stage(file, stage)?;
        let record = game.record();
        if record.game().name != season.season.game {
            bail!(
                "{stage}: a game of {}, not {}",
                record.game().name,
                season.season.game
            );
        }
        if n == 0 {
            seats = record.seats().to_vec();
        } else if record.seats() != seats.as_slice() {
            bail!(
                "{stage}: its seats are not the season's ({})",
                seats.join(", ")
            );
        }
        match record.stage() {
            Some(result) if results.len() == n => results.push(result),
            _ => {}
        }
    }
    let table = standings(&season.season, &seats, &results)?;
    let finished = results.len();
    Ok((season, seats, table, finished))
}

fn print_standings(file: &str, json: bool, lang: game_api::Lang) -> Result<()> {
    let (season, seats, mut table, finished) = season_standings(file)?;
    if json {
        let value = serde_json::json!({
            "season": season.season,
            "seats": seats,
            "stages": season.stages,
            "standings": table,
        });
        return emit(&(serde_json::to_string_pretty(&value)? + "\n"));
    }
    let nouns = season.season.check()?;
    let mut text = locale::tr!(
        lang,
        "season-desk-heading",
        name = season.season.name.as_str(),
        season = nouns.season,
        stage = nouns.stage,
        game = gm::game_info(&season.season.game)?.title,
        n = finished,
        planned = season.stages.len(),
        best = season.season.best_of.unwrap_or(0)
    );
    text.push_str("\n\n");
    if finished == 0 {
        text.push_str(&locale::tr!(lang, "season-desk-none", stage = nouns.stage));
        text.push('\n');
    } else {
        table.localize(&season.season.game, lang);
        text.push_str(&table.text(&seats, None, None, lang));
    }
    emit(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_under_the_season_s_directory_is_kept_relative() {
        let dir = tempfile::tempdir().unwrap();
        let stage = dir.path().join("s1.json");
        std::fs::write(&stage, "{}").unwrap();
        let season = dir.path().join("tour.json");
        let kept = stage_path(&season.to_string_lossy(), &stage.to_string_lossy()).unwrap();
        assert_eq!(kept, "s1.json");
    }
}
