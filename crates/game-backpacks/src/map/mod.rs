//! The board as data: a graph of spaces. Locations are the large spaces (with points, cafés,
//! ferry stops and bus stops); paths between two locations are runs of small spaces, some of
//! them black (viewpoints and beauty spots). A GM who owns the real board encodes it in the same
//! format (`docs/backpacks-data.md`); postrider ships a default built from real places around
//! Keswick (`data/keswick-map.toml`).

mod load;

use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use locale::{Phrase, phrase};

use crate::Weather;

pub const MAP_FORMAT: &str = "postrider-backpacks-map";
pub const MAP_VERSION: u32 = 1;

/// The symbol a space takes to enter: a circle or a triangle (rule 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    Circle,
    Triangle,
}

impl Shape {
    pub fn symbol(self) -> char {
        match self {
            Shape::Circle => '○',
            Shape::Triangle => '△',
        }
    }
}

pub type SpaceId = u16;
pub type LocationId = u8;

/// One space of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// A location's id (`KES`), or a small space's path and place on it (`KES-FRI.2`).
    pub id: String,
    pub shape: Shape,
    /// A small black space: a viewpoint (triangle) or beauty spot (circle), worth 1 point (5.1.1).
    pub black: bool,
    pub location: Option<LocationId>,
    /// Where to draw it.
    pub at: (f64, f64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Location {
    pub id: String,
    pub name: String,
    pub points: u8,
    pub cafe: bool,
    pub ferry: bool,
    /// The numbered bus routes that stop here.
    pub buses: Vec<u16>,
    pub space: SpaceId,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub id: String,
    pub ends: [LocationId; 2],
    /// The small spaces from `ends[0]` to `ends[1]`.
    pub spaces: Vec<SpaceId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BusRoute {
    pub number: u16,
    pub name: String,
    pub stops: Vec<LocationId>,
}

/// The most spaces a map may have (Keswick's has 213): a GM's own map is drawn on every page
/// of its game and in every report's mail, so its size is bounded.
pub const MAX_SPACES: usize = 2_000;

/// A checked map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub name: String,
    pub spaces: Vec<Space>,
    pub locations: Vec<Location>,
    pub paths: Vec<Path>,
    pub ferry_stops: Vec<LocationId>,
    pub buses: Vec<BusRoute>,
    /// Keswick: where the day starts and ends.
    pub home: LocationId,
    neighbours: Vec<Vec<SpaceId>>,
    /// For each small space: its path and its place on it (1-based).
    on_path: Vec<Option<(usize, usize)>>,
    /// For each location's space: the paths that start or end there.
    paths_at: Vec<Vec<usize>>,
    by_id: BTreeMap<String, SpaceId>,
}

/// A map or deck file that cannot be used. The message names the line and the id, in each
/// reader's language (the file's own words, ids and TOML keys, stay as written).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DataError(pub Phrase);

/// Where in a data file (`file`: map or deck): `map line 12`.
pub(crate) fn line_in(file: &'static str, text: &str, offset: usize) -> Phrase {
    phrase!("bb-data-line", file = file, line = line_of(text, offset))
}

/// Reads a data file; a syntax or shape error names the file kind (`what`) and the line.
pub(crate) fn parse_toml<T: serde::de::DeserializeOwned>(
    text: &str,
    what: &str,
) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let message = Phrase::verbatim(e.message());
        DataError(match e.span() {
            Some(s) => phrase!(
                "bb-data-syntax-line",
                file = what,
                line = line_of(text, s.start),
                message = message
            ),
            None => phrase!("bb-data-syntax", file = what, message = message),
        })
    })
}

pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

impl Map {
    pub fn space(&self, id: &str) -> Option<SpaceId> {
        self.by_id
            .get(id)
            .copied()
            .or_else(|| self.by_id.get(&id.to_ascii_uppercase()).copied())
    }

    pub fn space_id(&self, space: SpaceId) -> &str {
        &self.spaces[usize::from(space)].id
    }

    pub fn location_id(&self, location: LocationId) -> &str {
        &self.locations[usize::from(location)].id
    }

    pub fn location_at(&self, space: SpaceId) -> Option<&Location> {
        self.spaces[usize::from(space)]
            .location
            .map(|l| &self.locations[usize::from(l)])
    }

    pub fn is_small(&self, space: SpaceId) -> bool {
        self.spaces[usize::from(space)].location.is_none()
    }

    pub fn home_space(&self) -> SpaceId {
        self.locations[usize::from(self.home)].space
    }

    pub fn neighbours(&self, space: SpaceId) -> &[SpaceId] {
        &self.neighbours[usize::from(space)]
    }

    /// Points for ending a turn on a space (5.1.1, 5.1.2); triangles are worth one less when
    /// the weather is Cloudy (9.1).
    pub fn points(&self, space: SpaceId, weather: Weather) -> u8 {
        let s = &self.spaces[usize::from(space)];
        let base = match s.location {
            Some(l) => self.locations[usize::from(l)].points,
            None => u8::from(s.black),
        };
        if weather == Weather::Cloudy && s.shape == Shape::Triangle {
            base.saturating_sub(1)
        } else {
            base
        }
    }

