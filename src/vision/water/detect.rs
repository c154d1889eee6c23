//! Sampling the vessels a look found on one grid: every slot's colour, the
//! board beside it and its verdict (empty glass, a hidden cell or a
//! liquid), tube by tube, then the checks that need the whole screen (the
//! glyphs' steps, one glass per screen, a headroom taken for a slot) and
//! the locked tubes put back in their places.

use image::RgbImage;

use super::doubts::{self, Doubt};
use super::found::Found;
use super::regrid::Grid;
use super::slots::{self, SlotGeometry, sample_slot, slot_geometry, slot_rects};
use super::surface::{LIT_BAND_SHARE, LitSurface};
use super::tubes::TubeBox;
use super::zoom::{EmptyGlass, Finder, Look};
use super::{Detection, HIDDEN_GLYPH_SHARE, MIN_LAYER_ROWS, SAME_LIQUID_DELTA_E, VisionError, board};
use crate::geometry::{Rect, SlotSample, TubeLayout};
use crate::imaging::color::{delta_e, to_lab};

/// One open tube as sampled, its slots bottom first.
struct OpenTube {
    /// Each slot's verdict.
    samples: Vec<SlotSample>,
    /// Each slot's median colour, whatever it was taken for.
    raw: Vec<[u8; 3]>,
    /// The board beside each slot.
    beside: Vec<[u8; 3]>,
    /// How many slots, from the bottom, lie under the liquid's lit surface.
    lit: usize,
    /// How many slots, from the bottom, lie at or under the top of the
    /// liquid's own lit band (see [`Detection::capped`]).
    capped: Option<usize>,
    /// Its outline and slots in the screenshot's pixels.
    layout: TubeLayout,
    /// Whether its `?` glyphs were found, one in each slot read as hidden.
    glyphs_full: bool,
    /// Whether some of its `?` glyphs went unfound, those found standing
    /// one in each of some slots read as hidden.
    glyphs_partial: bool,
}

/// What a look found that every tube's sampling needs.
struct Sampling<'a> {
    working: &'a RgbImage,
    scale: f32,
    geometry: &'a SlotGeometry,
    /// Every vessel's outline: the board beside a slot is sampled clear of them.
    outlines: &'a [Rect],
    /// The empty glass's look where the empty vessels show it tinted.
    glass: Option<[u8; 3]>,
    /// How many vessels' profiles found `?` glyphs.
    glyph_tubes: usize,
    finder: Finder,
    empties: EmptyGlass,
    /// How many vessels' bottom slots hold one glyph each: the grid's
    /// bottom slot is a hidden layer there.
    bottom_glyphs: usize,
}

impl Sampling<'_> {
    /// Vessels found by their liquid with no glyph anywhere: something bright
    /// in a dark slot (an outline curving into a narrow bottom) is no glyph.
    fn glyphless(&self) -> bool {
        matches!(self.finder, Finder::Liquid(..)) && self.glyph_tubes == 0
    }
}

