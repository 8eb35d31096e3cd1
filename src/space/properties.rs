//! Properties of fields and routes over random maps: a route never enters blocked ground at any
//! point, costs exactly the sum of its segments, is never slower than the way it straightens,
//! exists exactly when the target can be reached, is the same read from the ways kept as
//! straightened afresh, and is read from fields whose values are the least efforts — also after
//! random repaints.

use super::field::Field;
use super::map::Map;
use super::*;
use proptest::prelude::*;

/// A random map: its size, cell, origin, road speed and grounds (grass the most common).
fn maps() -> impl Strategy<Value = Map> {
    let grounds = prop_oneof![5 => Just(Ground::Grass), 2 => Just(Ground::Road), 2 => Just(Ground::Wall), 1 => Just(Ground::Water)];
    (2u32..11, 2u32..9, prop::sample::select(vec![1.0f32, 7.3, 20.0]), 0usize..3, 0usize..4).prop_flat_map(
        move |(width, height, cell, origin, speed)| {
            let origin = [[0.0, 0.0], [-500.0, 440.0], [123.4, -77.7]][origin];
            let speed = [0.5, 1.0, 1.5, 3.0][speed];
            prop::collection::vec(grounds.clone(), (width * height) as usize).prop_map(move |cells| {
                let rows: Vec<String> =
                    cells.chunks(width as usize).map(|r| r.iter().map(|g| g.char()).collect()).collect();
                Map::parse(cell, origin, &rows, 10_000).unwrap().with_road_speed(speed)
            })
        },
    )
}

/// A point of `map` picked by `pick`: in some cell, on its western or northern border, in its
/// middle or anywhere in it.
fn point(map: &Map, pick: (u32, u32, u8, u8)) -> [f32; 2] {
    let (col, row) = (pick.0 % map.width(), pick.1 % map.height());
    let offset = |k: u8| [0.0, 0.5, 0.999_9, f64::from(k) / 256.0][usize::from(k % 4)];
    let [x, y] = map.to_world([f64::from(col) + offset(pick.2), f64::from(row) + offset(pick.3)]);
    [x as f32, y as f32]
}

/// A point of `map` a walker may stand on, picked as [`point`] picks among the walkable cells
/// (its middle if rounding puts a border point outside them); `None` if nothing is walkable.
fn open_point(map: &Map, pick: (u32, u32, u8, u8)) -> Option<[f32; 2]> {
    let open: Vec<usize> = (0..map.cells()).filter(|&i| map.walkable_at(i)).collect();
    let cell = map.cell_at(*open.get(pick.0 as usize % open.len().max(1))?);
    let point = point(map, (cell.col, cell.row, pick.2, pick.3));
    Some(if map.cell_of(point) == Some(cell) { point } else { map.center(cell) })
}

fn picks() -> impl Strategy<Value = (u32, u32, u8, u8)> {
    (any::<u32>(), any::<u32>(), any::<u8>(), any::<u8>())
}

