//! The town at a glance, read from the day's events as they happen: how busy each station was,
//! its longest line and the mean wait in it, and which facts the town waited on most, in
//! villager-seconds — the figures `run`'s report adds (and an overview of the town would show).
//! A town run only for speed keeps no events, and so none of this.

use crate::planner::FactId;
use crate::sim::state::log::{Cursor, EventLog, Happening, SimEvent};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{LastReason, Underway};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// The day so far, by station and by fact waited on, summed over the town's tiles.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Glance {
    /// Per station of the scenario.
    stations: Vec<StationDay>,
    /// Villager-seconds waited, by the fact waited on, in the order first waited on.
    waited: Vec<(FactId, f32)>,
    /// Spans still open, by villager: acting at a station, in line at one, waiting on a fact.
    acting: FxHashMap<usize, (usize, f32)>,
    /// By station and tile, where anyone acts now: how many, and since when someone has.
    occupied: FxHashMap<(usize, usize), (u32, f32)>,
    queued: FxHashMap<usize, (usize, f32)>,
    waiting: FxHashMap<usize, (FactId, f32)>,
    /// How far into the day's events it has read.
    read: Cursor,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct StationDay {
    acting_seconds: f32,
    /// Seconds someone acted there, summed over the tiles (each moment counted once).
    occupied_seconds: f32,
    line_peak: u32,
    waits: u32,
    waited_seconds: f32,
}

/// One station in a report: `busy` is the share of the day its places were taken (acting
/// villager-seconds over the day's seconds so far × its capacity × the tiles); for a station of
/// unlimited places, the share of the day anyone acted there (never above a whole).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StationReport {
    pub id: String,
    pub kind: String,
    pub busy: f32,
    /// The longest line it had (1: one villager waited there).
    pub line_peak: u32,
    /// The mean seconds a villager stood in its line (0 with no one).
    pub mean_wait: f32,
}

/// A kind of station's busy share: its stations' acting seconds over their places' seconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindBusy {
    pub kind: String,
    pub busy: f32,
}

/// A fact the town waited on: every villager's seconds waiting with no plan because of it, and
/// the characters who can make it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WaitedOn {
    pub fact: String,
    pub villager_seconds: f32,
    pub makers: Vec<String>,
}

impl Glance {
    /// The figures of `events`, the day's so far, for `town`.
    pub fn of(town: &Town, events: &[SimEvent]) -> Self {
        let mut glance = Glance::default();
        glance.absorb_all(town, events);
        glance
    }

    /// Takes in the events of the day in `log` it has not read (all again once the day was cut:
    /// a new day, or the day gone back).
    pub fn take_in(&mut self, town: &Town, log: &EventLog) {
        let mut read = self.read;
        let (gone, unread) = log.unread(&mut read);
        if gone {
            *self = Glance::default();
        }
        self.absorb_all(town, &log.today[unread]);
        self.read = read;
    }

    fn absorb_all(&mut self, town: &Town, events: &[SimEvent]) {
        if self.stations.len() != town.scenario.stations.len() {
            self.stations = vec![StationDay::default(); town.scenario.stations.len()];
        }
        for event in events {
            self.absorb(town, event);
        }
    }

    fn absorb(&mut self, town: &Town, event: &SimEvent) {
        let Some(who) = event.villager else { return };
        let t = event.t;
        // Any event of a waiting villager but its wait, or a standstill it is named in (which
        // says it still waits), ends that wait.
        if !matches!(event.what, Happening::Changed(LastReason::Waiting { .. }) | Happening::Standstill(_))
            && let Some((fact, since)) = self.waiting.remove(&who)
        {
            self.add_wait(fact, t - since);
        }
        match &event.what {
            Happening::Started { station, .. } => {
                self.left_line(who, t);
                self.done_acting(town, who, t);
                self.acting.insert(who, (*station as usize, t));
                let (count, _) =
                    self.occupied.entry((*station as usize, town.layout.tile_of(who))).or_insert((0, t));
                *count += 1;
            }
            Happening::Finished { .. } => self.done_acting(town, who, t),
            Happening::Queued { station, place, .. } => {
                let line = &mut self.stations[*station as usize];
                line.line_peak = line.line_peak.max(*place);
                self.queued.insert(who, (*station as usize, t));
            }
            Happening::LeftQueue { .. } => self.left_line(who, t),
            Happening::Changed(LastReason::Interrupted { was: Underway::Acting { .. }, .. })
            | Happening::Changed(LastReason::Stopped { was: Underway::Acting { .. } }) => {
                self.done_acting(town, who, t)
            }
            Happening::Changed(LastReason::Waiting { blocked: Some(c), .. }) => {
                // Waiting on another fact now: the wait on the last one ends here.
                if let Some(&(fact, since)) = self.waiting.get(&who)
                    && fact != c.fact
                {
                    self.add_wait(fact, t - since);
                    self.waiting.remove(&who);
                }
                self.waiting.entry(who).or_insert((c.fact, t));
            }
            _ => {}
        }
    }

