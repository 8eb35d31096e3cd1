//! Plans that choose by the map: a road detour wins over a grass short cut exactly when it is
//! quicker — between two wells, and on the way to one — and the well across the river is chosen
//! only when the bridge is near. Each choice is checked at the plan, and walked in the town.

#![cfg(feature = "sim")]

use goap_town::planner::Planner;
use goap_town::scenario::{self, START, Scenario};
use goap_town::sim::{self, Activity};
use goap_town::space::{Cell, Ground};

/// A maid who draws water at either of two wells (stations of one kind) on the map `rows`
/// (cells of 20 units, the origin at (0, 0): the middle of column c, row r is (20c + 10,
/// −20r − 10)), with roads `road_speed` times quicker than grass.
fn wells(rows: &[&str], [home, other]: [[f32; 2]; 2], start: [f32; 2], road_speed: f32) -> Scenario {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let text = format!(
        r#"Scenario(
    settings: (road_speed: {road_speed:?}),
    world: {{"water": 0}},
    stations: [
        (id: "homeWell", pos: ({:?}, {:?}), kind: "well"),
        (id: "otherWell", pos: ({:?}, {:?}), kind: "well"),
    ],
    actions: [(id: "draw", station: "well", duration: 1.0, cost: 1, effects: ["world.water += 1"])],
    characters: [
        (id: "maid", start: ({:?}, {:?}), speed: 40.0, actions: ["draw"],
         goals: [(id: "water", wants: ["world.water >= 1"], drift: Quota(urgency: 10.0))]),
    ],
    map: (cell: 20.0, origin: (0.0, 0.0), rows: [{}]),
)"#,
        home[0],
        home[1],
        other[0],
        other[1],
        start[0],
        start[1],
        rows.join(", ")
    );
    scenario::parse(&text, "wells.ron").unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The middle of column `col`, row `row`.
fn at(col: u32, row: u32) -> [f32; 2] {
    [20.0 * col as f32 + 10.0, -20.0 * row as f32 - 10.0]
}

/// The well the maid's plan draws at.
fn chosen(town: &Scenario) -> String {
    let actions = town.planning_actions(0);
    let goal = &town.characters[0].goals[0].conditions;
    let plan = Planner::new(&actions, goal).plan(&town.start_state(0), 5000).unwrap();
    assert_eq!(plan.steps.len(), 1);
    actions[plan.steps[0] as usize].name.clone()
}

/// How far the maid's walk from its start to station `station` is (in units of grass).
fn walk(town: &Scenario, station: usize) -> f32 {
    town.walk_length((START, town.characters[0].start), station).unwrap()
}

/// Every point the maid stands at on her first walk of the day, until she starts to draw.
fn first_walk(town: &Scenario) -> Vec<[f32; 2]> {
    let mut app = sim::simulation_app(town.clone());
    let maid = app.world().resource::<sim::Roster>().0[0];
    let mut points = Vec::new();
    let acting = sim::run_until(&mut app, 3000, |app| {
        points.push(sim::position_of(app.world(), maid).unwrap());
        matches!(app.world().get::<Activity>(maid), Some(Activity::Acting { .. }))
    });
    assert!(acting, "the maid reaches a well");
    points
}

/// One row of road east of the maid, grass west of her: the east well is 13 cells away, 10 units
/// of grass then 250 of road; the west one 8 cells, 160 units of grass. The road well is the
/// quicker walk exactly when 10 + 250 / road speed < 160, above a road speed of 5/3.
#[test]
fn the_well_down_the_road_wins_over_the_nearer_one_on_grass_exactly_when_it_is_quicker() {
    let rows = ["........................", ".........=============..", "........................"];
    let (start, west, east) = (at(8, 1), at(0, 1), at(21, 1));
    for (road_speed, by_road) in
        [(1.2, false), (1.5, false), (1.6, false), (1.7, true), (2.0, true), (4.0, true)]
    {
        let town = wells(&rows, [west, east], start, road_speed);
        let (grass, road) = (walk(&town, 0), walk(&town, 1));
        assert!((grass - 160.0).abs() < 1e-3, "{road_speed}: {grass}");
        assert!((road - (10.0 + 250.0 / road_speed)).abs() < 1e-3, "{road_speed}: {road}");
        assert_eq!(road < grass, by_road, "{road_speed}: {road} against {grass}");
        let well = if by_road { "draw@otherWell" } else { "draw@homeWell" };
        assert_eq!(chosen(&town), well, "road speed {road_speed}");
    }
    // Walked: east along the road's cells, or west over the grass.
    for (road_speed, east_ward) in [(1.5, false), (2.0, true)] {
        let town = wells(&rows, [west, east], start, road_speed);
        let points = first_walk(&town);
        let map = town.map.as_ref().unwrap();
        let on_road = points.iter().filter(|&&p| map.ground(map.cell_of(p).unwrap()) == Some(Ground::Road));
        assert_eq!(on_road.count() > 20, east_ward, "road speed {road_speed}");
        let end = *points.last().unwrap();
        assert_eq!(end, if east_ward { east } else { west });
    }
}

