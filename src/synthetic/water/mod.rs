//! Screenshots of made-up water-sort (and ball-sort) games, drawn from a
//! level: the reader's round-trip tests, the bundled synthetic sample and
//! the any-game benchmark use them.
//!
//! A [`Theme`] says how a made-up game looks: its vessel's silhouette
//! ([`vessel`]: tubes, vases, bulbs, flasks, wine, pint and hurricane
//! glasses, soda bottles), outline, glass tint and highlight streak, the
//! decoration on complete vessels (cork, cap, straw, flower), how hidden
//! layers look, liquid or balls, and the scene around ([`scene`]: flat to
//! photo-like backgrounds, a title, buttons, an advert). Liquid is drawn in
//! equal-height units clipped by the vessel's shape, as games draw it. [`generate`]
//! makes themes from a seed; [`classic_themes`] are the first reader's three.

pub mod generate;
pub mod scene;
pub mod vessel;

use ab_glyph::PxScale;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_text_mut, text_size};

use crate::puzzle::water::{Layer, Pour, RandomLevelOptions, SplitMix64, Tube, WaterPuzzle, random_level};
use crate::render::FONT;
use scene::{Background, Interface, mix, paint};
use vessel::{Shape, Size};

/// What sits on a complete vessel (one colour, full).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoration {
    None,
    Cork,
    Cap([u8; 3]),
    /// A striped straw leaning out of the vessel.
    Straw([u8; 3]),
    /// A flower standing in the vessel, wider than it.
    Flower,
}

/// How a hidden layer's `?` is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// A bar and a dot.
    Bar,
    /// The font's question mark.
    Font,
}

/// How a hidden layer looks: a cell of one colour with a glyph on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hidden {
    pub cell: [u8; 3],
    pub glyph: [u8; 3],
    pub style: Glyph,
}

/// What a vessel holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contents {
    Liquid,
    Balls,
}

/// How one made-up game looks.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub name: String,
    pub shape: Shape,
    pub capacity: usize,
    pub palette: Vec<[u8; 3]>,
    pub background: Background,
    pub outline: [u8; 3],
    /// Outline thickness as a fraction of the vessel's width.
    pub outline_fraction: f32,
    /// The tint of empty glass, mixed with the background.
    pub glass: ([u8; 3], f32),
    /// The white streak of light on the glass (over the liquid too): its
    /// strength, 0 for none.
    pub highlight: f32,
    /// Room above the top slot, in layers (0: the liquid reaches the rim).
    pub headroom: f32,
    /// A layer's height as a share of the vessel's width, when room allows.
    pub unit_to_width: f32,
    pub decoration: Decoration,
    pub hidden: Hidden,
    pub contents: Contents,
    /// A lighter line on the liquid's surface.
    pub meniscus: bool,
    /// Hand-drawn outlines: how far they stray, in pixels.
    pub wobble: f32,
    /// Most vessels in a row.
    pub per_row: usize,
    pub interface: Option<Interface>,
}

const VIVID: [[u8; 3]; 10] = [
    [230, 40, 40],
    [245, 140, 20],
    [250, 225, 40],
    [60, 200, 60],
    [40, 210, 230],
    [40, 80, 230],
    [150, 50, 210],
    [240, 90, 190],
    [130, 80, 30],
    [170, 240, 120],
];

