//! The words of the simulation and the interface: every message in every built-in language, a
//! third language from one new file, and each kind of event told in English and in Spanish.

mod common;

use common::shipped;
use goap_town::sim::{self, DayReport, EventKind};
use goap_town::words::{Lang, Words, words};

#[test]
fn spanish_has_every_message_english_has_and_says_it_in_its_own_words() {
    let words = Words::built_in();
    assert_eq!(words.missing(Lang::SPANISH), Vec::<&str>::new());
    assert_eq!(words.plain(Lang::SPANISH, "no-plan"), "sin plan");
    assert_eq!(words.say(Lang::ENGLISH, "ordinal", &[("n", 22.into())]), "22nd");
    assert_eq!(words.say(Lang::ENGLISH, "ordinal", &[("n", 13.into())]), "13th");
    assert_eq!(words.say(Lang::SPANISH, "ordinal", &[("n", 2.into())]), "2.º");
}

#[test]
fn a_third_language_is_one_new_file_and_what_it_lacks_is_said_in_english() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("fr.ftl"), "language-name = Français\nno-plan = pas de plan\n")
        .unwrap();
    std::fs::write(folder.path().join("broken.ftl"), "fine = yes\nthis is = { not fluent\n").unwrap();
    let words = Words::load(folder.path());
    let french = words.lang("fr").expect("fr.ftl is a language");
    assert_eq!(words.count(), 4, "English, Spanish, and the folder's two files");
    assert_eq!(words.problems(french), Vec::<String>::new());
    assert_eq!(words.plain(french, "language-name"), "Français");
    assert_eq!(words.plain(french, "no-plan"), "pas de plan");
    assert_eq!(words.plain(french, "resting"), "resting", "missing in French: English");
    assert!(words.missing(french).contains(&"event-queued"));
    // A file that does not parse is left out when its language is used: English speaks for it.
    let broken = words.lang("broken").unwrap();
    assert_eq!(words.plain(broken, "no-plan"), "no plan");
    let problems = words.problems(broken);
    assert!(problems.len() == 1 && problems[0].contains("broken.ftl: left out: 2:6: "), "{problems:?}");
    assert!(
        problems[0].ends_with("Expected a token starting with \"=\""),
        "said in words, where: {problems:?}"
    );
}

/// A working folder's file named like a built-in language rewords only the messages it has:
/// every other one is still the built-in one of that language, not a bare id.
#[test]
fn a_folder_file_of_a_built_in_language_rewords_only_its_own_messages() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("en.ftl"), "no-plan = nothing to do\n").unwrap();
    std::fs::write(folder.path().join("es.ftl"), "no-plan = nada que hacer\n").unwrap();
    let words = Words::load(folder.path());
    assert_eq!(words.count(), 2);
    assert_eq!(words.plain(Lang::ENGLISH, "no-plan"), "nothing to do");
    assert_eq!(words.plain(Lang::ENGLISH, "restart-day"), "Restart day");
    assert_eq!(words.plain(Lang::SPANISH, "no-plan"), "nada que hacer");
    assert_eq!(
        words.plain(Lang::SPANISH, "restart-day"),
        Words::built_in().plain(Lang::SPANISH, "restart-day")
    );
    assert_eq!(words.missing(Lang::SPANISH), Vec::<&str>::new());
    let said = words.say(Lang::ENGLISH, "scenario-cannot-read", &[("reason", "gone".into())]);
    assert_eq!(said, "cannot read: gone");
}

/// A file is read only when its language is used, never when it is not a plain file (a FIFO
/// would block every command), and not past its size cap.
#[test]
fn language_files_are_read_when_used_bounded_and_never_block() {
    let folder = tempfile::tempdir().unwrap();
    let fifo = folder.path().join("de.ftl");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let big = "no-plan = pas de plan\n".repeat(goap_town::words::MAX_FILE_BYTES as usize / 20);
    std::fs::write(folder.path().join("fr.ftl"), big).unwrap();
    let words = Words::load(folder.path());
    // Listing the folder and speaking English touch neither file.
    assert_eq!(words.plain(Lang::ENGLISH, "no-plan"), "no plan");
    let (german, french) = (words.lang("de").unwrap(), words.lang("fr").unwrap());
    assert_eq!(words.plain(german, "no-plan"), "no plan", "the FIFO is left out, not waited on");
    assert!(words.problems(german)[0].contains("not a plain file"), "{:?}", words.problems(german));
    assert_eq!(words.plain(french, "no-plan"), "no plan");
    assert!(words.problems(french)[0].contains("larger than 256 KiB"), "{:?}", words.problems(french));
}

