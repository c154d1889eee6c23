//! The walls of tubes of balls far wider than their balls: the template's
//! usual reach stops at the balls, so the walls are looked for beyond
//! them, standing out of the glass between.

use super::super::median;
use super::super::tubes::Gradients;

/// Farthest out, in half-widths of the balls, the walls of a tube of balls
/// are looked for: a ball is at least 0.92 of a slot across, and a slot at
/// least 0.45 of the interior's width in the generated themes, so the
/// walls stand at most about 2.4 half-widths out; a little more for the
/// outline's own width.
const BALL_WALL_REACH: f32 = 3.0;

/// Nearest, in half-widths of the balls, a wall is looked for beyond them:
/// a tube the balls fill has its walls right at them (the template's usual
/// reach takes those in). Not fitted. A ball's blurred edge may still show
/// here (tuning theme 192: at 1.4 half-widths, 7 px for a half-width of
/// 5); a wall must stand out of a lower edge nearer the balls than it
/// ([`BALL_WALL_CONTRAST`]), which that edge, first in the search, has not.
const BALL_WALL_NEAREST: f32 = 1.3;

/// How many times the least edge across at a pixel between the balls and
/// a wall (the glass beside the balls), summed down the balls' rows, the
/// wall must stand, on each side, for walls to be taken to stand beyond
/// the balls: the thin white outline of generated tuning theme 192 on
/// ruled paper stands 4-7 times out of the glass even widened by a pixel
/// either way. Not fitted to it: the outline finder's bound for a wall
/// standing out of the board's grain (`OUTER_WALL_CONTRAST` in
/// `outline.rs`, 4).
const BALL_WALL_CONTRAST: f32 = 4.0;

/// How far past the farthest place a wall is looked for (in half-widths of
/// the balls) its edges must have fallen to half its strength: an outline
/// is a line, so its edges fall off within its own width, the outline's room
/// beside the interior (`OUTLINE_MARGIN` in `vessels/scan.rs`, a quarter).
/// Edges that go on past it are a broad change of the board (fresh 81154:
/// tubes of tinted glass whose walls stand at the columns found, a cloud's
/// soft edge beyond them taken for walls 28-38 pixels out, and the empty
/// tube's walls looked for there). Not fitted.
const WALL_FALL_REACH: f32 = 0.25;

/// Most pixels between the places of a wall found left of a column of balls
/// and one found right of it (each its inner to outer edge) for the two to
/// be one tube's walls: the column's centre is found to a pixel either way,
/// which moves one side's place out by a pixel and the other's in by one.
/// Derived, not fitted. Also the most the two walls' thicknesses (inner
/// to outer edge) may differ where they stand off the column's centre:
/// each edge is found to a pixel.
const WALL_SIDES_APART: i64 = 2;

/// Least share of the stronger of a tube's two walls the weaker must
/// reach (each's edges across summed down the balls' rows at its
/// strongest place): a game draws a tube's two walls alike, and JPEG
/// noise or a highlight moves their strengths far less than half. Not
/// fitted: the one case behind it (fresh 89949) had 48 against 10,858,
/// and over the generated tuning and fresh ranges (10,000 cases) no
/// reading changed for it.
const WALL_STRENGTH_SHARE: f32 = 0.5;

/// Where the walls of tubes of balls stand beyond the balls, as offsets
/// from the centre: their inner and outer edges.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::vision::water) struct Walls {
    pub inner: f32,
    pub outer: f32,
}