/// Samples every slot of the vessels a look found (`found`), on one grid.
pub(super) fn detect(image: &RgbImage, found: &Found, look: Look, grid: Grid) -> Result<Detection, VisionError> {
    let Found { working, scale, boxes: found, profiles, surfaces, glass } = found;
    let outlines: Vec<Rect> = found.iter().map(|t| t.outer).collect();
    let open_tubes: Vec<&TubeBox> = found.iter().filter(|t| t.lock_icon.is_none()).collect();
    let mut geometry = slot_geometry(profiles).ok_or(VisionError::NoLayers { found: found.len() })?;
    match grid {
        Grid::Measured => {}
        Grid::LayersAbove(n) => geometry.capacity += n,
        Grid::LayersFewer(n) => geometry.capacity = geometry.capacity.saturating_sub(n),
        Grid::FloorRaised => {
            // The room is measured from the raised floor: a layer less.
            geometry.capacity = geometry.capacity.saturating_sub(1);
            geometry.bottom_shift -= geometry.layer_height;
            geometry.height_in_layers -= 1.0;
        }
        Grid::FloorLowered { fewer } => {
            geometry.bottom_shift += geometry.layer_height;
            geometry.capacity = geometry.capacity.saturating_sub(fewer);
        }
        Grid::Doubled { from } => {
            // Slots `from` and up, two at a time: the liquid's bottom moved
            // to slot `from`'s, the unit twice as tall.
            geometry.bottom_shift -= from as f32 * geometry.layer_height;
            geometry.height_in_layers = (geometry.height_in_layers - from as f32) / 2.0;
            geometry.capacity = geometry.capacity.saturating_sub(from) / 2;
            geometry.layer_height *= 2.0;
        }
    }
    if !(2..=8).contains(&geometry.capacity) || geometry.layer_height < MIN_LAYER_ROWS {
        return Err(VisionError::NoLayers { found: found.len() });
    }
    let rects: Vec<Vec<Rect>> = open_tubes.iter().zip(profiles).map(|(t, p)| slot_rects(t, p, &geometry)).collect();
    let sampling = Sampling {
        working,
        scale: *scale,
        geometry: &geometry,
        outlines: &outlines,
        glass: *glass,
        glyph_tubes: profiles.iter().filter(|p| !p.glyphs.is_empty()).count(),
        finder: look.finder,
        empties: look.empties,
        bottom_glyphs: rects.iter().zip(profiles).filter(|(r, p)| slots::bottom_glyph(r, &p.glyphs)).count(),
    };
    let mut tubes: Vec<OpenTube> = Vec::new();
    let mut glyph_steps = Vec::new();
    for (((tube, prof), surface), rects) in open_tubes.iter().zip(profiles).zip(surfaces).zip(&rects) {
        let sampled = sample_tube(&sampling, tube, rects, prof, surface.as_ref(), tubes.len() + 1)?;
        glyph_steps.extend(slots::glyph_steps(rects, &sampled.samples, &prof.glyphs));
        tubes.push(sampled);
    }
    // A vessel some of whose glyphs went unfound is read on the grid only
    // where that many others' glyphs, all found, confirm it.
    if let Some(t) = tubes.iter().position(|t| t.glyphs_partial)
        && tubes.iter().filter(|t| t.glyphs_full).count() < GLYPH_TUBES_FOR_UNIT
    {
        return Err(VisionError::Doubtful(Doubt::GlyphsOffHidden { tube: t + 1 }));
    }
    let mut samples: Vec<Vec<SlotSample>> = tubes.iter_mut().map(|t| std::mem::take(&mut t.samples)).collect();
    if let Some(doubt) = doubts::glyphs_off_unit(glyph_steps, &samples) {
        return Err(VisionError::Doubtful(doubt));
    }
    let raws: Vec<&[[u8; 3]]> = tubes.iter().map(|t| t.raw.as_slice()).collect();
    let besides: Vec<&[[u8; 3]]> = tubes.iter().map(|t| t.beside.as_slice()).collect();
    board::liquid_unlike_the_glass(&mut samples, &raws, &besides); // one screen's glass is one glass
    for (tube, tube_samples) in tubes.iter_mut().zip(samples) {
        tube.samples = tube_samples;
    }

    // A headroom nearly a layer tall can pass for one more slot: when the
    // tubes barely hold `capacity` layers, the top slot is empty in every
    // tube and the layers fill whole tubes without it, it is headroom (start
    // positions always have full tubes). With room to spare it is a real slot
    // that happens to be empty everywhere (discovery-level-30).
    let mut capacity = geometry.capacity;
    let n_locked = found.len() - open_tubes.len();
    let filled = tubes.iter().flat_map(|t| &t.samples).filter(|s| **s != SlotSample::Empty).count();
    if capacity > 2
        && geometry.height_in_layers < capacity as f32 + 0.15
        && tubes.iter().all(|t| t.samples.last() == Some(&SlotSample::Empty))
        && (filled + n_locked * (capacity - 1)).is_multiple_of(capacity - 1)
    {
        capacity -= 1;
        for tube in &mut tubes {
            tube.samples.pop();
            tube.layout.slots.pop();
            tube.raw.pop();
        }
    }
    Ok(with_locked_tubes(image, &sampling, found, tubes, capacity))
}

/// The hidden cell under a glyph found in a slot's rows whose colour
/// (`color`, its middle's median) is no cell's: where a narrow bottom
/// brings the pale wall and the glass's highlight streak into the slot's
/// middle, its pixels too dim for strokes ([`slots::cell_under_strokes`])
/// show the cell, when they are a dark grey and at least
/// [`CELL_UNDER_GLYPH_SHARE`] of the middle.
fn under_glyph(image: &RgbImage, rect: &Rect, color: [u8; 3]) -> Option<[u8; 3]> {
    let (cell, share) = slots::cell_under_strokes(&slots::middle_pixels(image, rect))?;
    (!slots::is_dark_grey(color) && slots::is_dark_grey(cell) && share >= CELL_UNDER_GLYPH_SHARE).then_some(cell)
}

