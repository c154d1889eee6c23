//! The vessels of every row by one row's template: the template made of
//! that row's columns of several layers, each row's bottom settled where it
//! matches best, every place along a row that matches it, liquid where a
//! vessel could stand taken on a weaker match, faint vessels beyond a row's
//! ends or in its gaps, and rows of empty vessels (steps 2 to 4 of
//! [`super`]).

use super::empty_row::{Bar, EmptyRow, Spacing, empty_row, faint_row_beyond, like_empties_found, rows_found};
use super::place::{FaintSearch, GRID_TOLERANCE, Probe, matches, off_grid, on_spacing, room_for, seen_at};
use super::rows::{anchors, liquid_parts, overlaps_a_row};
use super::{Anchoring, Row, Seen, Vessel};
use crate::geometry::Rect;
use crate::vision::water::columns::{Band, Column};
use crate::vision::water::doubts::OFF_CENTRE_WIDTHS;
use crate::vision::water::median;
use crate::vision::water::outline::{Traceable, mirror_axis, traced_outlines};
use crate::vision::water::template::{Held, Size, TEMPLATE_REACH, Template, ball_walls};
use crate::vision::water::tubes::Gradients;

/// The outline's room beside the interior, as a share of the interior's
/// half-width: a vessel's box is its interior widened by this.
const OUTLINE_MARGIN: f32 = 0.25;

/// Least normalised correlation with the template, at full strength, of a
/// place where liquid of several layers stands and a vessel could, for it
/// to hold a vessel: the board between two vessels scores under 0.4 in the
/// generated tuning themes (see [`super::place::MIN_SILHOUETTE_MATCH`]),
/// and has no liquid; vessels of one row whose cap or straw the template
/// (from the other row's vessels) lacks score 0.49 in tuning seeds 51 and
/// 970.
const MIN_LIQUID_SILHOUETTE_MATCH: f32 = 0.4;

