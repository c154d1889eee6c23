//! Searches, one module per game. Each takes a checked puzzle and options with
//! a budget, and returns a solution or a typed reason why there is none. The
//! budgets: the search's own count (states or placements), the memory it may
//! take (water), and wall-clock time ([`Deadline`]), each checked by the
//! searches as they go, never by interrupting them. A deadline may carry a
//! [`Watch`]: the searches add their counts to it where they look at the
//! clock (so a terminal can show progress), and stop when it is cancelled
//! (Ctrl-C), with what they found so far.

pub mod squares;
pub mod water;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// When a search must give up: `limit` after it was set, or when its watch
/// is cancelled.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    /// `None`: no time limit (only the watch stops the search).
    pub at: Option<Instant>,
    /// The time allowed, for messages ("the time limit is 5 s").
    pub limit: Duration,
    /// Progress shown to, and a stop asked by, whoever started the search.
    pub watch: Option<&'static Watch>,
}

/// Why a search was stopped from outside its own counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The time limit passed.
    Time,
    /// The watch was cancelled (the user pressed Ctrl-C).
    Interrupted,
}

impl Deadline {
    /// The deadline `limit` from now.
    pub fn after(limit: Duration) -> Deadline {
        Deadline::from(Instant::now(), limit)
    }

    /// The deadline `limit` after `start`.
    pub fn from(start: Instant, limit: Duration) -> Deadline {
        Deadline { at: Some(start + limit), limit, watch: None }
    }

    /// No time limit: only a watch, once given, stops the search.
    pub fn never() -> Deadline {
        Deadline { at: None, limit: Duration::ZERO, watch: None }
    }

    /// This deadline, also stopped by (and reporting to) `watch`.
    pub fn watched(self, watch: &'static Watch) -> Deadline {
        Deadline { watch: Some(watch), ..self }
    }

    /// Why the search must stop now, if it must.
    pub fn stop(&self) -> Option<Stop> {
        if self.watch.is_some_and(Watch::is_cancelled) {
            return Some(Stop::Interrupted);
        }
        self.at.is_some_and(|at| Instant::now() >= at).then_some(Stop::Time)
    }

    /// The time allowed, in seconds.
    pub fn seconds(&self) -> f64 {
        self.limit.as_secs_f64()
    }
}

/// Why a search with this deadline, if any, must stop now.
pub fn stop(deadline: Option<Deadline>) -> Option<Stop> {
    deadline.and_then(|d| d.stop())
}

/// Adds `n` to the placements of `deadline`'s watch, if any.
pub fn add_nodes(deadline: Option<Deadline>, n: u64) {
    if let Some(watch) = deadline.and_then(|d| d.watch) {
        watch.nodes.fetch_add(n, Ordering::Relaxed);
    }
}

/// Adds `n` to the solutions of `deadline`'s watch, if any.
pub fn add_solutions(deadline: Option<Deadline>, n: u64) {
    if n > 0
        && let Some(watch) = deadline.and_then(|d| d.watch)
    {
        watch.solutions.fetch_add(n, Ordering::Relaxed);
    }
}

/// Sets the states of `deadline`'s watch, if any, to the current search's.
pub fn set_states(deadline: Option<Deadline>, states: usize) {
    if let Some(watch) = deadline.and_then(|d| d.watch) {
        watch.states.store(states as u64, Ordering::Relaxed);
    }
}

/// A run's searches seen from outside while they go: the counts they add
/// where they look at the clock (a few hundred times a second at most), and
/// a flag that stops them all. Lives as long as the program (a `static`),
/// so that a signal handler may cancel it.
#[derive(Debug, Default)]
pub struct Watch {
    cancelled: AtomicBool,
    /// Card placements so far, over every search of the run.
    nodes: AtomicU64,
    /// Card solutions so far, over every search of the run.
    solutions: AtomicU64,
    /// States the current water-sort search has seen.
    states: AtomicU64,
}

impl Watch {
    pub const fn new() -> Watch {
        Watch {
            cancelled: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(0),
            states: AtomicU64::new(0),
        }
    }

    /// Asks every search under this watch to stop with what it has.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// What the searches have done so far.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            solutions: self.solutions.load(Ordering::Relaxed),
            states: self.states.load(Ordering::Relaxed),
        }
    }
}

/// A look at a [`Watch`]'s counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    pub nodes: u64,
    pub solutions: u64,
    pub states: u64,
}
