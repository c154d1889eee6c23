//! Naming colours by a calibrated theme instead of clustering them: each
//! liquid sample is the nearest colour of the theme, if it is near enough;
//! and, with no theme named, which calibrated theme (if any) explains a
//! screenshot.

use palette::Lab;

use super::VisionError;
use super::colors::Clustering;
use super::level::liquid_samples;
use crate::config::Theme;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, hex, to_lab};

/// Largest distance at which a sample still is theme colour `i`: its own
/// measured spread with a margin, or, because a game shades one liquid a
/// little differently from capture to capture (sshcrack's green is #46de1e
/// in some screenshots and #3cc418 or #4dc92c in others, ΔE 12-14), up to
/// 65% of the way to the nearest other colour of the theme (at most ΔE 25).
fn theme_reach(theme: &Theme, i: usize) -> f32 {
    let own = (theme.colors[i].tolerance * 1.5).max(8.0);
    let nearest_other = theme
        .colors
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, c)| delta_e(c.lab, theme.colors[i].lab))
        .fold(f32::MAX, f32::min);
    own.max((nearest_other * 0.65).min(25.0))
}

/// The nearest colour of `theme` to `lab`, with its distance.
fn nearest_theme_color(theme: &Theme, lab: Lab) -> (usize, f32) {
    theme
        .colors
        .iter()
        .enumerate()
        .map(|(i, c)| (i, delta_e(lab, c.lab)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a theme has colours")
}

/// Each sample's nearest theme colour and its distance.
fn match_theme(labs: &[Lab], theme: &Theme) -> Vec<(usize, f32)> {
    labs.iter().map(|&lab| nearest_theme_color(theme, lab)).collect()
}

/// Names colours by a theme: every sample must be within reach of one.
pub(super) fn assign_by_theme(liquid: &[[u8; 3]], theme: &Theme) -> Result<Clustering, VisionError> {
    let labs: Vec<Lab> = liquid.iter().map(|&c| to_lab(c)).collect();
    let mut ids = Vec::with_capacity(liquid.len());
    for (&rgb, (i, distance)) in liquid.iter().zip(match_theme(&labs, theme)) {
        if distance > theme_reach(theme, i) {
            return Err(VisionError::UnknownColor {
                hex: hex(rgb),
                theme: theme.name.clone(),
                nearest: theme.colors[i].name.clone(),
                distance,
            });
        }
        ids.push(i as u8);
    }
    Ok(Clustering { ids, centroids: theme.colors.iter().map(|c| c.lab).collect() })
}

/// The theme's name of each colour (as read, sRGB): its nearest theme
/// colour, the one every sample of it was matched to within reach.
pub fn names_of(colors: &[[u8; 3]], theme: &Theme) -> Vec<String> {
    let labs: Vec<Lab> = colors.iter().map(|&c| to_lab(c)).collect();
    match_theme(&labs, theme).into_iter().map(|(i, _)| theme.colors[i].name.clone()).collect()
}

/// The calibrated theme that explains a screenshot's samples best: the
/// same capacity, every liquid sample within reach of one of its colours,
/// smallest mean distance.
pub fn choose_theme<'a>(samples: &[Vec<SlotSample>], capacity: usize, themes: &'a [Theme]) -> Option<&'a Theme> {
    let labs: Vec<Lab> = liquid_samples(samples).iter().map(|&c| to_lab(c)).collect();
    themes
        .iter()
        .filter(|t| t.capacity == capacity && !labs.is_empty())
        .filter_map(|t| {
            let matches = match_theme(&labs, t);
            matches
                .iter()
                .all(|&(i, d)| d <= theme_reach(t, i))
                .then(|| (t, matches.iter().map(|m| m.1).sum::<f32>() / matches.len() as f32))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(t, _)| t)
}