    /// Steps on foot from `from` to every space (`None`: unreachable).
    pub fn distances_from(&self, from: SpaceId) -> Vec<Option<u16>> {
        let mut dist = vec![None; self.spaces.len()];
        dist[usize::from(from)] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            let d = dist[usize::from(s)].expect("queued spaces have a distance");
            for &n in self.neighbours(s) {
                if dist[usize::from(n)].is_none() {
                    dist[usize::from(n)] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// A space's place on a path: 0 at its first end, 1.. on its small spaces, then the last end.
    fn place_on(&self, path: usize, space: SpaceId) -> Option<usize> {
        let p = &self.paths[path];
        let end = |k: usize| self.locations[usize::from(p.ends[k])].space;
        if space == end(0) {
            Some(0)
        } else if space == end(1) {
            Some(p.spaces.len() + 1)
        } else {
            self.on_path[usize::from(space)]
                .filter(|&(q, _)| q == path)
                .map(|(_, k)| k)
        }
    }

    /// The paths a space lies on: its own path for a small space, every path from a location.
    fn paths_of(&self, space: SpaceId) -> &[usize] {
        match &self.on_path[usize::from(space)] {
            Some((p, _)) => std::slice::from_ref(p),
            None => &self.paths_at[usize::from(space)],
        }
    }

    /// The spaces of a path from one of its spaces to another, the first excluded.
    fn along(&self, from: SpaceId, to: SpaceId) -> Option<Vec<SpaceId>> {
        let path = *self
            .paths_of(from)
            .iter()
            .find(|&&p| self.paths_of(to).contains(&p))?;
        let (i, j) = (self.place_on(path, from)?, self.place_on(path, to)?);
        let p = &self.paths[path];
        let at = |k: usize| -> SpaceId {
            if k == 0 {
                self.locations[usize::from(p.ends[0])].space
            } else if k == p.spaces.len() + 1 {
                self.locations[usize::from(p.ends[1])].space
            } else {
                p.spaces[k - 1]
            }
        };
        match i.cmp(&j) {
            std::cmp::Ordering::Less => Some((i + 1..=j).map(at).collect()),
            std::cmp::Ordering::Greater => Some((j..i).rev().map(at).collect()),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Expands waypoints into the spaces walked, from `from`. A waypoint is a neighbouring
    /// space, or any space further along a path the walker stands at the end of or on.
    pub fn expand_route(
        &self,
        from: SpaceId,
        waypoints: &[SpaceId],
    ) -> Result<Vec<SpaceId>, locale::Phrase> {
        let mut at = from;
        let mut route = Vec::new();
        for &w in waypoints {
            if self.neighbours(at).contains(&w) {
                route.push(w);
            } else if let Some(steps) = self.along(at, w) {
                route.extend(steps);
            } else {
                let on_the_way = self.locations_on_the_way(at, w);
                return Err(if on_the_way.is_empty() {
                    locale::phrase!(
                        "bb-refuse-no-path",
                        from = self.space_id(at),
                        to = self.space_id(w)
                    )
                } else {
                    locale::phrase!(
                        "bb-refuse-not-next-to",
                        to = self.space_id(w),
                        from = self.space_id(at),
                        way = on_the_way.join(" ")
                    )
                });
            }
            at = w;
        }
        Ok(route)
    }

    /// The locations a shortest walk from `from` to `to` passes (both excluded): the
    /// waypoints to suggest for a route that skips them. Empty when `to` cannot be reached.
    pub fn locations_on_the_way(&self, from: SpaceId, to: SpaceId) -> Vec<&str> {
        let mut before: Vec<Option<SpaceId>> = vec![None; self.spaces.len()];
        let mut seen = vec![false; self.spaces.len()];
        seen[usize::from(from)] = true;
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            if s == to {
                break;
            }
            for &n in self.neighbours(s) {
                if !seen[usize::from(n)] {
                    seen[usize::from(n)] = true;
                    before[usize::from(n)] = Some(s);
                    queue.push_back(n);
                }
            }
        }
        let mut way = Vec::new();
        let mut at = before[usize::from(to)];
        while let Some(s) = at.filter(|&s| s != from) {
            if let Some(location) = self.location_at(s) {
                way.push(location.id.as_str());
            }
            at = before[usize::from(s)];
        }
        way.reverse();
        way
    }

    /// A bus route that serves both locations, if any (8.4).
    pub fn bus_between(&self, a: LocationId, b: LocationId) -> Option<u16> {
        self.buses
            .iter()
            .find(|r| r.stops.contains(&a) && r.stops.contains(&b))
            .map(|r| r.number)
    }

    /// The path and place (1-based) of a small space.
    pub fn on_path(&self, space: SpaceId) -> Option<(&Path, usize)> {
        self.on_path[usize::from(space)].map(|(p, k)| (&self.paths[p], k))
    }
}

impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} locations, {} paths, {} spaces)",
            self.name,
            self.locations.len(),
            self.paths.len(),
            self.spaces.len()
        )
    }
}
