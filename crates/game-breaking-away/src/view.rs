//! What one viewer may see of a race: everything public, and the hands of its own team only
//! (or every hand, with the board game's open hands option). Reports and bots see a race
//! through this view, never through the full position.

use game_api::{Seat, Viewer};

use crate::points::Points;
use crate::position::{Hand, Position, Rider, Status};
use crate::rules::{Grade, Rules};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiderView {
    pub team: u8,
    pub grade: Grade,
    pub distance: i32,
    pub points: Points,
    pub status: Status,
    pub sole_leader: bool,
    /// The cards, where this viewer may see them.
    pub hand: Option<Hand>,
    /// How many cards the rider holds (public: every rider plays one card a turn).
    pub hand_size: usize,
    /// When it arrived on its square (public: the order riders stand in on the board).
    pub arrival: u32,
}

impl RiderView {
    pub fn on_track(&self) -> bool {
        matches!(self.status, Status::Racing | Status::Dropped)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub rules: Rules,
    pub turn: u16,
    pub team_count: u8,
    pub viewer: Viewer,
    pub riders: Vec<RiderView>,
    pub line_places: [u16; 3],
    /// Board rules, turn 1: the team drawn to move first, once drawn.
    pub first_team: Option<u8>,
}

/// The position as one viewer may see it, borrowed rather than copied: the same visibility as
/// [`View`] (a hand only for a viewer who may see it), read rider by rider. Bots that decide
/// from the view alone read this on hot paths (tournaments); [`ViewRef::to_view`] makes the copy.
#[derive(Clone, Copy, Debug)]
pub struct ViewRef<'a> {
    position: &'a Position,
    viewer: Viewer,
    open: bool,
}

impl<'a> ViewRef<'a> {
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    pub fn rules(&self) -> Rules {
        self.position.rules
    }

    pub fn turn(&self) -> u16 {
        self.position.turn
    }

    pub fn team_count(&self) -> u8 {
        self.position.team_count
    }

    pub fn line_places(&self) -> [u16; 3] {
        self.position.line_places
    }

    pub fn first_team(&self) -> Option<u8> {
        self.position.first_team
    }

    pub fn rider_count(&self) -> usize {
        self.position.riders.len()
    }

    /// The riders of one team, by index.
    pub fn team_riders(&self, team: u8) -> impl Iterator<Item = usize> + 'a {
        self.position.team_riders(team)
    }

    /// The viewer's own riders on the track with cards in hand: index, grade and hand (a seat
    /// always sees its own hands). None for the GM or the public.
    #[inline]
    pub fn own_hands(&self) -> impl Iterator<Item = (usize, Grade, Hand)> + 'a {
        let team = match self.viewer {
            Viewer::Seat(seat) => Some(seat.0),
            _ => None,
        };
        let riders = &self.position.riders;
        // Races start with each team's four riders side by side (`Position::start`): look
        // there first, and through the whole field only if they are not.
        let four = team.map_or(0..0, |t| 4 * usize::from(t)..4 * usize::from(t) + 4);
        let range = match riders.get(four.clone()) {
            Some(side_by_side) if side_by_side.iter().all(|r| Some(r.team) == team) => four,
            _ => 0..riders.len(),
        };
        riders[range.clone()]
            .iter()
            .zip(range)
            .filter(move |(r, _)| Some(r.team) == team && r.on_track() && !r.hand.is_empty())
            .map(|(r, i)| (i, r.grade, r.hand))
    }

    /// The viewer's own four riders where they stand side by side, as races start them
    /// (`Position::start`), with the index of the first: everything about them is the seat's
    /// to see. None otherwise (then ask [`ViewRef::own_hands`]), and for the GM or the public.
    /// For bots that draw per rider in a fixed loop of four.
    #[inline]
    pub fn own_four(&self) -> Option<(usize, &'a [Rider; 4])> {
        let Viewer::Seat(Seat(team)) = self.viewer else {
            return None;
        };
        let first = 4 * usize::from(team);
        let four: &'a [Rider; 4] = self
            .position
            .riders
            .get(first..first + 4)?
            .try_into()
            .ok()?;
        four.iter().all(|r| r.team == team).then_some((first, four))
    }

    /// Rider `i` as this viewer sees it (the one place that decides whose hand shows).
    #[inline]
    pub fn rider(&self, i: usize) -> RiderView {
        let r = &self.position.riders[i];
        RiderView {
            team: r.team,
            grade: r.grade,
            distance: r.distance,
            points: r.points,
            status: r.status,
            sole_leader: r.sole_leader,
            hand: (self.open || self.viewer.sees_secrets_of(Seat(r.team))).then_some(r.hand),
            hand_size: r.hand.len(),
            arrival: r.arrival,
        }
    }

    pub fn riders(self) -> impl ExactSizeIterator<Item = RiderView> + 'a {
        (0..self.rider_count()).map(move |i| self.rider(i))
    }

    /// The owned copy.
    pub fn to_view(&self) -> View {
        View {
            rules: self.rules(),
            turn: self.turn(),
            team_count: self.team_count(),
            viewer: self.viewer,
            riders: self.riders().collect(),
            line_places: self.line_places(),
            first_team: self.first_team(),
        }
    }
}

