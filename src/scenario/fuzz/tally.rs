//! What a fuzz batch tallies, whatever it mutates (scenarios, replay files): the mutants checked
//! and the time they took, the slowest, and the first that broke a rule, with what broke.

use std::time::Duration;

/// How many failures a batch keeps: enough to see what broke, few enough to read.
const FAILURES_KEPT: usize = 10;

/// A batch's mutants, timed, and those that broke a rule (`B` says which).
#[derive(Debug)]
pub struct Tally<B> {
    pub inputs: usize,
    pub total: Duration,
    pub slowest: Duration,
    /// The mutant that took longest.
    pub slowest_input: Vec<u8>,
    /// Mutants that broke a rule, with what broke; the batch stops collecting after ten.
    pub failures: Vec<(Vec<u8>, B)>,
}

impl<B> Tally<B> {
    /// A batch of `inputs` mutants, none checked yet.
    pub fn of(inputs: usize) -> Tally<B> {
        Tally {
            inputs,
            total: Duration::ZERO,
            slowest: Duration::ZERO,
            slowest_input: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Counts the check of `input`, which took `took`.
    pub fn timed(&mut self, input: &[u8], took: Duration) {
        self.total += took;
        if took > self.slowest {
            (self.slowest, self.slowest_input) = (took, input.to_vec());
        }
    }

    /// Keeps `input` and the rule it broke, while fewer than ten are kept.
    pub fn broke(&mut self, input: Vec<u8>, broken: B) {
        if self.failures.len() < FAILURES_KEPT {
            self.failures.push((input, broken));
        }
    }
}

impl<B> Default for Tally<B> {
    fn default() -> Tally<B> {
        Tally::of(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_keeps_the_slowest_mutant_and_only_the_first_ten_failures() {
        let mut tally = Tally::of(12);
        for (n, ms) in [3, 9, 9, 1].into_iter().enumerate() {
            tally.timed(&[n as u8], Duration::from_millis(ms));
        }
        assert_eq!((tally.total, tally.slowest), (Duration::from_millis(22), Duration::from_millis(9)));
        assert_eq!(tally.slowest_input, [1], "the first of the slowest");
        for n in 0..12 {
            tally.broke(vec![n], n);
        }
        assert_eq!(tally.failures.iter().map(|f| f.1).collect::<Vec<_>>(), (0..10).collect::<Vec<_>>());
        assert_eq!(tally.inputs, 12);
    }
}
