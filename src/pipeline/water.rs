//! Water sort: a level (typed, or read from a screenshot by
//! `vision::water`) solved, with the one-more-tube check for an unsolvable
//! level and the plan up to the first reveal for one with hidden layers.

use image::RgbImage;

use super::RunOptions;
use crate::geometry::Layout;
use crate::puzzle::water::WaterPuzzle;
use crate::solve::water::reveal::{RevealError, RevealPlan, plan_until_reveal};
use crate::solve::water::{self, ExtraTubeVerdict, WaterSolution, WaterSolveError, WaterSolveOptions};
use crate::vision::water::{Detection, VisionError};

/// A water-sort run's result: the level as read, and how solving went.
#[derive(Debug, Clone)]
pub struct WaterOutcome {
    pub puzzle: WaterPuzzle,
    /// Where the tubes are, when the level came from a screenshot.
    pub layout: Option<Layout>,
    pub result: Result<WaterSolution, WaterSolveError>,
    /// Only for a level proven unsolvable.
    pub extra_tube: Option<ExtraTubeVerdict>,
    /// Only for a level with hidden layers: the plan up to the first reveal.
    pub reveal: Option<Result<RevealPlan, RevealError>>,
    /// How long solving took, whatever its result (with the extra-tube
    /// check and the plan up to the reveal).
    pub searched: std::time::Duration,
}

impl WaterOutcome {
    /// The pours to show the player: the solution, or the plan up to the
    /// first reveal; `None` when there is neither.
    pub fn plan(&self) -> Option<&[crate::puzzle::water::Pour]> {
        match (&self.result, &self.reveal) {
            (Ok(solution), _) => Some(&solution.pours),
            (_, Some(Ok(plan))) => Some(&plan.pours),
            _ => None,
        }
    }
}

/// Solves a recognised level; an unsolvable one is checked with one more tube.
pub fn solve_water(puzzle: WaterPuzzle, layout: Option<Layout>, options: &WaterSolveOptions) -> WaterOutcome {
    let started = std::time::Instant::now();
    let result = water::solve(&puzzle, options);
    let extra_tube = match &result {
        Err(WaterSolveError::Unsolvable { .. }) => Some(water::with_extra_tube(&puzzle, options)),
        _ => None,
    };
    let reveal = matches!(result, Err(WaterSolveError::UnknownLayers)).then(|| plan_until_reveal(&puzzle, options));
    WaterOutcome { puzzle, layout, result, extra_tube, reveal, searched: started.elapsed() }
}

/// A screenshot's run: what the reader detected (kept for `--debug` even
/// when recognition fails) and the outcome.
pub struct WaterImageRun {
    pub detection: Option<Detection>,
    pub result: Result<WaterOutcome, VisionError>,
}

/// Reads a water-sort screenshot and solves it.
pub fn run_image(image: &RgbImage, options: &RunOptions) -> WaterImageRun {
    let sight = crate::vision::water::read(image, &options.vision);
    let result = sight.read.map(|read| solve_water(read.puzzle, Some(read.layout), &options.water));
    WaterImageRun { detection: sight.detection, result }
}
