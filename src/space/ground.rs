//! What a map's cell is made of, and the one character each kind is written with in a
//! scenario's rows.

/// The ground of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ground {
    Grass,
    Road,
    Wall,
    Water,
}

impl Ground {
    /// Every kind, in the order the legend names them.
    pub const ALL: [Ground; 4] = [Ground::Grass, Ground::Road, Ground::Wall, Ground::Water];

    /// The kind a row's character stands for.
    pub fn from_char(c: char) -> Option<Ground> {
        Ground::ALL.into_iter().find(|g| g.char() == c)
    }

    /// The character it is written with: `.` grass, `=` road, `#` wall, `~` water.
    pub fn char(self) -> char {
        match self {
            Ground::Grass => '.',
            Ground::Road => '=',
            Ground::Wall => '#',
            Ground::Water => '~',
        }
    }

    /// Whether a walker may stand on it.
    pub fn walkable(self) -> bool {
        matches!(self, Ground::Grass | Ground::Road)
    }

    /// Its name in the scenario's words (ids of the language files use it): `grass`, `road`…
    pub fn name(self) -> &'static str {
        match self {
            Ground::Grass => "grass",
            Ground::Road => "road",
            Ground::Wall => "wall",
            Ground::Water => "water",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_read_back_from_its_character() {
        for ground in Ground::ALL {
            assert_eq!(Ground::from_char(ground.char()), Some(ground));
        }
        assert_eq!(Ground::from_char('x'), None);
    }

    #[test]
    fn walls_and_water_block() {
        let walkable: Vec<bool> = Ground::ALL.iter().map(|g| g.walkable()).collect();
        assert_eq!(walkable, [true, true, false, false]);
    }
}
