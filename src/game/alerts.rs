//! The overview's alerts: what a player would want pointed out without looking for it — a
//! villager waiting on the same thing for over a minute, a line longer than twice its station's
//! places, a quota still unmet late in the day, a need at its ceiling. Worked out from what the
//! window gathers ([`Watched`], [`LineNow`]) by a plain function, so it is tested headless;
//! each kind can be turned off.

use crate::words::{Lang, words};

/// A villager waiting on one fact longer than this (seconds) is pointed out.
pub const LONG_WAIT: f32 = 60.0;
/// A line longer than this many times its station's places is pointed out.
pub const LONG_LINE: usize = 2;
/// A quota still unmet once this share of the day has gone is pointed out.
pub const LATE: f32 = 0.8;

/// The kinds of alert, each of which can be turned off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Waiting,
    Line,
    Quota,
    Need,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Waiting, Kind::Line, Kind::Quota, Kind::Need];

    /// The message naming the kind, beside its switch.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Waiting => "alert-kind-waiting",
            Kind::Line => "alert-kind-line",
            Kind::Quota => "alert-kind-quota",
            Kind::Need => "alert-kind-need",
        }
    }
}

/// One villager as the alerts see it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Watched {
    pub number: usize,
    pub name: String,
    /// The fact it waits on, in words, and since when (seconds since dawn).
    pub waiting: Option<(String, f32)>,
    /// Its quotas whose conditions do not hold, by label.
    pub unmet_quotas: Vec<String>,
    /// Its needs asking as loudly as they can, by label.
    pub needs_at_ceiling: Vec<String>,
}

/// One station's line in one tile, now.
#[derive(Clone, Debug, PartialEq)]
pub struct LineNow {
    pub station: String,
    pub tile: usize,
    pub label: String,
    pub waiting: usize,
    /// Its places (a station without a limit has no line).
    pub capacity: u32,
}

/// Something pointed out, naming what a click on it selects.
#[derive(Clone, Debug, PartialEq)]
pub enum Alert {
    Waiting { villager: usize, name: String, fact: String, seconds: f32 },
    Line { station: String, tile: usize, label: String, waiting: usize, capacity: u32 },
    Quota { villager: usize, name: String, goal: String },
    Need { villager: usize, name: String, goal: String },
}

impl Alert {
    pub fn kind(&self) -> Kind {
        match self {
            Alert::Waiting { .. } => Kind::Waiting,
            Alert::Line { .. } => Kind::Line,
            Alert::Quota { .. } => Kind::Quota,
            Alert::Need { .. } => Kind::Need,
        }
    }

    /// The villager it names, if it names one.
    pub fn villager(&self) -> Option<usize> {
        match self {
            Alert::Waiting { villager, .. }
            | Alert::Quota { villager, .. }
            | Alert::Need { villager, .. } => Some(*villager),
            Alert::Line { .. } => None,
        }
    }

    /// The alert in words.
    pub fn words(&self, l: Lang) -> String {
        let w = words();
        match self {
            Alert::Waiting { name, fact, seconds, .. } => w.say(
                l,
                "alert-waiting",
                &[
                    ("villager", name.clone().into()),
                    ("fact", fact.clone().into()),
                    ("seconds", format!("{seconds:.0}").into()),
                ],
            ),
            Alert::Line { label, waiting, capacity, .. } => w.say(
                l,
                "alert-line",
                &[
                    ("station", label.clone().into()),
                    ("line", (*waiting).into()),
                    ("places", (*capacity).into()),
                ],
            ),
            Alert::Quota { name, goal, .. } => w.say(
                l,
                "alert-quota",
                &[
                    ("villager", name.clone().into()),
                    ("goal", goal.clone().into()),
                    ("percent", format!("{:.0}", LATE * 100.0).into()),
                ],
            ),
            Alert::Need { name, goal, .. } => {
                w.say(l, "alert-need", &[("villager", name.clone().into()), ("goal", goal.clone().into())])
            }
        }
    }
}

/// The alerts of the town at `now` (seconds since dawn), `progress` of the way through the day,
/// leaving out the kinds in `off`: kind by kind, the worst first, ties in roster order.
pub fn alerts(now: f32, progress: f32, villagers: &[Watched], lines: &[LineNow], off: &[Kind]) -> Vec<Alert> {
    let on = |kind| !off.contains(&kind);
    let mut found = Vec::new();
    if on(Kind::Waiting) {
        let mut waiting: Vec<Alert> = (villagers.iter())
            .filter_map(|v| {
                let (fact, since) = v.waiting.as_ref()?;
                let seconds = now - since;
                (seconds > LONG_WAIT).then(|| Alert::Waiting {
                    villager: v.number,
                    name: v.name.clone(),
                    fact: fact.clone(),
                    seconds,
                })
            })
            .collect();
        waiting.sort_by(|a, b| match (a, b) {
            (Alert::Waiting { seconds: x, .. }, Alert::Waiting { seconds: y, .. }) => y.total_cmp(x),
            _ => std::cmp::Ordering::Equal,
        });
        found.extend(waiting);
    }
    if on(Kind::Line) {
        let mut long: Vec<&LineNow> =
            lines.iter().filter(|l| l.capacity > 0 && l.waiting > LONG_LINE * l.capacity as usize).collect();
        long.sort_by_key(|l| std::cmp::Reverse(l.waiting * 1000 / l.capacity as usize));
        found.extend(long.into_iter().map(|l| Alert::Line {
            station: l.station.clone(),
            tile: l.tile,
            label: l.label.clone(),
            waiting: l.waiting,
            capacity: l.capacity,
        }));
    }
    for (kind, goals) in [
        (Kind::Quota, (|v: &Watched| &v.unmet_quotas) as fn(&Watched) -> &Vec<String>),
        (Kind::Need, |v: &Watched| &v.needs_at_ceiling),
    ] {
        if !on(kind) || (kind == Kind::Quota && progress < LATE) {
            continue;
        }
        for v in villagers {
            for goal in goals(v) {
                let (villager, name, goal) = (v.number, v.name.clone(), goal.clone());
                found.push(match kind {
                    Kind::Quota => Alert::Quota { villager, name, goal },
                    _ => Alert::Need { villager, name, goal },
                });
            }
        }
    }
    found
}

