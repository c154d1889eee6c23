//! How a place matched was seen: by a column of the row standing on it,
//! its axis or its bands, or by the vessel's shape alone.

use super::super::super::columns::{Band, Column};
use super::super::super::regrid::tests::reads_exactly;
use super::super::Seen;
use super::seen_at;

fn band(x0: u32, x1: u32, y0: u32, y1: u32) -> Band {
    Band { area: (x1 - x0) * (y1 - y0), x0, y0, x1, y1, color: [90, 60, 40] }
}

#[test]
fn a_place_two_of_whose_columns_bands_stand_on_it_is_seen_by_its_liquid() {
    // Balls 10 wide centred on 64, five of them, and a band of the board
    // 46 wide joined to them, the column's widest, centred on 75.
    let mut bands: Vec<Band> = (0..5).map(|k| band(59, 69, 414 - 12 * k, 424 - 12 * k)).collect();
    bands.push(band(52, 98, 392, 408));
    let column = Column { x0: 52, y0: 364, x1: 98, y1: 425, bands };
    // Half a vessel's width 5: the column's axis at 75 stands off a place at
    // 64 by over a quarter of the width; two bands and more stand on it.
    assert_eq!(seen_at(&[&column], &[75.0], 64.0, 5.0), Seen::Column);
    assert_eq!(seen_at(&[&column], &[75.0], 75.0, 5.0), Seen::Column);
    // A place a ball's width off, on neither the axis nor the balls.
    assert_eq!(seen_at(&[&column], &[75.0], 86.0, 5.0), Seen::Silhouette);
    // One band alone on a place is no liquid there.
    let lone = Column { x0: 52, y0: 364, x1: 98, y1: 425, bands: vec![band(59, 69, 414, 424), band(52, 98, 392, 408)] };
    assert_eq!(seen_at(&[&lone], &[75.0], 64.0, 5.0), Seen::Silhouette);
}

#[test]
fn a_row_whose_one_vessel_of_balls_has_a_strip_of_paper_joined_to_it_is_read() {
    // Generated tuning case 1922: tubes of five balls on lined paper, the
    // second row one tube of balls and three empty ones. A strip of the
    // paper joined to the column of balls put its centre 11 pixels off
    // its tube, and the row, its one vessel seen by its shape alone, was
    // dropped, its empty tubes never looked for (they are found by the
    // walls `ball_walls` finds beyond the balls).
    reads_exactly(1922);
}
