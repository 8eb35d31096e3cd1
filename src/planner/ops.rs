//! What each comparison and each effect kind means — the one place that says it. How a
//! comparison holds, on a value and on a range of values; which way it needs its fact to move.
//! How a change applies, how a sequence of changes to one fact composes into a [`Delta`], and
//! what a delta does: which comparisons it can help, what it leaves a range of values at, how
//! far one use moves a fact.
//!
//! Everything else in the planner (and the scenario format, the lints and the simulation's
//! needs) asks these questions here, so a new operator is one variant and its answers below
//! (docs/planner.md, "How to add an effect kind").

use super::facts::Value;

/// How a condition compares a fact with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    /// `fact >= value` — the core of the town.
    AtLeast,
    /// `fact <= value`.
    AtMost,
    /// `fact == value` — "has no weapon" is `hasWeapon == 0`.
    Exactly,
    /// `fact != value` — "is not at the well" is `place != 3`.
    Differs,
}

/// Which way a fact has to move to meet a condition, and how far at least.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Met,
    Up(u64),
    Down(u64),
    /// Either way, by at least this much.
    Away(u64),
}

impl Compare {
    /// Every comparison, in the order the scenario format lists them.
    pub const ALL: [Compare; 4] = [Compare::AtLeast, Compare::AtMost, Compare::Exactly, Compare::Differs];

    pub fn symbol(self) -> &'static str {
        match self {
            Compare::AtLeast => ">=",
            Compare::AtMost => "<=",
            Compare::Exactly => "==",
            Compare::Differs => "!=",
        }
    }

    /// The comparison written `symbol`.
    pub fn from_symbol(symbol: &str) -> Option<Compare> {
        Compare::ALL.into_iter().find(|c| c.symbol() == symbol)
    }

    /// Whether `actual` compares so with `value`.
    #[inline]
    pub fn holds(self, actual: Value, value: Value) -> bool {
        match self {
            Compare::AtLeast => actual >= value,
            Compare::AtMost => actual <= value,
            Compare::Exactly => actual == value,
            Compare::Differs => actual != value,
        }
    }

    /// Whether some value in `low ..= high` compares so with `value` (reachability intervals,
    /// abstract classes).
    pub fn holds_within(self, low: i64, high: i64, value: Value) -> bool {
        match self.interval(value) {
            Some((from, to)) => from <= high && low <= to,
            None => low != i64::from(value) || high != i64::from(value),
        }
    }

    /// The values that compare so with `value`, when they are one interval; `None` when they are
    /// not (`!=`).
    pub fn interval(self, value: Value) -> Option<(i64, i64)> {
        let v = i64::from(value);
        match self {
            Compare::AtLeast => Some((v, i64::MAX)),
            Compare::AtMost => Some((i64::MIN, v)),
            Compare::Exactly => Some((v, v)),
            Compare::Differs => None,
        }
    }

    /// The values next to `value` that tell this comparison's outcomes apart, for an abstraction
    /// that keeps them as classes of their own.
    pub fn landmarks(self, value: Value) -> [i64; 3] {
        let v = i64::from(value);
        if self == Compare::Differs { [v - 1, v, v + 1] } else { [v; 3] }
    }

    /// Which way a fact holding `actual` must move to compare so with `value`.
    #[inline]
    pub fn need(self, actual: Value, value: Value) -> Need {
        if self.holds(actual, value) {
            return Need::Met;
        }
        let gap = (i64::from(value) - i64::from(actual)).unsigned_abs();
        match self {
            Compare::AtLeast => Need::Up(gap),
            Compare::AtMost => Need::Down(gap),
            Compare::Exactly if actual < value => Need::Up(gap),
            Compare::Exactly => Need::Down(gap),
            Compare::Differs => Need::Away(1),
        }
    }
}

/// How an effect changes a fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// `fact = value`.
    Set,
    /// `fact += value`.
    Add,
    /// `fact -= value`.
    Subtract,
}

