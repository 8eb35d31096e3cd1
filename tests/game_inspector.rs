//! The inspector's content, built from ECS data: a villager that waits, one mid-plan with its
//! plan as stops on the map, and a station with who acts there and who is in line — said in
//! words rather than ids, what holds now kept apart from what held at the last decision.

use bevy::prelude::*;
use goap_town::game::Lang;
use goap_town::game::inspect::{self, StateLine, StepStatus, inspect};
use goap_town::game::station_view;
use goap_town::scenario;
use goap_town::sim::{self, Activity, Intent, Villager};

fn forge() -> App {
    shipped("forge.ron")
}

/// A shipped scenario, its decisions' tables kept as the game keeps them (plans' scores and
/// costs are read from there).
fn shipped(name: &str) -> App {
    let mut app = sim::simulation_app(scenario::parse(scenario::shipped(name).unwrap(), name).unwrap());
    app.init_resource::<sim::DecisionTables>();
    inspect::keep_decision_times(&mut app);
    app
}

fn entity_of(app: &mut App, index: usize) -> Entity {
    let mut q = app.world_mut().query::<(Entity, &Villager)>();
    q.iter(app.world()).find(|(_, v)| v.index() == index).unwrap().0
}

#[test]
fn a_waiting_villager_says_why() {
    let mut app = forge();
    sim::step(&mut app);
    let smith = entity_of(&mut app, 1);
    let view = inspect(app.world(), smith).unwrap();
    assert_eq!(view.name, "Smith");
    // Nothing the smith can do brings an ingot: the planner names it, and the inspector says so,
    // in words, with how it stands now.
    assert_eq!(view.state, StateLine::Waiting(Some("iron ingots: none in the town".to_owned())));
    assert_eq!(view.state.describe(Lang::ENGLISH), "waiting for iron ingots: none in the town");
    assert_eq!(StateLine::Waiting(None).describe(Lang::SPANISH), "esperando…");
    // Who can bring it about, and what they are doing now: the smelter, heading for the mine.
    let makers: Vec<(&str, &str)> =
        view.makers.iter().map(|m| (m.name.as_str(), m.action.as_str())).collect();
    assert_eq!(makers, [("Smelter", "Smelt an ingot")]);
    assert!(
        matches!(view.makers[0].state, StateLine::WalkingTo(_) | StateLine::Deciding),
        "{:?}",
        view.makers
    );
    assert_eq!(view.reason.text, "No viable plan for Make tools: waiting for iron ingots");
    assert!(!view.reason.from_decision && view.reason.earlier.is_none());
    assert_eq!(view.goal.as_deref(), Some("Make tools"), "the goal it waits on");
    assert!(view.steps.is_empty());
    assert_eq!(view.goals.len(), 1);
    let then = view.goals[0].at_decision.as_ref().unwrap();
    assert_eq!((view.goals[0].label.as_str(), then.plan), ("Make tools", None));
    assert_eq!(then.text, "no plan (unreachable): needs iron ingots");
    assert!(view.decided_at.is_some_and(|t| t < 0.15), "it decided at the first step: {:?}", view.decided_at);
    assert_eq!(view.decisions.last().unwrap().text, "No viable plan for Make tools: waiting for iron ingots");
    let ingots = view.world_facts.iter().find(|f| f.id == "world.ironIngot").unwrap();
    assert_eq!((ingots.name.as_str(), ingots.value), ("iron ingots", 0));
    let own: Vec<(&str, &str, i32)> =
        view.own_facts.iter().map(|f| (f.name.as_str(), f.id.as_str(), f.value)).collect();
    assert_eq!(own, [("iron", "agent.iron", 0)]);
    // The ids stay within reach, in the details.
    assert!(view.details.contains(&"goal tools".to_owned()), "{:?}", view.details);
    assert!(view.details.contains(&"blocked world.ironIngot >= 1".to_owned()), "{:?}", view.details);

    // And in Spanish.
    app.insert_resource(Lang::SPANISH);
    let view = inspect(app.world(), smith).unwrap();
    assert_eq!(view.state.describe(Lang::SPANISH), "esperando lingotes de hierro: no hay en el pueblo");
    assert_eq!(view.reason.text, "Sin plan viable para Make tools: esperando lingotes de hierro");
}