/// The first made-up themes, by hand: "night" (round tubes on a dark
/// gradient), "paper" (flat tubes, thin dark outlines, capacity 5), "dusk"
/// (thick white outlines on a purple-to-teal gradient).
pub fn classic_themes() -> Vec<Theme> {
    let base = |name: &str| Theme {
        name: name.to_string(),
        shape: Shape::RoundTube,
        capacity: 4,
        palette: VIVID.to_vec(),
        background: Background::Gradient([16, 24, 40], [30, 40, 70]),
        outline: [200, 200, 210],
        outline_fraction: 0.07,
        glass: ([255, 255, 255], 0.06),
        highlight: 0.0,
        headroom: 0.7,
        unit_to_width: 0.8,
        decoration: Decoration::None,
        hidden: Hidden { cell: [58, 58, 60], glyph: [250, 250, 250], style: Glyph::Bar },
        contents: Contents::Liquid,
        meniscus: false,
        wobble: 0.0,
        per_row: 6,
        interface: Some(Interface { title: true, buttons: true, advert: false, accent: [240, 200, 40] }),
    };
    vec![
        base("night"),
        Theme {
            shape: Shape::FlatTube,
            capacity: 5,
            palette: vec![
                [200, 30, 30],
                [230, 120, 0],
                [30, 150, 40],
                [20, 140, 190],
                [30, 50, 170],
                [120, 30, 160],
                [220, 60, 150],
                [90, 60, 20],
            ],
            background: Background::Gradient([239, 230, 210], [225, 215, 190]),
            outline: [90, 60, 40],
            outline_fraction: 0.05,
            glass: ([255, 255, 255], 0.3),
            ..base("paper")
        },
        Theme {
            background: Background::Gradient([90, 40, 120], [20, 110, 120]),
            outline: [255, 255, 255],
            outline_fraction: 0.1,
            glass: ([200, 220, 255], 0.12),
            ..base("dusk")
        },
    ]
}

/// A random level in a theme, then a few random legal pours so tubes are
/// partly full: 3 to 10 colours (as the palette allows), 2 empty tubes.
pub fn scrambled_level(theme: &Theme, seed: u64) -> WaterPuzzle {
    let mut rng = SplitMix64(seed);
    let n_colors = 3 + (rng.next_u64() % (theme.palette.len().min(10) as u64 - 2)) as usize;
    level_with(theme, n_colors, 2, &mut rng, seed)
}

/// A random level with `n_colors` colours and `n_empty` empty tubes, then
/// up to five random legal pours.
pub fn level_with(theme: &Theme, n_colors: usize, n_empty: usize, rng: &mut SplitMix64, seed: u64) -> WaterPuzzle {
    let options = RandomLevelOptions { n_colors, n_empty, capacity: theme.capacity, seed };
    let mut level = random_level(options).expect("a random level within the model's limits");
    let n = level.tubes().len();
    for _ in 0..(rng.next_u64() % 6) {
        let pour = Pour { from: (rng.next_u64() % n as u64) as usize, to: (rng.next_u64() % n as u64) as usize };
        let _ = level.apply(pour);
    }
    level
}

/// The level with every layer below each tube's top hidden, as games show a
/// level whose layers are uncovered one by one.
pub fn with_hidden_layers(level: &WaterPuzzle) -> WaterPuzzle {
    let tubes = level
        .tubes()
        .iter()
        .map(|t| {
            let n = t.layers.len();
            let layers = t.layers.iter().enumerate().map(|(k, &l)| if k + 1 < n { Layer::Hidden } else { l }).collect();
            Tube { layers, locked_until: None }
        })
        .collect();
    let names: Vec<char> =
        (0..level.n_colors()).map(|i| level.color_name(crate::puzzle::water::ColorId(i as u8))).collect();
    WaterPuzzle::new(level.capacity(), tubes, names).expect("hiding layers keeps the counts")
}

/// Where one vessel stands: its centre, its interior's bottom, its size.
#[derive(Debug, Clone, Copy)]
struct Place {
    cx: f32,
    bottom: f32,
    size: Size,
    unit: f32,
    outline: f32,
}

