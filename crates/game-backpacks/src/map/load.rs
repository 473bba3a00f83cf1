//! Reading a map file: the TOML shape of `docs/backpacks-data.md`, checked into a [`Map`] with
//! each error naming its line.

use std::collections::{BTreeMap, BTreeSet};

use locale::{Phrase, phrase};
use serde::Deserialize;
use toml::Spanned;

use super::{
    BusRoute, DataError, Location, LocationId, MAP_FORMAT, MAP_VERSION, MAX_SPACES, Map, Path,
    Shape, Space, SpaceId, line_in, parse_toml,
};

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
        Map::from_toml(include_str!("../../data/keswick-map.toml"))
            .expect("the shipped map is valid")
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
}
