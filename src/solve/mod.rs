//! Searches, one module per game. Each takes a checked puzzle and options with
//! a budget, and returns a solution or a typed reason why there is none. The
//! budgets: the search's own count (states or placements), the memory it may
//! take (water), and wall-clock time ([`Deadline`]), each checked by the
//! searches as they go, never by interrupting them.

pub mod squares;
pub mod water;

use std::time::{Duration, Instant};

/// When a search must give up: `limit` after it was set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    pub at: Instant,
    /// The time allowed, for messages ("the time limit is 5 s").
    pub limit: Duration,
}

impl Deadline {
    /// The deadline `limit` from now.
    pub fn after(limit: Duration) -> Deadline {
        Deadline::from(Instant::now(), limit)
    }

    /// The deadline `limit` after `start`.
    pub fn from(start: Instant, limit: Duration) -> Deadline {
        Deadline { at: start + limit, limit }
    }

    pub fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// The time allowed, in seconds.
    pub fn seconds(&self) -> f64 {
        self.limit.as_secs_f64()
    }
}

/// Whether a deadline, if any, has passed.
pub fn past(deadline: Option<Deadline>) -> bool {
    deadline.is_some_and(|d| d.passed())
}