impl Change {
    pub const ALL: [Change; 3] = [Change::Set, Change::Add, Change::Subtract];

    pub fn symbol(self) -> &'static str {
        match self {
            Change::Set => "=",
            Change::Add => "+=",
            Change::Subtract => "-=",
        }
    }

    /// The change written `symbol`.
    pub fn from_symbol(symbol: &str) -> Option<Change> {
        Change::ALL.into_iter().find(|c| c.symbol() == symbol)
    }

    /// The fact's value after this change (arithmetic saturates instead of overflowing).
    #[inline]
    pub fn apply(self, current: Value, value: Value) -> Value {
        match self {
            Change::Set => value,
            Change::Add => current.saturating_add(value),
            Change::Subtract => current.saturating_sub(value),
        }
    }
}

/// The net change one action makes to one fact, all its effects on that fact composed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Delta {
    Add(i64),
    Set(Value),
}

impl Delta {
    /// No change yet, before any effect is composed in.
    pub const NONE: Delta = Delta::Add(0);

    /// This change followed by `change` of `value`. (Composed adds do not saturate: they are
    /// what the estimates reason with, not what a search applies.)
    pub fn then(self, change: Change, value: Value) -> Delta {
        match (change, self) {
            (Change::Set, _) => Delta::Set(value),
            (Change::Add, Delta::Add(k)) => Delta::Add(k + i64::from(value)),
            (Change::Subtract, Delta::Add(k)) => Delta::Add(k - i64::from(value)),
            (change, Delta::Set(c)) => Delta::Set(change.apply(c, value)),
        }
    }

    /// Whether, from some value, this change can move a fact toward meeting `compare`.
    pub fn can_help(self, compare: Compare) -> bool {
        match (self, compare) {
            (Delta::Set(_), _) => true,
            (Delta::Add(k), Compare::AtLeast) => k > 0,
            (Delta::Add(k), Compare::AtMost) => k < 0,
            (Delta::Add(k), Compare::Exactly | Compare::Differs) => k != 0,
        }
    }

    /// Whether this change moves a fact the way `need` asks (a `set` may land anywhere).
    #[inline]
    pub fn moves_as(self, need: Need) -> bool {
        match (self, need) {
            (Delta::Set(_), _) | (_, Need::Met) => true,
            (Delta::Add(k), Need::Up(_)) => k > 0,
            (Delta::Add(k), Need::Down(_)) => k < 0,
            (Delta::Add(k), Need::Away(_)) => k != 0,
        }
    }

    /// The value it leaves the fact at, whatever the fact held (a `set`).
    #[inline]
    pub fn sets(self) -> Option<Value> {
        match self {
            Delta::Set(v) => Some(v),
            Delta::Add(_) => None,
        }
    }

    /// What each use adds to the fact, where it moves it by a fixed step (an addition).
    #[inline]
    pub fn adds(self) -> Option<i64> {
        match self {
            Delta::Add(k) => Some(k),
            Delta::Set(_) => None,
        }
    }

    /// How far one use moves the fact the way `need` asks, where it moves it by a fixed step that
    /// way: what the deficit bounds divide a deficit by.
    #[inline]
    pub fn step(self, need: Need) -> Option<u64> {
        self.adds().filter(|&k| k != 0 && self.moves_as(need)).map(i64::unsigned_abs)
    }

    /// The least and the greatest value a fact holding any of `low ..= high` can hold after it
    /// (what the pattern database's abstract steps and the look-ahead's intervals follow).
    pub fn image(self, low: i64, high: i64) -> (i64, i64) {
        match self {
            Delta::Add(k) => (low.saturating_add(k), high.saturating_add(k)),
            Delta::Set(v) => (v.into(), v.into()),
        }
    }