/// Where the walls of tubes of balls stand, when they stand well beyond
/// the balls (balls much narrower than their tubes): for each column of
/// balls (`cx`, rows `y0..y1`), on each side the strongest edge across
/// down the balls' rows at an offset between [`BALL_WALL_NEAREST`] and
/// [`BALL_WALL_REACH`] half-widths (`half`) and inside half the row's
/// pitch (a neighbour's wall stands beyond it), [`BALL_WALL_CONTRAST`]
/// times the least edge between it and the balls; its edges where it
/// falls to half that (a side whose edges have not fallen so within
/// [`WALL_FALL_REACH`] past the farthest place shows no wall); the two
/// sides' walls, where they stand within [`WALL_SIDES_APART`] of each
/// other or are as thick within it, and are as strong within
/// [`WALL_STRENGTH_SHARE`], averaged; the medians over the columns, when
/// most agree on them within a pixel; and each column's tube's axis,
/// halfway between its walls where they were found, its centre
/// elsewhere. `None` where no such walls stand: balls that fill their
/// tubes, or tubes drawn without walls.
pub(in crate::vision::water) fn ball_walls(
    edges: &Gradients,
    columns: &[(i64, i64, i64)],
    half: f32,
) -> Option<(Walls, Vec<f32>)> {
    let mut centres: Vec<i64> = columns.iter().map(|c| c.0).collect();
    centres.sort_unstable();
    let pitch = centres.windows(2).map(|w| w[1] - w[0]).filter(|&d| d > 0).min();
    let nearest = (half * BALL_WALL_NEAREST).ceil() as i64;
    let farthest = pitch.map_or(i64::MAX, |p| (p - 1) / 2).min((half * BALL_WALL_REACH).round() as i64);
    if farthest <= nearest {
        return None;
    }
    // Where a wall's edges are looked at falling off beyond it.
    let fall = farthest + (half * WALL_FALL_REACH).ceil() as i64;
    let mut axes: Vec<f32> = columns.iter().map(|c| c.0 as f32).collect();
    let found: Vec<(f32, f32)> = columns
        .iter()
        .zip(axes.iter_mut())
        .filter_map(|(&(cx, y0, y1), axis)| {
            // The edges across summed down the balls' rows, from
            // `cx - fall` to `cx + fall`, each once.
            let sums: Vec<f32> =
                (cx - fall..=cx + fall).map(|x| (y0..y1).map(|y| edges.across(x, y)).sum::<f32>()).collect();
            // Each side's wall on its own: against the least edge at a
            // pixel between it and the balls, since the glass between may
            // be two or three pixels across, and widened by a pixel either
            // way it takes in the balls' soft edge and the wall's own
            // (fresh 80590, 80597: faint white tubes on pale paper, their
            // walls standing 2.5-3.6 times out of the glass widened so).
            // Not against the least edge anywhere: the board beyond the
            // walls may be as smooth as the glass.
            let wall = |side: i64| {
                let at = |d: i64| sums[(fall + side * d) as usize];
                let (d, strength) = (nearest + 1..=farthest)
                    .map(|d| (d, at(d), (nearest..d).map(at).fold(f32::MAX, f32::min)))
                    .filter(|w| w.1 >= BALL_WALL_CONTRAST * w.2.max(1.0))
                    .max_by(|p, q| p.1.total_cmp(&q.1))
                    .map(|w| (w.0, w.1))?;
                // A wall two or three pixels wide shows its two edges with
                // a dip between them: the dip is the wall's too.
                let high = |e: i64| (nearest..=fall).contains(&e) && at(e) >= strength / 2.0;
                let strong = |e: &i64| high(*e) || (high(*e - 1) && high(*e + 1));
                let first = (nearest..=d).rev().take_while(strong).last().unwrap_or(d);
                let last = (d..=fall).take_while(strong).last().unwrap_or(d);
                // A wall whose edges never fell off was not seen whole: a
                // broad change of the board (a cloud's soft edge), not a line.
                (last < fall).then_some((first, last, strength))
            };
            let ((l0, l1, ls), (r0, r1, rs)) = (wall(-1)?, wall(1)?);
            // A game draws a tube's two walls alike: a speck of the board
            // far fainter than the wall the other side is none (fresh
            // 89949: a wall 10,858 strong left of a column, and 48 right of
            // it, where the true wall stood nearer the balls than walls are
            // looked for; the tube's axis was moved 4.5 px off, its box
            // made as wide as a wall 27 px out, and its row read as seven
            // tubes for five).
            if ls.min(rs) < WALL_STRENGTH_SHARE * ls.max(rs) {
                return None;
            }
            let (left, right) = ((l0, l1), (r0, r1));
            // One wall either side, within a pixel of each other each way;
            // or as thick as each other within that, off the column's
            // centre: a streak drawn over the balls' one side moves their
            // column's centre off the tube's axis (tuning 5596: 6.5 pixels
            // for balls 14.5 wide either side, in walls 26.5 out), which
            // is halfway between the walls. How far off is bounded by
            // where walls are looked for: the nearer at least
            // [`BALL_WALL_NEAREST`] half-widths from the column, the
            // farther at most [`BALL_WALL_REACH`], so the axis stands
            // under 0.85 of a half-width from the column's centre.
            let (inner, outer) = ((left.0 + right.0) as f32 / 2.0, (left.1 + right.1) as f32 / 2.0);
            let centred = left.0.max(right.0) - left.1.min(right.1) <= WALL_SIDES_APART;
            let thick = |w: (i64, i64)| w.1 - w.0;
            let alike = (thick(left) - thick(right)).abs() <= WALL_SIDES_APART;
            if !centred && alike {
                *axis = cx as f32 + ((right.0 + right.1) - (left.0 + left.1)) as f32 / 4.0;
            }
            (centred || alike).then_some((inner, outer))
        })
        .collect();
    let inner = median(found.iter().map(|f| f.0).collect());
    let outer = median(found.iter().map(|f| f.1).collect());
    let agree = found.iter().filter(|f| (f.0 - inner).abs() <= 1.0 && (f.1 - outer).abs() <= 1.0).count();
    (2 * agree > columns.len()).then_some((Walls { inner, outer }, axes))
}
