//! Routes on small drawn maps: the straight line over grass, the way round a wall, the road
//! detour taken exactly when it is quicker, and the same route on every thread.

use super::*;

/// `rows` with 10-unit cells, the origin at (0, 0): the middle of column c, row r is
/// (10c + 5, −10r − 5).
fn map(rows: &[&str], road_speed: f32) -> Map {
    Map::parse(10.0, [0.0, 0.0], rows, 10_000).unwrap().with_road_speed(road_speed)
}

fn at(col: u32, row: u32) -> [f32; 2] {
    [10.0 * col as f32 + 5.0, -10.0 * row as f32 - 5.0]
}

fn way(map: &Map, from: [f32; 2], to: [f32; 2]) -> Option<Route> {
    Fields::new(map.clone(), &[to]).route(from, 0)
}

#[test]
fn over_grass_the_route_is_the_straight_line_and_its_length() {
    let map = map(&["........", "........", "........", "........"], 1.5);
    let (from, to) = ([1.0, -2.0], [77.5, -33.3]);
    let route = way(&map, from, to).unwrap();
    assert_eq!(route.points(), [from, to]);
    let euclid = (f64::from(to[0]) - f64::from(from[0])).hypot(f64::from(to[1]) - f64::from(from[1]));
    assert_eq!(route.effort(), euclid);
}

#[test]
fn a_wall_between_a_point_and_a_near_target_makes_the_route_go_round() {
    let map = map(&[".....", "..#..", "..#..", "..#..", "....."], 1.5);
    let (from, to) = (at(1, 2), at(3, 2));
    let route = way(&map, from, to).unwrap();
    // Round the wall's end: a straight line nearer it would touch its corners.
    assert_eq!(route.points(), [from, at(1, 0), at(3, 0), to]);
    assert_eq!(route.effort(), 60.0);
}

/// Two points on road at the ends of row 2 with grass between them (90 units of grass, 10 of
/// road), and a road round the top (140 units): the road is quicker exactly when the road
/// speed is above 13/9. Walls on row 1 keep the ways apart.
const DETOUR: [&str; 3] = ["===========", "=#########=", "=.........="];

#[test]
fn a_road_detour_is_taken_exactly_when_it_is_quicker() {
    let (from, to) = (at(0, 2), at(10, 2));
    for (speed, by_road) in [(1.3, false), (1.44, false), (1.45, true), (1.5, true), (3.0, true)] {
        let map = map(&DETOUR, speed);
        let route = way(&map, from, to).unwrap();
        let went_by_road = route.points().iter().any(|p| p[1] > -10.0);
        assert_eq!(went_by_road, by_road, "road speed {speed}: {:?}", route.points());
        let slowness = 1.0 / f64::from(speed);
        let (grass, road) = (90.0 + 10.0 * slowness, 140.0 * slowness);
        let quickest = if by_road { road } else { grass };
        assert!((route.effort() - quickest).abs() < 1e-6, "{speed}: {} vs {quickest}", route.effort());
    }
}

#[test]
fn nothing_leads_off_the_map_into_a_wall_or_across_closed_water() {
    let map = map(&["..~..", "..~..", "#.~.."], 1.5);
    assert!(way(&map, at(0, 0), at(4, 0)).is_none(), "across the river");
    assert!(way(&map, at(0, 2), at(1, 0)).is_none(), "from a wall");
    assert!(way(&map, [-5.0, -5.0], at(1, 0)).is_none(), "from off the map");
    assert!(way(&map, at(0, 0), at(2, 1)).is_none(), "to the water");
}

#[test]
fn a_walker_is_where_its_effort_has_brought_it() {
    let map = map(&["====....", "........"], 2.0);
    let (from, to) = (at(0, 0), at(7, 0));
    let route = way(&map, from, to).unwrap();
    // 35 units of road at half effort, then 35 of grass.
    assert_eq!(route.points(), [from, to]);
    assert!((route.effort() - 52.5).abs() < 1e-9);
    assert_eq!(route.point_at(0.0), from);
    assert_eq!(route.point_at(-1.0), from);
    assert_eq!(route.point_at(f64::NAN), from);
    assert_eq!(route.point_at(17.5), [40.0, -5.0]);
    assert_eq!(route.point_at(35.0), [75.0 - 17.5, -5.0]);
    assert_eq!(route.point_at(1e9), to);
}

#[test]
fn every_thread_reads_the_same_routes_bit_for_bit() {
    let rows = ["....~~~~....", "..#.~==~....", "..#..==..=..", "..####...=..", "........===."];
    let map = map(&rows, 1.7);
    let targets = [at(11, 0), at(0, 4), at(6, 2)];
    let fields = std::sync::Arc::new(Fields::new(map, &targets));
    let starts: Vec<[f32; 2]> = (0..12).flat_map(|c| (0..5).map(move |r| at(c, r))).collect();
    let all = |fields: &Fields| -> Vec<Option<Route>> {
        starts.iter().flat_map(|&s| (0..targets.len()).map(move |t| fields.route(s, t))).collect()
    };
    let here = all(&fields);
    assert!(here.iter().filter(|r| r.is_some()).count() > 50);
    let there: Vec<Vec<Option<Route>>> = std::thread::scope(|scope| {
        let jobs: Vec<_> =
            (0..3).map(|_| scope.spawn(|| all(&Fields::new(fields.map().clone(), &targets)))).collect();
        let shared = scope.spawn(|| all(&fields));
        jobs.into_iter().chain([shared]).map(|job| job.join().unwrap()).collect()
    });
    for routes in there {
        assert_eq!(routes, here);
    }
}