/// A translation that reads an argument its English message is not given says so, naming the
/// message; the shipped Spanish reads none.
#[test]
fn a_translation_with_a_wrong_argument_name_is_a_warning_naming_the_message() {
    let folder = tempfile::tempdir().unwrap();
    let text = "day-saved = Día guardado en { $fichero }\nday-not-saved = No: { $why }\n";
    std::fs::write(folder.path().join("es.ftl"), text).unwrap();
    let words = Words::load(folder.path());
    let problems = words.problems(Lang::SPANISH);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("es.ftl: warning: message `day-saved` reads { $fichero }"), "{problems:?}");
    assert!(problems[0].contains("it is given { $file }"), "{problems:?}");
    let shipped = Words::load(std::path::Path::new(goap_town::words::FOLDER));
    assert_eq!(shipped.problems(Lang::SPANISH), Vec::<String>::new());
    assert_eq!(shipped.problems(Lang::ENGLISH), Vec::<String>::new());
}

/// One day of `scenario`, its events in `lang`.
fn day(scenario: goap_town::scenario::Scenario, lang: Lang) -> DayReport {
    sim::play_in(scenario, 1, lang).remove(0)
}

/// The first event of `kind` said by `villager` (any villager when `None`), in both languages.
fn first(en: &DayReport, es: &DayReport, kind: EventKind, villager: Option<&str>) -> (String, String) {
    let pick = |day: &DayReport| {
        let mine = |e: &&sim::EventReport| {
            e.kind == kind && villager.is_none_or(|v| e.villager.as_deref() == Some(v))
        };
        day.events.iter().find(mine).unwrap_or_else(|| panic!("no {kind:?} event")).text.clone()
    };
    (pick(en), pick(es))
}

#[test]
fn every_kind_of_event_is_told_in_english_and_in_spanish() {
    let town = shipped("town.ron");
    let (en, es) = (day(town.clone(), Lang::ENGLISH), day(town, words().lang("es").unwrap()));
    // The same day, told twice.
    assert_eq!(en.events.len(), es.events.len());
    assert!(en.events.iter().zip(&es.events).all(|(a, b)| (a.t, a.kind) == (b.t, b.kind)));
    let told = |kind, villager| first(&en, &es, kind, villager);
    assert_eq!(told(EventKind::Dawn, None), ("Dawn of day 1".into(), "Amanecer del día 1".into()));
    assert_eq!(
        told(EventKind::Resting, Some("miner")),
        (
            "Resting: every unmet goal's insistence is below 0.05".into(),
            "Descansando: la insistencia de toda meta sin cumplir está por debajo de 0.05".into()
        )
    );
    assert_eq!(
        told(EventKind::Waiting, Some("smith")),
        (
            "No viable plan for Hunger: waiting for bread".into(),
            "Sin plan viable para Hunger: esperando pan".into()
        )
    );
    assert_eq!(
        told(EventKind::Abandoned, Some("smith")),
        (
            "Abandoned Take a loaf: needs bread: none in the town".into(),
            "Abandonó Take a loaf: necesita pan: no hay en el pueblo".into()
        )
    );
    assert_eq!(
        told(EventKind::GoalSwitch, Some("baker")),
        (
            "Hunger (0.58) overtook Bake bread (0.41)".into(),
            "Hunger (0.58) superó a Bake bread (0.41)".into()
        )
    );
    assert_eq!(
        told(EventKind::PlanMade, Some("baker")),
        (
            "Plan for Hunger: Take a loaf, Eat (cost 2.46, 2 expanded)".into(),
            "Plan para Hunger: Take a loaf, Eat (costo 2.46, 2 estados expandidos)".into()
        )
    );
    assert_eq!(
        told(EventKind::ActionStarted, Some("baker")),
        ("Started Take a loaf at Oven".into(), "Empezó Take a loaf en Oven".into())
    );
    assert_eq!(
        told(EventKind::ActionFinished, Some("baker")),
        ("Finished Take a loaf".into(), "Terminó Take a loaf".into())
    );
    assert_eq!(
        told(EventKind::GoalSatisfied, Some("baker")),
        ("Hunger met".into(), "Hunger: cumplido".into())
    );
}