/// Lays the tubes out in rows, centred, sized to fit.
fn places(theme: &Theme, n: usize, width: u32, height: u32) -> Vec<Place> {
    let per_row = theme.per_row.clamp(2, 8).max(n.div_ceil(3));
    let rows = n.div_ceil(per_row).max(1);
    let per_row = n.div_ceil(rows);
    let (w, h) = (width as f32, height as f32);
    let pitch = w / (per_row as f32 + 0.7);
    let width_share = match theme.shape {
        Shape::Bulb | Shape::WineGlass | Shape::Vase | Shape::Hurricane => 0.72,
        _ => 0.56,
    };
    let mut outer_w = pitch * width_share;
    let outline = (outer_w * theme.outline_fraction).max(1.5);
    // The rows share the middle of the screen; a decoration needs room above.
    let decor = match theme.decoration {
        Decoration::None => 0.0,
        Decoration::Flower => 0.6,
        _ => 0.35,
    };
    let gap = h * 0.05;
    let row_room = (h * 0.6 - gap * (rows as f32 - 1.0)) / rows as f32;
    let cap = theme.capacity as f32;
    let stem = if theme.shape.has_stem() { 0.55 } else { 0.0 };
    let (mut radius, mut unit);
    loop {
        radius = outer_w / 2.0 - outline;
        unit = match theme.shape.body_in_radii() {
            Some(k) => radius * k / cap,
            None => theme.unit_to_width * 2.0 * radius,
        };
        let body = unit * cap;
        let total = body * (1.0 + theme.shape.neck()) + unit * theme.headroom + 2.0 * outline + radius * (decor + stem);
        if total <= row_room || outer_w < 8.0 {
            if total > row_room {
                unit *= row_room / total;
            }
            break;
        }
        if theme.shape.body_in_radii().is_none() {
            // Shorter layers first, then narrower vessels.
            let fit = (row_room - 2.0 * outline - radius * (decor + stem))
                / (cap * (1.0 + theme.shape.neck()) + theme.headroom);
            if fit >= radius * 0.5 {
                unit = fit;
                break;
            }
        }
        outer_w *= 0.92;
    }
    let body = unit * cap;
    let top = body * (1.0 + theme.shape.neck()) + unit * theme.headroom;
    let size = Size { radius, body, top };
    let block = rows as f32 * row_room + (rows as f32 - 1.0) * gap;
    let y0 = (h - block) / 2.0 + h * 0.02;
    (0..n)
        .map(|i| {
            let (row, col) = (i / per_row, i % per_row);
            let in_row = if row + 1 == rows { n - per_row * (rows - 1) } else { per_row };
            let cx = (w - in_row as f32 * pitch) / 2.0 + pitch * (col as f32 + 0.5);
            let bottom = y0 + (row as f32 + 1.0) * row_room + row as f32 * gap - outline - radius * stem;
            Place { cx, bottom, size, unit, outline }
        })
        .collect()
}

/// The height in pixels of one layer of `n` vessels drawn in `theme` on a
/// `width` × `height` picture ([`draw`]'s layout): how much a reader has
/// to measure a layer by.
pub fn layer_height(theme: &Theme, n: usize, width: u32, height: u32) -> f32 {
    places(theme, n, width, height).first().map_or(0.0, |p| p.unit)
}

/// Draws a level in a theme, `width` × `height` pixels.
pub fn draw(level: &WaterPuzzle, theme: &Theme, width: u32, height: u32) -> RgbImage {
    let mut img = paint(&theme.background, width, height);
    if let Some(ui) = &theme.interface {
        scene::interface(&mut img, ui, width as u64 * 31 + height as u64);
    }
    for (tube, place) in level.tubes().iter().zip(places(theme, level.tubes().len(), width, height)) {
        draw_vessel(&mut img, theme, tube, &place, level.capacity());
    }
    img
}

/// The interior half-width of a vessel at image row `y` (pixel centre).
fn half_width_at(theme: &Theme, p: &Place, y: f32) -> f32 {
    theme.shape.half_width(&p.size, p.bottom - y)
}

