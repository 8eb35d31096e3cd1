//! How a walker moves: one stride a step straight toward where it goes, in `f32`, and how many
//! strides a walk takes — counted by making them, or worked out at once where the rounding of
//! the strides cannot change the count ([`Shortcuts::arrivals_at_once`](crate::sim::Shortcuts::arrivals_at_once)).

/// Moves `from` one stride of `reach` toward `to`; true when it arrives (the stride would reach
/// or pass it).
pub(crate) fn stride(from: &mut [f32; 2], to: [f32; 2], reach: f32) -> bool {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let distance = (dx * dx + dy * dy).sqrt();
    if distance <= reach {
        *from = to;
        return true;
    }
    from[0] += dx / distance * reach;
    from[1] += dy / distance * reach;
    false
}

/// How many strides take a walker from `from` to `to` (the last one arriving), when no more than
/// `most`: exactly as many as [`stride`] makes — worked out from the distance `at_once` where
/// rounding cannot change their number ([`Shortcuts::arrivals_at_once`]), else counted by making
/// them.
///
/// [`Shortcuts::arrivals_at_once`]: crate::sim::Shortcuts::arrivals_at_once
pub(crate) fn strides(from: [f32; 2], to: [f32; 2], reach: f32, most: u64, at_once: bool) -> Option<u64> {
    match at_once.then(|| strides_at_once(from, to, reach)).flatten() {
        Some(known) => Some(known).filter(|&n| n <= most),
        None => {
            let mut at = from;
            (1..=most).find(|_| stride(&mut at, to, reach))
        }
    }
}

/// The unit roundoff of `f32`: each operation is off by at most this much of its result.
const U: f64 = f32::EPSILON as f64 / 2.0;

/// The strides [`stride`] makes from `from` to `to`, worked out from the distance alone where its
/// rounding cannot change their number; `None` near a tie, where they are to be counted.
///
/// Why: let `v` be the exact vector from a walker's (rounded) place to `to`, `d = |v| > reach`.
/// The stride it takes is `reach·v/d` with each component off by at most 6 roundings of itself
/// (a subtraction, a square, a sum, a root, a division, a product: under `8U·reach` in all), and
/// its new place is rounded once more (under `√2·U·P`, `P` bounding every coordinate on the way).
/// So each stride leaves it `d − reach` from `to`, give or take `η = 8U·reach + 1.5U·(P + reach)`;
/// after `j` strides, `d₀ − j·reach ± j·η`, and the distance it computes is that within `4U` of
/// it. Where the `j*`-th distance surely ends the walk and the one before surely does not, the
/// walk takes `j* + 1` strides. (Debug builds count them too and check.)
fn strides_at_once(from: [f32; 2], to: [f32; 2], reach: f32) -> Option<u64> {
    let big = 1e30;
    let finite = |v: f32| v.is_finite() && v.abs() < big;
    if !(from.iter().chain(&to).all(|&v| finite(v)) && reach > 0.0 && reach < big) {
        return None;
    }
    let reach = f64::from(reach);
    let (dx, dy) = (f64::from(to[0]) - f64::from(from[0]), f64::from(to[1]) - f64::from(from[1]));
    let d0 = (dx * dx + dy * dy).sqrt(); // exact but for a rounding or two of f64's
    let widest = from.iter().chain(&to).map(|v| f64::from(v.abs())).fold(0.0, f64::max);
    let drift = 8.0 * U * reach + 1.5 * U * (widest + 2.0 * reach + 1.0);
    let slack = 1e-12 * (d0 + reach); // f64's own roundings here
    // The first stride whose distance is within reach, in exact arithmetic.
    let last = ((d0 - reach) / reach).ceil().max(0.0);
    if last > 1e7 {
        return None;
    }
    let left = |j: f64| d0 - j * reach;
    let ends = (left(last) + last * drift + slack) * (1.0 + 4.0 * U) <= reach;
    let goes_on = last == 0.0 || (left(last - 1.0) - (last - 1.0) * drift - slack) * (1.0 - 4.0 * U) > reach;
    (ends && goes_on).then_some(last as u64 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// The strides made one at a time: the reference.
    fn counted(from: [f32; 2], to: [f32; 2], reach: f32, most: u64) -> Option<u64> {
        strides(from, to, reach, most, false)
    }

    /// Walks near the origin and far out (a town of a million spans some 200,000 units), short
    /// and long, at the speeds villagers walk: worked out at once, the count is the counted one
    /// every time, and most walks are worked out at once.
    #[test]
    fn strides_worked_out_at_once_are_the_strides_made() {
        let mut random = SplitMix64(7);
        let mut at_once = 0;
        for _ in 0..20_000 {
            let corner = [random.unit() * 250_000.0, random.unit() * 250_000.0];
            let place = |random: &mut SplitMix64| {
                [corner[0] + random.unit() * 900.0, corner[1] + random.unit() * 800.0]
            };
            let (from, to) = (place(&mut random), place(&mut random));
            let reach = (40.0 + random.unit() * 80.0) * 0.1;
            at_once += usize::from(strides_at_once(from, to, reach).is_some());
            assert_eq!(
                strides(from, to, reach, 5_000, true),
                counted(from, to, reach, 5_000),
                "{from:?} {to:?} {reach}"
            );
        }
        assert!(at_once > 12_000, "only {at_once} of 20,000 worked out at once");
    }

    /// A walk of exactly a whole number of strides is a tie rounding may break either way: it is
    /// counted. A limit short of the walk leaves it unfinished, as counting would.
    #[test]
    fn ties_are_counted_and_limits_kept() {
        let (from, reach) = ([10.0, 20.0], 7.0);
        for n in 1..50 {
            let to = [10.0 + 7.0 * n as f32, 20.0];
            assert_eq!(strides_at_once(from, to, reach), None, "{n} strides exactly");
            assert_eq!(strides(from, to, reach, 100, true), counted(from, to, reach, 100));
        }
        let to = [110.5, 20.0];
        assert_eq!(strides(from, to, reach, 100, true), Some(15));
        assert_eq!(strides(from, to, reach, 14, true), None);
        assert_eq!(strides(from, from, reach, 1, true), Some(1));
        assert_eq!(strides(from, to, 0.0, 30, true), None);
    }
}
