//! A liquid's lit surface merged into its run. Some games draw the lit
//! surface of a tube's liquid as a band of the liquid's colour made
//! lighter, standing above the top layer (the liquid below it starts on a
//! layer boundary). Where the band lies within a run's step of its liquid
//! (a pale cyan's), the profile takes the two for one run, which then
//! starts the band's height above the boundary: the grid is fitted to the
//! band's top, and the check of the finished reading finds the liquid's
//! change of colour off the grid. The band's height is learnt from the
//! tubes where it stands as a run of its own; a merged band is split off
//! only where the picture shows it, rows lighter than the liquid below.
//! A surface also says where a tube's liquid starts: nothing under it is
//! empty glass, though the liquid be the colour of the board beside it;
//! and, where the band is its liquid's own (no band of its colour stands
//! on another liquid: the glass between balls does), nothing above the
//! band is liquid (a cork, a cap, a neck).

use image::RgbImage;

use super::grid::SURFACE_GAP;
use super::slots::{Profile, RUN_STEP, Run, color_distance, row_colors};
use crate::imaging::color::median_color;

/// How much darker, in any channel, a lit band may be than its liquid:
/// JPEG noise and the band's shading (zhoushizoe's pale cyan band is 9
/// darker in blue, 17-24 lighter in red and green). Not fitted beyond
/// that one band: a channel darker by more is another colour, not light.
const LIT_NOISE: u8 = 10;

/// Fewest lit bands standing as runs of their own, of one height, before
/// a merged band is looked for: one band could be a rim or a cork.
const LEAST_BANDS: usize = 2;

/// Whether `band` is `liquid` lit: no channel darker by more than
/// [`LIT_NOISE`], and some channel lighter by more.
pub(crate) fn is_lit(band: [u8; 3], liquid: [u8; 3]) -> bool {
    (0..3).all(|c| band[c].saturating_add(LIT_NOISE) >= liquid[c])
        && (0..3).any(|c| band[c] > liquid[c].saturating_add(LIT_NOISE))
}

/// Whether `band`, a run shorter than a layer, ends on `liquid`, a run as
/// long as one, but for the [`SURFACE_GAP`] of anti-aliased rows between.
/// A band lit against its liquid is short enough at half the liquid's
/// length or less ([`LIT_BAND_SHARE`]), whatever the profile's shortest
/// layer says.
fn stands_on(p: &Profile, band: &Run, liquid: &Run) -> bool {
    let (band_len, liquid_len) = (band.y1 - band.y0, liquid.y1 - liquid.y0);
    let short = band_len < p.shortest_layer
        || (band_len as f32 <= liquid_len as f32 * LIT_BAND_SHARE && is_lit(band.color, liquid.color));
    short && liquid_len >= p.shortest_layer && band.y1 + SURFACE_GAP >= liquid.y0
}

/// Longest a lit band may be, as a share of the liquid's run it stands
/// on, to be taken for that liquid's surface rather than a layer of a
/// lighter colour: a lit surface is a fraction of one layer (0.35-0.4 of
/// zhoushizoe's, whose vases and bottles are measured with a shortest
/// layer under it), and the run under it holds at least one layer; a
/// lighter layer on one of its own height is no surface. Half, not
/// fitted. The same share of the grid's unit bounds a band whose top
/// says where a tube's liquid may reach (`Detection::capped`), and a band
/// drawn over the top layer that the off-grid check takes for no change.
pub(crate) const LIT_BAND_SHARE: f32 = 0.5;

/// Whether `band` is the lit surface of `liquid`, the run it stands on:
/// neither is empty glass nor holds a `?` glyph (whose strokes are lighter
/// than its cell, in a run of their own at some sizes), it stands on it
/// ([`stands_on`]) and is lit against it ([`is_lit`]).
pub(super) fn is_lit_surface(p: &Profile, band: &Run, liquid: &Run) -> bool {
    let glyph = |run: &Run| p.glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y));
    !band.empty
        && !liquid.empty
        && !glyph(band)
        && !glyph(liquid)
        && stands_on(p, band, liquid)
        && is_lit(band.color, liquid.color)
}