fn draw_vessel(img: &mut RgbImage, theme: &Theme, tube: &Tube, p: &Place, capacity: usize) {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let o = p.outline;
    let top_y = p.bottom - p.size.top - o;
    let y_range = ((top_y - 1.0).floor() as i32).max(0)..((p.bottom + o + 1.0).ceil() as i32).min(h);
    let complete = tube.layers.len() == capacity
        && tube.layers.iter().all(|&l| l == tube.layers[0])
        && matches!(tube.layers[0], Layer::Color(_));
    for y in y_range {
        let fy = y as f32 + 0.5;
        let hw = half_width_at(theme, p, fy);
        // The outline: as far out as the interior reaches within `o` rows.
        let steps = o.ceil() as i32;
        let outer = (-steps..=steps)
            .filter_map(|dy| {
                let near = half_width_at(theme, p, fy + dy as f32);
                let reach = (o * o - (dy as f32).powi(2)).max(0.0).sqrt();
                (near > 0.0).then_some(near + reach)
            })
            .fold(0.0f32, f32::max);
        if outer <= 0.0 {
            continue;
        }
        let wobble = if theme.wobble > 0.0 {
            (scene::value_noise(p.cx as u64, 0.0, fy, p.unit) - 0.5) * 2.0 * theme.wobble
        } else {
            0.0
        };
        let cx = p.cx + wobble;
        let x_range = ((cx - outer - 1.0).floor() as i32).max(0)..((cx + outer + 1.0).ceil() as i32).min(w);
        for x in x_range {
            let dx = (x as f32 + 0.5 - cx).abs();
            if dx > outer {
                continue;
            }
            let (ux, uy) = (x as u32, y as u32);
            if dx >= hw {
                img.put_pixel(ux, uy, Rgb(theme.outline));
                continue;
            }
            let bg = img.get_pixel(ux, uy).0;
            let d = p.bottom - fy;
            let k = (d / p.unit).floor().max(0.0) as usize;
            let in_slot = d / p.unit - k as f32;
            let glass = mix(bg, theme.glass.0, theme.glass.1);
            let mut colour = match (theme.contents, tube.layers.get(k)) {
                (Contents::Liquid, Some(&Layer::Color(c))) => {
                    let liquid = theme.palette[c.0 as usize % theme.palette.len()];
                    let surface = k + 1 == tube.layers.len() && in_slot > 0.88;
                    if theme.meniscus && surface { mix(liquid, [255, 255, 255], 0.35) } else { liquid }
                }
                (Contents::Liquid, Some(Layer::Hidden)) => hidden_cell(theme, x as f32 + 0.5 - p.cx, in_slot, p),
                (Contents::Balls, Some(layer)) => {
                    let (bx, by) = (x as f32 + 0.5 - p.cx, (in_slot - 0.5) * p.unit);
                    let r = (p.unit * 0.46).min(p.size.radius * 0.95);
                    if bx * bx + by * by <= r * r {
                        match layer {
                            Layer::Color(c) => {
                                let ball = theme.palette[c.0 as usize % theme.palette.len()];
                                let shine = ((bx + r * 0.35).powi(2) + (by + r * 0.35).powi(2)).sqrt() / r;
                                mix(ball, [255, 255, 255], (0.45 - shine).max(0.0))
                            }
                            Layer::Hidden => hidden_cell(theme, bx, in_slot, p),
                        }
                    } else {
                        glass
                    }
                }
                _ => glass,
            };
            if theme.highlight > 0.0 {
                let rel = (x as f32 + 0.5 - cx) / hw;
                if (-0.66..-0.42).contains(&rel) {
                    colour = mix(colour, [255, 255, 255], theme.highlight);
                }
            }
            img.put_pixel(ux, uy, Rgb(colour));
        }
    }
    if theme.shape.has_stem() {
        stem(img, theme, p);
    }
    // The font's glyphs go over their cells once the cells are drawn.
    if theme.hidden.style == Glyph::Font {
        for (k, layer) in tube.layers.iter().enumerate() {
            if *layer == Layer::Hidden {
                let size = (p.unit * 0.62).min(p.size.radius * 1.3);
                let scale = PxScale::from(size);
                let (tw, th) = text_size(scale, &*FONT, "?");
                let cy = p.bottom - (k as f32 + 0.5) * p.unit;
                let (gx, gy) = ((p.cx - tw as f32 / 2.0) as i32, (cy - th as f32 / 2.0 - size * 0.1) as i32);
                draw_text_mut(img, Rgb(theme.hidden.glyph), gx, gy, scale, &*FONT, "?");
            }
        }
    }
    if complete {
        decorate(img, theme, p);
    }
}

/// A hidden layer's cell at `dx` from the vessel's centre, `in_slot` up its
/// slot (0..1): the cell colour, and for the bar style its glyph.
fn hidden_cell(theme: &Theme, dx: f32, in_slot: f32, p: &Place) -> [u8; 3] {
    if theme.hidden.style == Glyph::Bar {
        let rel = dx.abs() / (2.0 * p.size.radius);
        let bar = rel < 0.07 && (0.45..0.8).contains(&in_slot);
        let dot = rel < 0.07 && (0.25..0.35).contains(&in_slot);
        if bar || dot {
            return theme.hidden.glyph;
        }
    }
    theme.hidden.cell
}

