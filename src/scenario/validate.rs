//! Second phase of loading: checks every reference and range of a parsed file, collecting all
//! problems at once, and builds the typed [`Scenario`].

use super::checker::Checker;
use super::checker::SUGGESTION_BUDGET;
use super::cycles::warn_cycles;
use super::diagnostic::{Diagnostic, Severity, quoted};
use super::interrupts::{self, warn_interruptions};
use super::limits;
use super::lints::{
    warn_needs_met_at_dawn, warn_unknown_sprites, warn_unmovable_goals, warn_unreachable_stations,
    warn_unused,
};
use super::locate::Locations;
use super::phrase::{Arg, phrase};
use super::raw::{FactValues, RawAction, RawCharacter, RawDrift, RawGoal, RawScenario, RawSettings};
use super::{ActionDef, Character, Drift, Goal, LoadError, Scenario, Settings, Station, Task};
use super::{FactTable, Scope};
use crate::planner::{self, Condition, FactId, Value};
use rustc_hash::FxHashMap;

/// `raw` checked and typed; `read_problems` are what the reader found (its gaps are in `raw`).
pub fn validate(
    raw: RawScenario,
    read_problems: Vec<Diagnostic>,
    file: &str,
    at: &Locations<'_>,
) -> Result<Scenario, LoadError> {
    let gaps = &raw.gaps;
    let mut check = Checker { file, at, gaps, problems: read_problems, suggestions_left: SUGGESTION_BUDGET };
    let settings = settings(&mut check, &raw.settings);

    let mut facts = FactTable::default();
    // Agent facts first, the engine's place among them, so that a villager's own facts are the
    // first ids and its state holds only those.
    let agent_defaults = declare(&mut check, &mut facts, Scope::Agent, "agent", &raw.agent);
    let place = facts.intern(Scope::Agent, "@place");
    let world_seed = declare(&mut check, &mut facts, Scope::World, "world", &raw.world);
    // The file's own facts: the engine's place is not one of them.
    let declared = facts.len() - 1;
    if declared > limits::MAX_FACTS {
        let (max, count) = (Arg::Count(limits::MAX_FACTS as u64), Arg::Count(declared as u64));
        check.error("agent", phrase!("scenario-too-many-facts", max = max, count = count));
        return Err(LoadError::Invalid { diagnostics: check.problems });
    }

    let mut station_ids = FxHashMap::default();
    let stations: Vec<Station> = raw
        .stations
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let field = format!("stations[{i}]");
            check.unique_id(&format!("{field}.id"), &s.id, &mut station_ids, "station", i);
            let x = check.within(&format!("{field}.pos.0"), s.pos.0, limits::POSITION);
            let y = check.within(&format!("{field}.pos.1"), s.pos.1, limits::POSITION);
            let label = if s.label.is_empty() { s.id.clone() } else { s.label.clone() };
            let kind = if s.kind.is_empty() { s.id.clone() } else { s.kind.clone() };
            let capacity = s.capacity.and_then(|capacity| {
                let fits = (1..=limits::MAX_CAPACITY).contains(&capacity);
                if !fits {
                    let max = Arg::Count(limits::MAX_CAPACITY as u64);
                    let problem = phrase!("scenario-capacity", max = max, value = capacity.to_string());
                    check.error(&format!("{field}.capacity"), problem);
                }
                fits.then_some(capacity as u32)
            });
            let sprite = (!s.sprite.is_empty()).then(|| s.sprite.clone());
            Station { id: s.id.clone(), label, position: [x, y], kind, capacity, sprite }
        })
        .collect();
    // What an action's `station:` can name: a kind (every station of it), else one station.
    let mut places: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    for (s, station) in stations.iter().enumerate() {
        places.entry(station.kind.as_str()).or_default().push(s);
    }
    for (s, station) in stations.iter().enumerate() {
        places.entry(station.id.as_str()).or_insert_with(|| vec![s]);
    }

    let mut action_ids = FxHashMap::default();
    let actions: Vec<ActionDef> = raw
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| action(&mut check, &facts, &places, &mut action_ids, i, a))
        .collect();

    let mut character_ids = FxHashMap::default();
    let characters: Vec<Character> = raw
        .characters
        .iter()
        .enumerate()
        .map(|(i, c)| {
            character(
                &mut check,
                &facts,
                &agent_defaults,
                &action_ids,
                &actions,
                &raw,
                &mut character_ids,
                i,
                c,
            )
        })
        .collect();
    if characters.is_empty() {
        check.error("characters", phrase!("scenario-no-characters"));
    }
    let map = raw.map.as_ref().and_then(|map| super::map::map(&mut check, map, &settings));
    if let Some(map) = &map {
        let starts = characters.iter().map(|c| (c.id.clone(), c.start));
        super::map::check_grounds(&mut check, map, &stations, starts);
    }
    // The lines' facts: names no scenario can write, so no message suggests them.
    let lines = (stations.iter())
        .map(|s| s.capacity.map(|_| facts.intern(Scope::World, &format!("@line.{}", s.id))))
        .collect();

    let mut scenario = Scenario {
        name: if raw.name.is_empty() { file.to_owned() } else { raw.name.clone() },
        description: raw.description.clone(),
        file: file.to_owned(),
        settings,
        facts,
        world_seed,
        stations,
        actions,
        characters,
        place,
        lines,
        map,
        walks: None,
        warnings: Vec::new(),
        text_hash: 0,
    };
    scenario.lay_walks();
    if check.problems.iter().all(|d| d.severity != Severity::Error) {
        warn_unmovable_goals(&mut check, &scenario);
        warn_needs_met_at_dawn(&mut check, &scenario);
        warn_unused(&mut check, &scenario, &raw);
        warn_unknown_sprites(&mut check, &scenario);
        warn_cycles(&mut check, &scenario);
        warn_unreachable_stations(&mut check, &scenario);
        warn_interruptions(&mut check, &scenario);
    }
    check.problems.sort_by_key(|d| (d.line, d.column));
    if check.problems.iter().any(|d| d.severity == Severity::Error) {
        return Err(LoadError::Invalid { diagnostics: check.problems });
    }
    scenario.warnings = check.problems;
    Ok(scenario)
}