#[test]
fn fields_are_built_when_first_asked_and_shared_by_targets_in_one_cell() {
    let map = map(&["....", "...."], 1.5);
    let fields = Fields::new(map, &[at(0, 0), [3.0, -3.0], at(3, 1), [100.0, 100.0]]);
    assert_eq!((fields.built(), fields.memory_bytes() > 0), (0, true));
    let empty = fields.memory_bytes();
    fields.route(at(3, 0), 0).unwrap();
    fields.route(at(3, 0), 1).unwrap();
    assert_eq!(fields.built(), 1, "two targets in one cell share its field");
    assert!(fields.memory_bytes() >= empty + 8 * 8);
    assert!(fields.field(3).is_none() && fields.route(at(0, 0), 3).is_none(), "off the map");
}

#[test]
fn a_wall_painted_across_the_way_reroutes_it() {
    let map = map(&[".....", ".....", "....."], 1.5);
    let mut fields = Fields::new(map, &[at(4, 1)]);
    let before = fields.route(at(0, 1), 0).unwrap();
    assert_eq!(before.points().len(), 2);
    for row in 0..2 {
        let painted = fields.paint(Cell { col: 2, row }, Ground::Wall);
        assert!(painted.changed && painted.fields == 1 && painted.cells > 0, "{painted:?}");
    }
    let after = fields.route(at(0, 1), 0).unwrap();
    assert!(after.effort() > before.effort() + 4.0, "{} then {}", before.effort(), after.effort());
    assert!(after.points().iter().any(|p| p[1] < -20.0), "through the gap in row 2: {:?}", after.points());
    assert_eq!(fields.paint(Cell { col: 2, row: 0 }, Ground::Wall), Repaint::default(), "painted as it was");
    assert_eq!(fields.field(0).unwrap(), &Field::toward(fields.map(), Some(Cell { col: 4, row: 1 })));
}

#[test]
fn routes_between_targets_are_read_once_and_forgotten_on_a_repaint() {
    let map = map(&["....", "....", "...."], 1.5);
    let mut fields = Fields::new(map, &[at(0, 0), at(3, 2), at(3, 0)]);
    let there = fields.between(0, 1).unwrap();
    assert!(std::sync::Arc::ptr_eq(&there, &fields.between(0, 1).unwrap()), "read once");
    assert_eq!(there.points(), [at(0, 0), at(3, 2)]);
    assert_eq!(*there, fields.route(at(0, 0), 1).unwrap());
    let with_a_route = fields.memory_bytes();
    fields.paint(Cell { col: 1, row: 1 }, Ground::Wall);
    assert!(fields.memory_bytes() < with_a_route, "the route is gone with the repaint");
    let round = fields.between(0, 1).unwrap();
    assert!(round.effort() > there.effort(), "round the new wall");
    fields.move_target(1, at(0, 2));
    assert_eq!(fields.between(0, 1).unwrap().points(), [at(0, 0), at(0, 2)]);
}

#[test]
fn a_tile_reads_the_fields_of_the_map_it_copies() {
    let base = map(&["..#..", "..#..", "....."], 1.5);
    let fields = Fields::new(base.clone(), &[at(4, 0)]);
    let offset = [1000.0, -500.0];
    let tile = base.with_origin(offset);
    let shift = |p: [f32; 2]| [p[0] + offset[0], p[1] + offset[1]];
    let here = fields.route(at(0, 0), 0).unwrap();
    let there = route(&tile, fields.field(0).unwrap(), shift(at(0, 0)), shift(at(4, 0))).unwrap();
    assert_eq!(there.points(), here.points().iter().map(|&p| shift(p)).collect::<Vec<_>>());
    assert!((there.effort() - here.effort()).abs() < 1e-9);
}

#[test]
fn without_the_kept_ways_routes_are_straightened_afresh_and_none_is_kept() {
    let map = map(&[".....", "..#..", "....."], 1.5);
    let kept = Fields::new(map.clone(), &[at(4, 1)]);
    let mut plain = Fields::new(map, &[at(4, 1)]);
    plain.keep_ways(false);
    for from in [at(0, 0), at(0, 1), at(0, 2), at(2, 0)] {
        assert_eq!(kept.route(from, 0), plain.route(from, 0), "from {from:?}");
    }
    // The same field built in both; only the kept ways hold each cell's descent and corner.
    assert_eq!(kept.built(), plain.built());
    assert!(
        plain.memory_bytes() < kept.memory_bytes(),
        "{} against {}",
        plain.memory_bytes(),
        kept.memory_bytes()
    );
}
