//! The scenarios that ship inside the binary, so it plays from any folder.

/// File name and contents of every shipped scenario; `town.ron` is the default.
pub const SHIPPED: &[(&str, &str)] = &[
    ("town.ron", include_str!("../../scenarios/town.ron")),
    ("cook.ron", include_str!("../../scenarios/cook.ron")),
    ("forge.ron", include_str!("../../scenarios/forge.ron")),
    ("bakery.ron", include_str!("../../scenarios/bakery.ron")),
    ("soldier.ron", include_str!("../../scenarios/soldier.ron")),
    ("miner.ron", include_str!("../../scenarios/miner.ron")),
    ("village.ron", include_str!("../../scenarios/village.ron")),
    ("walls.ron", include_str!("../../scenarios/walls.ron")),
];

/// The text of the shipped scenario called `file_name` (`"cook.ron"`).
pub fn shipped(file_name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(name, _)| *name == file_name).map(|(_, text)| *text)
}