fn settings(check: &mut Checker, raw: &RawSettings) -> Settings {
    let budget = if (1..=limits::MAX_BUDGET).contains(&raw.planner_budget) {
        raw.planner_budget as usize
    } else {
        let (max, value) = (Arg::Count(limits::MAX_BUDGET as u64), raw.planner_budget.to_string());
        check.error("settings.planner_budget", phrase!("scenario-planner-budget", max = max, value = value));
        planner::DEFAULT_BUDGET
    };
    Settings {
        day_length: check.within("settings.day_length", raw.day_length, limits::DAY_LENGTH),
        cost_weight: check.within("settings.cost_weight", raw.cost_weight, limits::COST_WEIGHT),
        hysteresis: check.within("settings.hysteresis", raw.hysteresis, limits::HYSTERESIS),
        rest_threshold: check.within("settings.rest_threshold", raw.rest_threshold, limits::REST_THRESHOLD),
        planner_budget: budget,
        retry_interval: check.within("settings.retry_interval", raw.retry_interval, limits::RETRY_INTERVAL),
        walk_weight: check.within("settings.walk_weight", raw.walk_weight, limits::WALK_WEIGHT),
        road_speed: check.within("settings.road_speed", raw.road_speed, limits::ROAD_SPEED),
    }
}

/// Interns the facts of one scope with their values.
fn declare(
    check: &mut Checker,
    facts: &mut FactTable,
    scope: Scope,
    field: &str,
    values: &FactValues,
) -> Vec<(FactId, Value)> {
    let mut declared: Vec<(FactId, Value)> = Vec::new();
    // How often each name has been written so far: a repetition is reported where it is written.
    let mut written: FxHashMap<&str, usize> = FxHashMap::default();
    for (name, value) in &values.0 {
        let path = format!("{field}.{name}");
        let nth = written.entry(name).or_default();
        *nth += 1;
        let nth = *nth - 1;
        let valid = name.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !valid {
            check.error(&path, phrase!("scenario-bad-fact-name", name = quoted(name)));
            continue;
        }
        let value = check.fact_value(&path, *value);
        if facts.get(scope, name).is_some() {
            let twice = phrase!("scenario-fact-declared-twice", scope = scope.keyword(), name = quoted(name));
            check.report(Severity::Error, &path, nth, twice);
            continue;
        }
        declared.push((facts.intern(scope, name), value));
    }
    declared
}