/// Villager `villager` with goals `goals` as the alerts see it, at the step `clock` is at.
pub(super) fn watched(
    town: &crate::sim::Town,
    clock: &crate::sim::Clock,
    glance: &crate::sim::Glance,
    l: Lang,
    villager: &crate::sim::Villager,
    goals: &crate::sim::Goals,
) -> Watched {
    use crate::scenario::Drift;
    let (number, c) = (villager.number(), villager.index());
    let character = &town.scenario.characters[c];
    let waiting = glance.waiting_on(number).map(|(fact, since)| {
        let name = town.scenario.facts.qualified(fact);
        (crate::words::fact_words(l, name.rsplit('.').next().unwrap_or(&name)), since)
    });
    let (mut unmet_quotas, mut needs_at_ceiling) = (Vec::new(), Vec::new());
    for (g, (goal, live)) in character.goals.iter().zip(&goals.0).enumerate() {
        match goal.drift {
            Drift::Quota { .. } if !live.met => unmet_quotas.push(goal.label.clone()),
            Drift::Need { .. } if crate::sim::loudness(town, clock, c, g, live, || 0.0) >= 1.0 => {
                needs_at_ceiling.push(goal.label.clone())
            }
            _ => {}
        }
    }
    Watched { number, name: town.villager_name(number), waiting, unmet_quotas, needs_at_ceiling }
}

/// Every line of the town now: each station with places, in each tile.
pub(super) fn lines_now(town: &crate::sim::Town, lines: &crate::sim::Lines) -> Vec<LineNow> {
    let stations = town.scenario.stations.iter().enumerate();
    let limited: Vec<(usize, &crate::scenario::Station)> =
        stations.filter(|(_, s)| s.capacity.is_some()).collect();
    (0..town.layout.tiles)
        .flat_map(|tile| {
            limited.iter().map(move |&(s, station)| LineNow {
                station: station.id.clone(),
                tile,
                // In a tiled town, which tile's (as villagers are named: `Farmer 2 @ 7`).
                label: match town.layout.tiles {
                    1 => station.label.clone(),
                    _ => format!("{} @ {tile}", station.label),
                },
                waiting: lines.waiting(tile, s).count(),
                capacity: station.capacity.unwrap_or(0),
            })
        })
        .collect()
}

/// The alerts tab: a switch for each kind, then the alerts, each a link; the one clicked.
pub(super) fn alerts_tab<'a>(
    ui: &mut bevy_egui::egui::Ui,
    l: Lang,
    alerts: &'a [Alert],
    off: &mut Vec<Kind>,
) -> Option<&'a Alert> {
    use bevy_egui::egui;
    ui.horizontal_wrapped(|ui| {
        for kind in Kind::ALL {
            let mut on = !off.contains(&kind);
            if ui.checkbox(&mut on, words().plain(l, kind.word())).changed() {
                off.retain(|k| *k != kind);
                if !on {
                    off.push(kind);
                }
            }
        }
    });
    ui.separator();
    if alerts.is_empty() {
        ui.label(words().plain(l, "overview-no-alerts"));
        return None;
    }
    let mut clicked = None;
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show_rows(
        ui,
        row_height,
        alerts.len(),
        |ui, rows| {
            for alert in &alerts[rows] {
                let colour = match alert.kind() {
                    Kind::Waiting => egui::Color32::from_rgb(230, 170, 60),
                    Kind::Line => egui::Color32::from_rgb(110, 170, 240),
                    Kind::Quota => egui::Color32::from_rgb(200, 140, 230),
                    Kind::Need => egui::Color32::from_rgb(230, 80, 80),
                };
                ui.horizontal(|ui| {
                    let (dot, _) =
                        ui.allocate_exact_size(egui::vec2(10.0, row_height - 4.0), egui::Sense::hover());
                    ui.painter().circle_filled(dot.center(), 4.0, colour);
                    if ui.link(alert.words(l)).clicked() {
                        clicked = Some(alert);
                    }
                });
            }
        },
    );
    clicked
}
