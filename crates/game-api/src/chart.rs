//! The chart of a game so far: one line per rider or walker over the resolved turns, drawn as
//! SVG in the pictures' theme (light, and dark under `prefers-color-scheme: dark`). Each game
//! gives its series (`Game::progress`); the drawing is shared.

use std::fmt::Write as _;

use crate::escape_markup as esc;
use crate::picture::{COLOURS, light};

/// Dashes tell apart the lines of one seat (a team's riders).
pub const DASHES: [&str; 4] = ["", "6 3", "2 2", "8 3 2 3"];

/// One line of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    /// The seat's colour: an index into [`crate::picture::COLOURS`] (`TeamColours::class`).
    pub colour: usize,
    pub dash: &'static str,
    /// (turn, value), from turn 0 (the start).
    pub points: Vec<(u16, i32)>,
}

/// The game so far, turn by turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub quantity: &'static str,
    /// The game's turn noun (`turn`, `round`), across the chart's foot.
    pub turn_noun: &'static str,
    pub series: Vec<Series>,
}

impl Progress {
    /// A line chart in `lang`: turns across, the quantity up.
    pub fn svg(&self, lang: locale::Lang) -> String {
        let quantity = esc(&locale::tr!(
            lang,
            "pic-chart-quantity",
            quantity = self.quantity
        ));
        let label = esc(&locale::tr!(
            lang,
            "pic-chart-label",
            quantity = self.quantity,
            noun = self.turn_noun
        ));
        let axis = esc(&locale::tr!(lang, "pic-chart-turn", noun = self.turn_noun));
        const W: i32 = 640;
        const H: i32 = 260;
        const L: i32 = 46;
        const T: i32 = 14;
        const PLOT_W: i32 = W - L - 150;
        const PLOT_H: i32 = H - T - 34;
        let turns = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .max()
            .unwrap_or(0)
            .max(1);
        let values = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1));
        let low = values.clone().min().unwrap_or(0).min(0);
        let high = values.max().unwrap_or(1).max(low + 1);
        let x = |t: u16| L + i32::from(t) * PLOT_W / i32::from(turns);
        let y = |v: i32| T + PLOT_H - (v - low) * PLOT_H / (high - low);
        let (edge, muted, ink) = (light("pr-edge"), light("pr-muted"), light("pr-ink"));
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" font-family="DejaVu Sans, sans-serif" font-size="10" role="img" aria-label="{label}">{}<rect width="100%" height="100%" class="pr-panel" fill="{}"/>"##,
            crate::picture::style(&[]),
            light("pr-panel")
        );
        let _ = writeln!(
            svg,
            r##"<line x1="{L}" y1="{}" x2="{}" y2="{}" class="pr-edge" stroke="{edge}"/><line x1="{L}" y1="{T}" x2="{L}" y2="{}" class="pr-edge" stroke="{edge}"/>"##,
            T + PLOT_H,
            L + PLOT_W,
            T + PLOT_H,
            T + PLOT_H
        );
        let step = (i32::from(turns) / 10).max(1);
        for t in (0..=i32::from(turns)).step_by(step as usize) {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="middle" class="pr-muted" fill="{muted}">{t}</text>"##,
                x(t as u16),
                T + PLOT_H + 14
            );
        }
        let _ = writeln!(
            svg,
            r##"<text x="{}" y="{}" text-anchor="middle" class="pr-muted" fill="{muted}">{axis}</text><text x="{L}" y="{}" text-anchor="end" class="pr-muted" fill="{muted}">{high}</text><text x="{}" y="{}" text-anchor="end" class="pr-muted" fill="{muted}">{low}</text><text x="4" y="{}" class="pr-muted" fill="{muted}">{}</text>"##,
            L + PLOT_W / 2,
            H - 4,
            T + 4,
            L - 4,
            T + PLOT_H,
            T + PLOT_H / 2,
            quantity
        );
        // The lines, then each line's label at its end, nudged apart so that none overlap
        // (a thin leader joins a nudged label to its line's end).
        let mut ends: Vec<(i32, i32, usize)> = Vec::new();
        for (k, s) in self.series.iter().enumerate() {
            let points: Vec<String> = s
                .points
                .iter()
                .map(|&(t, v)| format!("{},{}", x(t), y(v)))
                .collect();
            let class = s.colour % COLOURS.len();
            let colour = &COLOURS[class];
            // A line too pale to see on the light ground (yellow's) is cased in grey, which
            // reads on the dark ground too.
            if crate::picture::contrast(colour.line, light("pr-panel")) < 1.5 {
                let _ = writeln!(
                    svg,
                    r##"<polyline points="{}" fill="none" stroke="#777" stroke-width="4" stroke-dasharray="{}"/>"##,
                    points.join(" "),
                    s.dash
                );
            }
            let _ = writeln!(
                svg,
                r#"<polyline points="{}" fill="none" class="pr-ts{class}" stroke="{}" stroke-width="2" stroke-dasharray="{}"><title>{}</title></polyline>"#,
                points.join(" "),
                colour.line,
                s.dash,
                esc(&s.label)
            );
            if let Some(&(t, v)) = s.points.last() {
                ends.push((x(t), y(v), k));
            }
        }
        // Labels at the same end column are spread at least 11 px apart, top to bottom.
        ends.sort_by_key(|&(ex, ey, k)| (ex, ey, k));
        let mut placed: Vec<(i32, i32, i32, usize)> = Vec::new();
        for &(ex, ey, k) in &ends {
            let above = placed.iter().filter(|p| p.0 == ex).map(|p| p.2).max();
            let ly = match above {
                Some(prev) if ey < prev + 11 => prev + 11,
                _ => ey,
            };
            placed.push((ex, ey, ly, k));
        }
        for (ex, ey, ly, line) in placed {
            let s = &self.series[line];
            let k = s.colour % COLOURS.len();
            let _ = writeln!(
                svg,
                r##"<line x1="{ex}" y1="{ey}" x2="{}" y2="{ly}" class="pr-ts{k}" stroke="{}" stroke-width="0.8"/><text x="{}" y="{}" class="pr-ink" fill="{ink}">{}</text>"##,
                ex + 8,
                COLOURS[k].line,
                ex + 10,
                ly + 3,
                esc(&s.label)
            );
        }
        svg.push_str("</svg>\n");
        svg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 15: the labels stand at the lines' ends, never on top of each other; no legend
    /// box repeats them.
    #[test]
    fn labels_at_the_line_ends_are_kept_apart() {
        let series = (0..12)
            .map(|k| Series {
                label: format!("team{}-{}", k / 4, "ABCD".as_bytes()[k % 4] as char),
                colour: k / 4,
                dash: DASHES[k % 4],
                points: vec![(0, 0), (5, 40 + (k as i32 % 3))],
            })
            .collect();
        let svg = Progress {
            quantity: "distance",
            turn_noun: "turn",
            series,
        }
        .svg(locale::Lang::EN);
        let ys: Vec<i32> = svg
            .match_indices(r##"class="pr-ink" fill="#1D1D1D">team"##)
            .map(|(at, _)| {
                let before = &svg[..at];
                let y = before.rsplit(" y=\"").next().unwrap();
                y[..y.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert_eq!(ys.len(), 12, "one label per line");
        let mut sorted = ys.clone();
        sorted.sort();
        assert!(sorted.windows(2).all(|w| w[1] - w[0] >= 11), "{sorted:?}");
    }
}