    /// The values a fact holding any of `low ..= high` can reach by this change taken any number
    /// of times, over-approximated: where a second use still widens them, without end that way.
    pub fn widened(self, low: i64, high: i64) -> (i64, i64) {
        let once = |(l, h): (i64, i64)| {
            let (a, b) = self.image(l, h);
            (l.min(a), h.max(b))
        };
        let first = once((low, high));
        let second = once(first);
        let low = if second.0 < first.0 { i64::MIN } else { first.0 };
        (low, if second.1 > first.1 { i64::MAX } else { first.1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `image`, `widened` and `step` agree with applying the change, value by value.
    #[test]
    fn every_change_answers_as_it_applies() {
        let changes = Change::ALL.iter().flat_map(|&c| (-2..=2).map(move |v| (c, v)));
        let deltas: Vec<Delta> = changes.map(|(c, v)| Delta::NONE.then(c, v)).collect();
        for delta in deltas.iter().copied().chain([Delta::NONE.then(Change::Add, 2).then(Change::Set, 1)]) {
            let apply = |v: i64| match (delta.sets(), delta.adds()) {
                (Some(to), _) => i64::from(to),
                (None, Some(k)) => v + k,
                (None, None) => unreachable!("a change either sets or adds"),
            };
            for low in -4..=4i64 {
                for high in low..=4 {
                    let after: Vec<i64> = (low..=high).map(apply).collect();
                    let hull = (*after.iter().min().unwrap(), *after.iter().max().unwrap());
                    assert_eq!(delta.image(low, high), hull, "{delta:?} on {low}..={high}");
                    // Three uses from anywhere in the interval stay inside what `widened` says.
                    let (from, to) = delta.widened(low, high);
                    let mut thrice =
                        (low..=high).flat_map(|v| [v, apply(v), apply(apply(v)), apply(apply(apply(v)))]);
                    assert!(thrice.all(|v| from <= v && v <= to), "{delta:?} on {low}..={high}");
                }
            }
            // A step is what one use of an addition moves the fact by, the way it is needed.
            let by = apply(0);
            for (need, way) in [(Need::Up(3), by > 0), (Need::Down(3), by < 0), (Need::Away(3), by != 0)] {
                let expected = (delta.sets().is_none() && way).then(|| by.unsigned_abs());
                assert_eq!(delta.step(need), expected, "{delta:?} {need:?}");
            }
        }
    }

    /// What `holds_within`, `interval` and `need` say agrees with `holds`, value by value.
    #[test]
    fn every_question_agrees_with_holds() {
        for compare in Compare::ALL {
            assert_eq!(Compare::from_symbol(compare.symbol()), Some(compare));
            for value in -3..=3 {
                for low in -5..=5i64 {
                    for high in low..=5 {
                        let any = (low..=high).any(|v| compare.holds(v as Value, value));
                        assert_eq!(compare.holds_within(low, high, value), any, "{compare:?} {value}");
                        let within: Vec<i64> =
                            (low..=high).filter(|&v| compare.holds(v as Value, value)).collect();
                        if let Some((from, to)) = compare.interval(value) {
                            assert_eq!(within, (from.max(low)..=to.min(high)).collect::<Vec<_>>());
                        } else {
                            assert_eq!(compare, Compare::Differs);
                        }
                    }
                }
                for actual in -5..=5 {
                    let need = compare.need(actual, value);
                    assert_eq!(need == Need::Met, compare.holds(actual, value));
                    let moved = |by: i64| compare.holds((i64::from(actual) + by) as Value, value);
                    let (gap, ways): (u64, &[i64]) = match need {
                        Need::Met => continue,
                        Need::Up(gap) => (gap, &[1]),
                        Need::Down(gap) => (gap, &[-1]),
                        Need::Away(gap) => (gap, &[1, -1]),
                    };
                    // The least move that meets it is `gap`, and only the ways named meet it.
                    let least = (1..=10i64).find(|&d| [d, -d].into_iter().any(moved)).unwrap();
                    assert_eq!(least as u64, gap);
                    assert!(ways.iter().all(|&w| moved(w * gap as i64)));
                }
            }
        }
    }
}
