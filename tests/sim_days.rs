//! A day in each shipped scenario, played headless, and what its villagers make of it: the cook
//! eats again and again, each meal after its four steps; the smith waits for the first ingot;
//! in the town every trade's quota is met before 60 % of the day, the miner's first and the
//! baker's last, and those who make the food eat most; the baker keeps the shelf stocked.

mod common;

use goap_town::sim::{self, DayReport, EventKind, VillagerReport};

fn one_day(file: &str) -> DayReport {
    sim::play(common::shipped(file), 1).remove(0)
}

fn villager<'a>(day: &'a DayReport, id: &str) -> &'a VillagerReport {
    day.villagers.iter().find(|v| v.id == id).unwrap_or_else(|| panic!("no villager {id}"))
}

/// The texts of `who`'s events of the given kinds, in order.
fn texts(day: &DayReport, who: &str, kinds: &[EventKind]) -> Vec<String> {
    day.events
        .iter()
        .filter(|e| e.villager.as_deref() == Some(who) && kinds.contains(&e.kind))
        .map(|e| e.text.clone())
        .collect()
}

#[test]
fn the_cook_eats_several_times_a_day_each_meal_after_the_four_steps() {
    let day = one_day("cook.ron");
    let fed = &villager(&day, "cook").goals[0];
    assert_eq!(fed.id, "fed");
    assert!(fed.times_met >= 3, "the cook ate {} times", fed.times_met);

    let story = texts(&day, "cook", &[EventKind::ActionFinished, EventKind::GoalSatisfied]);
    let meals: Vec<usize> =
        story.iter().enumerate().filter(|(_, t)| *t == "Hunger met").map(|(i, _)| i).collect();
    assert_eq!(meals.len() as u32, fed.times_met);
    for &m in &meals {
        assert_eq!(
            story[m - 4..m],
            ["Finished Chop wood", "Finished Light the fire", "Finished Cook a meal", "Finished Eat"],
            "before meal at line {m}: {story:?}"
        );
    }
}

#[test]
fn the_smith_first_waits_for_an_ingot_then_makes_tools() {
    let day = one_day("forge.ron");
    let first = day.events.iter().find(|e| e.villager.as_deref() == Some("smith")).unwrap();
    assert_eq!(first.kind, EventKind::Waiting);
    assert_eq!(first.text, "No viable plan for Make tools: waiting for iron ingots");
    assert_eq!(first.blockers, ["world.ironIngot >= 1"], "the wait names what blocks it");
    let json = serde_json::to_value(first).unwrap();
    assert_eq!(json["blockers"], serde_json::json!(["world.ironIngot >= 1"]));
    let started = day.events.iter().find(|e| e.kind == EventKind::ActionStarted).unwrap();
    assert!(serde_json::to_value(started).unwrap().get("blockers").is_none(), "only waits carry blockers");

    let smith = villager(&day, "smith");
    assert!(smith.goals[0].times_met >= 1);
    assert!(smith.seconds.waiting > 0.0);
    // It walks only once the first ingot exists: its first plan comes after the first smelt.
    let t = |who: &str, text: &str| {
        day.events.iter().find(|e| e.villager.as_deref() == Some(who) && e.text.starts_with(text)).unwrap().t
    };
    assert!(t("smith", "Plan for Make tools") >= t("smelter", "Finished Smelt an ingot"));
}

#[test]
fn the_town_meets_every_quota_early_miner_first_baker_last_and_the_food_makers_eat_most() {
    let day = one_day("town.ron");
    let trade_first_met = |v: &VillagerReport| {
        let quota = v.goals.iter().find(|g| g.kind == "quota").unwrap();
        quota.first_met_at.unwrap_or_else(|| panic!("{}'s quota was never met", v.id))
    };
    let meals = |v: &VillagerReport| v.goals.iter().find(|g| g.id == "hunger").unwrap().times_met;
    for v in &day.villagers {
        assert!(trade_first_met(v) < 0.6, "{} met its quota at {:.0}%", v.id, trade_first_met(v) * 100.0);
        assert!(meals(v) >= 1, "{} never ate", v.id);
    }
    let order: Vec<&str> = {
        let mut by_time: Vec<&VillagerReport> = day.villagers.iter().collect();
        by_time.sort_by(|a, b| trade_first_met(a).total_cmp(&trade_first_met(b)));
        by_time.iter().map(|v| v.id.as_str()).collect()
    };
    assert_eq!(order.first(), Some(&"miner"), "{order:?}");
    assert_eq!(order.last(), Some(&"baker"), "{order:?}");
    let (farmer, baker) = (meals(villager(&day, "farmer")), meals(villager(&day, "baker")));
    for v in day.villagers.iter().filter(|v| v.id != "farmer" && v.id != "baker") {
        assert!(
            farmer > meals(v) && baker > meals(v),
            "farmer {farmer}, baker {baker}, {} {}",
            v.id,
            meals(v)
        );
    }
}

#[test]
fn the_baker_restocks_the_shelf_again_and_again() {
    let day = one_day("bakery.ron");
    let stock = villager(&day, "baker").goals.iter().find(|g| g.id == "stock").unwrap();
    assert!(stock.times_met >= 3, "stock met {} times", stock.times_met);
    let eaten: u32 = day.villagers.iter().filter(|v| v.id != "baker").map(|v| v.goals[1].times_met).sum();
    assert!(eaten >= 3, "the others ate {eaten} loaves");
}

/// Played as the game plays it (`SimOptions::game`), a day leaves only its figures, however many
/// days pass — the same figures its whole report gives, played with reports filed.
#[test]
fn a_day_played_as_in_the_game_leaves_its_figures_not_its_report() {
    let scenario = common::shipped("village.ron");
    let reports = sim::play(scenario.clone(), 3);
    let layout = sim::Layout::single(&scenario);
    let steps = (scenario.settings.day_length / sim::STEP) as usize + 2;
    let mut app = sim::tiled_app(scenario.clone(), layout, sim::SimOptions::game());
    sim::keep_history(app.world_mut());
    let done =
        sim::run_until(&mut app, steps * 3, |app| app.world().resource::<sim::PastDays>().0.len() == 3);
    assert!(done, "three days played");
    assert!(app.world().resource::<sim::FinishedDays>().0.is_empty(), "no whole report is kept");
    let figures = &app.world().resource::<sim::PastDays>().0;
    for (report, figures) in reports.iter().zip(figures) {
        assert_eq!(figures.day, report.day);
        for (character, met) in scenario.characters.iter().zip(&figures.goals_met) {
            let of = report.villagers.iter().filter(|v| v.id == character.id);
            let reported: u32 = of.flat_map(|v| v.goals.iter().map(|g| g.times_met)).sum();
            assert_eq!(*met, reported, "day {}: {}", report.day, character.id);
        }
        let acting: f32 = report.villagers.iter().map(|v| v.seconds.acting).sum();
        let resting: f32 = report.villagers.iter().map(|v| v.seconds.resting).sum();
        assert!(
            (figures.seconds.acting - acting).abs() < 0.01
                && (figures.seconds.resting - resting).abs() < 0.01
        );
        assert!(figures.goals_met.iter().sum::<u32>() > 0 && acting > 0.0, "a day's work is counted");
    }
}