/// The height of the lit bands the profiles show as runs of their own: a
/// run shorter than a layer, lighter than the liquid's run it ends on
/// (within the [`SURFACE_GAP`] of anti-aliased rows), the median of at
/// least [`LEAST_BANDS`] whose heights agree within that gap.
fn band_height(profiles: &[Profile]) -> Option<u32> {
    let mut heights: Vec<u32> = profiles
        .iter()
        .flat_map(|p| {
            p.runs.windows(2).filter_map(|w| {
                let (band, liquid) = (w[0], w[1]);
                is_lit_surface(p, &band, &liquid).then_some(liquid.y0 - band.y0)
            })
        })
        .collect();
    heights.sort_unstable();
    let median = *heights.get(heights.len() / 2)?;
    let agree = heights.iter().filter(|h| h.abs_diff(median) <= SURFACE_GAP).count();
    (agree >= LEAST_BANDS).then_some(median)
}

/// Whether the rows `start..end` of the columns `x0..x1` are a lit band on
/// the liquid below them: their median colour lit ([`is_lit`]) against the
/// median of as many rows below `end` (no further than `below`).
pub(crate) fn lit_band_ends_at(image: &RgbImage, columns: (u32, u32), rows: (u32, u32), below: u32) -> bool {
    lit_band_colors(image, columns, rows, below).is_some()
}

/// The colours of the band of rows `start..end` and of the liquid under
/// it, as [`lit_band_ends_at`] measures them, when the band is lit.
fn lit_band_colors(
    image: &RgbImage,
    (x0, x1): (u32, u32),
    (start, end): (u32, u32),
    below: u32,
) -> Option<([u8; 3], [u8; 3])> {
    if end <= start + 1 {
        return None;
    }
    let below = below.min(end + (end - start)).min(image.height());
    let (x1, step) = (x1.min(image.width()), super::slots::check_step(x0, x1));
    if below <= end + 1 || x1 <= x0 {
        return None;
    }
    let median = |y0: u32, y1: u32| median_color(&row_colors(image, x0, x1, y0, y1, step));
    let (band, liquid) = (median(start, end), median(end, below));
    is_lit(band, liquid).then_some((band, liquid))
}

/// The lit surfaces of the profiles' liquids, where the other tubes show
/// bands of one height: each merged band is split off its liquid's run
/// ([`split_merged_bands`]), and each tube's surface found, the row its
/// liquid starts under a band of that height lit against it, the lowest
/// (a tube's liquid has one top; a band above it is the glass's), and
/// not in the rim's zone, a shortest layer under the profile's top (a
/// lighter band of glass under sshcrack's rims, over glass). Below it
/// nothing is empty glass, whatever the board beside the tube looks like
/// (a full tube of a sky-blue liquid before a blue sky, zhoushizoe
/// 1697942484468: read empty, the level without that colour was solved).
pub(super) fn read_surfaces(image: &RgbImage, profiles: &mut [Profile]) -> Vec<Option<LitSurface>> {
    let Some(height) = band_height(profiles) else { return vec![None; profiles.len()] };
    split_merged_bands(image, profiles, height);
    // Every band lit against the run it stands on, with that run's colour.
    let lit: Vec<([u8; 3], [u8; 3])> = profiles
        .iter()
        .flat_map(|p| p.runs.windows(2).filter(|w| is_lit_surface(p, &w[0], &w[1])).map(|w| (w[0].color, w[1].color)))
        .collect();
    // A band of one colour over liquids of others is the glass.
    let glassy = |band: &Run, liquid: &Run| {
        lit.iter()
            .any(|&(b, l)| color_distance(b, band.color) <= RUN_STEP && color_distance(l, liquid.color) > RUN_STEP)
    };
    profiles
        .iter()
        .map(|p| {
            p.runs.windows(2).rev().find_map(|w| {
                let (band, liquid) = (w[0], w[1]);
                let surface = band.y0 >= p.top + p.shortest_layer
                    && stands_on(p, &band, &liquid)
                    && (liquid.y0 - band.y0).abs_diff(height) <= SURFACE_GAP
                    && is_lit(band.color, liquid.color);
                surface.then(|| {
                    let own = is_lit_surface(p, &band, &liquid) && !glassy(&band, &liquid);
                    LitSurface { band_top: own.then_some(band.y0), liquid_top: liquid.y0 }
                })
            })
        })
        .collect()
}

/// A tube's lit surface, in rows of the picture worked on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct LitSurface {
    /// The first row of the liquid under the band: nothing under it is
    /// empty glass.
    pub liquid_top: u32,
    /// The band's first row, where the band is its liquid's own surface
    /// ([`is_lit_surface`]: no glyph's strokes) and takes its liquid's
    /// colour: nothing above it is liquid. `None` where a band of its
    /// colour stands on another liquid too: that band is the glass (seen
    /// between balls, a gap lighter than every ball), and may stand under
    /// liquid.
    pub band_top: Option<u32>,
}