/// Least share of a slot's middle that the dim pixels under a glyph must
/// fill to be its cell: the cell fills at least the strip's middle third,
/// where its glyph was found (a third of the slot's middle, which is the
/// strip's width), less the glyph's strokes. Not fitted (tuning 1723, a
/// wine glass's narrow bottom: 0.49).
const CELL_UNDER_GLYPH_SHARE: f32 = 0.25;

/// Fewest vessels with `?` glyphs found (each of which must stand them one
/// in each hidden layer) for a vessel found by its liquid whose glyphs went
/// unfound to be read on their grid: the grid is the screenshot's, and
/// their glyphs confirm it. Two, so that no single vessel's glyphs vouch
/// for the rest; not fitted (tuning 1296: the glyphs of six flasks found,
/// those of two others unfound in their dark cells). So many vessels with
/// a glyph in their bottom slot likewise vouch for a bottom slot read
/// hidden whose glyph went unfound (fresh 88249: three of five), and so
/// many with every glyph found for a vessel some of whose glyphs went
/// unfound (fresh 80739: one of two tiny glyphs found in one vessel, both
/// in four others).
const GLYPH_TUBES_FOR_UNIT: usize = 2;

/// Samples one open tube's slots (`rects`, bottom first), walking down from
/// its top: empty glass until the first liquid or hidden cell, none under
/// its lit surface. `number` names the tube in a doubt.
fn sample_tube(
    sampling: &Sampling,
    tube: &TubeBox,
    rects: &[Rect],
    prof: &slots::Profile,
    surface: Option<&LitSurface>,
    number: usize,
) -> Result<OpenTube, VisionError> {
    let under_surface = |r: &Rect| surface.is_some_and(|s| (r.y0 + r.y1) / 2 >= s.liquid_top);
    // A liquid has one top, its lit surface (a band a fraction of a layer
    // tall, its liquid's own): the slots centred at or under the band's top
    // may hold liquid, none above it (a cork, a cap, a neck's glass, or the
    // band itself, drawn above the top layer).
    let own_band = surface.and_then(|s| {
        s.band_top.filter(|&top| ((s.liquid_top - top) as f32) < sampling.geometry.layer_height * LIT_BAND_SHARE)
    });
    let capped = own_band.map(|top| rects.iter().filter(|r| (r.y0 + r.y1) / 2 >= top).count());
    let (mut samples, mut raw, mut beside) = (Vec::new(), Vec::new(), Vec::new());
    let (mut liquid_ended, mut board_like_cells) = (false, false);
    for rect in rects.iter().rev() {
        let (color, bright) = sample_slot(sampling.working, rect);
        // Empty glass is transparent: it looks like the board beside it.
        let board = board::sample_beside(sampling.working, &tube.outer, rect, sampling.outlines);
        beside.push(board);
        // Under a liquid's lit surface nothing is empty glass. A dark slot is
        // hidden by its glyph: strokes in its middle, or a glyph its profile
        // found in its rows (small in a wide slot, case 436); so is one
        // whose glyph's cell shows only between the wall and a highlight
        // ([`under_glyph`]), taken as sampled at that cell.
        let glyph_in_rows = prof.glyphs.iter().any(|&y| (rect.y0..rect.y1).contains(&y));
        // A `?` glyph is drawn on a hidden layer's cell, never on glass: a
        // dark cell holding a glyph the profile found is hidden even where
        // it looks like a dark board beside it (tuning 2889: grey cells on
        // a dark olive board read as empty glass).
        let glyph_cell = !sampling.glyphless() && glyph_in_rows && slots::is_dark_grey(color);
        let looks_empty = board::looks_empty_through(color, board, sampling.glass)
            || sampling.empties == EmptyGlass::BesideOrWalls
                && board::board_at_walls(sampling.working, &tube.outer, rect, sampling.outlines)
                    .into_iter()
                    .flatten()
                    .any(|at_wall| board::looks_empty_through(color, at_wall, sampling.glass));
        board_like_cells |= glyph_cell && looks_empty;
        let (sample, seen) = if !liquid_ended && !glyph_cell && !under_surface(rect) && looks_empty {
            (SlotSample::Empty, color)
        } else if sampling.glyphless() {
            (SlotSample::Color(color), color)
        } else if slots::is_dark_grey(color) && (bright >= HIDDEN_GLYPH_SHARE || glyph_in_rows) {
            (SlotSample::Hidden, color)
        } else if let Some(cell) = glyph_in_rows.then(|| under_glyph(sampling.working, rect, color)).flatten() {
            (SlotSample::Hidden, cell)
        } else {
            (SlotSample::Color(color), color)
        };
        raw.push(seen);
        liquid_ended |= sample != SlotSample::Empty;
        samples.push(sample);
    }
    // Walked top down; stored bottom first.
    samples.reverse();
    raw.reverse();
    beside.reverse();
    // Games show every tube's top layer: where hidden cells looked like
    // the board, the slot read empty just over them is a liquid that looks
    // like it too (tuning 2889: a dark brown top layer on the olive board).
    if board_like_cells
        && let Some(top) = samples.iter().rposition(|s| *s == SlotSample::Hidden)
        && samples.get(top + 1) == Some(&SlotSample::Empty)
    {
        samples[top + 1] = SlotSample::Color(raw[top + 1]);
    }
    // A `?` glyph marks a hidden layer, never glass or a liquid.
    if slots::glyph_outside_hidden(rects, &samples, &prof.glyphs) {
        return Err(VisionError::Doubtful(Doubt::GlyphUnread { tube: number }));
    }
    // In a vessel found by its liquid, the hidden layers' number rests on
    // the grid alone: its glyphs must stand one in each.
    // Where none were found in it, other vessels' glyphs tell the unit,
    // if the slots read hidden are its bottom ones, unbroken (a game
    // hides a tube's lower layers as one run): a slot read as a liquid
    // under one read hidden may be a cell whose glyph went unseen (tuning
    // 5592: a ball tube read with its bottom ball a colour of its own).
    let hidden_below = samples.iter().take_while(|s| **s == SlotSample::Hidden).count();
    let hidden_together = samples[hidden_below..].iter().all(|s| *s != SlotSample::Hidden);
    let unit_told_elsewhere = prof.glyphs.is_empty() && hidden_together && sampling.glyph_tubes >= GLYPH_TUBES_FOR_UNIT;
    let liquid_found = matches!(sampling.finder, Finder::Liquid(..));
    // A glyph over the top slot marks a hidden cell the grid left out
    // above it: liquid above the top slot, so the grid a layer taller is
    // read (fresh 88001: flasks whose cells go on up into the neck, the
    // body's top found by the liquid nearly two layers under the liquid's).
    if liquid_found && slots::glyph_above_top(rects, &prof.glyphs) {
        return Err(VisionError::Doubtful(Doubt::LiquidAbove { tube: number }));
    }
    // The bottom slot's cell may be clipped too small for its glyph to be
    // found (a round bottom: fresh 88249), and is a layer where the
    // vessels' bottom slots show their glyphs elsewhere on this grid.
    let bottom_told_elsewhere = || {
        sampling.bottom_glyphs >= GLYPH_TUBES_FOR_UNIT
            && slots::glyphs_above_a_bare_bottom(rects, &samples, &prof.glyphs)
    };
    // Where some were found in it and others not, those found standing one
    // in each of some of its hidden slots, its bottom ones, unbroken, the
    // grid is read if other vessels' glyphs, all found, confirm it (see
    // `detect`).
    let glyphs_full = slots::glyphs_in_hidden_slots(rects, &samples, &prof.glyphs);
    let glyphs_partial = liquid_found
        && !glyphs_full
        && hidden_together
        && slots::glyphs_in_some_hidden_slots(rects, &samples, &prof.glyphs);
    if liquid_found && !unit_told_elsewhere && !glyphs_full && !glyphs_partial && !bottom_told_elsewhere() {
        return Err(VisionError::Doubtful(Doubt::GlyphsOffHidden { tube: number }));
    }
    // Whatever the finder, a game marks every hidden layer alike.
    if slots::hidden_slot_without_glyph(rects, &samples, &prof.glyphs) {
        return Err(VisionError::Doubtful(Doubt::HiddenWithoutGlyph { tube: number }));
    }
    // A slot the colour of the liquid just below it is more of that liquid,
    // even where the board beside it is that colour too (a blue liquid
    // before a blue sky).
    for i in 1..samples.len() {
        if samples[i] == SlotSample::Empty
            && let SlotSample::Color(below) = samples[i - 1]
            && delta_e(to_lab(raw[i]), to_lab(below)) <= SAME_LIQUID_DELTA_E
        {
            samples[i] = SlotSample::Color(raw[i]);
        }
    }
    Ok(OpenTube {
        glyphs_full: glyphs_full && !prof.glyphs.is_empty(),
        glyphs_partial,
        samples,
        raw,
        beside,
        lit: rects.iter().filter(|r| under_surface(r)).count(),
        capped,
        layout: TubeLayout {
            outer: tube.outer.scaled(sampling.scale),
            slots: rects.iter().map(|r| r.scaled(sampling.scale)).collect(),
        },
    })
}

