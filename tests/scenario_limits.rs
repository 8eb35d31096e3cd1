//! Every limit of a scenario is a located error with the limit in words, every message speaks the
//! scenario's own words, and a need that holds at dawn is a warning.

use goap_town::planner::{self, Action, Condition, Effect, NoPlan, Planner, State};
use goap_town::scenario::{self, Diagnostic, Severity, limits};
use goap_town::scenario::{FactTable, Scope};

fn errors(text: &str) -> Vec<Diagnostic> {
    scenario::parse(text, "test.ron").expect_err("should not load").diagnostics()
}

fn one_error(text: &str) -> Diagnostic {
    let all = errors(text);
    assert_eq!(all.len(), 1, "{all:?}");
    all.into_iter().next().unwrap()
}

/// A small valid scenario; `{settings}`, `{world}`, `{speed}`, `{cost}` and `{wants}` are filled in.
fn scenario(settings: &str, world: &str, speed: &str, cost: &str, wants: &str) -> String {
    format!(
        r#"Scenario(
    settings: ({settings}),
    world: {{{world}}},
    agent: {{"iron": 0}},
    stations: [(id: "mine", pos: (0.0, 0.0))],
    actions: [
        (id: "dig", station: "mine", duration: 1.0, cost: {cost}, effects: ["world.ore += 1"]),
    ],
    characters: [
        (id: "miner", start: (0.0, 0.0), speed: {speed}, actions: ["dig"],
         goals: [(id: "ore", wants: [{wants}], drift: Quota(urgency: 1.0))]),
    ],
)"#
    )
}