/// Splits off the top of each tube's top liquid run, where no band stands
/// on it, a lit band `height` rows tall (the other tubes' bands), where
/// its rows are lit against the liquid below them: the liquid's run then
/// starts where the other tubes' do, on the boundary under the band. (A
/// lit surface stands on the top layer only.) A run from the profile's
/// top is left whole: a vessel full to its top has its surface in its
/// neck, where the layers' unit does not hold (zhoushizoe's vases).
fn split_merged_bands(image: &RgbImage, profiles: &mut [Profile], height: u32) {
    for p in profiles.iter_mut() {
        let Some(i) = p.runs.iter().position(|r| !r.empty && r.y1 - r.y0 >= p.shortest_layer) else { continue };
        let run = p.runs[i];
        let banded = i.checked_sub(1).is_some_and(|j| !p.runs[j].empty && stands_on(p, &p.runs[j], &run));
        if banded || run.y0 <= p.top + 2 || run.y1 - run.y0 < height + p.shortest_layer {
            continue;
        }
        // The band and the liquid's top take the colours they were judged
        // lit by (a band's middle row alone can be as dark as its liquid:
        // zhoushizoe 1697942111030's pale cyan).
        if let Some((band, liquid)) = lit_band_colors(image, p.columns, (run.y0, run.y0 + height), run.y1) {
            p.runs[i].y0 = run.y0 + height;
            p.runs[i].color = liquid;
            p.runs.insert(i, Run { y1: run.y0 + height, color: band, ..run });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::water::slots::Top;

    const GLASS: [u8; 3] = [60, 110, 200];
    const CYAN: [u8; 3] = [159, 244, 237];
    const CYAN_LIT: [u8; 3] = [183, 251, 228];

    /// A 40-column picture whose rows are `rows` (colour, height) from the
    /// top, and a profile of it whose runs are `runs` (y0, y1, colour,
    /// empty).
    fn picture(rows: &[([u8; 3], u32)]) -> RgbImage {
        let colors: Vec<[u8; 3]> = rows.iter().flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize)).collect();
        RgbImage::from_fn(40, colors.len() as u32, |_, y| image::Rgb(colors[y as usize]))
    }

    fn liquid_tops(surfaces: Vec<Option<LitSurface>>) -> Vec<Option<u32>> {
        surfaces.iter().map(|s| s.map(|s| s.liquid_top)).collect()
    }

    fn profile(runs: &[(u32, u32, [u8; 3], bool)]) -> Profile {
        Profile {
            runs: runs.iter().map(|&(y0, y1, color, empty)| Run { y0, y1, color, empty }).collect(),
            glyphs: Vec::new(),
            glyph_rows: Vec::new(),
            top: 0,
            shortest_layer: 33,
            bottom: runs.last().map_or(0, |r| r.1),
            top_is: Top::BelowRim,
            columns: (8, 32),
        }
    }

    #[test]
    fn a_band_of_the_liquid_lit_is_lit_and_a_darker_or_other_colour_is_not() {
        // zhoushizoe's pale cyan and its lit band, no more than a run's
        // step apart, so one run.
        assert!(color_distance(CYAN_LIT, CYAN) <= RUN_STEP);
        assert!(is_lit(CYAN_LIT, CYAN));
        assert!(!is_lit([160, 244, 237], CYAN));
        assert!(!is_lit([200, 255, 200], CYAN));
    }

    #[test]
    fn a_lit_band_merged_into_its_liquid_is_split_off_at_the_height_the_other_tubes_show() {
        // Two tubes show 27-row bands above their liquid; the cyan one's
        // band merged with its liquid, its run starting at 100 (the band's
        // top), the liquid under it at 127.
        let orange = |top: u32| {
            profile(&[
                (0, top, GLASS, true),
                (top, top + 25, [255, 161, 131], false),
                (top + 27, 250, [252, 124, 0], false),
            ])
        };
        let image = picture(&[(GLASS, 100), (CYAN_LIT, 27), (CYAN, 123)]);
        let cyan = profile(&[(0, 100, GLASS, true), (100, 250, CYAN, false)]);
        let mut profiles = vec![orange(50), orange(120), cyan.clone()];
        assert_eq!(liquid_tops(read_surfaces(&image, &mut profiles)), [Some(77), Some(147), Some(127)]);
        let starts: Vec<u32> = profiles[2].runs.iter().map(|r| r.y0).collect();
        assert_eq!(starts, [0, 100, 127]);
        // With one band seen, or rows under the band's height no lighter
        // than the liquid, nothing is split.
        let mut one = vec![orange(50), cyan.clone()];
        assert_eq!(liquid_tops(read_surfaces(&image, &mut one)), [None, None]);
        assert_eq!(one[1].runs.len(), 2);
        let flat = picture(&[(GLASS, 100), (CYAN, 150)]);
        let mut unlit = vec![orange(50), orange(120), cyan];
        assert_eq!(liquid_tops(read_surfaces(&flat, &mut unlit)), [Some(77), Some(147), None]);
        assert_eq!(unlit[2].runs.len(), 2);
    }

    #[test]
    fn a_tubes_surface_is_its_lowest_lit_band_below_the_rims_zone() {
        // sshcrack's tubes: under the rim (the profile's top, row 0) a
        // lighter band of glass over darker glass, 6 rows; a liquid's lit
        // band is 8. In an empty tube it is no surface; in a filled one,
        // the liquid's band lower down is.
        let (rim_band, glass) = ([150, 106, 86], [112, 62, 41]);
        let filled = |top: u32| {
            profile(&[
                (10, 16, rim_band, true),
                (16, top - 1, glass, true),
                (top, top + 8, [254, 161, 118], false),
                (top + 9, 250, [252, 123, 5], false),
            ])
        };
        let empty = profile(&[(10, 16, rim_band, true), (16, 250, glass, true)]);
        let image = picture(&[(GLASS, 250)]);
        let mut profiles = vec![filled(60), filled(100), empty];
        assert_eq!(liquid_tops(read_surfaces(&image, &mut profiles)), [Some(69), Some(109), None]);
    }

    #[test]
    fn a_lit_band_half_its_liquid_or_less_is_a_surface_however_short_a_layer_may_be() {
        // zhoushizoe's vases as the liquid finder reads them: a shortest
        // layer of 5 rows (its bands cut short by rims and necks), lit
        // bands of 13 rows on 110-row liquids, and a pale cyan whose band
        // merged with it. The bands are the liquids' surfaces, nothing
        // above them is liquid, and the cyan's band is split off in the
        // colour it was judged lit by.
        let short = |mut p: Profile| {
            p.shortest_layer = 5;
            p
        };
        let pink = || {
            short(profile(&[
                (0, 100, GLASS, true),
                (100, 113, [242, 119, 225], false),
                (113, 223, [242, 67, 232], false),
            ]))
        };
        let image = picture(&[(GLASS, 100), (CYAN_LIT, 13), (CYAN, 110)]);
        let cyan = short(profile(&[(0, 100, GLASS, true), (100, 223, CYAN, false)]));
        let mut profiles = vec![pink(), pink(), cyan];
        let surfaces = read_surfaces(&image, &mut profiles);
        let lit = LitSurface { liquid_top: 113, band_top: Some(100) };
        assert_eq!(surfaces, [Some(lit); 3]);
        let cyan = &profiles[2].runs;
        assert_eq!((cyan[1].y0, cyan[2].y0), (100, 113));
        assert!(is_lit(cyan[1].color, cyan[2].color));
        // A lighter layer as tall as the run under it is a layer.
        let image = picture(&[(GLASS, 100), (CYAN_LIT, 60), (CYAN, 63)]);
        let layered = short(profile(&[(0, 100, GLASS, true), (100, 160, CYAN_LIT, false), (160, 223, CYAN, false)]));
        let mut profiles = vec![pink(), pink(), layered];
        assert_eq!(read_surfaces(&image, &mut profiles)[2], None);
    }

    #[test]
    fn a_band_of_one_colour_over_liquids_of_others_is_the_glass() {
        // Balls in tinted tubes (tuning theme 79): the glass shows as a
        // 13-row gap above each ball, lighter than every ball. The lowest
        // gap says where liquid starts, but balls stand above it.
        let gap = [118, 112, 138];
        let balls = |lower: [u8; 3], upper: [u8; 3]| {
            profile(&[(0, 40, GLASS, true), (40, 120, upper, false), (121, 134, gap, false), (134, 214, lower, false)])
        };
        let image = picture(&[(GLASS, 214)]);
        let mut profiles = vec![balls([98, 54, 27], [0, 175, 121]), balls([40, 20, 90], [98, 54, 27])];
        let surfaces = read_surfaces(&image, &mut profiles);
        let glass = LitSurface { liquid_top: 134, band_top: None };
        assert_eq!(surfaces, [Some(glass); 2]);
    }
}