#[test]
fn a_resting_villager_has_not_planned_its_goals() {
    // The bakery's villagers rest at dawn: nothing is insistent yet, so nothing is planned.
    let mut app = shipped("bakery.ron");
    sim::step(&mut app);
    let baker = entity_of(&mut app, 2);
    let view = inspect(app.world(), baker).unwrap();
    assert_eq!(view.state, StateLine::Resting);
    // Its bars say what the table says: every goal too quiet to plan for.
    for goal in &view.goals {
        let then = goal.at_decision.as_ref().unwrap();
        assert_eq!((then.plan, then.text.as_str()), (None, "not planned (too quiet)"), "{goal:?}");
    }
}

#[test]
fn a_villager_mid_plan_shows_done_current_and_next_steps() {
    let mut app = forge();
    let smelter = entity_of(&mut app, 0);
    // Run until the smelter has finished a step of a plan that has more to come.
    let mid_plan = sim::run_until(&mut app, 3000, |app| {
        let intent = app.world().get::<Intent>(smelter).unwrap();
        intent.step() >= 1 && intent.step() + 1 < intent.plan().len()
    });
    assert!(mid_plan);
    let view = inspect(app.world(), smelter).unwrap();
    assert_eq!(view.goal.as_deref(), Some("Smelt iron"));
    let statuses: Vec<StepStatus> = view.steps.iter().map(|(_, s)| *s).collect();
    let current = statuses.iter().position(|s| *s == StepStatus::Current).unwrap();
    assert!(statuses[..current].iter().all(|s| *s == StepStatus::Done));
    assert!(statuses[current + 1..].iter().all(|s| *s == StepStatus::Next) && current + 1 < statuses.len());
    assert!(
        view.steps.iter().all(|(label, _)| label == "Mine ore" || label == "Smelt an ingot"),
        "{:?}",
        view.steps
    );
    // Right after a step finishes it walks to the next station, then acts there.
    match &view.state {
        StateLine::WalkingTo(station) => assert!(station == "Mine" || station == "Furnace"),
        StateLine::Acting { .. } | StateLine::Deciding => {}
        other => panic!("unexpected state {other:?}"),
    }
    let then = view.goals[0].at_decision.as_ref().unwrap();
    assert!(then.plan.is_some() && view.goals[0].current, "{:?}", view.goals);
    let (score, cost) = then.plan.unwrap();
    assert_eq!(then.text, format!("plan: cost {}, score {score:.2}", scenario::cost_text(u64::from(cost))));
    // A plan of labels, not ids.
    let planned = view.decisions.iter().rev().find(|d| d.text.starts_with("Plan for Smelt iron: ")).unwrap();
    assert!(planned.text.starts_with("Plan for Smelt iron: Mine ore, "), "{}", planned.text);
    // The figures of the last decision say when it was; the plan came of a decision no later.
    let now = app.world().resource::<sim::Clock>().time;
    let decided = view.decided_at.expect("the decision's moment is known");
    assert!(planned.t <= decided && decided <= now, "{} <= {decided} <= {now}", planned.t);

    // And while acting, the state line counts the seconds.
    sim::run_until(&mut app, 200, |app| {
        matches!(app.world().get::<Activity>(smelter), Some(Activity::Acting { .. }))
    });
    let acting = inspect(app.world(), smelter).unwrap();
    let StateLine::Acting { label, done, duration } = &acting.state else { panic!("{:?}", acting.state) };
    assert!(*done <= *duration && *duration > 0.0);
    assert!(acting.state.describe(Lang::ENGLISH).starts_with(&format!("acting: {label} ")));
}

#[test]
fn a_plan_is_shown_as_stops_with_the_steps_done_at_each() {
    let mut app = shipped("cook.ron");
    let cook = entity_of(&mut app, 0);
    assert!(sim::run_until(&mut app, 3000, |app| app.world().get::<Intent>(cook).unwrap().plan().len() == 4));
    let world = app.world();
    let town = world.resource::<sim::Town>();
    let (villager, intent) = (world.get::<Villager>(cook).unwrap(), world.get::<Intent>(cook).unwrap());
    let stops: Vec<(&str, Vec<usize>, bool)> = inspect::plan_stops(town, villager, intent)
        .into_iter()
        .map(|(s, numbers, ahead)| (town.scenario.stations[s].id.as_str(), numbers, ahead))
        .collect();
    // chopWood @ woodpile, lightFire and cookMeal @ hearth, eatMeal @ table; nothing done yet.
    assert_eq!(stops, [("woodpile", vec![1], true), ("hearth", vec![2, 3], true), ("table", vec![4], true)]);
}