    fn done_acting(&mut self, town: &Town, who: usize, t: f32) {
        let Some((station, since)) = self.acting.remove(&who) else { return };
        self.stations[station].acting_seconds += t - since;
        let key = (station, town.layout.tile_of(who));
        if let Some((count, since)) = self.occupied.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                self.stations[station].occupied_seconds += t - *since;
                self.occupied.remove(&key);
            }
        }
    }

    fn left_line(&mut self, who: usize, t: f32) {
        if let Some((station, since)) = self.queued.remove(&who) {
            let line = &mut self.stations[station];
            line.waits += 1;
            line.waited_seconds += t - since;
        }
    }

    fn add_wait(&mut self, fact: FactId, seconds: f32) {
        match self.waited.iter_mut().find(|(f, _)| *f == fact) {
            Some((_, total)) => *total += seconds,
            None => self.waited.push((fact, seconds)),
        }
    }

    /// The fact villager `number` waits on now, and since when (seconds since dawn).
    pub fn waiting_on(&self, number: usize) -> Option<(FactId, f32)> {
        self.waiting.get(&number).copied()
    }

    /// Each station's figures at `now` (seconds since dawn), spans still open counted to then.
    pub fn stations(&self, town: &Town, now: f32) -> Vec<StationReport> {
        let mut days = self.stations.clone();
        for &(station, since) in self.acting.values() {
            days[station].acting_seconds += now - since;
        }
        for (&(station, _), &(_, since)) in &self.occupied {
            days[station].occupied_seconds += now - since;
        }
        let tiles = town.layout.tiles as f32;
        (town.scenario.stations.iter().zip(&days))
            .map(|(station, day)| {
                let taken = match station.capacity {
                    Some(places) => day.acting_seconds / places as f32,
                    None => day.occupied_seconds,
                };
                StationReport {
                    id: station.id.clone(),
                    kind: station.kind.clone(),
                    busy: if now > 0.0 { taken / (now * tiles) } else { 0.0 },
                    line_peak: day.line_peak,
                    mean_wait: if day.waits > 0 { day.waited_seconds / day.waits as f32 } else { 0.0 },
                }
            })
            .collect()
    }

    /// Each kind of station's busy share at `now`, kinds in the order the scenario first has them.
    pub fn busy_by_kind(&self, town: &Town, now: f32) -> Vec<KindBusy> {
        let mut kinds: Vec<(String, f32, f32)> = Vec::new();
        for (station, report) in town.scenario.stations.iter().zip(self.stations(town, now)) {
            let places = station.capacity.unwrap_or(1) as f32;
            match kinds.iter_mut().find(|(kind, ..)| *kind == report.kind) {
                Some((_, busy, all)) => (*busy, *all) = (*busy + report.busy * places, *all + places),
                None => kinds.push((report.kind, report.busy * places, places)),
            }
        }
        kinds.into_iter().map(|(kind, busy, places)| KindBusy { kind, busy: busy / places }).collect()
    }

    /// The facts waited on at `now`, most villager-seconds first, with who can make each.
    pub fn waited_on(&self, town: &Town, now: f32) -> Vec<WaitedOn> {
        let mut waited = self.waited.clone();
        for &(fact, since) in self.waiting.values() {
            match waited.iter_mut().find(|(f, _)| *f == fact) {
                Some((_, total)) => *total += now - since,
                None => waited.push((fact, now - since)),
            }
        }
        waited.sort_by(|a, b| b.1.total_cmp(&a.1));
        let scenario = &town.scenario;
        waited
            .into_iter()
            .map(|(fact, villager_seconds)| WaitedOn {
                fact: scenario.facts.qualified(fact),
                villager_seconds,
                makers: makers(town, fact),
            })
            .collect()
    }
}

/// The characters with an action that adds to or sets `fact` (a shared fact: no one makes
/// another's own) at a station they can walk to from their start.
fn makers(town: &Town, fact: FactId) -> Vec<String> {
    use crate::planner::Change;
    let scenario = &town.scenario;
    let makes = |character: usize, a: usize| {
        scenario.actions[a].planning.effects.iter().any(|e| e.fact == fact && e.change != Change::Subtract)
            && scenario.can_walk_to(character, a, crate::scenario::START)
    };
    (scenario.characters.iter().enumerate())
        .filter(|(n, c)| c.actions.iter().any(|&a| makes(*n, a)))
        .map(|(_, c)| c.id.clone())
        .collect()
}