impl Position {
    /// The position as `viewer` may see it, borrowed.
    pub fn view_ref(&self, viewer: Viewer) -> ViewRef<'_> {
        ViewRef {
            position: self,
            viewer,
            open: !self.rules.secret_hands(),
        }
    }

    /// The position as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> View {
        self.view_ref(viewer).to_view()
    }
}

/// The race now as `viewer` may see it, as JSON: what the API's game state shows.
pub fn race_json(
    table: &game_api::Table<'_, crate::BreakingAway>,
    viewer: Viewer,
) -> serde_json::Value {
    use serde_json::json;
    let rules = *table.settings;
    let teams = table.seats;
    let Some(position) = table.state else {
        return json!({
            "game": "breaking-away",
            "rules": rules.set.name(),
            "turn": 1,
            "started": false,
            "over": false,
            "teams": teams,
        });
    };
    let view = position.view(viewer);
    let points = position.team_points();
    json!({
        "game": "breaking-away",
        "rules": rules.set.name(),
        "turn": view.turn,
        "started": true,
        "over": position.is_over(),
        "teams": teams.iter().enumerate().map(|(t, name)| json!({
            "name": name,
            "points": points[t].to_json(),
        })).collect::<Vec<_>>(),
        "standings": position.standings().iter().map(|&t| teams[usize::from(t)].clone()).collect::<Vec<_>>(),
        "riders": view.riders.iter().map(|r| json!({
            "name": crate::game::rider_name(teams, r.team, r.grade),
            "team": teams[usize::from(r.team)],
            "grade": r.grade.letter().to_string(),
            "distance": r.distance,
            "square": rules.set.square(r.distance),
            "points": r.points.to_json(),
            "status": match r.status {
                Status::Racing => "racing".to_string(),
                Status::Dropped => "dropped".to_string(),
                Status::Retired => "retired".to_string(),
                Status::Finished(p) => format!("finished {p}"),
            },
            "sole_leader": r.sole_leader,
            "hand_size": r.hand_size,
            "hand": r.hand.map(|h| h.ascending()),
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Options;

    fn two_teams(rules: Rules) -> Position {
        let hand = Hand::new(&[10, 10, 10]).unwrap();
        Position::start(rules, &[[hand; 4], [hand; 4]])
    }

    #[test]
    fn a_team_sees_only_its_own_hands() {
        let view = two_teams(Rules::postal()).view(Viewer::Seat(Seat(1)));
        for r in &view.riders {
            assert_eq!(r.hand.is_some(), r.team == 1);
            assert_eq!(r.hand_size, 3);
        }
        assert!(
            two_teams(Rules::postal())
                .view(Viewer::Public)
                .riders
                .iter()
                .all(|r| r.hand.is_none())
        );
        assert!(
            two_teams(Rules::postal())
                .view(Viewer::Gm)
                .riders
                .iter()
                .all(|r| r.hand.is_some())
        );
    }

    #[test]
    fn board_open_hands_option_shows_every_hand() {
        let rules = Rules::board(Options {
            open_hands: true,
            ..Options::default()
        });
        let view = two_teams(rules).view(Viewer::Public);
        assert!(
            view.riders.iter().all(|r| r.hand.is_some()),
            "board FAQ: hands may be played open"
        );
    }
}
