//! Which picture stands for what: the station sprites, villager figures and item icons in
//! `assets/` (drawn by `tools/draw_art.py`), each with the words it answers to, and the one rule
//! that picks a picture for a name. Pure data, so `check` can warn about a name the game would
//! not find without loading a single image; which names of a scenario's station or villager are
//! asked is the scenario's to say ([`crate::scenario::pictures`]).

/// A picture's file name (without `.png`) and the words that call it up, its own name first.
pub type Picture = (&'static str, &'static [&'static str]);

/// `assets/sprites/<name>.png`: what a station looks like.
pub const STATIONS: &[Picture] = &[
    ("station", &["station", "post", "sign"]),
    ("field", &["field", "farm", "garden", "crop", "crops"]),
    ("mill", &["mill", "windmill", "grinder"]),
    ("oven", &["oven", "bakery", "kiln"]),
    ("well", &["well", "spring", "fountain", "pump"]),
    ("table", &["table", "tavern", "kitchen", "canteen"]),
    ("forest", &["forest", "woods", "trees", "grove", "orchard"]),
    ("sawmill", &["sawmill", "saw", "lumberyard"]),
    ("site", &["site", "construction", "building", "scaffold"]),
    ("anvil", &["anvil", "forge", "smithy", "blacksmith"]),
    ("furnace", &["furnace", "smelter", "foundry", "smelt"]),
    ("mine", &["mine", "quarry", "pit", "cave"]),
    ("workshop", &["workshop", "shop", "workbench", "bench"]),
    ("house", &["house", "home", "hut", "bed", "inn", "cottage"]),
    (
        "storage",
        &["storage", "stock", "store", "storehouse", "warehouse", "chest", "crate", "crates", "depot"],
    ),
    ("hearth", &["hearth", "fire", "campfire", "stove", "fireplace"]),
    ("woodpile", &["woodpile", "wood", "logs", "firewood", "lumber"]),
    ("armory", &["armory", "armoury", "arsenal", "weapons", "barracks"]),
    ("cover", &["cover", "wall", "barricade", "sandbags", "trench"]),
];

/// `assets/villagers/<name>.png`: a villager's figure, by trade.
pub const VILLAGERS: &[Picture] = &[
    ("villager", &["villager", "person", "peasant"]),
    ("farmer", &["farmer", "harvester", "reaper", "gardener"]),
    ("baker", &["baker"]),
    ("cook", &["cook", "chef"]),
    ("miller", &["miller"]),
    ("smith", &["smith", "blacksmith", "smelter"]),
    ("miner", &["miner", "digger"]),
    ("carpenter", &["carpenter", "joiner"]),
    ("builder", &["builder", "mason"]),
    ("woodcutter", &["woodcutter", "lumberjack", "logger", "forester"]),
    ("sawyer", &["sawyer"]),
    ("soldier", &["soldier", "guard", "knight", "warrior", "sniper"]),
];

/// `assets/icons/<name>.png`: an item or a need, for facts named after it.
pub const ICONS: &[Picture] = &[
    ("unknown", &["unknown"]),
    ("bread", &["bread", "loaf", "loaves", "baked"]),
    ("wheat", &["wheat", "grain", "sheaf", "harvested", "harvest"]),
    ("flour", &["flour", "sack", "milled"]),
    ("ore", &["ore", "stone", "rock", "mined"]),
    ("iron", &["iron", "ingot", "ingots", "metal", "smelted", "steel"]),
    ("tools", &["tools", "tool", "pick", "axe", "hammer", "forged"]),
    ("logs", &["logs", "log", "wood", "timber", "lumber", "chopped"]),
    ("planks", &["planks", "plank", "boards", "sawn"]),
    ("meal", &["meal", "meals", "food", "hunger", "hungry", "fed", "eat", "cooked", "dinner"]),
    ("fire", &["fire", "lit", "heat", "warmth", "burning"]),
    ("water", &["water", "thirst", "thirsty", "drank", "drink"]),
    ("house", &["house", "houses", "home", "homes", "built", "shelter"]),
    ("furniture", &["furniture", "chair", "chairs"]),
    ("ammo", &["ammo", "bullets", "arrows", "ammunition"]),
    ("weapon", &["weapon", "weapons", "sword", "gun", "armed"]),
    ("cover", &["cover", "safe", "safety", "shield", "health"]),
    ("target", &["target", "player", "enemy", "dead", "kill"]),
];

/// The picture of `pictures` that `name` calls up: the one answering to the whole name, else to
/// the first of its words that one answers to (`toolStorage` → storage, `farmer2` → farmer,
/// `world.hasAmmo` → ammo), else `None`.
pub fn find(pictures: &'static [Picture], name: &str) -> Option<&'static str> {
    let answers = |word: &str| {
        let word = word.to_lowercase();
        pictures.iter().find(|(_, words)| words.contains(&word.as_str())).map(|&(file, _)| file)
    };
    let name = name.rsplit('.').next().unwrap_or(name);
    answers(name).or_else(|| words(name).find_map(|w| answers(&w)))
}

/// The picture for `name`, or the first of `pictures` (their default) when none answers.
pub fn pick(pictures: &'static [Picture], name: &str) -> &'static str {
    find(pictures, name).unwrap_or(pictures[0].0)
}

/// The picture of `pictures` the first of `names` that calls one up calls up, else the first of
/// `pictures` (their default): how a station or a villager with several names gets its picture
/// ([`crate::scenario::pictures`]).
pub fn first_found<'a>(
    pictures: &'static [Picture],
    names: impl IntoIterator<Item = &'a String>,
) -> &'static str {
    names.into_iter().find_map(|n| find(pictures, n)).unwrap_or(pictures[0].0)
}

/// The words of a name: split at capitals, digits and anything not a letter.
fn words(name: &str) -> impl Iterator<Item = String> + '_ {
    let mut words = Vec::new();
    let mut word = String::new();
    for c in name.chars() {
        if !c.is_alphabetic() || (c.is_uppercase() && !word.is_empty()) {
            words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
        }
        if c.is_alphabetic() {
            word.push(c);
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    words.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_calls_up_the_picture_of_its_first_known_word() {
        assert_eq!(find(STATIONS, "oven"), Some("oven"));
        assert_eq!(find(STATIONS, "westOven"), Some("oven"));
        assert_eq!(find(STATIONS, "toolStorage"), Some("storage"));
        assert_eq!(find(VILLAGERS, "farmer2"), Some("farmer"));
        assert_eq!(find(ICONS, "world.hasAmmo"), Some("ammo"));
        assert_eq!(find(ICONS, "agent.ironIngot"), Some("iron"));
        assert_eq!(find(ICONS, "playerDead"), Some("target"));
        assert_eq!(find(ICONS, "gold"), None);
        assert_eq!(pick(ICONS, "gold"), "unknown");
        assert_eq!(pick(VILLAGERS, "wizard"), "villager");
    }

    #[test]
    fn every_picture_has_its_file_and_every_file_its_picture() {
        for (folder, pictures) in [("sprites", STATIONS), ("villagers", VILLAGERS), ("icons", ICONS)] {
            let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(folder);
            let mut files: Vec<String> = std::fs::read_dir(&folder)
                .unwrap()
                .map(|e| e.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned())
                .collect();
            files.sort();
            let mut named: Vec<String> = pictures.iter().map(|p| p.0.to_owned()).collect();
            named.sort();
            assert_eq!(files, named, "{}", folder.display());
            for (file, words) in pictures {
                assert_eq!(words[0], *file, "a picture answers to its own name first");
            }
        }
    }
}
