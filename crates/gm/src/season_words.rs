//! A season's standings in a reader's words: the classifications', units' and jerseys' names
//! in the reader's language, the sentences that say how a level top was settled, and the
//! standings as a text table with each line's movement.

use crate::season::Standings;

impl Standings {
    /// The standings with their words in `lang`, for a season of `game`. A game names its
    /// classifications, units and jerseys in English (`General classification`, `yellow
    /// jersey`); a language names them again by the game and the classification's key
    /// (`season-class`, `season-unit`, `season-jersey`), and keeps the game's own words where it
    /// has none.
    pub fn localize(&mut self, game: &str, lang: game_api::Lang) {
        let jersey = |name: &str| {
            locale::tr!(
                lang,
                "season-jersey",
                key = name.replace(' ', "-"),
                name = name
            )
        };
        for c in &mut self.classifications {
            let key = format!("{game}-{}", c.key);
            c.title = locale::tr!(
                lang,
                "season-class",
                key = key.as_str(),
                title = c.title.as_str()
            );
            c.unit = locale::tr!(
                lang,
                "season-unit",
                key = key.as_str(),
                unit = c.unit.as_str()
            );
            c.ties = locale::tr!(
                lang,
                "season-ties",
                key = key.as_str(),
                ties = c.ties.as_str()
            );
            if let Some(j) = &mut c.jersey {
                j.name = jersey(&j.name);
            }
        }
        for j in &mut self.jerseys {
            j.jersey.name = jersey(&j.jersey.name);
        }
    }

    /// One sentence for each classification whose first place is shared after every
    /// count-back (S-3): who shares it and how its jersey was given.
    pub fn level_lines(&self, lang: game_api::Lang) -> Vec<String> {
        self.level
            .iter()
            .filter_map(|top| {
                let class = self
                    .classifications
                    .iter()
                    .find(|c| c.key == top.classification)?;
                let jersey = match (&class.jersey, &top.jersey_to) {
                    (Some(j), Some(_)) => j.name.as_str(),
                    _ => "none",
                };
                Some(locale::tr!(
                    lang,
                    "season-level-top",
                    title = class.title.as_str(),
                    lines = lang.and_list(top.lines.as_slice()),
                    jersey = jersey,
                    who = top.jersey_to.as_deref().unwrap_or("")
                ))
            })
            .collect()
    }

    /// The standings as text: the jerseys, then each classification — all its lines, or with
    /// `top` the first `top` and the lines of seat `own` — with movements and each stage.
    pub fn text(
        &self,
        seats: &[String],
        top: Option<usize>,
        own: Option<usize>,
        lang: game_api::Lang,
    ) -> String {
        let mut out = String::new();
        for holder in &self.jerseys {
            let why = if holder.stand_in {
                lang.t("season-report-stand-in")
            } else {
                String::new()
            };
            let line = locale::tr!(
                lang,
                "season-jersey-line",
                jersey = capital(&holder.jersey.name),
                who = holder.piece.as_str(),
                why = why
            );
            out.push_str(&format!("{line}\n"));
        }
        for line in self.level_lines(lang) {
            out.push_str(&format!("{line}\n"));
        }
        for class in &self.classifications {
            if !out.is_empty() {
                out.push('\n');
            }
            let line = locale::tr!(
                lang,
                "season-class-line",
                title = class.title.as_str(),
                of = class.of.as_str(),
                unit = class.unit.as_str()
            );
            out.push_str(&format!("{line}\n"));
            let width = class
                .rows
                .iter()
                .map(|r| Self::name(seats, r).chars().count())
                .max()
                .unwrap_or(0);
            let mut skipped = false;
            for (i, row) in class.rows.iter().enumerate() {
                let shown = top.is_none_or(|n| i < n) || Some(row.seat) == own;
                if !shown {
                    skipped = true;
                    continue;
                }
                if skipped {
                    out.push_str("  …\n");
                    skipped = false;
                }
                let stages: Vec<String> = row
                    .stages
                    .iter()
                    .map(|c| {
                        if c.dropped {
                            format!("({})", c.value)
                        } else {
                            c.value.clone()
                        }
                    })
                    .collect();
                let jersey = self
                    .jerseys
                    .iter()
                    .find(|h| h.classification == class.key && Some(&h.piece) == row.piece.as_ref())
                    .map(|h| format!("  [{}]", h.jersey.name))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "{:>3} {:<3} {:<width$}  {:>6}   {}{jersey}\n",
                    row.rank,
                    movement(row.movement),
                    Self::name(seats, row),
                    row.total,
                    stages.join(" · "),
                ));
            }
            if skipped {
                out.push_str("  …\n");
            }
        }
        out
    }
}

/// A line's movement since the stage before as people read it: `▲2`, `▼1`, `▬`, or nothing
/// after the first stage.
pub fn movement(moved: Option<i32>) -> String {
    match moved {
        None => String::new(),
        Some(0) => "▬".into(),
        Some(n) if n > 0 => format!("▲{n}"),
        Some(n) => format!("▼{}", -n),
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