/// The vessels of every row (`groups`), by the template of one's (`best`).
pub(super) fn find_from(
    best: &[&Column],
    groups: &[Vec<&Column>],
    edges: &Gradients,
    anchoring: Anchoring,
    board: Option<[u8; 3]>,
) -> Vec<Row> {
    // The template, from the row's columns of several layers.
    let anchors = anchors(best, anchoring);
    let band_half = median(anchors.iter().map(|c| c.band_width() as f32).collect()) / 2.0;
    let band_height = median(anchors.iter().flat_map(|c| c.bands.iter().map(|b| b.height() as f32)).collect());
    if band_half < 1.5 {
        return Vec::new();
    }
    // Each column's vessel's axis: a glyph or a streak splitting its
    // widest band puts the band's centre off it (tuning 1401). A band so
    // far off the axis leaves as much of the interior beyond its far edge,
    // so the interior is wider than the band by that much each side.
    let axis = |c: &Column| mirror_axis(edges, c.center_x(), (c.y0, c.y1), band_half);
    let anchor_axes: Vec<f32> = anchors.iter().map(|c| axis(c)).collect();
    let off_axis = |(c, a): (&&Column, &f32)| c.band_width() as f32 / 2.0 + (a - c.center_x()).abs();
    let half = median(anchors.iter().zip(&anchor_axes).map(off_axis).collect());
    let bands: Vec<&Band> = anchors.iter().flat_map(|c| c.bands.iter()).collect();
    let held = Held::of(&bands);
    // Balls much narrower than their tubes leave the walls beyond the
    // row's template's reach (the board between two tubes has walls at the
    // right places too: test 1000391); the outline's reaches them (tuning
    // theme 192). Each tube is centred between its walls and boxed as wide:
    // boxed as its balls, the board between two stood more than a box's
    // width from each and was kept as a vessel (tuning 5596). Its interior
    // is as wide too: a column standing within it is in the tube, not
    // liquid outside every vessel (tuning 3746: the glass beside the balls
    // over a hill's ridge, a column 6.5 px off a tube's centre, beyond the
    // balls' half-width, 6, inside the walls, 14).
    let spans: Vec<(i64, i64, i64)> =
        anchors.iter().zip(&anchor_axes).map(|(c, cx)| (cx.round() as i64, c.y0 as i64, c.y1 as i64)).collect();
    let (walls, axes) = if held == Held::Balls { ball_walls(edges, &spans, half).unzip() } else { (None, None) };
    let anchor_axes = axes.unwrap_or(anchor_axes);
    let box_half = walls.map_or(half, |w| half.max(w.outer));
    let rows = |c: &Column| if held == Held::Balls { Vec::new() } else { c.band_rows() };
    let to_trace: Vec<Traceable> = anchors
        .iter()
        .zip(&anchor_axes)
        .map(|(c, &cx)| Traceable { cx, bottom: c.y1, liquid_top: c.y0, bands: rows(c) })
        .collect();
    let outlines = traced_outlines(edges, &to_trace, half);
    let tallest = anchors.iter().map(|c| c.height()).max().unwrap_or(0) as f32;
    let (rim, body_top) = if outlines.is_empty() {
        (tallest, tallest)
    } else {
        // Heights above the bottom, medians over the anchors.
        let bottoms: Vec<f32> = anchors.iter().map(|c| c.y1 as f32).collect();
        let b = median(bottoms);
        (
            b - median(outlines.iter().map(|o| o.rim as f32).collect()),
            b - median(outlines.iter().map(|o| o.body_top as f32).collect()),
        )
    };
    // A tube holds its balls: outlines traced to a rim under the balls
    // they hold by more than a ball lost the walls on the way up (faint
    // glass over a cloudy sky, tuning theme 374: rims read one to four
    // balls under the top ball, the template two balls tall) and end
    // nowhere; the tubes then reach as high as the tallest column of
    // balls. Balls stand in straight tubes; liquid may stand over where
    // the walls' trace ends, in a neck (bulbs, flasks and vases lost 33
    // readings over three ranges of 2,000 when this held for liquid too).
    let top = |c: &Column| if held == Held::Balls { c.content_top() } else { c.y0 };
    let held_height = median(anchors.iter().map(|c| (c.y1 - top(c)) as f32).collect());
    let (rim, body_top) =
        if held == Held::Balls && rim + band_height < held_height { (tallest, tallest) } else { (rim, body_top) };
    let margin = (half * OUTLINE_MARGIN).max(1.5);
    let below = (margin * 2.0).round() as i64;
    let height = (rim + margin).round() as i64;
    let points: Vec<(i64, i64)> =
        anchors.iter().zip(&anchor_axes).map(|(c, cx)| (cx.round() as i64, c.y1 as i64)).collect();
    let reach = (half * TEMPLATE_REACH).round() as i64;
    let held_rows = anchors.iter().map(|c| c.y1 - top(c)).max().unwrap_or(0);
    let size = Size { reach, height, below, held: held_rows as i64 };
    let template = Template::of(edges, &points, size, Held::Liquid.left_out(reach));
    let by_outline = template.outline(edges, &points, held, walls.map(|w| (w, margin)));
    let vessel_at = |cx: f32, bottom: u32, seen: Seen| {
        let outer = Rect {
            x0: (cx - box_half - margin).max(0.0) as u32,
            y0: (bottom as f32 - rim).max(0.0) as u32,
            x1: ((cx + box_half + margin).round() as u32).min(edges.width),
            y1: (bottom + margin.round() as u32).min(edges.height),
        };
        let top = (bottom as f32 - body_top).max(0.0) as u32;
        Vessel { outer, bottom, top, half_width: half, seen, band_height }
    };
    // A row of empty vessels found by their outline, with its bottom.
    let empty_vessels = |row: &EmptyRow| {
        let vessels = row.centres.iter().map(|&x| vessel_at(x, row.bottom, Seen::Silhouette)).collect();
        let off_grid = off_grid(&row.centres, half);
        (Row { vessels, stray_columns: 0, off_grid, faint: 0, faint_row_beyond: false }, row.bottom)
    };

    let mut rows: Vec<(Row, u32)> = Vec::new();
    // Each row's columns of liquid in no vessel found, by the row's bottom.
    let mut stray_by_row: Vec<(u32, Vec<Column>)> = Vec::new();
    for group in groups {
        let bottom = median(group.iter().map(|c| c.y1 as f32).collect()).round() as u32;
        // Two rows' vessels do not overlap, before the bottom is settled or after.
        let overlaps = |rows: &[(Row, u32)], bottom| overlaps_a_row(rows.iter().map(|(_, b)| *b), bottom, rim);
        if overlaps(&rows, bottom) {
            continue;
        }
        // Columns that all rest inside vessels found are pieces of their
        // liquid, split off it, not a row (fresh 80599: the top balls of
        // two tubes, over a ball of another colour, a row of their own
        // that overlapped the tubes' row by under `ROW_OVERLAP`; read as
        // a row of five more tubes).
        let rests_in = |c: &&Column, v: &Vessel| {
            let (x, y) = (c.center_x(), c.y1);
            x > v.outer.x0 as f32 && x < v.outer.x1 as f32 && y > v.outer.y0 && y < v.bottom
        };
        if group.iter().all(|c| rows.iter().any(|(r, _)| r.vessels.iter().any(|v| rests_in(c, v)))) {
            continue;
        }
        // The row's bottom where the template matches its columns best:
        // a curved bottom's last rows of liquid blur into the glass.
        let (near, lo, hi) = ((half * 0.5).round() as i64, (half * 0.8).round() as i64, edges.width as i64);
        let axes: Vec<f32> = group.iter().map(|c| axis(c)).collect();
        let xs: Vec<i64> = axes.iter().map(|x| x.round() as i64).filter(|&x| x >= lo && x < hi - lo).collect();
        let bottom = template.settled_bottom(edges, &xs, bottom);
        if overlaps(&rows, bottom) {
            continue;
        }
        let centres = matches(&template, edges, bottom as i64, half);
        if centres.is_empty() {
            continue;
        }
        let mut vessels: Vec<Vessel> =
            centres.iter().map(|&cx| vessel_at(cx, bottom, seen_at(group, &axes, cx, half))).collect();
        // Two vessels' boxes do not overlap: a place matched within a box's
        // width of a vessel its liquid shows is the board between two
        // vessels, whose outlines make a vessel's shape (white outlines on
        // pale paper, tuning 832 and 1863: places half a pitch between
        // vessels matched over 0.5, and the row's pitch was read halved).
        let by_liquid: Vec<f32> =
            vessels.iter().filter(|v| v.seen == Seen::Column).map(|v| v.outer.center_x()).collect();
        vessels.retain(|v| {
            v.seen == Seen::Column || by_liquid.iter().all(|c| (c - v.outer.center_x()).abs() >= v.outer.width() as f32)
        });
        // Only rows of more than one vessel, or one that liquid shows: a
        // lone disc of one flat colour (a round button in a corner,
        // matching a bulb's template) off the screen's centre is no row of
        // the level (a row so far off it would be doubted, as a row that
        // lost a vessel, `doubts::rows_off_centre`).
        let layered = group.iter().any(|c| c.bands.len() >= 2);
        let off_centre = |v: &Vessel| {
            (v.outer.center_x() - edges.width as f32 / 2.0).abs() > OFF_CENTRE_WIDTHS * v.outer.width() as f32
        };
        let button = !layered && vessels.iter().all(off_centre);
        if vessels.len() < 2 && (button || vessels.iter().all(|v| v.seen == Seen::Silhouette)) {
            continue;
        }
        // The liquid of several layers the row's columns could hold: not
        // the board, and no wider than a vessel's box.
        let liquid: Vec<Column> = group.iter().flat_map(|c| liquid_parts(c, 2.0 * (half + margin), board)).collect();
        // Such liquid where a vessel could stand, in a place that matches
        // the template less well than a vessel must on its own: two pieces
        // of evidence, the liquid and the shape.
        for c in &liquid {
            if !room_for(c, &vessels, box_half) {
                continue;
            }
            let cx = c.center_x().round() as i64;
            let best = (cx - near..=cx + near)
                .filter(|&x| x >= lo && x < edges.width as i64 - lo)
                .map(|x| (x, template.score(edges, x, bottom as i64)))
                .max_by(|p, q| p.1.total_cmp(&q.1));
            // The place matched must be free too: a column off a vessel's
            // centre (liquid seen in part of it) matches best at that vessel.
            let free = |x: i64| vessels.iter().all(|v| (v.outer.center_x() - x as f32).abs() > half);
            if let Some((x, _)) = best.filter(|&(x, s)| s >= MIN_LIQUID_SILHOUETTE_MATCH && free(x)) {
                vessels.push(vessel_at(x as f32, bottom, Seen::Column));
                vessels.sort_by(|a, b| a.outer.center_x().total_cmp(&b.outer.center_x()));
            }
        }
        let strays: Vec<Column> = liquid.into_iter().filter(|c| room_for(c, &vessels, box_half)).collect();
        let off_grid = off_grid(&vessels.iter().map(|v| v.outer.center_x()).collect::<Vec<_>>(), half);
        rows.push((Row { vessels, stray_columns: strays.len(), off_grid, faint: 0, faint_row_beyond: false }, bottom));
        stray_by_row.push((bottom, strays));
    }
    // Faint vessels at the rows' ends: an empty vessel drawn in white on a
    // pale board matches the template's shape but not its strength, and a
    // level read without it is wrong, and its row can still look centred.
    // Where a row's spacing puts the next vessel, one that matches the
    // template's shape as well as a vessel must, and has edges of its own,
    // is taken (and the place a pitch beyond it looked at in turn); one
    // that only echoes the shape leaves the row in doubt. Where another
    // row has a vessel found by its liquid, the place is a column of the
    // level's, and its shape alone is enough, matched as a faint vessel's
    // or standing out of the board (a white outline on white paper has
    // next to no strength, and lined paper blurs its shape).
    let pitch = {
        let mut gaps: Vec<f32> = rows
            .iter()
            .flat_map(|(r, _)| r.vessels.windows(2).map(|w| w[1].outer.center_x() - w[0].outer.center_x()))
            .collect();
        gaps.sort_by(f32::total_cmp);
        gaps.get(gaps.len() / 2).copied()
    };
    // Where the vessels found by their liquid stand, by row bottom (rows share columns).
    let columns: Vec<(u32, f32)> = rows
        .iter()
        .flat_map(|(r, b)| r.vessels.iter().filter(|v| v.seen == Seen::Column).map(move |v| (*b, v.outer.center_x())))
        .collect();
    let spacing = |pitch| Spacing { pitch, half, rim, columns: &columns };
    // A row of empty vessels, which no liquid shows.
    if let Some(pitch) = pitch {
        let found = rows_found(&rows);
        // A row a known step away is looked for by the outline alone; one
        // anywhere in a third of the screen by the whole template, whose
        // interior keeps round buttons out (a ball's outline is a ring).
        let by = if found.len() >= 2 { &by_outline } else { &template };
        if let Some(row) = empty_row(by, edges, &found, spacing(pitch), Bar::FAINT) {
            rows.push(empty_vessels(&row));
        } else {
            // No row of empty vessels: a row of them drawn too faintly to be
            // taken (empty bulbs half over a hill, tuning 4482) leaves the
            // level in doubt, since without it the level read is wrong.
            if let Some(next_to) = faint_row_beyond(&by_outline, edges, &found, &columns, half, pitch)
                && let Some((row, _)) = rows.iter_mut().find(|(_, b)| *b == next_to)
            {
                row.faint_row_beyond = true;
            }
        }
    }
    if let Some(pitch) = pitch {
        let search = FaintSearch { template: &by_outline, edges, half, columns: &columns };
        let ends = |r: &Row| Some((r.vessels.first()?.outer.center_x(), r.vessels.last()?.outer.center_x()));
        let mids: Vec<(u32, f32)> = rows.iter().filter_map(|(r, b)| ends(r).map(|e| (*b, (e.0 + e.1) / 2.0))).collect();
        for (row, bottom) in &mut rows {
            let added = row.vessels.len();
            for step in [-pitch, pitch] {
                loop {
                    let end = if step < 0.0 { row.vessels.first() } else { row.vessels.last() };
                    let Some(end) = end else { break };
                    let cx = (end.outer.center_x() + step).round() as i64;
                    match search.probe(cx, *bottom, step / 2.0) {
                        Probe::Vessel(x) => {
                            let v = vessel_at(x as f32, *bottom, Seen::Silhouette);
                            if step < 0.0 { row.vessels.insert(0, v) } else { row.vessels.push(v) }
                        }
                        Probe::Echo => {
                            row.faint += 1;
                            break;
                        }
                        Probe::Nothing => break,
                    }
                }
            }
            // Faint vessels beyond an end centring the row like the others,
            // or, for the only row, on the screen (games centre their rows:
            // `doubts::rows_off_centre` refuses a row that is not), whether
            // or not the place a pitch beyond echoed a vessel's shape (the
            // ruled paper seen through an empty tube can blur it under
            // that, test 1001800, 1001805).
            let others: Vec<f32> = mids.iter().filter(|m| m.0 != *bottom).map(|m| m.1).collect();
            let centre = if others.is_empty() { edges.width as f32 / 2.0 } else { median(others) };
            if let Some(xs) = search.centring(&row.vessels, *bottom, pitch, centre) {
                row.vessels.extend(xs.into_iter().map(|x| vessel_at(x as f32, *bottom, Seen::Silhouette)));
                row.vessels.sort_by(|a, b| a.outer.center_x().total_cmp(&b.outer.center_x()));
                row.faint = 0;
            }
            // And in a gap of whole pitches between two of the row's
            // vessels, at each place the spacing puts a vessel (tuning 10:
            // two empty bulbs, pale glass on a pale board, between bulbs of
            // liquid, which the row's scan matched too weakly).
            let mut i = 0;
            while i + 1 < row.vessels.len() {
                let (l, r) = (row.vessels[i].outer.center_x(), row.vessels[i + 1].outer.center_x());
                let k = ((r - l) / pitch).round();
                if k >= 2.0 && ((r - l) / pitch - k).abs() <= GRID_TOLERANCE {
                    let step = (r - l) / k;
                    if let Probe::Vessel(x) = search.probe_between((l + step).round() as i64, *bottom, step / 2.0) {
                        row.vessels.insert(i + 1, vessel_at(x as f32, *bottom, Seen::Silhouette));
                    }
                }
                i += 1;
            }
            if row.vessels.len() > added {
                let centres: Vec<f32> = row.vessels.iter().map(|v| v.outer.center_x()).collect();
                row.off_grid = off_grid(&centres, half);
            }
            // A faint vessel found where a column stood outside every
            // vessel holds that column: tinted empty glass split by a
            // highlight (tuning case 1211), or liquid. Nor is a column
            // where the level's spacing puts no vessel a vessel missed: a
            // vessel there would leave the row unevenly spaced, doubted
            // as such (tuning 581, test 1000590: a cloud of a photo sky at
            // the screen's edge, off the row's spacing by 0.5-0.6 of a
            // pitch; tuning 1726, test 1000890, now refused on its counts:
            // the sky, a hill or a straw seen between two empty vessels).
            let strays = stray_by_row.iter().filter(|(b, _)| b == bottom).flat_map(|(_, s)| s);
            row.stray_columns = strays
                .filter(|c| room_for(c, &row.vessels, box_half) && on_spacing(c.center_x(), &row.vessels, pitch))
                .count();
        }
    }
    // With empty vessels found in the rows, and no row of them alone, a
    // row beyond drawn as they are; found, the doubt of a faint row
    // beside it is answered.
    let empty_row_found = rows.iter().any(|(r, _)| r.vessels.iter().all(|v| v.seen == Seen::Silhouette));
    if let Some(pitch) = pitch.filter(|_| !empty_row_found)
        && let Some(row) = like_empties_found(&by_outline, edges, &rows, spacing(pitch))
    {
        if let Some((next_to, _)) = rows.iter_mut().min_by_key(|(_, b)| b.abs_diff(row.bottom)) {
            next_to.faint_row_beyond = false;
        }
        rows.push(empty_vessels(&row));
    }
    rows.sort_by_key(|(_, b)| *b);
    rows.into_iter().map(|(r, _)| r).collect()
}
