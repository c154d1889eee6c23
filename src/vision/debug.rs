//! The `--debug` picture: what the reader saw, drawn on the screenshot, so a
//! user can tell why a read went wrong. Tube outlines in magenta, slot
//! boundaries in cyan, and beside each slot a swatch of its sample: the
//! colour read, a white cross for a hidden layer, nothing for empty.

use image::{Rgb, RgbImage};

use super::Detection;
use super::slots::SlotSample;
use super::tubes::Rect;

const OUTLINE: Rgb<u8> = Rgb([255, 0, 255]);
const SLOT: Rgb<u8> = Rgb([0, 255, 255]);

fn hline(img: &mut RgbImage, x0: u32, x1: u32, y: u32, color: Rgb<u8>) {
    if y < img.height() {
        for x in x0..x1.min(img.width()) {
            img.put_pixel(x, y, color);
        }
    }
}

fn vline(img: &mut RgbImage, x: u32, y0: u32, y1: u32, color: Rgb<u8>) {
    if x < img.width() {
        for y in y0..y1.min(img.height()) {
            img.put_pixel(x, y, color);
        }
    }
}

fn rect(img: &mut RgbImage, r: &Rect, color: Rgb<u8>, thickness: u32) {
    for t in 0..thickness {
        hline(img, r.x0, r.x1, r.y0 + t, color);
        hline(img, r.x0, r.x1, r.y1.saturating_sub(1 + t), color);
        vline(img, r.x0 + t, r.y0, r.y1, color);
        vline(img, r.x1.saturating_sub(1 + t), r.y0, r.y1, color);
    }
}

/// The screenshot with what the reader saw drawn on it.
pub fn draw(image: &RgbImage, detection: &Detection) -> RgbImage {
    let (layout, samples) = (&detection.layout, &detection.samples);
    let mut out = image.clone();
    let thickness = (image.width() / 400).max(1);
    for (tube, tube_samples) in layout.tubes.iter().zip(samples) {
        rect(&mut out, &tube.outer, OUTLINE, thickness);
        let swatch = (tube.outer.width() / 4).max(3);
        for (slot, sample) in tube.slots.iter().zip(tube_samples) {
            hline(&mut out, slot.x0, slot.x1, slot.y0, SLOT);
            let (cx, cy) = (slot.x1 + 1, (slot.y0 + slot.y1) / 2);
            let square = Rect { x0: cx, y0: cy.saturating_sub(swatch / 2), x1: cx + swatch, y1: cy + swatch / 2 };
            match sample {
                SlotSample::Color(c) => {
                    for y in square.y0..square.y1.min(out.height()) {
                        hline(&mut out, square.x0, square.x1, y, Rgb(*c));
                    }
                    rect(&mut out, &square, Rgb([255, 255, 255]), 1);
                }
                SlotSample::Hidden => {
                    for i in 0..swatch {
                        for (x, y) in [(square.x0 + i, square.y0 + i), (square.x1 - 1 - i, square.y0 + i)] {
                            if x < out.width() && y < out.height() {
                                out.put_pixel(x, y, Rgb([255, 255, 255]));
                            }
                        }
                    }
                }
                SlotSample::Empty => {}
            }
        }
    }
    out
}
