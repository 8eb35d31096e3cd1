//! What the inspector says about one station of one tile: who acts there, who stands in line,
//! who waits under it and who is on the way, built from ECS data alone like the villager's
//! ([`super::inspect`]).

use super::villager_state::in_tile;
use crate::sim::{Activity, Intent, Position, Town, Villager};
use crate::words::{Lang, words};
use bevy::ecs::prelude::*;

/// What the inspector says about one station of one tile: its kind and capacity, who acts
/// there now, who stands in line (first in line first), who waits under it (no plan to follow,
/// standing there) and who is walking there.
#[derive(Clone, Debug, PartialEq)]
pub struct StationView {
    pub label: String,
    pub kind: String,
    /// `None`: any number at once.
    pub capacity: Option<u32>,
    pub acting: Vec<String>,
    pub queued: Vec<String>,
    /// Villagers waiting (no goal with a viable plan) where the station stands: in no line, but
    /// there to be seen under it.
    pub waiting: Vec<String>,
    pub coming: Vec<String>,
}

impl StationView {
    /// The inspector's lists, in the order it shows them: each list's heading in `lang`, its
    /// names, and whether it is numbered (a line, first in line first).
    pub fn lists(&self, lang: Lang) -> [(String, &[String], bool); 4] {
        let heading = |id: &str| words().plain(lang, id).to_owned();
        [
            (heading("acting-here"), &self.acting, false),
            (heading("in-line"), &self.queued, true),
            (heading("map-waiting-here"), &self.waiting, false),
            (heading("on-the-way"), &self.coming, false),
        ]
    }
}

/// The inspector's content for the station `id` of `tile`, or `None` if there is none.
pub fn inspect_station(world: &World, id: &str, tile: usize) -> Option<StationView> {
    let town = world.get_resource::<Town>()?;
    let at = town.scenario.stations.iter().position(|s| s.id == id)?;
    let station = &town.scenario.stations[at];
    let name = |entity: Entity| -> Option<String> {
        Some(town.scenario.characters[world.get::<Villager>(entity)?.index()].name.clone())
    };
    // The roster is in villager number order, so the lists are too.
    let (mut acting, mut waiting, mut coming) = (Vec::new(), Vec::new(), Vec::new());
    let here = town.layout.station_position(&town.scenario, at, tile);
    for (entity, villager) in in_tile(world, tile) {
        let (Some(intent), Some(activity)) = (world.get::<Intent>(entity), world.get::<Activity>(entity))
        else {
            continue;
        };
        if matches!(activity, Activity::Waiting { .. })
            && world.get::<Position>(entity).is_some_and(|p| p.0 == here)
        {
            waiting.extend(name(entity));
            continue;
        }
        if intent.current().map(|s| town.station(villager.index(), s)) != Some(at) {
            continue;
        }
        match activity {
            Activity::Acting { .. } => acting.extend(name(entity)),
            Activity::Walking { .. } => coming.extend(name(entity)),
            _ => {}
        }
    }
    let roster = &world.get_resource::<crate::sim::Roster>()?.0;
    let queued = world
        .get_resource::<crate::sim::Lines>()
        .map(|lines| lines.waiting(tile, at).filter_map(|n| name(*roster.get(n)?)).collect())
        .unwrap_or_default();
    Some(StationView {
        label: station.label.clone(),
        kind: station.kind.clone(),
        capacity: station.capacity,
        acting,
        queued,
        waiting,
        coming,
    })
}
