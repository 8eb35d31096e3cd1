//! The picture a station or a villager of a scenario is drawn with: the first of its names — the
//! `sprite` it gives, then its kind, id and label or name — that calls one up ([`crate::art`]).

use super::{Character, Station};
use crate::art::{STATIONS, VILLAGERS, first_found};

/// The sprite of `station`: the first of its sprite, kind, id and label that calls one up.
pub fn station_picture(station: &Station) -> &'static str {
    first_found(STATIONS, station.sprite.iter().chain([&station.kind, &station.id, &station.label]))
}

/// The figure of `character`: the first of its sprite, id and name that calls one up.
pub fn villager_picture(character: &Character) -> &'static str {
    first_found(VILLAGERS, character.sprite.iter().chain([&character.id, &character.name]))
}