fn action<'r>(
    check: &mut Checker,
    facts: &FactTable,
    places: &FxHashMap<&str, Vec<usize>>,
    action_ids: &mut FxHashMap<&'r str, usize>,
    i: usize,
    a: &'r RawAction,
) -> ActionDef {
    let field = format!("actions[{i}]");
    check.unique_id(&format!("{field}.id"), &a.id, action_ids, "action", i);
    let stations = match places.get(a.station.as_str()) {
        Some(stations) => stations.clone(),
        // It may name a station whose id or kind could not be read.
        None if check.gaps.stations => vec![0],
        None => {
            let mut names: Vec<&str> = places.keys().copied().collect();
            names.sort_unstable();
            let hint = check.suggest(&a.station, names);
            let problem = phrase!("scenario-unknown-station", name = quoted(&a.station), hint = hint);
            check.error(&format!("{field}.station"), problem);
            vec![0]
        }
    };
    let duration = check.within(&format!("{field}.duration"), a.duration, limits::DURATION);
    let cost = if (0..=limits::MAX_COST).contains(&a.cost) {
        a.cost as u32
    } else {
        let (max, value) = (Arg::Count(limits::MAX_COST as u64), a.cost.to_string());
        check.error(&format!("{field}.cost"), phrase!("scenario-cost", max = max, value = value));
        0
    };
    let mut planning = planner::Action::new(a.id.clone(), cost);
    for (j, text) in a.needs.iter().enumerate() {
        if let Some(c) = check.condition(facts, &format!("{field}.needs[{j}]"), text) {
            planning.preconditions.push(c);
        }
    }
    for (j, text) in a.effects.iter().enumerate() {
        if let Some(e) = check.effect(facts, &format!("{field}.effects[{j}]"), text) {
            planning.effects.push(e);
        }
    }
    if a.effects.is_empty() {
        check.error(&format!("{field}.effects"), phrase!("scenario-no-effects", name = quoted(&a.id)));
    }
    let label = if a.label.is_empty() { a.id.clone() } else { a.label.clone() };
    let interruptible = interrupts::interruptible(check, facts, &field, a, &planning);
    ActionDef { id: a.id.clone(), label, at: a.station.clone(), stations, duration, planning, interruptible }
}

