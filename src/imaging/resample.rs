//! Resampling: a picture shrunk by a whole factor or enlarged to a
//! height, a bilinear sample between pixels, and a small box blur.

use image::RgbImage;

/// The image shrunk by a whole `factor`, each pixel the mean of its block.
pub fn shrink_by(image: &RgbImage, factor: u32) -> RgbImage {
    if factor <= 1 {
        return image.clone();
    }
    let (w, h) = (image.width() / factor, image.height() / factor);
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    let mut out = Vec::with_capacity((w * h * 3) as usize);
    let n = factor * factor;
    for y in 0..h as usize {
        for x in 0..w as usize {
            let mut sum = [0u32; 3];
            for dy in 0..factor as usize {
                let row = (y * factor as usize + dy) * stride;
                for dx in 0..factor as usize {
                    let i = row + (x * factor as usize + dx) * 3;
                    for c in 0..3 {
                        sum[c] += raw[i + c] as u32;
                    }
                }
            }
            out.extend(sum.iter().map(|&s| (s / n) as u8));
        }
    }
    RgbImage::from_raw(w, h, out).expect("buffer matches its size")
}

/// The image shrunk by a whole `factor` ([`shrink_by`]), or the image itself
/// when the factor is 1 or less; and the factor back to its pixels.
pub fn shrunk_by(image: &RgbImage, factor: u32) -> (std::borrow::Cow<'_, RgbImage>, f32) {
    if factor <= 1 {
        (std::borrow::Cow::Borrowed(image), 1.0)
    } else {
        (std::borrow::Cow::Owned(shrink_by(image, factor)), factor as f32)
    }
}

/// The image enlarged to `height` rows, its width in proportion, each
/// pixel interpolated bilinearly between the source pixels around it.
pub fn enlarged_to(image: &RgbImage, height: u32) -> RgbImage {
    let width = (image.width() as u64 * height as u64).div_ceil(image.height().max(1) as u64) as u32;
    image::imageops::resize(image, width, height, image::imageops::FilterType::Triangle)
}

/// Bilinear sample of `image` at (`x`, `y`) (pixel centres at integers),
/// clamped to the image.
pub fn bilinear(image: &RgbImage, x: f32, y: f32) -> [u8; 3] {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let x = x.clamp(0.0, w - 1.0);
    let y = y.clamp(0.0, h - 1.0);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (x0, y0) = (x0 as u32, y0 as u32);
    let (x1, y1) = ((x0 + 1).min(image.width() - 1), (y0 + 1).min(image.height() - 1));
    let p = |x, y| image.get_pixel(x, y).0;
    let (a, b, c, d) = (p(x0, y0), p(x1, y0), p(x0, y1), p(x1, y1));
    std::array::from_fn(|i| {
        let top = a[i] as f32 * (1.0 - fx) + b[i] as f32 * fx;
        let bottom = c[i] as f32 * (1.0 - fx) + d[i] as f32 * fx;
        (top * (1.0 - fy) + bottom * fy).round() as u8
    })
}

/// A 5×5 mean blur at the same size (clamped at the borders).
pub fn blur_5x5(image: &RgbImage) -> RgbImage {
    let (w, h) = image.dimensions();
    let pass = |src: &RgbImage, horizontal: bool| {
        RgbImage::from_fn(w, h, |x, y| {
            let mut sum = [0u32; 3];
            for k in -2i32..=2 {
                let (sx, sy) = if horizontal {
                    ((x as i32 + k).clamp(0, w as i32 - 1) as u32, y)
                } else {
                    (x, (y as i32 + k).clamp(0, h as i32 - 1) as u32)
                };
                let p = src.get_pixel(sx, sy).0;
                for i in 0..3 {
                    sum[i] += p[i] as u32;
                }
            }
            image::Rgb(sum.map(|s| (s / 5) as u8))
        })
    };
    pass(&pass(image, true), false)
}
