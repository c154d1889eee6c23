//! One input: read within a size limit (a file, or standard input for `-`),
//! and decoded: a picture within pixel and memory limits, or text without
//! its byte-order mark. Anything else is refused with a sentence that says
//! what was expected.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

use image::{ImageFormat, RgbImage};

use super::sources::Source;
use crate::error::{Error, InputError};
use crate::pipeline::InputKind;

/// Largest input read: far above any screenshot or photo a phone takes
/// (tens of MB), and a bound for inputs that never end (`/dev/zero`).
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Largest image accepted, per side, and the most memory decoding may take:
/// a phone screenshot is far below both; anything beyond is refused with a
/// sentence instead of exhausting memory.
const MAX_IMAGE_SIDE: u32 = 12_000;
const MAX_DECODE_BYTES: u64 = 1 << 30;

/// The picture formats this build decodes.
const SUPPORTED: [ImageFormat; 3] = [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif];

/// One input: where it came from (`-` for standard input) and its bytes.
#[derive(Debug, Clone)]
pub struct Input {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

impl Input {
    /// Reads a file, or standard input for `-`, up to [`MAX_INPUT_BYTES`].
    pub fn read(path: &Path) -> Result<Input, Error> {
        let source = if path == Path::new("-") { Source::Stdin } else { Source::File(path.to_path_buf()) };
        Input::from_source(&source)
    }

    /// Reads an input named on the command line, up to [`MAX_INPUT_BYTES`].
    pub fn from_source(source: &Source) -> Result<Input, Error> {
        let path = source.path();
        let error = |e| Error::Input { path: path.clone(), source: e };
        let mut bytes = Vec::new();
        let read = match source {
            Source::Stdin => std::io::stdin().take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes),
            Source::File(file) => {
                std::fs::File::open(file).and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
            }
            Source::Typed(text) => {
                bytes.extend_from_slice(text.as_bytes());
                Ok(bytes.len())
            }
        };
        read.map_err(|e| error(InputError::Read(e)))?;
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(error(InputError::TooLarge { limit_mib: MAX_INPUT_BYTES >> 20 }));
        }
        Ok(Input { path, bytes })
    }

    /// This input's error, with its path.
    pub fn error(&self, source: InputError) -> Error {
        Error::Input { path: self.path.clone(), source }
    }

    /// Whether it is standard input.
    pub fn is_stdin(&self) -> bool {
        self.path == Path::new("-")
    }
}

/// An input decoded: a picture (and how long decoding took), or text.
#[derive(Debug)]
pub enum Decoded {
    Picture { picture: RgbImage, decode_ms: f64 },
    Text(String),
}

impl Decoded {
    pub fn kind(&self) -> InputKind {
        match self {
            Decoded::Picture { .. } => InputKind::Picture,
            Decoded::Text(_) => InputKind::Text,
        }
    }
}

/// Decodes an input: a picture when its content (or its name) says so,
/// else text.
pub fn decode(input: &Input) -> Result<Decoded, Error> {
    let started = Instant::now();
    if let Some(picture) = decode_image(&input.path, &input.bytes).map_err(|e| input.error(e))? {
        return Ok(Decoded::Picture { picture, decode_ms: started.elapsed().as_secs_f64() * 1e3 });
    }
    let text = std::str::from_utf8(&input.bytes).map_err(|_| input.error(InputError::NotTextOrImage))?;
    // A byte-order mark is no part of a level.
    Ok(Decoded::Text(text.strip_prefix('\u{feff}').unwrap_or(text).to_string()))
}

/// Decodes the input when its content (or its name) says it is an image;
/// `None` when it is not one.
pub fn decode_image(path: &Path, bytes: &[u8]) -> Result<Option<RgbImage>, InputError> {
    let named_image = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["png", "jpg", "jpeg", "gif"].contains(&e.to_ascii_lowercase().as_str()));
    let sniffed = image::guess_format(bytes).ok();
    if let Some(format) = sniffed.filter(|f| !SUPPORTED.contains(f)) {
        return Err(InputError::UnsupportedImage(format!("{format:?}")));
    }
    if sniffed.is_none() && !named_image {
        return Ok(None);
    }
    let bad = |reason: String| InputError::BadImage(reason);
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes));
    reader = reader.with_guessed_format().map_err(|e| bad(e.to_string()))?;
    if reader.format().is_none() {
        return Err(bad("its content is neither PNG, JPEG nor GIF".into()));
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|e| bad(e.to_string()))?;
    Ok(Some(decoded.to_rgb8()))
}
