//! A tour through the places the goal still needs, where each stays done once done: it starts
//! where one stands, so it costs at least the way to the nearest of them plus a spanning tree
//! joining them all, each edge the least walk between two of them either way (docs/planner.md).

use super::arrivals::{Landmark, NEVER, Place};
use super::facts::Value;
use smallvec::SmallVec;

/// The lasting landmarks of one place, and the least walks between them.
#[derive(Clone, Debug)]
pub(super) struct Tour {
    pub place: usize,
    /// Its landmarks, as indices into the landmarks.
    members: Vec<usize>,
    /// The least walk between members `i` and `j`, either way: `between[i * n + j]`.
    between: Vec<u64>,
    /// The least walk from each row's value ([`Place::row`]) to member `i`: `reach[row * n + i]`.
    reach: Vec<u64>,
}

/// More members than this are not toured (the spanning tree is worked out for every state).
const MAX_MEMBERS: usize = 64;

impl Tour {
    /// The tour through the lasting landmarks of place `index`, where there are two or more.
    pub fn new(place: &Place, index: usize, landmarks: &[Landmark]) -> Option<Tour> {
        let members: Vec<usize> =
            (0..landmarks.len()).filter(|&l| landmarks[l].place == index && landmarks[l].lasting).collect();
        if !(2..=MAX_MEMBERS).contains(&members.len()) {
            return None;
        }
        // The least walk between each two values the place is set to, through any others.
        let k = place.sets.len();
        let direct =
            |i: usize| if i / k == i % k { 0 } else { place.arrive(place.row(place.sets[i / k]), i % k) };
        let mut walk: Vec<u64> = (0..k * k).map(direct).collect();
        for via in 0..k {
            for from in 0..k {
                for to in 0..k {
                    let through = walk[from * k + via].saturating_add(walk[via * k + to]);
                    walk[from * k + to] = walk[from * k + to].min(through);
                }
            }
        }
        let n = members.len();
        let at = |m: usize| landmarks[members[m]].at;
        let between =
            (0..n * n).map(|i| walk[at(i / n) * k + at(i % n)].min(walk[at(i % n) * k + at(i / n)]));
        // From any value: a first arrival, then the least walk on (nothing at the member itself).
        let reach = |row: usize, m: usize| match row == place.row(place.sets[at(m)]) {
            true => 0,
            false => (0..k)
                .map(|y| place.arrive(row, y).saturating_add(walk[y * k + at(m)]))
                .min()
                .unwrap_or(NEVER),
        };
        let reach = (0..place.rows()).flat_map(|row| (0..n).map(move |m| reach(row, m)));
        let (between, reach) = (between.collect(), reach.collect());
        Some(Tour { place: index, members, between, reach })
    }

    /// The least a walk from the row's value through every unmet member costs; `None` where none
    /// can be walked.
    pub fn cost(&self, landmarks: &[Landmark], state: &[Value], row: usize) -> Option<u64> {
        let n = self.members.len();
        let mut left: SmallVec<[usize; 16]> =
            (0..n).filter(|&m| landmarks[self.members[m]].unmet(state)).collect();
        let first = left.iter().map(|&m| self.reach[row * n + m]).min().unwrap_or(0);
        if first == NEVER {
            return None;
        }
        // Prim's spanning tree over the members left, from any of them.
        let Some(start) = left.pop() else { return Some(0) };
        let mut nearest: SmallVec<[u64; 16]> = left.iter().map(|&m| self.between[start * n + m]).collect();
        let mut total = first;
        while let Some((i, &edge)) = nearest.iter().enumerate().min_by_key(|&(_, &d)| d) {
            if edge == NEVER {
                return None;
            }
            total = total.saturating_add(edge);
            let joined = left.swap_remove(i);
            nearest.swap_remove(i);
            for (d, &m) in nearest.iter_mut().zip(&left) {
                *d = (*d).min(self.between[joined * n + m]);
            }
        }
        Some(total)
    }
}
