//! What a scenario says of interruptions is checked where it is written, in English and Spanish:
//! `interrupts_at` out of (0, 1] or not a number, a goal that can never reach it, an interruptible
//! action nobody does or one that sets a shared fact.

use goap_town::scenario::{self, Severity};
use goap_town::words::Lang;

const FAR_SAWMILL: &str = include_str!("interrupts/far_sawmill.ron");

#[test]
fn interruptions_are_checked_where_written_in_both_languages() {
    let problems = |text: &str, lang: &str| -> Vec<(Severity, String, String)> {
        let lang = if lang == "es" { Lang::SPANISH } else { Lang::ENGLISH };
        let said = |d: &scenario::Diagnostic| (d.severity, d.field.clone(), d.phrase.text(lang));
        match scenario::parse(text, "far_sawmill.ron") {
            Ok(scenario) => scenario.warnings.iter().map(said).collect(),
            Err(scenario::LoadError::Invalid { diagnostics }) => diagnostics.iter().map(said).collect(),
            Err(other) => panic!("{other}"),
        }
    };
    let out_of_range = FAR_SAWMILL.replace("interrupts_at: 0.8", "interrupts_at: 1.5");
    let en = problems(&out_of_range, "en");
    assert_eq!(en[0].0, Severity::Error);
    assert_eq!(en[0].1, "characters[0].goals[1].interrupts_at");
    assert_eq!(en[0].2, "interrupts_at is an insistence: more than 0 and at most 1, not 1.5");
    let es = problems(&out_of_range, "es");
    assert_eq!(es[0].2, "interrupts_at es una insistencia: más de 0 y como mucho 1, no 1.5");
    assert_eq!(
        problems(&FAR_SAWMILL.replace("interrupts_at: 0.8", "interrupts_at: 0"), "en")[0].0,
        Severity::Error
    );
    assert!(
        problems(&FAR_SAWMILL.replace("interrupts_at: 0.8", "interrupts_at: Some(0.8)"), "en").is_empty()
    );

    let quiet_quota = FAR_SAWMILL
        .replace("drift: Need(rate: 0.0, initial: 0.6))", "drift: Quota(urgency: 0.5), interrupts_at: 0.7)");
    let warned = problems(&quiet_quota, "en");
    assert_eq!(warned.len(), 1, "{warned:?}");
    assert_eq!(warned[0].0, Severity::Warning);
    assert_eq!(warned[0].1, "characters[0].goals[0].interrupts_at");
    assert_eq!(
        warned[0].2,
        "goal \"work\" can never reach its interrupts_at 0.7: a quota asks less than its urgency 0.5, the day ending first"
    );
    assert_eq!(
        problems(&quiet_quota, "es")[0].2,
        "la meta \"work\" nunca puede llegar a su interrupts_at 0.7: una cuota pide menos que su urgencia 0.5, pues el día acaba antes"
    );
    // Urgency 0.5 asks 0.4995 at the day's last step: 0.5 is never reached.
    let edge = FAR_SAWMILL
        .replace("drift: Need(rate: 0.0, initial: 0.6))", "drift: Quota(urgency: 0.5), interrupts_at: 0.5)");
    assert_eq!(problems(&edge, "en").len(), 1, "a quota's urgency never reached");
    let above = FAR_SAWMILL
        .replace("drift: Need(rate: 0.0, initial: 0.6))", "drift: Quota(urgency: 0.51), interrupts_at: 0.5)");
    assert!(problems(&above, "en").is_empty(), "0.51 × the day's progress passes 0.5");
    let flat = FAR_SAWMILL.replace("initial: 0.6))", "initial: 0.6), interrupts_at: 0.7)");
    assert_eq!(
        problems(&flat, "en")[0].2,
        "goal \"work\" can never reach its interrupts_at 0.7: it asks at most 0.6"
    );

    let unused = FAR_SAWMILL.replace(r#"actions: ["sawPlanks", "eat"]"#, r#"actions: ["eat"]"#).replace(
        "cost: 1,\n            effects: [\"agent.planks",
        "cost: 1, interruptible: true,\n            effects: [\"agent.planks",
    );
    let warned = problems(&unused, "en");
    assert!(
        warned.iter().any(|w| w.1 == "actions[0].interruptible"
            && w.2 == "action \"sawPlanks\" is interruptible, but no character does it"),
        "{warned:?}"
    );

    let sets = FAR_SAWMILL.replace("agent: {", "world: {\"lit\": 0},\n    agent: {").replace(
        r#"effects: ["agent.planks += 1"],"#,
        r#"effects: ["agent.planks += 1", "world.lit = 1"], interruptible: true,"#,
    );
    let refused = problems(&sets, "en");
    assert_eq!(refused[0].0, Severity::Error);
    assert_eq!(refused[0].1, "actions[0].interruptible");
    assert!(
        refused[0].2.starts_with("action \"sawPlanks\" cannot be interruptible: it sets a shared fact"),
        "{refused:?}"
    );
    let not_a_bool = FAR_SAWMILL.replace(
        r#"effects: ["agent.planks += 1"],"#,
        r#"effects: ["agent.planks += 1"], interruptible: 1,"#,
    );
    assert_eq!(problems(&not_a_bool, "en")[0].1, "actions[0].interruptible");
}