fn character<'r>(
    check: &mut Checker,
    facts: &FactTable,
    agent_defaults: &[(FactId, Value)],
    action_ids: &FxHashMap<&str, usize>,
    defs: &[ActionDef],
    raw: &RawScenario,
    character_ids: &mut FxHashMap<&'r str, usize>,
    i: usize,
    c: &'r RawCharacter,
) -> Character {
    let field = format!("characters[{i}]");
    check.unique_id(&format!("{field}.id"), &c.id, character_ids, "character", i);
    let x = check.within(&format!("{field}.start.0"), c.start.0, limits::POSITION);
    let y = check.within(&format!("{field}.start.1"), c.start.1, limits::POSITION);
    let speed = check.within(&format!("{field}.speed"), c.speed, limits::SPEED);

    let mut own_facts = agent_defaults.to_vec();
    let slots: FxHashMap<FactId, usize> = own_facts.iter().enumerate().map(|(i, &(f, _))| (f, i)).collect();
    let mut written: FxHashMap<&str, usize> = FxHashMap::default();
    for (name, value) in &c.facts.0 {
        let path = format!("{field}.facts.{name}");
        let nth = written.entry(name).or_default();
        *nth += 1;
        if *nth > 1 {
            // The last would silently win: say so where it is given again.
            let twice = phrase!("scenario-own-fact-twice", character = quoted(&c.id), name = quoted(name));
            check.report(Severity::Error, &path, *nth - 1, twice);
            continue;
        }
        match facts.get(Scope::Agent, name) {
            Some(id) => {
                let value = check.fact_value(&path, *value);
                if let Some(&slot) = slots.get(&id) {
                    own_facts[slot].1 = value;
                }
            }
            None if check.gaps.facts => {}
            None => {
                let hint = check.suggest(name, facts.names_in(Scope::Agent));
                let declaration = "agent: {...}";
                let problem = phrase!(
                    "scenario-unknown-own-fact",
                    name = quoted(name),
                    hint = hint,
                    declaration = declaration
                );
                check.error(&path, problem);
            }
        }
    }

    let mut actions = Vec::new();
    let mut listed = rustc_hash::FxHashSet::default();
    for (j, id) in c.actions.iter().enumerate() {
        let path = format!("{field}.actions[{j}]");
        match action_ids.get(id.as_str()) {
            Some(&a) if !listed.insert(a) => {
                check.error(&path, phrase!("scenario-action-listed-twice", name = quoted(id)))
            }
            Some(&a) => actions.push(a),
            // It may name an action whose id could not be read.
            None if check.gaps.actions => {}
            None => {
                let hint = check.suggest(id, raw.actions.iter().map(|a| a.id.as_str()));
                check.error(&path, phrase!("scenario-unknown-action", name = quoted(id), hint = hint));
            }
        }
    }

    let mut goal_ids = FxHashMap::default();
    let goals: Vec<Goal> = c
        .goals
        .iter()
        .enumerate()
        .map(|(j, g)| goal(check, facts, &format!("{field}.goals[{j}]"), &mut goal_ids, j, g))
        .collect();
    if goals.is_empty() {
        check.error(&format!("{field}.goals"), phrase!("scenario-no-goals", name = quoted(&c.id)));
    }
    let name = if c.name.is_empty() { c.id.clone() } else { c.name.clone() };
    let tasks = (actions.iter())
        .flat_map(|&action| defs[action].stations.iter().map(move |&station| Task { action, station }))
        .collect::<Vec<_>>();
    if tasks.len() > limits::MAX_TASKS {
        let (max, count) = (Arg::Count(limits::MAX_TASKS as u64), Arg::Count(tasks.len() as u64));
        let problem = phrase!("scenario-too-many-tasks", name = quoted(&c.id), max = max, count = count);
        check.error(&format!("{field}.actions"), problem);
    }
    let sprite = (!c.sprite.is_empty()).then(|| c.sprite.clone());
    Character {
        id: c.id.clone(),
        name,
        start: [x, y],
        speed,
        facts: own_facts,
        actions,
        tasks,
        goals,
        sprite,
    }
}

fn goal<'r>(
    check: &mut Checker,
    facts: &FactTable,
    field: &str,
    goal_ids: &mut FxHashMap<&'r str, usize>,
    j: usize,
    g: &'r RawGoal,
) -> Goal {
    check.unique_id(&format!("{field}.id"), &g.id, goal_ids, "goal", j);
    let conditions: Vec<Condition> = g
        .wants
        .iter()
        .enumerate()
        .filter_map(|(k, text)| check.condition(facts, &format!("{field}.wants[{k}]"), text))
        .collect();
    if g.wants.is_empty() {
        check.error(&format!("{field}.wants"), phrase!("scenario-wants-nothing", name = quoted(&g.id)));
    }
    let drift = match g.drift {
        RawDrift::Need { rate, initial } => Drift::Need {
            rate: check.within(&format!("{field}.drift.rate"), rate, limits::NEED_RATE),
            initial: check.within(&format!("{field}.drift.initial"), initial, limits::NEED_INITIAL),
        },
        RawDrift::Quota { urgency } => Drift::Quota {
            urgency: check.within(&format!("{field}.drift.urgency"), urgency, limits::URGENCY),
        },
    };
    let label = if g.label.is_empty() { g.id.clone() } else { g.label.clone() };
    let interrupts_at = interrupts::interrupts_at(check, field, g.interrupts_at);
    Goal { id: g.id.clone(), label, conditions, drift, interrupts_at }
}
