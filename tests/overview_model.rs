//! The town overview, headless: the villagers table sorted by any column either way (ties in
//! roster order, names as people count them), filtered by state and trade, searched by name; the
//! alerts, each kind at its line and each able to be turned off; the summary lanes' columns.

use goap_town::game::overview_model::{Column, Row, State, View, trade_of};

fn row(number: usize, name: &str, state: State, waited: f32, met: u32) -> Row {
    Row {
        number,
        character: 0,
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

mod alerts {
    use goap_town::game::alerts::{Alert, Kind, LineNow, Watched, alerts};
    use goap_town::words::Lang;

    fn villager(number: usize, name: &str) -> Watched {
        Watched { number, name: name.to_owned(), ..Watched::default() }
    }

    fn town() -> (Vec<Watched>, Vec<LineNow>) {
        let mut waited_long = villager(0, "Baker 1");
        waited_long.waiting = Some(("flour".to_owned(), 10.0));
        let mut waited_longer = villager(1, "Miller 1");
        waited_longer.waiting = Some(("wheat".to_owned(), 5.0));
        let mut waited_briefly = villager(2, "Farmer 1");
        waited_briefly.waiting = Some(("seed".to_owned(), 50.0));
        let mut behind = villager(3, "Farmer 2");
        behind.unmet_quotas = vec!["Harvest".to_owned()];
        behind.needs_at_ceiling = vec!["Hunger".to_owned()];
        let line = |station: &str, waiting, capacity| LineNow {
            station: station.to_owned(),
            tile: 0,
            label: station.to_owned(),
            waiting,
            capacity,
        };
        (
            vec![waited_long, waited_longer, waited_briefly, behind],
            vec![line("oven", 2, 1), line("well", 3, 1), line("mill", 4, 2), line("field", 7, 3)],
        )
    }

    #[test]
    fn each_kind_points_out_only_what_crosses_its_line_the_worst_first() {
        let (villagers, lines) = town();
        let found = alerts(100.0, 0.5, &villagers, &lines, &[]);
        let waits: Vec<(usize, f32)> = (found.iter())
            .filter_map(|a| match a {
                Alert::Waiting { villager, seconds, .. } => Some((*villager, *seconds)),
                _ => None,
            })
            .collect();
        // 95 s and 90 s are over a minute; 50 s is not.
        assert_eq!(waits, [(1, 95.0), (0, 90.0)]);
        let lines_named: Vec<&str> = (found.iter())
            .filter_map(|a| match a {
                Alert::Line { station, .. } => Some(station.as_str()),
                _ => None,
            })
            .collect();
        // Over twice the places: the well (3 for 1), the field (7 for 3); not the oven (2 for 1)
        // nor the mill (4 for 2).
        assert_eq!(lines_named, ["well", "field"]);
        // Half the day gone: no quota is late yet; the need at its ceiling is said.
        assert!(!found.iter().any(|a| a.kind() == Kind::Quota));
        assert!(found.contains(&Alert::Need { villager: 3, name: "Farmer 2".into(), goal: "Hunger".into() }));
        // Kinds come in their order.
        let kinds: Vec<Kind> = found.iter().map(Alert::kind).collect();
        assert!(kinds.windows(2).all(|w| w[0] <= w[1]), "{kinds:?}");
    }

    #[test]
    fn a_quota_is_late_from_four_fifths_of_the_day_and_any_kind_can_be_turned_off() {
        let (villagers, lines) = town();
        let late = alerts(100.0, 0.8, &villagers, &lines, &[]);
        assert!(late.contains(&Alert::Quota {
            villager: 3,
            name: "Farmer 2".into(),
            goal: "Harvest".into()
        }));
        for off in Kind::ALL {
            let found = alerts(100.0, 0.9, &villagers, &lines, &[off]);
            assert!(!found.iter().any(|a| a.kind() == off), "{off:?} turned off");
            assert!(Kind::ALL.iter().filter(|k| **k != off).all(|k| found.iter().any(|a| a.kind() == *k)));
        }
        assert!(alerts(100.0, 0.9, &villagers, &lines, &Kind::ALL).is_empty());
    }

    #[test]
    fn alerts_name_what_a_click_selects_and_say_it_in_both_languages() {
        let (villagers, lines) = town();
        let found = alerts(100.0, 0.9, &villagers, &lines, &[]);
        let first = &found[0];
        assert_eq!(first.villager(), Some(1));
        assert_eq!(first.words(Lang::ENGLISH), "Miller 1 has waited 95 s for wheat");
        assert_eq!(first.words(Lang::SPANISH), "Miller 1 lleva 95 s esperando wheat");
        let line = found.iter().find(|a| a.kind() == Kind::Line).unwrap();
        assert_eq!(line.villager(), None);
        assert_eq!(line.words(Lang::ENGLISH), "well: 3 in line for one place");
        let quota = found.iter().find(|a| a.kind() == Kind::Quota).unwrap();
        assert_eq!(quota.words(Lang::ENGLISH), "Farmer 2: Harvest still unmet with 80% of the day gone");
        assert!(quota.words(Lang::SPANISH).contains("sigue sin cumplirse"));
    }
}

mod lanes {
    use goap_town::game::lanes::count_into;
    use goap_town::sim::{DECIDING, Span};

    #[test]
    fn a_summary_column_counts_what_each_villager_did_at_its_middle_up_to_now() {
        // Resting (3) from dawn, walking (0) from step 100, acting (1) from 250; now is step 300
        // of a day of 400, cut into four columns whose middles are 50, 150, 250 and 350.
        let spans = [Span { from: 0, kind: 3 }, Span { from: 100, kind: 0 }, Span { from: 250, kind: 1 }];
        let mut columns = [[0u16; 6]; 4];
        count_into(&spans, 300, 400, &mut columns);
        count_into(&spans[1..], 300, 400, &mut columns); // one deciding until it walked
        assert_eq!(columns[0], [0, 0, 0, 1, 0, 1]);
        assert_eq!(columns[1], [2, 0, 0, 0, 0, 0]);
        assert_eq!(columns[2], [0, 2, 0, 0, 0, 0]);
        assert_eq!(columns[3], [0; 6], "the future is not counted");
        assert_eq!(DECIDING, 5);
    }
}
