//! A plan's steps, kept inline: most plans are a handful of actions, and allocating and freeing
//! a vector for each was a fifth of what a short plan cost. Steps are `u32`s so that the answer
//! stays small: it is moved out through every layer of the search, and moves cost by the byte.

use smallvec::SmallVec;
use std::fmt;
use std::ops::Deref;

/// Plans up to this many steps need no heap memory.
const INLINE: usize = 10;

/// Indices into the action slice the planner was given, in execution order. Reads as a slice.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Steps(SmallVec<[u32; INLINE]>);

impl Steps {
    /// `length` steps written by `fill`, called on each slot from the last to the first.
    #[inline]
    pub(crate) fn from_back(length: usize, mut fill: impl FnMut(&mut u32)) -> Self {
        if length <= INLINE {
            let mut inline = [0; INLINE];
            inline[..length].iter_mut().rev().for_each(&mut fill);
            Steps(SmallVec::from_buf_and_len(inline, length))
        } else {
            let mut all = vec![0; length];
            all.iter_mut().rev().for_each(fill);
            Steps(SmallVec::from_vec(all))
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, step: u32) {
        self.0.push(step);
    }
}

impl Deref for Steps {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.0
    }
}

impl fmt::Debug for Steps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<u32> for Steps {
    fn from_iter<I: IntoIterator<Item = u32>>(steps: I) -> Self {
        Steps(steps.into_iter().collect())
    }
}

impl<'a> IntoIterator for &'a Steps {
    type Item = &'a u32;
    type IntoIter = std::slice::Iter<'a, u32>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<const N: usize> PartialEq<[u32; N]> for Steps {
    fn eq(&self, other: &[u32; N]) -> bool {
        self[..] == other[..]
    }
}

impl PartialEq<[u32]> for Steps {
    fn eq(&self, other: &[u32]) -> bool {
        self[..] == *other
    }
}

impl PartialEq<Vec<u32>> for Steps {
    fn eq(&self, other: &Vec<u32>) -> bool {
        self[..] == other[..]
    }
}

#[cfg(test)]
mod tests {
    use super::Steps;

    #[test]
    fn reads_and_compares_as_a_slice_inline_or_not() {
        let short: Steps = [2, 0, 1].into_iter().collect();
        assert_eq!(short, [2, 0, 1]);
        assert_eq!(short, vec![2, 0, 1]);
        assert_ne!(short, [2, 0]);
        assert_eq!(format!("{short:?}"), "[2, 0, 1]");
        let long: Steps = (0..40).collect();
        assert_eq!(long.len(), 40);
        assert_eq!(long, (0..40).collect::<Vec<_>>());
        assert_eq!(long.iter().sum::<u32>(), 780);
    }
}
