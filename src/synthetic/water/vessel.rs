//! Vessel silhouettes: for each shape, the interior's half-width at every
//! height above its bottom, so the liquid is clipped by the vessel as games
//! draw it (equal-height units, whatever the shape).

/// A vessel's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A test tube with a round bottom.
    RoundTube,
    /// A tube with a flat bottom and rounded corners.
    FlatTube,
    /// A carafe: a wide body narrowing to a neck, a flared lip.
    Vase,
    /// A round-bottom flask: a ball and a long neck.
    Bulb,
    /// A conical (Erlenmeyer) flask with a neck.
    Flask,
    /// A wine glass: a bowl on a stem.
    WineGlass,
    /// A pint glass, wider at the top.
    Pint,
    /// A hurricane glass: a curved, waisted body.
    Hurricane,
    /// A soda bottle: a pinched waist, a shoulder and a neck.
    Soda,
}

/// Every shape, for the theme generator.
pub const SHAPES: [Shape; 9] = [
    Shape::RoundTube,
    Shape::FlatTube,
    Shape::Vase,
    Shape::Bulb,
    Shape::Flask,
    Shape::WineGlass,
    Shape::Pint,
    Shape::Hurricane,
    Shape::Soda,
];

/// One vessel's size, in pixels: `radius` is the body's widest interior
/// half-width, `body` the height of the slots (capacity × unit), `top` the
/// interior height from the bottom to the rim (body plus headroom and neck).
#[derive(Debug, Clone, Copy)]
pub struct Size {
    pub radius: f32,
    pub body: f32,
    pub top: f32,
}

fn smoothstep(a: f32, b: f32, x: f32) -> f32 {
    let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A circle's half-width `d` above its lowest point.
fn round_bottom(radius: f32, d: f32) -> f32 {
    if d >= radius {
        radius
    } else {
        let y = radius - d;
        (radius * radius - y * y).max(0.0).sqrt()
    }
}

impl Shape {
    /// How much taller than its body the interior is, as a share of the
    /// body: a neck or a shoulder above the slots (headroom is added apart).
    pub fn neck(self) -> f32 {
        match self {
            Shape::Vase => 0.3,
            Shape::Bulb => 0.55,
            Shape::Flask => 0.35,
            Shape::Soda => 0.35,
            _ => 0.0,
        }
    }

    /// The body's height in units of its radius that looks right for this
    /// shape (a ball is as tall as it is wide).
    pub fn body_in_radii(self) -> Option<f32> {
        match self {
            Shape::Bulb => Some(2.0),
            Shape::WineGlass => Some(1.6),
            _ => None,
        }
    }

    /// Whether the vessel stands on a stem below its interior.
    pub fn has_stem(self) -> bool {
        self == Shape::WineGlass
    }

    /// The interior's half-width `d` pixels above its bottom (0 above the rim).
    pub fn half_width(self, size: &Size, d: f32) -> f32 {
        let Size { radius: r, body, top } = *size;
        if d < 0.0 || d > top {
            return 0.0;
        }
        let above_body = (d - body).max(0.0);
        let neck_len = (top - body).max(1.0);
        match self {
            Shape::RoundTube => round_bottom(r, d),
            Shape::FlatTube => {
                let corner = r * 0.35;
                if d < corner { r - corner + round_bottom(corner, d) } else { r }
            }
            Shape::Vase => {
                let corner = r * 0.5;
                let base = if d < corner { r - corner + round_bottom(corner, d) } else { r };
                let narrow = smoothstep(body * 0.85, body + neck_len * 0.6, d);
                let lip = smoothstep(body + neck_len * 0.75, top, d);
                base * (1.0 - 0.45 * narrow) + r * 0.12 * lip
            }
            Shape::Bulb => {
                if d <= body * 0.55 {
                    let c = body / 2.0;
                    (r * r * (1.0 - ((d - c) / c).powi(2))).max(0.0).sqrt()
                } else {
                    let c = body / 2.0;
                    let ball = (r * r * (1.0 - ((d - c) / c).powi(2))).max(0.0).sqrt();
                    ball.max(r * 0.38)
                }
            }
            Shape::Flask => {
                if d <= body {
                    let corner = r * 0.25;
                    let cone = r * (1.0 - 0.55 * d / body);
                    if d < corner { cone - corner + round_bottom(corner, d) } else { cone }
                } else {
                    r * 0.45 - r * 0.05 * smoothstep(0.0, neck_len * 0.3, above_body)
                }
            }
            Shape::WineGlass => {
                let bowl = r * (0.2 + 0.8 * (d / body).min(1.0).sqrt());
                if d <= body { bowl } else { r * (1.0 - 0.08 * smoothstep(0.0, neck_len, above_body)) }
            }
            Shape::Pint => {
                let corner = r * 0.2;
                let w = r * (0.8 + 0.2 * d / top);
                if d < corner { w - corner + round_bottom(corner, d) } else { w }
            }
            Shape::Hurricane => {
                let t = d / top;
                let w = r * (0.72 + 0.28 * (std::f32::consts::PI * (0.15 + t * 1.1)).sin().abs());
                let corner = r * 0.4;
                if d < corner { (w - corner + round_bottom(corner, d)).max(0.0) } else { w }
            }
            Shape::Soda => {
                let corner = r * 0.45;
                let base = if d < corner { r - corner + round_bottom(corner, d) } else { r };
                let waist = 1.0 - 0.1 * (-((d - body * 0.5) / (body * 0.08)).powi(2)).exp();
                let shoulder = smoothstep(body * 1.02, body + neck_len * 0.5, d);
                base * waist * (1.0 - 0.58 * shoulder)
            }
        }
    }
}