/// Whether the segment `a`→`b` runs through the inside of a blocked cell, or off the map, by
/// more than rounding: checked cell by cell, apart from how routes are made.
fn enters_blocked(map: &Map, a: [f32; 2], b: [f32; 2]) -> bool {
    let (p, q) = (map.to_grid(a.map(f64::from)), map.to_grid(b.map(f64::from)));
    let slack = 1e-9;
    let off = |v: f64, side: u32| v < -slack || v > f64::from(side) + slack;
    if [p, q].iter().any(|g| off(g[0], map.width()) || off(g[1], map.height())) {
        return true;
    }
    (0..map.cells()).filter(|&i| !map.walkable_at(i)).any(|i| {
        let cell = map.cell_at(i);
        let (mut low, mut high) = (0.0f64, 1.0f64);
        for (axis, side) in [(0, cell.col), (1, cell.row)] {
            let (from, to, side) = (p[axis], q[axis], f64::from(side));
            if to == from {
                if !(from > side + slack && from < side + 1.0 - slack) {
                    return false;
                }
                continue;
            }
            let (s, t) = ((side - from) / (to - from), (side + 1.0 - from) / (to - from));
            (low, high) = (low.max(s.min(t)), high.min(s.max(t)));
        }
        high - low > slack
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn routes_keep_out_of_blocked_ground_and_cost_what_their_geometry_does(
        map in maps(), from in picks(), to in picks(),
    ) {
        let (Some(from), Some(to)) = (open_point(&map, from), open_point(&map, to)) else { return Ok(()) };
        let fields = Fields::new(map.clone(), &[to]);
        let route = fields.route(from, 0);
        prop_assert_eq!(route.is_some(), Regions::of(&map).connected(&map, from, to));
        let Some(route) = route else { return Ok(()) };
        let points = route.points();
        prop_assert_eq!((points[0], *points.last().unwrap()), (from, to));
        for pair in points.windows(2) {
            prop_assert!(!enters_blocked(&map, pair[0], pair[1]), "{:?} in\n{}", pair, map.rows().join("\n"));
        }
        for k in 0..=400 {
            let at = route.point_at(route.effort() * f64::from(k) / 400.0);
            prop_assert!(!map.blocked_at(at), "{:?} at {}/400 of {:?} in\n{}", at, k, points, map.rows().join("\n"));
        }
        let sum = points.windows(2).rev().fold(0.0, |sum, pair| segment_effort(&map, pair[0], pair[1]) + sum);
        prop_assert_eq!(route.effort(), sum);
        prop_assert!(route.effort().is_finite());
        let unstraightened = Route::through(&map, descend(&map, fields.field(0).unwrap(), from, to).unwrap());
        prop_assert!(route.effort() <= unstraightened.effort() * (1.0 + 1e-9),
            "{} > {}", route.effort(), unstraightened.effort());
        prop_assert_eq!(Some(route), Fields::new(map.clone(), &[to]).route(from, 0), "the same again");
    }

    #[test]
    fn routes_read_from_the_ways_kept_are_the_routes_straightened_afresh(
        map in maps(), to in picks(), starts in prop::collection::vec(picks(), 1..12),
    ) {
        let Some(to) = open_point(&map, to) else { return Ok(()) };
        // One set of fields for every start, so later routes read ways earlier ones made.
        let fields = Fields::new(map.clone(), &[to]);
        let field = Field::toward(&map, map.cell_of(to));
        for pick in starts {
            let at = point(&map, pick);
            for from in [Some(at), map.cell_of(at).map(|cell| map.center(cell))].into_iter().flatten() {
                let plain = route(&map, &field, from, to);
                prop_assert_eq!(fields.route(from, 0), plain.clone(), "from {:?} in\n{}", from, map.rows().join("\n"));
                if let Some(plain) = plain {
                    prop_assert_eq!(&Route::through(&map, plain.points().to_vec()), &plain, "priced from its points");
                }
            }
        }
    }

    #[test]
    fn over_grass_alone_every_route_is_the_straight_line(
        width in 2u32..12, height in 2u32..12, from in picks(), to in picks(),
    ) {
        let map = Map::filled(20.0, [-500.0, 440.0], width, height, Ground::Grass);
        let (from, to) = (point(&map, from), point(&map, to));
        let route = Fields::new(map.clone(), &[to]).route(from, 0).unwrap();
        let expected: Vec<[f32; 2]> = if from == to { vec![from] } else { vec![from, to] };
        prop_assert_eq!(route.points(), &expected[..]);
        let (dx, dy) = (f64::from(to[0]) - f64::from(from[0]), f64::from(to[1]) - f64::from(from[1]));
        prop_assert_eq!(route.effort(), dx.hypot(dy));
    }

    #[test]
    fn field_values_are_the_least_efforts_and_stay_so_through_repaints(
        map in maps(), target in picks(), paints in prop::collection::vec((picks(), 0usize..4), 0..8),
    ) {
        let target = point(&map, target);
        let mut fields = Fields::new(map, &[target]);
        let _ = fields.field(0);
        for (at, ground) in paints {
            let cell = fields.map().cell_of(point(fields.map(), at)).unwrap();
            fields.paint(cell, Ground::ALL[ground]);
            let map = fields.map();
            let field = fields.field(0).unwrap();
            prop_assert_eq!(field, &Field::toward(map, map.cell_of(target)));
            for index in (0..map.cells()).filter(|&i| map.walkable_at(i) && field.values[i].is_finite()) {
                let steps: Vec<f64> = map.steps(index).map(|(n, step)| field.values[n] + step).collect();
                // No neighbour is better by more than the step to it, and one is exactly so.
                prop_assert!(steps.iter().all(|&through| field.values[index] <= through));
                let at_target = Some(map.cell_at(index)) == field.target();
                prop_assert!(at_target || steps.contains(&field.values[index]));
            }
        }
    }
}