#[test]
fn queues_and_leaving_them_are_told_in_english_and_in_spanish() {
    let village = shipped("village.ron");
    let (en, es) = (day(village.clone(), Lang::ENGLISH), day(village.clone(), Lang::SPANISH));
    let queued = first(&en, &es, EventKind::Queued, None);
    let place = |text: &str| text.rsplit_once('(').map(|(_, p)| p.to_owned()).unwrap();
    assert!(queued.0.starts_with("Queued at ") && queued.1.starts_with("En la cola de "), "{queued:?}");
    assert_eq!((place(&queued.0), place(&queued.1)), ("1st in line)".into(), "1.º en la cola)".into()));
    let behind = en.events.iter().position(|e| e.kind == EventKind::Queued && e.behind.is_some()).unwrap();
    // Who it is behind, by name (the report's data keeps the id).
    let id = en.events[behind].behind.clone().unwrap();
    let who = &village.characters.iter().find(|c| c.id == id).unwrap().name;
    assert!(en.events[behind].text.contains(&format!(" behind {who} (")), "{}", en.events[behind].text);
    assert!(es.events[behind].text.contains(&format!(" detrás de {who} (")), "{}", es.events[behind].text);
    let left =
        en.events.iter().position(|e| e.kind == EventKind::LeftQueue && e.for_station.is_some()).unwrap();
    assert!(en.events[left].text.starts_with("Left the queue at ") && en.events[left].text.contains(" for "));
    assert!(es.events[left].text.starts_with("Dejó la cola de ") && es.events[left].text.contains(" por "));
}

/// What a player reads of a fact or a condition: words, not the scenario's ids.
#[test]
fn facts_and_conditions_are_said_in_words() {
    use goap_town::planner::Compare;
    use goap_town::words::{Whose, condition_words, fact_words, humanised, needs_words};
    assert_eq!(humanised("pickDurability"), "pick durability");
    assert_eq!(humanised("oven2"), "oven 2");
    assert_eq!(humanised("has_weapon"), "has weapon");
    assert_eq!(humanised("wood"), "wood");
    // A fact with a name of its own in the language files, and one without.
    assert_eq!(fact_words(Lang::SPANISH, "tools"), "herramientas");
    assert_eq!(fact_words(Lang::SPANISH, "gemsFound"), "gems found");
    let said = |lang, compare, value, now| condition_words(lang, "tools", Whose::Town, compare, value, now);
    assert_eq!(
        needs_words(Lang::ENGLISH, said(Lang::ENGLISH, Compare::AtLeast, 1, Some(0))),
        "needs tools: none in the town"
    );
    assert_eq!(
        needs_words(Lang::SPANISH, said(Lang::SPANISH, Compare::AtLeast, 1, Some(0))),
        "necesita herramientas: no hay en el pueblo"
    );
    assert_eq!(said(Lang::ENGLISH, Compare::AtLeast, 3, Some(1)), "tools (at least 3): 1 in the town");
    assert_eq!(
        said(Lang::ENGLISH, Compare::AtLeast, 1, Some(-2)),
        "tools: none in the town",
        "never below none"
    );
    assert_eq!(said(Lang::ENGLISH, Compare::AtMost, 2, None), "tools (at most 2)");
    assert_eq!(said(Lang::ENGLISH, Compare::Exactly, 0, None), "no tools");
    assert_eq!(said(Lang::SPANISH, Compare::Differs, 4, None), "herramientas (distinto de 4)");
    let own = condition_words(Lang::ENGLISH, "wood", Whose::Own, Compare::AtLeast, 1, Some(0));
    assert_eq!(own, "wood: it has none");
    let own = condition_words(Lang::SPANISH, "wood", Whose::Own, Compare::AtLeast, 2, Some(1));
    assert_eq!(own, "leña (al menos 2): tiene 1");
}