/// A well along the maid's row of grass, 200 units away, and a road round the wall to the north:
/// the way there goes by the road exactly when the road alone is quicker than the grass alone
/// (each measured on the map with the other way walled off; the road, centre to centre, is 20
/// units of grass and 260 of road), and the plan prices the quicker.
#[test]
fn the_way_to_one_well_takes_the_road_round_exactly_when_it_is_quicker() {
    const DETOUR: [&str; 3] = ["===========", "=#########=", "..........."];
    let (start, well) = (at(0, 2), at(10, 2));
    // The same town with only the road, or only the grass, to walk.
    let only = |town: &Scenario, row: u32| {
        let mut town = town.clone();
        for col in 1..10 {
            town.paint(Cell { col, row }, Ground::Wall);
        }
        walk(&town, 1)
    };
    let mut both_ways = [false, false];
    for road_speed in [1.1, 1.25, 1.3, 1.35, 1.4, 1.5, 2.0, 3.0] {
        let town = wells(&DETOUR, [at(0, 0), well], start, road_speed);
        let (road, grass) = (only(&town, 2), only(&town, 0));
        assert!((grass - 200.0).abs() < 1e-3, "{road_speed}: the short cut is the straight line: {grass}");
        assert!(road <= 20.0 + 260.0 / road_speed + 1e-3, "{road_speed}: {road}");
        let length = walk(&town, 1);
        assert!(
            (length - road.min(grass)).abs() < 1e-3,
            "{road_speed}: {length}, road {road}, grass {grass}"
        );
        let cook = &town.characters[0];
        let priced = town.walk_cost(cook, (START, start), 1).unwrap();
        let quickest = (road.min(grass) / cook.speed * town.settings.walk_weight * 100.0).round() as u32;
        assert_eq!(priced, quickest, "{road_speed}: the plan prices the quicker way");
        both_ways[usize::from(road < grass)] = true;
    }
    assert_eq!(both_ways, [true, true], "the speeds tried fall on both sides");
    // Walked: through the road's cells on row 0, or never off row 2.
    for (road_speed, by_road) in [(1.2, false), (2.0, true)] {
        let mut town = wells(&DETOUR, [at(0, 0), well], start, road_speed);
        // No well on the road: the maid must go to the far one.
        town.stations[0].position = well;
        town.lay_walks();
        let points = first_walk(&town);
        let map = town.map.as_ref().unwrap();
        let rows: Vec<u32> = points.iter().map(|&p| map.cell_of(p).unwrap().row).collect();
        assert_eq!(rows.contains(&0), by_road, "road speed {road_speed}: rows {rows:?}");
        assert!(points.iter().all(|&p| !map.blocked_at(p)));
        assert_eq!(*points.last().unwrap(), well);
    }
}

/// A river down column 7 with one bridge at row `bridge` (none if it is past the map): the maid
/// at column 5, row 5, a well across the river at column 9 of her row (80 units as the crow
/// flies) and one on her side at the top left corner (141 units).
fn river(bridge: u32, road_speed: f32) -> Scenario {
    let rows: Vec<String> =
        (0..12).map(|r| format!(".......{}.......", if r == bridge { '=' } else { '~' })).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    wells(&rows, [at(0, 0), at(9, 5)], at(5, 5), road_speed)
}

#[test]
fn the_well_across_the_river_is_chosen_only_when_the_bridge_is_near() {
    let crow = |town: &Scenario, s: usize| {
        let (p, q) = (town.stations[s].position, town.characters[0].start);
        (p[0] - q[0]).hypot(p[1] - q[1])
    };
    let mut across = Vec::new();
    for bridge in 0..12 {
        let town = river(bridge, 1.5);
        assert!(crow(&town, 1) < crow(&town, 0), "the well across is the nearer as the crow flies");
        let (home, other) = (walk(&town, 0), walk(&town, 1));
        assert!((home - 100.0 * 2f32.sqrt()).abs() < 1e-3, "this side, the straight line: {home}");
        let well = chosen(&town);
        assert_eq!(well == "draw@otherWell", other < home, "bridge at row {bridge}: {other} against {home}");
        if other < home {
            across.push(bridge);
        }
    }
    // A bridge on the maid's very row: the straight line, 20 of its 80 units on the bridge.
    assert!((walk(&river(5, 1.5), 1) - (60.0 + 20.0 / 1.5)).abs() < 1e-3);
    // Across only for a run of bridges about her row, and never for the farthest ones.
    assert!(across.contains(&4) && across.contains(&5) && across.contains(&6), "{across:?}");
    assert!(across.windows(2).all(|w| w[1] == w[0] + 1), "one run of rows: {across:?}");
    assert!(!across.contains(&0) && !across.contains(&11), "{across:?}");
    // No bridge at all: the well across cannot be reached, so this side's.
    let cut = river(12, 1.5);
    assert_eq!(cut.walk_length((START, cut.characters[0].start), 1), None);
    assert_eq!(chosen(&cut), "draw@homeWell");
    // Walked: over the bridge two rows up from her, never in the river.
    let town = river(3, 1.5);
    assert_eq!(chosen(&town), "draw@otherWell");
    let points = first_walk(&town);
    let map = town.map.as_ref().unwrap();
    assert!(points.iter().all(|&p| !map.blocked_at(p)), "never in the river");
    assert!(points.iter().any(|&p| map.cell_of(p) == Some(Cell { col: 7, row: 3 })), "over the bridge");
    assert_eq!(*points.last().unwrap(), at(9, 5));
}