fn base() -> String {
    scenario("", r#""ore": 0"#, "50.0", "1", r#""world.ore >= 1""#)
}

#[test]
fn the_base_loads() {
    scenario::parse(&base(), "test.ron").unwrap();
}

#[test]
fn numbers_that_would_break_the_day_are_rejected_with_their_range() {
    for (settings, field, words) in [
        ("day_length: 1e30", "settings.day_length", "from 1 to 86400, not 1e30"),
        ("day_length: 1e9", "settings.day_length", "not 1e9"),
        ("retry_interval: 1e-300", "settings.retry_interval", "from 0.1 to 3600"),
        ("planner_budget: 10000000", "settings.planner_budget", "from 1 to 100,000"),
        ("hysteresis: NaN", "settings.hysteresis", "from 0 to 1, not NaN"),
    ] {
        let text = scenario(settings, r#""ore": 0"#, "50.0", "1", r#""world.ore >= 1""#);
        let d = one_error(&text);
        // Located at the number itself.
        let value = settings.split(": ").nth(1).unwrap();
        let column = text.lines().nth(1).unwrap().find(value).unwrap() + 1;
        assert_eq!((d.field.as_str(), d.line, d.column), (field, 2, column), "{d}");
        assert!(d.message.contains(words), "{d}");
    }
    let d = one_error(&scenario("", r#""ore": 0"#, "1e300", "1", r#""world.ore >= 1""#));
    assert_eq!(d.field, "characters[0].speed");
    assert!(d.message.contains("from 0.01 to 100000, not 1e300"), "{d}");
}

#[test]
fn a_whole_number_is_asked_for_in_words() {
    let d = one_error(&scenario("", r#""ore": 0"#, "50.0", "1.5", r#""world.ore >= 1""#));
    assert_eq!(d.field, "actions[0].cost");
    assert_eq!(d.message, "expected a whole number, found 1.5");
    let two = scenario::parse(&scenario("", r#""ore": 0"#, "50.0", "2.0", r#""world.ore >= 1""#), "t.ron");
    assert_eq!(two.unwrap().actions[0].planning.cost, 2, "2.0 is a whole number written as a float");
    let d = one_error(&scenario("", r#""ore": 0.5"#, "50.0", "1", r#""world.ore >= 1""#));
    assert_eq!((d.field.as_str(), d.line), ("world.ore", 3));
    assert!(d.message.contains("a whole number"), "{d}");
}

#[test]
fn messages_never_name_internal_types() {
    let broken = base()
        .replace(r#"(id: "mine", pos: (0.0, 0.0))"#, r#"(id: "mine")"#)
        .replace("drift: Quota(urgency: 1.0)", "drift: Quoat(urgency: 1.0)")
        .replace("duration: 1.0, ", "");
    let all = errors(&broken);
    let text: Vec<String> = all.iter().map(|d| d.to_string()).collect();
    assert!(text.iter().any(|t| t.contains("stations[0]: a station needs `pos`")), "{text:?}");
    assert!(text.iter().any(|t| t.contains("actions[0]: an action needs `duration`")), "{text:?}");
    assert!(
        text.iter().any(|t| t.contains("one of `Need(rate: …, initial: …)` or `Quota(urgency: …)`, found `Quoat` (did you mean \"Quota\"?)")),
        "{text:?}"
    );
    assert!(
        text.iter().all(|t| !t.contains("Raw") && !t.contains("struct ") && !t.contains("enum ")),
        "{text:?}"
    );
}

#[test]
fn a_misplaced_scope_gets_the_right_hint() {
    let d = one_error(&scenario("", r#""ore": 0"#, "50.0", "1", r#""town.ore >= 1""#));
    assert!(d.message.contains("`town` is not a scope"), "{d}");
    assert!(d.message.contains("ore is a world fact: write world.ore"), "{d}");
    assert!(!d.message.contains("world.town"), "{d}");
    let d = one_error(&scenario("", r#""ore": 0"#, "50.0", "1", r#""world.iron >= 1""#));
    assert!(d.message.contains("iron is an agent fact: write agent.iron"), "{d}");
    assert!(!d.message.contains("declared in `world"), "a hint that contradicts itself: {d}");
}

#[test]
fn short_names_get_suggestions_and_long_names_are_cut() {
    let d = one_error(&scenario("", r#""ore": 0"#, "50.0", "1", r#""world.oar >= 1""#));
    assert!(d.message.contains("did you mean \"ore\""), "{d}");
    let long = "x".repeat(200_000);
    let d = one_error(&base().replace(r#"station: "mine""#, &format!(r#"station: "{long}""#)));
    assert!(d.message.len() < 200, "{} characters", d.message.len());
    assert!(d.message.contains("…"), "{d}");
}

#[test]
fn counts_are_limited_with_the_limit_in_words() {
    let facts: Vec<String> = (0..=65_536).map(|i| format!("\"f{i}\": 0")).collect();
    let d = one_error(&scenario("", &facts.join(", "), "50.0", "1", r#""world.ore >= 1""#));
    assert_eq!((d.field.as_str(), d.line), ("world", 3));
    assert!(d.message.contains("at most 4,096 facts (this map has 65,537)"), "{d}");

    let stations: Vec<String> =
        (0..=limits::MAX_STATIONS).map(|i| format!("(id: \"s{i}\", pos: (0, 0))")).collect();
    let text = base().replace(
        r#"stations: [(id: "mine", pos: (0.0, 0.0))]"#,
        &format!("stations: [{}]", stations.join(", ")),
    );
    let d = one_error(&text);
    assert!(d.message.contains("at most 1,000 stations"), "{d}");

    // 66 actions at each of 1,000 stations of a kind: more steps than a plan can name.
    let stations: Vec<String> =
        (0..limits::MAX_STATIONS).map(|i| format!("(id: \"s{i}\", pos: (0, 0), kind: \"mine\")")).collect();
    let actions: Vec<String> = (0..66)
        .map(|i| {
            format!(
                "(id: \"dig{i}\", station: \"mine\", duration: 1.0, cost: 1, effects: [\"world.ore += 1\"])"
            )
        })
        .collect();
    let names: Vec<String> = (0..66).map(|i| format!("\"dig{i}\"")).collect();
    let text = base()
        .replace(
            r#"stations: [(id: "mine", pos: (0.0, 0.0))]"#,
            &format!("stations: [{}]", stations.join(", ")),
        )
        .replace(
            r#"(id: "dig", station: "mine", duration: 1.0, cost: 1, effects: ["world.ore += 1"]),"#,
            &actions.join(", "),
        )
        .replace(r#"actions: ["dig"]"#, &format!("actions: [{}]", names.join(", ")));
    let d = one_error(&text);
    assert_eq!(d.field, "characters[0].actions", "{d}");
    assert!(
        d.message.contains("at most 65,536 actions counting each at each of its stations; it has 66,000"),
        "{d}"
    );

    let big = vec![b' '; limits::MAX_FILE_BYTES + 1];
    let e = scenario::parse_bytes(&big, "big.ron").unwrap_err().diagnostics();
    assert!(e[0].message.contains("larger than 1 MiB"), "{e:?}");
}

#[test]
fn a_need_that_holds_at_dawn_is_a_warning() {
    let text = base()
        .replace("drift: Quota(urgency: 1.0)", "drift: Need(rate: 0.01)")
        .replace(r#""world.ore >= 1""#, r#""agent.iron <= 0""#);
    let s = scenario::parse(&text, "test.ron").unwrap();
    let warning =
        s.warnings.iter().find(|w| w.message.contains("already holds at dawn")).expect("a dawn warning");
    assert_eq!(
        (warning.severity, warning.field.as_str()),
        (Severity::Warning, "characters[0].goals[0].wants")
    );
}

#[test]
fn one_plan_never_expands_more_than_the_planners_most_whatever_its_budget() {
    // Ten million steps away, one at a time: only the budget stops the search.
    let mut facts = FactTable::default();
    let (a, b) = (facts.intern(Scope::Agent, "a"), facts.intern(Scope::Agent, "b"));
    let actions = [
        Action::new("up", 1).does(Effect::add(a, 1)),
        Action::new("sideways", 1).does(Effect::add(b, 1)),
        Action::new("back", 1).does(Effect::subtract(b, 1)),
    ];
    let goal = [Condition::at_least(a, 10_000_000)];
    let answer = Planner::new(&actions, &goal).plan(&State::zeros(facts.len()), usize::MAX);
    assert_eq!(answer, Err(NoPlan::Budget { expanded: planner::MAX_BUDGET }));
}

/// "At most 4,096 facts in all" counts the file's own facts (world and agent), exactly: 4,096
/// load, 4,097 are refused, and the error says how many the file declares.
#[test]
fn the_fact_limit_counts_the_files_facts_exactly() {
    // One agent fact (iron) and the world's ore are in the base; the rest are world facts.
    let world = |n: usize| {
        let extra: Vec<String> = (0..n).map(|i| format!("\"f{i}\": 0")).collect();
        format!("\"ore\": 0, {}", extra.join(", "))
    };
    let at_limit = scenario("", &world(limits::MAX_FACTS - 2), "50.0", "1", r#""world.ore >= 1""#);
    scenario::parse(&at_limit, "test.ron").unwrap();
    let past = scenario("", &world(limits::MAX_FACTS - 1), "50.0", "1", r#""world.ore >= 1""#);
    let d = one_error(&past);
    assert!(d.message.contains("at most 4,096 facts") && d.message.contains("declares 4,097"), "{d}");
}

/// A goal condition nothing can move toward is warned of — unless it holds at dawn, where it
/// needs no moving (held-out check: `agent.done == 0` with `done` 0 at dawn was said to make its
/// goal one that "can never be worked on", yet the goal was met every time).
#[test]
fn a_condition_nothing_moves_is_warned_of_unless_it_holds_at_dawn() {
    let warnings = |wants: &str| {
        let text = scenario("", r#""ore": 0"#, "50.0", "1", wants);
        let loaded = scenario::parse(&text, "test.ron").unwrap();
        loaded.warnings.iter().map(|w| w.message.clone()).collect::<Vec<_>>()
    };
    let never = warnings(r#""world.ore >= 1", "agent.iron >= 1""#);
    assert!(
        never.iter().any(|w| w.contains("agent.iron >= 1") && w.contains("can never be worked on")),
        "{never:?}"
    );
    let already = warnings(r#""world.ore >= 1", "agent.iron <= 0""#);
    assert!(already.iter().all(|w| !w.contains("can never be worked on")), "{already:?}");
}
