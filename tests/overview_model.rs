//! The town overview's villagers table, headless: sorted by any column either way (ties in roster
//! order, names as people count them), filtered by state and trade, searched by name.

use goap_town::game::overview_model::{Column, Row, State, View, trade_of};

fn row(number: usize, name: &str, state: State, waited: f32, met: u32) -> Row {
    Row {
        number,
        name: name.to_owned(),
        trade: trade_of(name),
        state,
        goal: String::new(),
        waits_for: String::new(),
        seconds_waited: waited,
        goals_met: met,
    }
}

fn town() -> Vec<Row> {
    vec![
        row(0, "Farmer 10", State::Walking, 5.0, 2),
        row(1, "Farmer 2", State::Waiting, 30.0, 1),
        row(2, "Baker 1", State::Acting, 0.0, 3),
        row(3, "Miller 1 @ 2", State::Waiting, 12.0, 0),
        row(4, "Farmer 2 @ 10", State::InLine, 12.0, 5),
    ]
}

fn names(rows: &[Row]) -> Vec<&str> {
    rows.iter().map(|r| r.name.as_str()).collect()
}

#[test]
fn rows_sort_by_any_column_either_way() {
    let mut view = View::default();
    assert_eq!(
        names(&view.apply(town())),
        ["Baker 1", "Farmer 2", "Farmer 2 @ 10", "Farmer 10", "Miller 1 @ 2"]
    );
    view.click(Column::SecondsWaited);
    assert_eq!(
        names(&view.apply(town())),
        ["Baker 1", "Farmer 10", "Miller 1 @ 2", "Farmer 2 @ 10", "Farmer 2"]
    );
    view.click(Column::SecondsWaited);
    assert!(view.descending);
    // Equal waits keep roster order, whichever way.
    assert_eq!(
        names(&view.apply(town())),
        ["Farmer 2", "Miller 1 @ 2", "Farmer 2 @ 10", "Farmer 10", "Baker 1"]
    );
    view.click(Column::GoalsMet);
    assert!(!view.descending, "a new column sorts up first");
    assert_eq!(view.apply(town()).iter().map(|r| r.goals_met).collect::<Vec<_>>(), [0, 1, 2, 3, 5]);
    view.click(Column::State);
    assert_eq!(view.apply(town())[0].state, State::Walking);
}

#[test]
fn rows_filter_by_state_and_trade_and_search_by_name() {
    let mut view = View { hidden_states: vec![State::Waiting], ..View::default() };
    assert_eq!(names(&view.apply(town())), ["Baker 1", "Farmer 2 @ 10", "Farmer 10"]);
    view.trade = Some("Farmer".to_owned());
    assert_eq!(names(&view.apply(town())), ["Farmer 2 @ 10", "Farmer 10"]);
    view = View { search: " miller ".to_owned(), ..View::default() };
    assert_eq!(names(&view.apply(town())), ["Miller 1 @ 2"]);
    assert_eq!(trade_of("Woodcutter 3 @ 12"), "Woodcutter");
    assert_eq!(trade_of("Smith"), "Smith");
}
