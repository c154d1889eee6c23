//! One upload solved and turned into what the page draws: the command's
//! own report (the same JSON as `--json`), the picture to draw on (the
//! player's, shrunk to phone size, as a JPEG data URL), and for water sort
//! each move's tubes and the way its arrow runs ([`route`]), in the
//! picture's own pixels, so the page only scales and strokes them. For
//! cards: the picture marked with where each card goes, and the composed
//! board. Bad input gets the command's own sentence.

use std::io::Cursor;
use std::path::PathBuf;

use image::RgbImage;
use serde::Serialize;

use crate::app::{self, DebugPicture, Input};
use crate::options::Options;
use crate::pipeline::{Outcome, WaterOutcome};
use crate::render::water::route::route;
use crate::report::{self, Listing};

/// Widest picture sent to the page: a phone screen is 1080–1440 pixels
/// wide, and the page shows the picture at its own width or less.
const PAGE_WIDTH: u32 = 1080;
/// JPEG quality of pictures sent: no visible loss at phone size. Measured
/// on lvl105 (440×793): 54 KB against 240 KB as PNG; Khalawob's 720×1520
/// screenshot: 85 KB against 153 KB.
const JPEG_QUALITY: u8 = 85;

/// What the page is told.
#[derive(Debug, Serialize)]
pub struct PageAnswer {
    /// The report's status (`solved`, `partial`, `unsolvable`, …), or `error`.
    pub status: String,
    /// The answer's last sentence, or what was wrong.
    pub message: String,
    /// `water` or `squares`; absent on error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<&'static str>,
    /// What the command would say on the way (the cards found, the rules tried).
    pub notes: Vec<String>,
    /// The command's JSON report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<serde_json::Value>,
    /// The picture's size in pixels: the frame every coordinate is in.
    pub width: u32,
    pub height: u32,
    /// The picture to draw on (water) or the picture marked with where each
    /// card goes (cards), as a data URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
    /// Cards: the solved board composed from the card crops, as a data URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Water: each tube's outline, `[x0, y0, x1, y1]`, in reading order.
    pub tubes: Vec<[u32; 4]>,
    /// Water: the moves to play.
    pub moves: Vec<PageMove>,
}

/// One pour as the page draws it.
#[derive(Debug, Serialize)]
pub struct PageMove {
    /// Tube numbers, 1-based in reading order.
    pub from: usize,
    pub to: usize,
    /// Layers poured.
    pub amount: usize,
    /// The colour's name in a calibrated theme, if one named it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// The poured colour as read, `#rrggbb`.
    pub hex: String,
    /// The arrow's way, `[x, y]` points from the source's mouth to the target's.
    pub path: Vec<[f32; 2]>,
}

impl PageAnswer {
    /// What was wrong, as a sentence.
    pub fn error(message: String) -> PageAnswer {
        PageAnswer {
            status: "error".into(),
            message,
            game: None,
            notes: Vec::new(),
            report: None,
            width: 0,
            height: 0,
            picture: None,
            board: None,
            tubes: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// Solves an upload as the command solves a file (`name` is only a label
/// in messages) and makes the page's answer.
pub fn solve(bytes: Vec<u8>, name: &str, options: &Options) -> PageAnswer {
    let input = Input { path: PathBuf::from(name), bytes };
    let attempt = app::solve(&input, options, DebugPicture::Skip);
    let notes: Vec<String> = attempt.notes.iter().map(ToString::to_string).collect();
    let solved = match attempt.result {
        Ok(solved) => solved,
        Err(err) => return PageAnswer { notes, ..PageAnswer::error(err.to_string()) },
    };
    let report = report::json_value(&solved.outcome, Listing::First, &[], None);
    let text = |key: &str| report[key].as_str().unwrap_or_default().to_string();
    let mut answer =
        PageAnswer { status: text("status"), message: text("message"), notes, ..PageAnswer::error(String::new()) };
    let Some(image) = &solved.picture else {
        return PageAnswer { report: Some(report), ..answer };
    };
    (answer.width, answer.height) = image.dimensions();
    match &solved.outcome {
        Outcome::Water(water) => {
            answer.game = Some("water");
            answer.picture = Some(data_url(image));
            add_moves(&mut answer, water);
        }
        Outcome::Squares(squares) => {
            answer.game = Some("squares");
            match app::card_pictures(image, squares) {
                Some((marked, board)) => {
                    answer.picture = Some(data_url(&marked));
                    answer.board = Some(data_url(&board));
                }
                None => answer.picture = Some(data_url(image)),
            }
        }
    }
    answer.report = Some(report);
    answer
}

/// The tubes and the moves of a plan (a solution, or the moves up to a
/// reveal), with each arrow's way.
fn add_moves(answer: &mut PageAnswer, water: &WaterOutcome) {
    let Some(layout) = &water.layout else { return };
    let outlines: Vec<_> = layout.tubes.iter().map(|t| t.outer).collect();
    answer.tubes = outlines.iter().map(|r| [r.x0, r.y0, r.x1, r.y1]).collect();
    let mut state = water.puzzle.clone();
    for &pour in water.plan().unwrap_or(&[]) {
        let id = state.top_color(pour.from).map(|id| id.0 as usize);
        let Ok(amount) = state.apply(pour) else { break };
        let rgb = id.and_then(|id| layout.colors.get(id)).copied().unwrap_or([255, 255, 255]);
        answer.moves.push(PageMove {
            from: pour.from + 1,
            to: pour.to + 1,
            amount,
            color: id.and_then(|id| layout.color_names.get(id)).cloned(),
            hex: crate::imaging::color::hex(rgb),
            path: route(&outlines, pour.from, pour.to).into_iter().map(|(x, y)| [x, y]).collect(),
        });
    }
}

/// A picture as a JPEG data URL, at most [`PAGE_WIDTH`] wide.
fn data_url(image: &RgbImage) -> String {
    let shrunk;
    let image = if image.width() > PAGE_WIDTH {
        let height = (image.height() as u64 * PAGE_WIDTH as u64 / image.width() as u64).max(1) as u32;
        shrunk = image::imageops::resize(image, PAGE_WIDTH, height, image::imageops::FilterType::Triangle);
        &shrunk
    } else {
        image
    };
    let mut jpeg = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(Cursor::new(&mut jpeg), JPEG_QUALITY);
    if image.write_with_encoder(encoder).is_err() {
        return String::new();
    }
    format!("data:image/jpeg;base64,{}", base64(&jpeg))
}

/// Standard base64 with padding (RFC 4648).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(chunk.get(1).copied().unwrap_or(0)) << 8)
            | u32::from(chunk.get(2).copied().unwrap_or(0));
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> shift & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        let cases =
            [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("foobar", "Zm9vYmFy")];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }
}
