//! Pictures for the web reports: the track or the map after any resolved turn, and a chart of
//! the race over the turns so far. Drawn from public views only: there is nothing secret in a
//! picture, whoever looks at it.

use std::fmt::Write as _;

use game_api::escape_markup as esc;

use game_api::Viewer;
use game_breaking_away::svg::team_colour;

use crate::record::Record;

/// One line of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    pub colour: &'static str,
    /// Dashes tell apart the lines of one team (its riders).
    pub dash: &'static str,
    /// (turn, value), from turn 0 (the start).
    pub points: Vec<(u16, i32)>,
}

/// The race so far, turn by turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub quantity: &'static str,
    pub series: Vec<Series>,
}

const DASHES: [&str; 4] = ["", "6 3", "2 2", "8 3 2 3"];

impl Record {
    /// The track (Breaking Away) or the map (Backpacks) after `turn` resolved turns (`None`:
    /// now); `None` before a race has started.
    pub fn picture_svg(&self, turn: Option<u16>) -> Option<String> {
        let turn = turn.unwrap_or(self.resolved());
        match self {
            Record::Race(race) => {
                let position = match turn {
                    0 => race.history().first().map(|r| &r.before)?,
                    t => &race.history().get(usize::from(t) - 1)?.after,
                };
                Some(game_breaking_away::svg::track_svg(
                    &position.view(Viewer::Public),
                    race.teams(),
                ))
            }
            Record::Outing(outing) => {
                let day = match turn {
                    0 => outing.history().first().map_or(outing.day(), |r| &r.before),
                    t => &outing.history().get(usize::from(t) - 1)?.after,
                };
                Some(game_backpacks::svg::map_svg(
                    &day.map,
                    Some((day, outing.walkers())),
                ))
            }
        }
    }

    /// Each rider's distance (Breaking Away) or each walker's points (Backpacks) after every
    /// resolved turn up to `upto`.
    pub fn progress(&self, upto: u16) -> Progress {
        let upto = usize::from(upto.min(self.resolved()));
        match self {
            Record::Race(race) => {
                let mut positions: Vec<_> = race
                    .history()
                    .first()
                    .map(|r| &r.before)
                    .into_iter()
                    .collect();
                positions.extend(race.history()[..upto].iter().map(|r| &r.after));
                let views: Vec<_> = positions.iter().map(|p| p.view(Viewer::Public)).collect();
                let riders = views.first().map_or(0, |v| v.riders.len());
                let series = (0..riders)
                    .map(|i| {
                        let first = &views[0].riders[i];
                        Series {
                            label: race.rider_name(first.team, first.grade),
                            colour: team_colour(first.team),
                            dash: DASHES[first.grade.index()],
                            points: views
                                .iter()
                                .enumerate()
                                .take_while(|(_, v)| {
                                    v.riders[i].status != game_breaking_away::Status::Retired
                                })
                                .map(|(t, v)| (t as u16, v.riders[i].distance))
                                .collect(),
                        }
                    })
                    .collect();
                Progress {
                    quantity: "distance",
                    series,
                }
            }
            Record::Outing(outing) => {
                let mut days = vec![outing.history().first().map_or(outing.day(), |r| &r.before)];
                days.extend(outing.history()[..upto].iter().map(|r| &r.after));
                let views: Vec<_> = days.iter().map(|d| d.view(Viewer::Public)).collect();
                let series = outing
                    .walkers()
                    .iter()
                    .enumerate()
                    .map(|(w, name)| Series {
                        label: name.clone(),
                        colour: team_colour(w as u8),
                        dash: "",
                        points: views
                            .iter()
                            .enumerate()
                            .map(|(t, v)| (t as u16, v.walkers[w].points))
                            .collect(),
                    })
                    .collect();
                Progress {
                    quantity: "points",
                    series,
                }
            }
        }
    }
}

impl Progress {
    /// A line chart: turns across, the quantity up.
    pub fn svg(&self) -> String {
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
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" font-family="DejaVu Sans, sans-serif" font-size="10" role="img" aria-label="{} over the turns"><rect width="100%" height="100%" fill="#fff"/>"##,
            self.quantity
        );
        let _ = writeln!(
            svg,
            r##"<line x1="{L}" y1="{}" x2="{}" y2="{}" stroke="#444"/><line x1="{L}" y1="{T}" x2="{L}" y2="{}" stroke="#444"/>"##,
            T + PLOT_H,
            L + PLOT_W,
            T + PLOT_H,
            T + PLOT_H
        );
        let step = (i32::from(turns) / 10).max(1);
        for t in (0..=i32::from(turns)).step_by(step as usize) {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="middle" fill="#555">{t}</text>"##,
                x(t as u16),
                T + PLOT_H + 14
            );
        }
        let _ = writeln!(
            svg,
            r##"<text x="{}" y="{}" text-anchor="middle" fill="#555">turn</text><text x="{L}" y="{}" text-anchor="end" fill="#555">{high}</text><text x="{}" y="{}" text-anchor="end" fill="#555">{low}</text><text x="4" y="{}" fill="#555">{}</text>"##,
            L + PLOT_W / 2,
            H - 4,
            T + 4,
            L - 4,
            T + PLOT_H,
            T + PLOT_H / 2,
            self.quantity
        );
        for (k, s) in self.series.iter().enumerate() {
            let points: Vec<String> = s
                .points
                .iter()
                .map(|&(t, v)| format!("{},{}", x(t), y(v)))
                .collect();
            let _ = writeln!(
                svg,
                r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="1.5" stroke-dasharray="{}"><title>{}</title></polyline>"#,
                points.join(" "),
                s.colour,
                s.dash,
                esc(&s.label)
            );
            let (lx, ly) = (
                L + PLOT_W + 12 + (k as i32 / 20) * 70,
                T + 6 + (k as i32 % 20) * 11,
            );
            let _ = writeln!(
                svg,
                r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="2" stroke-dasharray="{}"/><text x="{}" y="{}">{}</text>"#,
                lx + 14,
                s.colour,
                s.dash,
                lx + 17,
                ly + 3,
                esc(&s.label)
            );
        }
        svg.push_str("</svg>\n");
        svg
    }
}
