//! How long plans take on the wall clock, for the `bench` command: a count, a sum and a
//! histogram fine enough for percentiles, in constant memory however many plans are made.
//! Only measurements go here; nothing the simulation decides ever reads the wall clock.
//! Every plan is counted, one in [`SAMPLE`] timed: reading the clock twice for every plan cost
//! a share of a large town's wall time, which is what the bench measures.

use bevy::ecs::prelude::*;

/// Sub-buckets per power of two: a percentile is off by at most 1/32 (about 3 %).
const SUB_BUCKETS: u64 = 32;

/// One plan in this many is timed.
pub const SAMPLE: u64 = 8;

#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PlanTimes {
    /// Plans made.
    pub count: u64,
    /// Plans timed, and their time.
    pub timed: u64,
    pub total_nanos: u128,
    buckets: Vec<u64>,
}

impl PlanTimes {
    /// Counts a plan about to be made; whether to time it (the first, then one in [`SAMPLE`]).
    pub fn count_one(&mut self) -> bool {
        self.count += 1;
        self.count % SAMPLE == 1
    }

    /// A timed plan took `nanos`.
    pub fn record(&mut self, nanos: u64) {
        let bucket = bucket_of(nanos);
        if self.buckets.len() <= bucket {
            self.buckets.resize(bucket + 1, 0);
        }
        self.buckets[bucket] += 1;
        self.timed += 1;
        self.total_nanos += u128::from(nanos);
    }

    /// Adds everything `other` recorded, and leaves `other` empty.
    pub fn absorb(&mut self, other: &mut PlanTimes) {
        if self.buckets.len() < other.buckets.len() {
            self.buckets.resize(other.buckets.len(), 0);
        }
        for (mine, theirs) in self.buckets.iter_mut().zip(&mut other.buckets) {
            *mine += std::mem::take(theirs);
        }
        self.count += std::mem::take(&mut other.count);
        self.timed += std::mem::take(&mut other.timed);
        self.total_nanos += std::mem::take(&mut other.total_nanos);
    }

    /// Mean nanoseconds per timed plan (0 without any).
    pub fn mean_nanos(&self) -> f64 {
        if self.timed == 0 { 0.0 } else { self.total_nanos as f64 / self.timed as f64 }
    }

    /// The upper edge of the bucket holding the `fraction` quantile (0.99 for p99).
    pub fn quantile_nanos(&self, fraction: f64) -> u64 {
        let rank = ((self.timed as f64 * fraction).ceil() as u64).clamp(1, self.timed.max(1));
        let mut seen = 0;
        for (bucket, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return upper_edge(bucket);
            }
        }
        0
    }
}

/// Values below `SUB_BUCKETS` get a bucket each; above, each power of two is split in `SUB_BUCKETS`.
fn bucket_of(nanos: u64) -> usize {
    if nanos < SUB_BUCKETS {
        return nanos as usize;
    }
    let power = 63 - nanos.leading_zeros() as u64; // nanos in [2^power, 2^(power+1))
    let shift = power - SUB_BUCKETS.trailing_zeros() as u64;
    let sub = (nanos >> shift) - SUB_BUCKETS; // 0..SUB_BUCKETS
    (SUB_BUCKETS * (shift + 1) + sub) as usize
}

fn upper_edge(bucket: usize) -> u64 {
    let bucket = bucket as u64;
    if bucket < SUB_BUCKETS {
        return bucket;
    }
    let shift = bucket / SUB_BUCKETS - 1;
    let sub = bucket % SUB_BUCKETS;
    let edge = (u128::from(SUB_BUCKETS + sub + 1) << shift) - 1;
    edge.min(u128::from(u64::MAX)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_falls_in_a_bucket_whose_upper_edge_is_within_three_percent_above_it() {
        for nanos in (0..100_000).chain([1 << 20, 123_456_789, u64::MAX / 2, u64::MAX]) {
            let edge = upper_edge(bucket_of(nanos));
            assert!(edge >= nanos, "{nanos} → edge {edge}");
            assert!(edge as f64 <= nanos as f64 * (1.0 + 1.0 / 32.0) + 1.0, "{nanos} → edge {edge}");
        }
    }

    #[test]
    fn quantiles_of_a_known_spread() {
        let mut times = PlanTimes::default();
        for n in 1..=1000 {
            times.record(n * 10);
        }
        assert_eq!(times.timed, 1000);
        assert!((times.mean_nanos() - 5005.0).abs() < 1e-9);
        let p99 = times.quantile_nanos(0.99);
        assert!((9900..=9900 + 9900 / 32).contains(&p99), "p99 {p99}");
        let p50 = times.quantile_nanos(0.5);
        assert!((5000..=5000 + 5000 / 32).contains(&p50), "p50 {p50}");
    }

    #[test]
    fn every_plan_is_counted_and_one_in_eight_timed() {
        let mut times = PlanTimes::default();
        let timed: Vec<u64> = (1..=20).filter(|_| times.count_one()).collect();
        assert_eq!(timed, [1, 9, 17]);
        assert_eq!((times.count, times.timed), (20, 0), "counting times nothing");
    }

    #[test]
    fn absorbing_another_record_is_recording_its_plans_here() {
        let (mut a, mut b, mut both) = (PlanTimes::default(), PlanTimes::default(), PlanTimes::default());
        for n in [3, 70, 900, 12_000] {
            a.record(n);
            both.record(n);
        }
        for n in [5, 1_000_000] {
            b.record(n);
            both.record(n);
        }
        a.absorb(&mut b);
        assert_eq!(a, both);
        assert_eq!(b.count, 0);
        assert_eq!(b.quantile_nanos(0.99), 0);
    }
}