/// The detection of every tube found, in their places: the open tubes as
/// sampled, the locked ones with every layer hidden and the colour of the
/// icon on the cover.
fn with_locked_tubes(
    image: &RgbImage,
    sampling: &Sampling,
    found: &[TubeBox],
    open: Vec<OpenTube>,
    capacity: usize,
) -> Detection {
    let mut open = open.into_iter();
    let mut detection = Detection {
        image_width: image.width(),
        image_height: image.height(),
        tubes: Vec::new(),
        samples: Vec::new(),
        locks: Vec::new(),
        raw: Vec::new(),
        capacity,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    for tube in found {
        match tube.lock_icon {
            None => {
                let sampled = open.next().expect("one per open tube");
                detection.samples.push(sampled.samples);
                detection.raw.push(sampled.raw);
                detection.lit.push(sampled.lit.min(capacity));
                detection.capped.push(sampled.capped);
                detection.tubes.push(sampled.layout);
                detection.locks.push(None);
            }
            Some(icon) => {
                detection.samples.push(vec![SlotSample::Hidden; capacity]);
                detection.raw.push(Vec::new());
                detection.lit.push(0);
                detection.capped.push(None);
                let h = sampling.geometry.layer_height;
                let slots = (0..capacity)
                    .map(|k| {
                        let y1 = tube.outer.y1 as f32 - k as f32 * h;
                        Rect { x0: tube.outer.x0, y0: (y1 - h).max(0.0) as u32, x1: tube.outer.x1, y1: y1 as u32 }
                            .scaled(sampling.scale)
                    })
                    .collect();
                detection.tubes.push(TubeLayout { outer: tube.outer.scaled(sampling.scale), slots });
                let liquid = Rect {
                    x0: icon.x0 + icon.width() / 4,
                    y0: icon.y0 + icon.height() * 55 / 100,
                    x1: icon.x1 - icon.width() / 4,
                    y1: icon.y0 + icon.height() * 85 / 100,
                };
                detection.locks.push(Some(sample_slot(sampling.working, &liquid).0));
            }
        }
    }
    detection
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A slot 40 pixels square whose middle (columns 8..32) shows, left to
    /// right, `left` over columns 8..14, `cell` over 14..26 with a white
    /// glyph's bar in 19..21, and `right` over 26..32.
    fn narrow_bottom(left: [u8; 3], cell: [u8; 3], right: [u8; 3]) -> RgbImage {
        RgbImage::from_fn(40, 40, |x, y| {
            image::Rgb(match x {
                ..14 => left,
                19..21 if (12..24).contains(&y) => [250, 250, 250],
                14..26 => cell,
                _ => right,
            })
        })
    }

    #[test]
    fn a_hidden_cell_at_a_narrow_bottom_is_told_by_its_pixels_too_dim_for_strokes() {
        // Tuning 1723: a wine glass's bottom hidden cell between its grey
        // highlight streak and the pale wall; its middle's median is no
        // cell's, so the glyph found there stood in a slot read as liquid.
        let slot = Rect { x0: 0, y0: 0, x1: 40, y1: 40 };
        let cell = [57, 42, 39];
        let img = narrow_bottom([170, 160, 160], cell, [215, 215, 220]);
        let (median, _) = slots::sample_slot(&img, &slot);
        assert!(!slots::is_dark_grey(median), "{median:?}");
        assert_eq!(under_glyph(&img, &slot, median), Some(cell));
        // A light liquid by a dark outline: too few dim pixels for a cell.
        let liquid = [200, 120, 90];
        let outlined = RgbImage::from_fn(40, 40, |x, _| image::Rgb(if x < 10 { [50, 50, 50] } else { liquid }));
        let (median, _) = slots::sample_slot(&outlined, &slot);
        assert_eq!(under_glyph(&outlined, &slot, median), None);
        // A grey liquid lit by a streak has no pixel that dim at all.
        let grey = narrow_bottom([190, 185, 185], [125, 113, 113], [215, 215, 220]);
        let (median, _) = slots::sample_slot(&grey, &slot);
        assert_eq!(under_glyph(&grey, &slot, median), None);
    }

    #[test]
    fn a_cell_holding_a_glyph_is_hidden_though_it_looks_like_the_board_and_the_slot_over_it_liquid() {
        // Tuning 2889: hurricane glasses on a dark olive board, a brown top
        // layer over grey cells, both within the empty glass's distance of
        // the board beside them: read as empty glass with glyphs in it.
        let (board, cell, brown) = ([55, 54, 32], [46, 44, 45], [72, 51, 21]);
        let img = RgbImage::from_fn(120, 140, |x, y| {
            let glyph = (39..41).contains(&x) && [55, 85, 115].iter().any(|&c: &u32| y.abs_diff(c) <= 4);
            image::Rgb(match (x, y) {
                (25..55, 10..40) => brown,
                (25..55, 40..130) if glyph => [240, 240, 240],
                (25..55, 40..130) => cell,
                _ => board,
            })
        });
        let tube = TubeBox { outer: Rect { x0: 20, y0: 10, x1: 60, y1: 130 }, lock_icon: None, walls: true };
        let rects: Vec<Rect> = (0..4).map(|k| Rect { x0: 20, y0: 100 - 30 * k, x1: 60, y1: 130 - 30 * k }).collect();
        let prof = |glyphs: Vec<u32>| slots::Profile {
            runs: Vec::new(),
            glyph_rows: glyphs.iter().map(|&c| (c - 4, c + 4)).collect(),
            glyphs,
            top: 10,
            shortest_layer: 10,
            top_is: slots::Top::BodyTop,
            bottom: 130,
            columns: (25, 55),
        };
        let geometry = SlotGeometry { layer_height: 30.0, capacity: 4, bottom_shift: 0.0, height_in_layers: 4.0 };
        let outlines = [tube.outer];
        let sampling = Sampling {
            working: &img,
            scale: 1.0,
            geometry: &geometry,
            outlines: &outlines,
            glass: None,
            glyph_tubes: 1,
            finder: Finder::Walls(super::super::zoom::WallEdge::Full, super::super::zoom::TubeStrip::Wide),
            empties: EmptyGlass::Beside,
            bottom_glyphs: 0,
        };
        let read = |glyphs| sample_tube(&sampling, &tube, &rects, &prof(glyphs), None, 1).map(|t| t.samples);
        let (hidden, liquid) = (SlotSample::Hidden, SlotSample::Color(brown));
        assert_eq!(read(vec![55, 85, 115]), Ok(vec![hidden, hidden, hidden, liquid]));
        // With no glyph found, the same slots are the board seen through glass.
        assert_eq!(read(Vec::new()), Ok(vec![SlotSample::Empty; 4]));
        // Tuning 2886, its theme's smaller sibling, read whole.
        super::super::regrid::tests::reads_exactly(2886);
    }

    #[test]
    fn a_vessel_whose_glyphs_went_unfound_is_read_on_the_grid_the_others_glyphs_tell() {
        // Tuning 1296: flasks of four layers on a dark mossy board, each
        // one shown over three hidden. Six flasks' glyphs stand one in
        // each hidden layer; two others' were not found, and that alone
        // refused the reading as a grid off the liquid's unit.
        super::super::regrid::tests::reads_exactly(1296);
        // Tuning 5592: ball tubes of one shown ball over two hidden. One
        // tube's bottom ball, a cell whose glyph went unseen, read as a
        // colour under a hidden one; excused, the tube made a level that is
        // not the one on the screen.
        super::super::regrid::tests::reads_exactly(5592);
    }
}
