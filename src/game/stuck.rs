//! A town standing still is said on screen: an amber banner at the top with who waits for what
//! and who alone could make it, for the tile the player looks at (the selected villager's, else
//! the first), worked out from what the town is doing now ([`standstill_of`]) — so it is right
//! after going back in time too.

use super::selection::Selection;
use crate::sim::{Roster, Stands, Standstill, Town, WorldFacts, standstill_of};
use crate::words::Lang;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, banner);
}

/// What the banner reads of each villager.
type Waits<'a> = Stands<'a>;

/// The standstill of tile `tile` of `town`, if it stands still.
pub fn standstill_in(
    town: &Town,
    facts: &WorldFacts,
    roster: &Roster,
    villagers: &Query<Waits>,
    tile: usize,
) -> Option<Standstill> {
    let them = town.layout.villagers_of(tile).filter_map(|n| villagers.get(*roster.0.get(n)?).ok());
    standstill_of(town, facts.tile(tile), tile as u32, them)
}

/// The same, read from a whole `world` (the inspector's view model).
pub fn standstill_at(world: &World, tile: usize) -> Option<Standstill> {
    let (town, facts, roster) =
        (world.get_resource::<Town>()?, world.get_resource::<WorldFacts>()?, world.get_resource::<Roster>()?);
    let them = town.layout.villagers_of(tile).filter_map(|n| {
        let villager = world.get_entity(*roster.0.get(n)?).ok()?;
        Some((villager.get()?, villager.get()?, villager.get()?, villager.get()?))
    });
    standstill_of(town, facts.tile(tile), tile as u32, them)
}

fn banner(
    mut contexts: EguiContexts,
    (town, facts, roster): (Option<Res<Town>>, Option<Res<WorldFacts>>, Option<Res<Roster>>),
    selection: Res<Selection>,
    (lang, layout): (Res<Lang>, Res<super::layout::PanelLayout>),
    villagers: Query<Waits>,
) -> Result {
    let (Some(town), Some(facts), Some(roster)) = (town, facts, roster) else { return Ok(()) };
    let tile = selection.0.and_then(|e| villagers.get(e).ok()).map_or(0, |(v, ..)| v.tile());
    let Some(standstill) = standstill_in(&town, &facts, &roster, &villagers, tile) else { return Ok(()) };
    let said = crate::sim::standstill_text(&town, *lang, &standstill);
    let ctx = contexts.ctx_mut()?;
    // Between the side panels, centred on the room they leave; under the paint bar if it shows.
    let (offset, room) = super::layout::between_side_panels(ctx.content_rect().width());
    let top = layout.panels.get("paint").map_or(8.0, |bar| bar.outer[3] + super::layout::MARGIN);
    egui::Area::new(egui::Id::new("standstill"))
        .anchor(egui::Align2::CENTER_TOP, [offset, top])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(150, 100, 10, 235))
                .inner_margin(egui::Margin::symmetric(12, 6))
                .corner_radius(6.0)
                .show(ui, |ui| {
                    ui.set_max_width(room);
                    ui.label(egui::RichText::new(said).color(egui::Color32::WHITE).strong());
                });
        });
    Ok(())
}
