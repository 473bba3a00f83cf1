//! The board as data: a graph of spaces. Locations are the large spaces (with points, cafés,
//! ferry stops and bus stops); paths between two locations are runs of small spaces, some of
//! them black (viewpoints and beauty spots). A GM who owns the real board encodes it in the same
//! format (`docs/backpacks-data.md`); postrider ships a default built from real places around
//! Keswick (`data/keswick-map.toml`).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

use locale::{Phrase, phrase};
use serde::Deserialize;
use toml::Spanned;

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    format: String,
    version: u32,
    name: String,
    home: String,
    #[serde(default)]
    location: Vec<Spanned<LocationFile>>,
    #[serde(default)]
    path: Vec<Spanned<PathFile>>,
    #[serde(default)]
    ferry: Option<Spanned<FerryFile>>,
    #[serde(default)]
    bus: Vec<Spanned<BusFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LocationFile {
    id: String,
    name: String,
    shape: String,
    #[serde(default)]
    points: u8,
    #[serde(default)]
    cafe: bool,
    at: [f64; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PathFile {
    between: [String; 2],
    spaces: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FerryFile {
    stops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BusFile {
    route: u16,
    name: String,
    stops: Vec<String>,
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 12 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Map {
    /// The default map: Keswick and Derwentwater, from real places (`data/keswick-map.toml`).
    pub fn keswick() -> Map {
        Map::from_toml(include_str!("../data/keswick-map.toml")).expect("the shipped map is valid")
    }

    /// Reads and checks a map file.
    pub fn from_toml(text: &str) -> Result<Map, DataError> {
        let file: MapFile = parse_toml(text, "map")?;
        if file.format != MAP_FORMAT {
            return Err(DataError(phrase!(
                "bb-data-format",
                file = "map",
                format = file.format,
                expected = MAP_FORMAT
            )));
        }
        if file.version != MAP_VERSION {
            return Err(DataError(phrase!(
                "bb-data-version",
                file = "map",
                version = file.version,
                expected = MAP_VERSION
            )));
        }
        let at = |span: std::ops::Range<usize>| line_in("map", text, span.start);

        let mut map = Map {
            name: file.name,
            spaces: Vec::new(),
            locations: Vec::new(),
            paths: Vec::new(),
            ferry_stops: Vec::new(),
            buses: Vec::new(),
            home: 0,
            neighbours: Vec::new(),
            on_path: Vec::new(),
            paths_at: Vec::new(),
            by_id: BTreeMap::new(),
        };
        for entry in &file.location {
            let (span, l) = (entry.span(), entry.get_ref());
            if !valid_id(&l.id) {
                return Err(DataError(phrase!(
                    "bb-data-location-id",
                    place = at(span),
                    id = l.id
                )));
            }
            if map.by_id.contains_key(&l.id) {
                return Err(DataError(phrase!(
                    "bb-data-location-twice",
                    place = at(span),
                    id = l.id
                )));
            }
            let shape = match l.shape.as_str() {
                "circle" => Shape::Circle,
                "triangle" => Shape::Triangle,
                other => {
                    return Err(DataError(phrase!(
                        "bb-data-shape",
                        place = at(span),
                        id = l.id,
                        shape = other
                    )));
                }
            };
            if map.locations.len() >= usize::from(LocationId::MAX) {
                return Err(DataError(phrase!(
                    "bb-data-too-many-locations",
                    place = at(span)
                )));
            }
            let space = map.add_space(
                Space {
                    id: l.id.clone(),
                    shape,
                    black: false,
                    location: Some(map.locations.len() as LocationId),
                    at: (l.at[0], l.at[1]),
                },
                None,
            );
            map.locations.push(Location {
                id: l.id.clone(),
                name: l.name.clone(),
                points: l.points,
                cafe: l.cafe,
                ferry: false,
                buses: Vec::new(),
                space,
            });
        }
        let location = |map: &Map, id: &str, place: &Phrase| -> Result<LocationId, DataError> {
            map.locations
                .iter()
                .position(|l| l.id == id)
                .map(|l| l as LocationId)
                .ok_or_else(|| {
                    DataError(phrase!("bb-data-unknown-location", place = place, id = id))
                })
        };
        map.home = location(&map, &file.home, &Phrase::new("bb-data-home"))?;

        let mut seen_paths = BTreeSet::new();
        for entry in &file.path {
            let (span, p) = (entry.span(), entry.get_ref());
            let place = phrase!(
                "bb-data-path",
                place = at(span.clone()),
                path = format!("{}-{}", p.between[0], p.between[1])
            );
            let a = location(&map, &p.between[0], &place)?;
            let b = location(&map, &p.between[1], &place)?;
            if a == b || !seen_paths.insert((a.min(b), a.max(b))) {
                return Err(DataError(phrase!("bb-data-path-ends", place = place)));
            }
            let id = format!("{}-{}", p.between[0], p.between[1]);
            let path_index = map.paths.len();
            let (pa, pb) = (
                map.locations[usize::from(a)].space,
                map.locations[usize::from(b)].space,
            );
            let symbols: Vec<char> = p.spaces.chars().filter(|c| !c.is_whitespace()).collect();
            if map.spaces.len() + symbols.len() > MAX_SPACES {
                return Err(DataError(phrase!(
                    "bb-data-too-many-spaces",
                    place = place,
                    most = MAX_SPACES
                )));
            }
            let mut spaces = Vec::with_capacity(symbols.len());
            for (k, c) in symbols.iter().enumerate() {
                let (shape, black) = match c {
                    'o' | '○' => (Shape::Circle, false),
                    'O' | '●' => (Shape::Circle, true),
                    't' | '△' => (Shape::Triangle, false),
                    'T' | '▲' => (Shape::Triangle, true),
                    other => {
                        return Err(DataError(phrase!(
                            "bb-data-space-symbol",
                            place = place,
                            space = k + 1,
                            symbol = other.to_string()
                        )));
                    }
                };
                // Small spaces are drawn evenly along the straight line between the ends.
                let f = (k + 1) as f64 / (symbols.len() + 1) as f64;
                let (xa, ya) = map.spaces[usize::from(pa)].at;
                let (xb, yb) = map.spaces[usize::from(pb)].at;
                let s = map.add_space(
                    Space {
                        id: format!("{id}.{}", k + 1),
                        shape,
                        black,
                        location: None,
                        at: (xa + f * (xb - xa), ya + f * (yb - ya)),
                    },
                    Some((path_index, k + 1)),
                );
                spaces.push(s);
            }
            let chain: Vec<SpaceId> = std::iter::once(pa)
                .chain(spaces.iter().copied())
                .chain(std::iter::once(pb))
                .collect();
            for w in chain.windows(2) {
                map.neighbours[usize::from(w[0])].push(w[1]);
                map.neighbours[usize::from(w[1])].push(w[0]);
            }
            map.paths_at[usize::from(pa)].push(path_index);
            map.paths_at[usize::from(pb)].push(path_index);
            map.paths.push(Path {
                id,
                ends: [a, b],
                spaces,
            });
        }

        if let Some(ferry) = &file.ferry {
            let place = phrase!("bb-data-ferry", place = at(ferry.span()));
            for stop in &ferry.get_ref().stops {
                let l = location(&map, stop, &place)?;
                if map.locations[usize::from(l)].ferry {
                    return Err(DataError(phrase!(
                        "bb-data-stop-twice",
                        place = place,
                        stop = stop
                    )));
                }
                map.locations[usize::from(l)].ferry = true;
                map.ferry_stops.push(l);
            }
            if map.ferry_stops.len() < 2 {
                return Err(DataError(phrase!("bb-data-ferry-stops", place = place)));
            }
        }
        for entry in &file.bus {
            let (span, b) = (entry.span(), entry.get_ref());
            let place = phrase!("bb-data-bus", place = at(span), route = b.route);
            if map.buses.iter().any(|r| r.number == b.route) {
                return Err(DataError(phrase!("bb-data-route-twice", place = place)));
            }
            let mut stops = Vec::new();
            for stop in &b.stops {
                let l = location(&map, stop, &place).map_err(|_| {
                    DataError(phrase!("bb-data-bus-stop", place = place, stop = stop))
                })?;
                if stops.contains(&l) {
                    return Err(DataError(phrase!(
                        "bb-data-stop-twice",
                        place = place,
                        stop = stop
                    )));
                }
                map.locations[usize::from(l)].buses.push(b.route);
                stops.push(l);
            }
            if stops.len() < 2 {
                return Err(DataError(phrase!("bb-data-route-stops", place = place)));
            }
            map.buses.push(BusRoute {
                number: b.route,
                name: b.name.clone(),
                stops,
            });
        }

        // Every location must be reachable on foot from home.
        let home = map.locations[usize::from(map.home)].space;
        let reach = map.distances_from(home);
        if let Some(l) = map
            .locations
            .iter()
            .find(|l| reach[usize::from(l.space)].is_none())
        {
            return Err(DataError(phrase!(
                "bb-data-unreachable",
                id = l.id,
                home = map.locations[usize::from(map.home)].id
            )));
        }
        Ok(map)
    }

    fn add_space(&mut self, space: Space, on_path: Option<(usize, usize)>) -> SpaceId {
        self.by_id
            .insert(space.id.clone(), self.spaces.len() as SpaceId);
        self.spaces.push(space);
        self.neighbours.push(Vec::new());
        self.on_path.push(on_path);
        self.paths_at.push(Vec::new());
        (self.spaces.len() - 1) as SpaceId
    }

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
