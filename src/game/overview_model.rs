//! The town overview's villagers table as data: one row per villager, sorted by any column and
//! filtered by state, trade and a search — kept apart from the window so it is tested headless.

use crate::sim::Activity;

/// What a villager is doing, as the overview sorts and filters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum State {
    Walking,
    Acting,
    InLine,
    Waiting,
    Resting,
    Deciding,
}

impl State {
    pub const ALL: [State; 6] =
        [State::Walking, State::Acting, State::InLine, State::Waiting, State::Resting, State::Deciding];

    pub fn of(activity: &Activity) -> State {
        match activity {
            Activity::Walking { .. } => State::Walking,
            Activity::Acting { .. } => State::Acting,
            Activity::Queued { .. } => State::InLine,
            Activity::Waiting { .. } => State::Waiting,
            Activity::Resting { .. } => State::Resting,
            Activity::Idle => State::Deciding,
        }
    }

    /// A span's kind ([`crate::sim::Span`]): an index of the tally's steps, or deciding.
    pub fn of_span(kind: u8) -> State {
        match kind {
            0 => State::Walking,
            1 => State::Acting,
            2 => State::Waiting,
            3 => State::Resting,
            4 => State::InLine,
            _ => State::Deciding,
        }
    }

    /// The message naming it.
    pub fn word(self) -> &'static str {
        match self {
            State::Walking => "state-walking",
            State::Acting => "state-acting",
            State::InLine => "state-in-line",
            State::Waiting => "state-waiting",
            State::Resting => "state-resting",
            State::Deciding => "state-deciding",
        }
    }
}

/// One villager's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub number: usize,
    /// The character it plays (its figure is that character's).
    pub character: usize,
    pub name: String,
    pub trade: String,
    pub state: State,
    /// The goal pursued, in the scenario's words ("" when none).
    pub goal: String,
    /// What it waits for, in words ("" when it does not wait on a named fact).
    pub waits_for: String,
    pub seconds_waited: f32,
    pub goals_met: u32,
}

/// The columns rows sort by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Column {
    #[default]
    Name,
    Trade,
    State,
    Goal,
    WaitsFor,
    SecondsWaited,
    GoalsMet,
}

impl Column {
    pub const ALL: [Column; 7] = [
        Column::Name,
        Column::Trade,
        Column::State,
        Column::Goal,
        Column::WaitsFor,
        Column::SecondsWaited,
        Column::GoalsMet,
    ];
}

/// How the table is shown: sorted by a column, either way; only some states and one trade; a
/// search of names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    pub sort: Column,
    pub descending: bool,
    /// States left out (none: every state shown).
    pub hidden_states: Vec<State>,
    /// Only this trade, if one is chosen.
    pub trade: Option<String>,
    pub search: String,
}

impl View {
    /// A click on `column`'s heading: sort by it, or the other way if it sorts already.
    pub fn click(&mut self, column: Column) {
        match self.sort == column {
            true => self.descending = !self.descending,
            false => (self.sort, self.descending) = (column, false),
        }
    }

    /// The rows it shows, in its order (ties in roster order).
    pub fn apply(&self, mut rows: Vec<Row>) -> Vec<Row> {
        let search = self.search.trim().to_lowercase();
        rows.retain(|r| {
            !self.hidden_states.contains(&r.state)
                && self.trade.as_ref().is_none_or(|t| *t == r.trade)
                && (search.is_empty() || r.name.to_lowercase().contains(&search))
        });
        if self.sort == Column::Name {
            // Each name's key made once, not at every comparison.
            let mut keyed: Vec<(NameKey, Row)> = rows.into_iter().map(|r| (name_key(&r.name), r)).collect();
            keyed.sort_by(|(a_key, a), (b_key, b)| {
                let order = a_key.cmp(b_key);
                let order = if self.descending { order.reverse() } else { order };
                order.then(a.number.cmp(&b.number))
            });
            return keyed.into_iter().map(|(_, r)| r).collect();
        }
        rows.sort_by(|a, b| {
            let order = match self.sort {
                Column::Name => std::cmp::Ordering::Equal,
                Column::Trade => a.trade.cmp(&b.trade),
                Column::State => a.state.cmp(&b.state),
                Column::Goal => a.goal.cmp(&b.goal),
                Column::WaitsFor => a.waits_for.cmp(&b.waits_for),
                Column::SecondsWaited => a.seconds_waited.total_cmp(&b.seconds_waited),
                Column::GoalsMet => a.goals_met.cmp(&b.goals_met),
            };
            let order = if self.descending { order.reverse() } else { order };
            order.then(a.number.cmp(&b.number))
        });
        rows
    }
}

/// A villager's trade, from its name: `Farmer 2 @ 7` → `Farmer`.
pub fn trade_of(name: &str) -> String {
    let name = name.split(" @ ").next().unwrap_or(name);
    name.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_whitespace()).to_owned()
}

/// A name as people count names: `Farmer 2` before `Farmer 10`, tile by tile.
type NameKey = (String, u64, u64);

fn name_key(s: &str) -> NameKey {
    let (name, tile) = s.split_once(" @ ").unwrap_or((s, ""));
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    let number = |d: &str| d.trim().parse::<u64>().unwrap_or(0);
    (trade_of(name), number(&digits), number(tile))
}