/// A wine glass's stem and foot, in the outline's colour.
fn stem(img: &mut RgbImage, theme: &Theme, p: &Place) {
    let r = p.size.radius;
    let (top, len) = (p.bottom + p.outline, r * 0.55);
    let mut put = |x: f32, y: f32| {
        if x >= 0.0 && y >= 0.0 && (x as u32) < img.width() && (y as u32) < img.height() {
            img.put_pixel(x as u32, y as u32, Rgb(theme.outline));
        }
    };
    let mut y = top;
    while y < top + len {
        let half = if y > top + len * 0.85 { r * 0.8 } else { (r * 0.09).max(1.0) };
        let mut x = p.cx - half;
        while x <= p.cx + half {
            put(x, y);
            x += 1.0;
        }
        y += 1.0;
    }
}

/// The decoration on a complete vessel.
fn decorate(img: &mut RgbImage, theme: &Theme, p: &Place) {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let rim = p.bottom - p.size.top - p.outline;
    let neck = theme.shape.half_width(&p.size, p.size.top - 0.5) + p.outline;
    let mut fill = |x0: f32, y0: f32, x1: f32, y1: f32, colour: &dyn Fn(f32, f32) -> Option<[u8; 3]>| {
        let (xs, ys) = (x0.max(0.0) as u32, y0.max(0.0) as u32);
        let (xe, ye) = (x1.min(w - 1.0).max(0.0) as u32, y1.min(h - 1.0).max(0.0) as u32);
        for y in ys..=ye {
            for x in xs..=xe {
                if let Some(c) = colour(x as f32 + 0.5, y as f32 + 0.5) {
                    img.put_pixel(x, y, Rgb(c));
                }
            }
        }
    };
    match theme.decoration {
        Decoration::None => {}
        Decoration::Cork => {
            let (x0, x1, y0, y1) = (p.cx - neck * 1.05, p.cx + neck * 1.05, rim - p.unit * 0.35, rim + p.unit * 0.2);
            fill(x0, y0, x1, y1, &|x, y| {
                let speck = scene::value_noise(7, x, y, 3.0) > 0.7;
                Some(if speck { [150, 100, 60] } else { [196, 140, 88] })
            });
        }
        Decoration::Cap(c) => {
            let (x0, x1, y0, y1) = (p.cx - neck * 1.15, p.cx + neck * 1.15, rim - p.unit * 0.3, rim + p.unit * 0.12);
            fill(x0, y0, x1, y1, &|_, y| Some(if y < rim - p.unit * 0.2 { mix(c, [255, 255, 255], 0.3) } else { c }));
        }
        Decoration::Straw(c) => {
            let (x0, y0) = (p.cx, rim + p.unit * 0.3);
            let (dx, dy) = (p.size.radius * 1.2, -p.unit * 0.9);
            let len = (dx * dx + dy * dy).sqrt();
            let thick = (p.size.radius * 0.16).max(1.5);
            fill(x0 - thick, y0 + dy - thick, x0 + dx + thick, y0 + thick, &|x, y| {
                let t = ((x - x0) * dx + (y - y0) * dy) / (len * len);
                let off = ((x - x0) * dy - (y - y0) * dx).abs() / len;
                (off <= thick && (0.0..=1.0).contains(&t)).then(|| {
                    let stripe = ((t * len / (thick * 1.5)) as i32) % 2 == 0;
                    if stripe { c } else { [250, 250, 250] }
                })
            });
        }
        Decoration::Flower => {
            let (fx, fy, r) = (p.cx, rim - p.unit * 0.35, p.size.radius * 0.75);
            fill(fx - 1.0, fy, fx + 1.0, rim + p.unit * 0.5, &|_, _| Some([40, 130, 50]));
            fill(fx - r * 1.4, fy - r, fx + r * 1.4, fy + r, &|x, y| {
                let (ex, ey) = ((x - fx) / (r * 1.4), (y - fy) / r);
                let d = ex * ex + ey * ey;
                (d <= 1.0).then_some(if d < 0.2 { [150, 20, 30] } else { [215, 35, 40] })
            });
        }
    }
}