#[test]
fn a_station_shows_its_kind_capacity_who_acts_and_who_is_in_line_in_order() {
    let text = r#"Scenario(
    agent: {"water": 0},
    stations: [(id: "well", label: "Well", pos: (0.0, 0.0), kind: "spring", capacity: 1)],
    actions: [(id: "draw", station: "spring", duration: 30.0, cost: 1, effects: ["agent.water += 1"])],
    characters: [
        (id: "ana", name: "Ana", start: (0.0, 10.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.0, initial: 0.9))]),
        (id: "bo", name: "Bo", start: (0.0, 30.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.0, initial: 0.9))]),
        (id: "cy", name: "Cy", start: (0.0, 50.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.0, initial: 0.9))]),
    ],
)"#;
    let mut app = sim::simulation_app(scenario::parse(text, "spring.ron").unwrap());
    sim::step(&mut app);
    let view = station_view::inspect_station(app.world(), "well", 0).unwrap();
    assert_eq!((view.label.as_str(), view.kind.as_str(), view.capacity), ("Well", "spring", Some(1)));
    assert_eq!((view.acting.len(), view.queued.len()), (0, 0));
    assert_eq!(view.coming, ["Ana", "Bo", "Cy"], "all three set out at dawn");
    // Ana arrives first (1 s), then Bo (3 s) and Cy (5 s) get in line behind her.
    assert!(sim::run_until(&mut app, 100, |app| {
        station_view::inspect_station(app.world(), "well", 0).unwrap().queued.len() == 2
    }));
    let view = station_view::inspect_station(app.world(), "well", 0).unwrap();
    assert_eq!(view.acting, ["Ana"]);
    assert_eq!(view.queued, ["Bo", "Cy"]);
    assert!(view.coming.is_empty());
    assert_eq!(station_view::inspect_station(app.world(), "nowhere", 0), None);
    // Cy, second in line, says so in both languages.
    let cy = entity_of(&mut app, 2);
    let cy = inspect(app.world(), cy).unwrap().state;
    assert_eq!(cy, StateLine::Queued("Well".to_owned(), 2));
    assert_eq!(cy.describe(Lang::ENGLISH), "queued at Well (2nd)");
    assert_eq!(cy.describe(Lang::SPANISH), "en la cola de Well (2.º)");
}

/// Bread waits on flour, flour on wheat, wheat on tools; the smith is forging them.
const CHAIN: &str = r#"Scenario(
    settings: (day_length: 600.0),
    world: {"tools": 0, "wheat": 0, "flour": 0, "bread": 0},
    stations: [(id: "anvil", pos: (0.0, 0.0)), (id: "field", pos: (0.0, 0.0)),
               (id: "mill", pos: (0.0, 0.0)), (id: "oven", pos: (0.0, 0.0))],
    actions: [
        (id: "forge", label: "Forge tools", station: "anvil", duration: 100.0, cost: 1, effects: ["world.tools += 1"]),
        (id: "harvest", label: "Harvest wheat", station: "field", duration: 5.0, cost: 1,
         needs: ["world.tools >= 1"], effects: ["world.wheat += 1"]),
        (id: "grind", label: "Mill flour", station: "mill", duration: 5.0, cost: 1,
         needs: ["world.wheat >= 1"], effects: ["world.wheat -= 1", "world.flour += 1"]),
        (id: "bake", label: "Bake bread", station: "oven", duration: 5.0, cost: 1,
         needs: ["world.flour >= 1"], effects: ["world.flour -= 1", "world.bread += 1"]),
    ],
    characters: [
        (id: "baker", name: "Baker", start: (0.0, 0.0), speed: 50.0, actions: ["bake"],
         goals: [(id: "bread", wants: ["world.bread >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
        (id: "miller", name: "Miller", start: (0.0, 0.0), speed: 50.0, actions: ["grind"],
         goals: [(id: "flour", wants: ["world.flour >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
        (id: "farmer", name: "Farmer", start: (0.0, 0.0), speed: 50.0, actions: ["harvest"],
         goals: [(id: "wheat", wants: ["world.wheat >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
        (id: "smith", name: "Smith", start: (0.0, 0.0), speed: 50.0, actions: ["forge"],
         goals: [(id: "tools", wants: ["world.tools >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
    ],
)"#;

#[test]
fn a_waiting_villager_follows_the_chain_of_who_waits_for_whom() {
    let mut app = sim::simulation_app(scenario::parse(CHAIN, "chain.ron").unwrap());
    for _ in 0..30 {
        sim::step(&mut app);
    }
    let baker = entity_of(&mut app, 0);
    let view = inspect(app.world(), baker).unwrap();
    assert_eq!(view.state.describe(Lang::ENGLISH), "waiting for flour: none in the town");
    let chain: Vec<(usize, &str, &str, String)> = view
        .makers
        .iter()
        .map(|m| (m.depth, m.name.as_str(), m.action.as_str(), m.state.describe(Lang::ENGLISH)))
        .collect();
    assert_eq!(chain.len(), 3, "{chain:?}");
    assert_eq!(chain[0], (0, "Miller", "Mill flour", "waiting for wheat: none in the town".to_owned()));
    assert_eq!(chain[1], (1, "Farmer", "Harvest wheat", "waiting for tools: none in the town".to_owned()));
    // The farmer's line, in Spanish: what it needs and how it stands.
    app.insert_resource(Lang::SPANISH);
    let spanish = inspect(app.world(), baker).unwrap();
    assert_eq!(
        spanish.makers[1].state.describe(Lang::SPANISH),
        "esperando herramientas: no hay en el pueblo"
    );
    app.insert_resource(Lang::ENGLISH);
    assert_eq!((chain[2].0, chain[2].1, chain[2].2), (2, "Smith", "Forge tools"));
    assert!(
        chain[2].3.starts_with("acting: Forge tools ") && chain[2].3.ends_with(" / 100.0 s"),
        "{chain:?}"
    );
    // The miller's own view starts one link further down.
    let miller = entity_of(&mut app, 1);
    let miller = inspect(app.world(), miller).unwrap();
    assert_eq!(
        miller.makers.iter().map(|m| (m.depth, m.name.as_str())).collect::<Vec<_>>(),
        [(0, "Farmer"), (1, "Smith")]
    );
}

/// In a tiled town (`goap-town FILE --villagers N`) the inspector speaks of the selected
/// villager's own tile: who there can bring about what it waits for, and who is at a station.
#[test]
fn a_tiled_town_is_inspected_tile_by_tile() {
    let chain = scenario::parse(CHAIN, "chain.ron").unwrap();
    let per_tile = chain.characters.len();
    let layout = sim::Layout::tiled(&chain, 2 * per_tile, None);
    let mut app = sim::tiled_app(chain, layout, sim::SimOptions::default());
    for _ in 0..30 {
        sim::step(&mut app);
    }
    let in_tile = |app: &mut App, index: usize, tile: usize| {
        let mut q = app.world_mut().query::<(Entity, &Villager)>();
        q.iter(app.world()).find(|(_, v)| v.index() == index && v.tile() == tile).unwrap().0
    };
    let (baker, smith) = (in_tile(&mut app, 0, 1), in_tile(&mut app, 3, 1));
    let view = inspect(app.world(), baker).unwrap();
    let chain: Vec<&str> = view.makers.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(chain, ["Miller", "Farmer", "Smith"]);
    // The smith forging in tile 1 is the one at tile 1's anvil; tile 0's anvil has its own.
    let forging = |app: &App, tile| station_view::inspect_station(app.world(), "anvil", tile).unwrap().acting;
    assert_eq!(forging(&app, 1), ["Smith"]);
    assert_eq!(forging(&app, 0), ["Smith"]);
    app.world_mut().entity_mut(smith).insert(Activity::Walking { from: 0, until: u32::MAX });
    assert_eq!(forging(&app, 1), Vec::<String>::new(), "tile 1's smith left; tile 0's did not");
    assert_eq!(forging(&app, 0), ["Smith"]);
}

/// "Why this plan?" shows cook.ron's search: five states in the order expanded, all on the plan,
/// the actions tried from each, in the interface's words.
#[test]
fn why_this_plan_shows_the_search_state_by_state() {
    use goap_town::game::why::{result_text, search_view};
    use goap_town::planner::TriedResult;
    let mut app = shipped("cook.ron");
    sim::step(&mut app);
    let cook = entity_of(&mut app, 0);
    let search = search_view(app.world(), cook).unwrap();
    assert_eq!((search.villager.as_str(), search.goal.as_str()), ("Cook", "Hunger"));
    assert_eq!(search.answer.as_ref().unwrap().len(), 4);
    assert_eq!(search.rows.len(), 5);
    assert!(search.rows.iter().all(|r| r.on_plan && r.g + r.h == 496));
    assert_eq!(search.rows.iter().map(|r| r.g).collect::<Vec<_>>(), [0, 132, 265, 365, 496]);
    let (action, result) = &search.rows[1].tried[1];
    assert_eq!(action, "Light the fire @ Hearth");
    assert_eq!(result_text(Lang::ENGLISH, *result), "new (g 2.65 h 2.31 f 4.96)");
    assert_eq!(result_text(Lang::SPANISH, *result), "nuevo (g 2.65 h 2.31 f 4.96)");
    assert_eq!(result_text(Lang::SPANISH, TriedResult::DeadEnd), "sin salida");
    assert_eq!(search.rows[1].skipped, 2);
    assert!(search.rows[1].state.contains(&"at the Woodpile".to_owned()), "{:?}", search.rows[1].state);
    assert!(search.rows[0].state.contains(&"at its start".to_owned()), "{:?}", search.rows[0].state);
}

/// One in line sees the search from its own place in line, as it decides: Bo, first in line
/// at the near well, keeps his place (a second's wait there costs less than the walk to the far
/// well), though a newcomer, who would stand behind him, would walk on.
#[test]
fn why_this_plan_searches_from_a_queued_villagers_own_place() {
    use goap_town::game::why::search_view;
    let text = r#"Scenario(
    agent: {"water": 0},
    stations: [
        (id: "near", label: "Near well", pos: (0.0, 0.0), kind: "spring", capacity: 1),
        (id: "far", label: "Far well", pos: (0.0, 450.0), kind: "spring", capacity: 1),
    ],
    actions: [(id: "draw", label: "Draw", station: "spring", duration: 30.0, cost: 1, effects: ["agent.water += 1"])],
    characters: [
        (id: "ana", name: "Ana", start: (0.0, 10.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.0, initial: 0.9))]),
        (id: "bo", name: "Bo", start: (0.0, 12.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.0, initial: 0.9))]),
    ],
)"#;
    let mut app = sim::simulation_app(scenario::parse(text, "wells.ron").unwrap());
    let bo = entity_of(&mut app, 1);
    let queued = |app: &App| matches!(app.world().get::<Activity>(bo), Some(Activity::Queued { .. }));
    assert!(sim::run_until(&mut app, 100, queued), "Bo gets in line behind Ana");
    // A few retries later he is still in line, where his plan begins.
    for _ in 0..25 {
        sim::step(&mut app);
    }
    assert!(queued(&app), "Bo keeps his place");
    let search = search_view(app.world(), bo).unwrap();
    assert_eq!(search.answer.unwrap(), ["Draw @ Near well"]);
}

/// The ground's light and the night's veil follow the day: dim at dawn, brightest green at noon,
/// dark at the day's end.
#[test]
fn day_and_night_follow_the_clock() {
    use goap_town::game::daylight::{darkness, light};
    let brightness = |p: f32| light(p).to_srgba().green;
    assert!(brightness(0.5) > brightness(0.0) && brightness(0.5) > brightness(1.0));
    assert!(light(0.8).to_srgba().red > light(0.5).to_srgba().red, "dusk is amber");
    assert_eq!(darkness(0.5), 0.0, "no veil at noon");
    assert!(darkness(1.0) > darkness(0.0) && darkness(0.0) > 0.0, "night is darker than dawn");
}

/// An action's effects as they pop up over its station when it finishes.
#[test]
fn effects_pop_up_in_a_few_words() {
    use goap_town::game::popups::effect_words;
    use goap_town::planner::Change;
    assert_eq!(effect_words(Change::Add, 2, "bread"), "+2 bread");
    assert_eq!(effect_words(Change::Subtract, 1, "flour"), "-1 flour");
    assert_eq!(effect_words(Change::Set, 0, "fireLit"), "fireLit = 0");
}

/// A villager stuck in a standstill sees the ring in its inspector: the makers of its chain
/// that wait on each other are marked, and the standstill is said in words.
#[test]
fn a_villager_in_a_standstill_sees_the_ring_marked() {
    let mut app = shipped("town.ron");
    for _ in 0..(150.0 / sim::STEP) as usize {
        sim::step(&mut app);
    }
    let farmer = entity_of(&mut app, 3);
    let view = inspect(app.world(), farmer).unwrap();
    let stuck = view.stuck.as_deref().expect("the farmer is stuck by 150 s");
    assert!(stuck.starts_with("Stuck: Farmer waits for bread, which only Baker makes"), "{stuck}");
    let ring: Vec<(&str, bool)> = view.makers.iter().map(|m| (m.name.as_str(), m.in_ring)).collect();
    assert_eq!(ring.first(), Some(&("Baker", true)), "{ring:?}");
    // One at work is in no ring.
    let mut app = shipped("village.ron");
    for _ in 0..600 {
        sim::step(&mut app);
    }
    let baker = entity_of(&mut app, 6);
    let view = inspect(app.world(), baker).unwrap();
    assert!(view.stuck.is_none() && view.makers.iter().all(|m| !m.in_ring), "{view:?}");
}
