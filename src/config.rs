//! `calibration.toml`: the colour sets of game themes, read and written
//! without losing what a person wrote in it.
//!
//! The file is edited with `toml_edit`, so comments, key order and spacing
//! survive a calibrate run; it carries a `schema` version; it is written to a
//! temporary file beside it and renamed over it, so a crash never leaves half
//! a file; a file that does not parse is reported with its line and column
//! and never replaced.
//!
//! ```toml
//! schema = 1
//!
//! # GMA "Water Sort Puzzle", dark board
//! [themes.gma]
//! capacity = 4
//! background = "#1c1c1c"
//!
//! [themes.gma.colors]
//! red = { hex = "#b5392d", lab = [41.2, 52.0, 35.1], tolerance = 6.0 }
//! ```

use std::path::{Path, PathBuf};

use palette::Lab;
use thiserror::Error;
use toml_edit::{DocumentMut, InlineTable, Item, Table, Value, value};

/// The schema version this build writes and reads.
pub const SCHEMA: i64 = 1;

/// One colour of a theme.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeColor {
    pub name: String,
    pub hex: String,
    pub lab: Lab,
    /// Largest CIELAB distance of a sample of this colour from `lab`.
    pub tolerance: f32,
}

/// A game theme as calibrated.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub name: String,
    pub capacity: usize,
    /// The board's colour beside the tubes, as a hint.
    pub background: Option<String>,
    pub colors: Vec<ThemeColor>,
}

/// What is wrong with a calibration file.
#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read `{path}`: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("`{path}` line {line}, column {column}: {message} (the file was left as it is)")]
    Parse { path: PathBuf, line: usize, column: usize, message: String },
    #[error("`{path}` has schema {found}; this snapsolve reads schema {SCHEMA}")]
    Schema { path: PathBuf, found: i64 },
    #[error("`{path}`: theme `{theme}`: {reason}")]
    Invalid { path: PathBuf, theme: String, reason: String },
    #[error("cannot write `{path}`: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error("no theme `{name}` in `{path}`; calibrate one with `snapsolve calibrate SCREENSHOT --theme {name}`")]
    NoSuchTheme { path: PathBuf, name: String },
}

/// Where the calibration file is: `explicit`, else `./calibration.toml` if
/// it exists, else the user's config directory (for example
/// `~/.config/snapsolve/calibration.toml`), else `./calibration.toml`.
pub fn locate(explicit: Option<&Path>) -> PathBuf {
    if let Some(path) = explicit {
        return path.to_path_buf();
    }
    let local = PathBuf::from("calibration.toml");
    if local.exists() {
        return local;
    }
    directories::ProjectDirs::from("", "", "snapsolve")
        .map(|dirs| dirs.config_dir().join("calibration.toml"))
        .filter(|p| p.exists())
        .unwrap_or(local)
}

/// A calibration file, parsed, keeping its formatting.
pub struct CalibrationFile {
    path: PathBuf,
    doc: DocumentMut,
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

impl CalibrationFile {
    /// Reads the file; a missing file is an empty one.
    pub fn load(path: &Path) -> Result<CalibrationFile, ConfigError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(source) => return Err(ConfigError::Read { path: path.to_path_buf(), source }),
        };
        let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
            let (line, column) = line_column(&text, e.span().map_or(0, |s| s.start));
            ConfigError::Parse { path: path.to_path_buf(), line, column, message: e.message().to_string() }
        })?;
        if let Some(found) = doc.get("schema").and_then(Item::as_integer)
            && found != SCHEMA
        {
            return Err(ConfigError::Schema { path: path.to_path_buf(), found });
        }
        Ok(CalibrationFile { path: path.to_path_buf(), doc })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every theme in the file, in file order.
    pub fn themes(&self) -> Result<Vec<Theme>, ConfigError> {
        let Some(themes) = self.doc.get("themes").and_then(Item::as_table) else { return Ok(Vec::new()) };
        themes.iter().map(|(name, item)| self.parse_theme(name, item)).collect()
    }

    /// One theme by name.
    pub fn theme(&self, name: &str) -> Result<Theme, ConfigError> {
        self.themes()?
            .into_iter()
            .find(|t| t.name == name)
            .ok_or_else(|| ConfigError::NoSuchTheme { path: self.path.clone(), name: name.to_string() })
    }

    fn parse_theme(&self, name: &str, item: &Item) -> Result<Theme, ConfigError> {
        let invalid = |reason: &str| ConfigError::Invalid {
            path: self.path.clone(),
            theme: name.to_string(),
            reason: reason.into(),
        };
        let table = item.as_table_like().ok_or_else(|| invalid("is not a table"))?;
        let capacity = table
            .get("capacity")
            .and_then(Item::as_integer)
            .filter(|c| (2..=8).contains(c))
            .ok_or_else(|| invalid("needs `capacity`, a whole number from 2 to 8"))? as usize;
        let background = table.get("background").and_then(Item::as_str).map(str::to_string);
        let colors_item = table.get("colors").ok_or_else(|| invalid("needs a `colors` table"))?;
        let colors_table = colors_item.as_table_like().ok_or_else(|| invalid("`colors` is not a table"))?;
        let mut colors = Vec::new();
        for (color_name, c) in colors_table.iter() {
            let c = c.as_table_like().ok_or_else(|| invalid(&format!("colour `{color_name}` is not a table")))?;
            let lab: Vec<f64> = c
                .get("lab")
                .and_then(Item::as_array)
                .map(|a| a.iter().filter_map(|v| v.as_float().or(v.as_integer().map(|i| i as f64))).collect())
                .unwrap_or_default();
            if lab.len() != 3 {
                return Err(invalid(&format!("colour `{color_name}` needs `lab = [L, a, b]`")));
            }
            let tolerance = c
                .get("tolerance")
                .and_then(|t| t.as_float().or(t.as_integer().map(|i| i as f64)))
                .ok_or_else(|| invalid(&format!("colour `{color_name}` needs `tolerance`")))?;
            colors.push(ThemeColor {
                name: color_name.to_string(),
                hex: c.get("hex").and_then(Item::as_str).unwrap_or_default().to_string(),
                lab: Lab::new(lab[0] as f32, lab[1] as f32, lab[2] as f32),
                tolerance: tolerance as f32,
            });
        }
        if colors.is_empty() {
            return Err(invalid("has no colours"));
        }
        Ok(Theme { name: name.to_string(), capacity, background, colors })
    }

    /// Adds or replaces a theme; other themes, comments and order are kept.
    /// A replaced theme keeps its place and the comments above it.
    pub fn set_theme(&mut self, theme: &Theme) {
        self.doc["schema"] = value(SCHEMA);
        if !self.doc.contains_key("themes") {
            let mut themes = Table::new();
            themes.set_implicit(true);
            self.doc["themes"] = Item::Table(themes);
        }
        let themes = self.doc["themes"].as_table_mut().expect("themes is a table");
        let entry = themes.entry(&theme.name).or_insert_with(|| Item::Table(Table::new()));
        let table = entry.as_table_mut().expect("a theme is a table");
        table["capacity"] = value(theme.capacity as i64);
        if let Some(bg) = &theme.background {
            table["background"] = value(bg.as_str());
        }
        let mut colors = Table::new();
        for c in &theme.colors {
            let mut inline = InlineTable::new();
            inline.insert("hex", Value::from(c.hex.as_str()));
            let round = |v: f32| ((v as f64) * 10.0).round() / 10.0;
            inline.insert("lab", Value::Array([round(c.lab.l), round(c.lab.a), round(c.lab.b)].into_iter().collect()));
            inline.insert("tolerance", Value::from(round(c.tolerance)));
            colors[c.name.as_str()] = Item::Value(Value::InlineTable(inline));
        }
        table["colors"] = Item::Table(colors);
    }

    /// Writes the file atomically: a temporary file beside it, then a rename.
    pub fn save(&self) -> Result<(), ConfigError> {
        let write_err = |source| ConfigError::Write { path: self.path.clone(), source };
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(write_err)?;
        }
        let file_name =
            self.path.file_name().map_or_else(|| "calibration.toml".into(), |n| n.to_string_lossy().into_owned());
        let temp = self.path.with_file_name(format!(".{file_name}.{}.tmp", std::process::id()));
        std::fs::write(&temp, self.doc.to_string()).map_err(write_err)?;
        std::fs::rename(&temp, &self.path).map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            write_err(e)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(name: &str) -> Theme {
        Theme {
            name: name.to_string(),
            capacity: 4,
            background: Some("#101010".into()),
            colors: vec![ThemeColor {
                name: "red".into(),
                hex: "#dd2222".into(),
                lab: Lab::new(48.0, 68.0, 48.0),
                tolerance: 4.0,
            }],
        }
    }

    #[test]
    fn comments_and_order_survive_and_themes_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("calibration.toml");
        let hand = "# my games\nschema = 1\n\n# the one I play every day\n[themes.zeta]\ncapacity = 5 # five!\n\n[themes.zeta.colors]\nblue = { hex = \"#0000ff\", lab = [32.3, 79.2, -107.9], tolerance = 3.0 }\n";
        std::fs::write(&path, hand).unwrap();
        let mut file = CalibrationFile::load(&path).unwrap();
        file.set_theme(&theme("alpha"));
        file.save().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(
                "# my games\nschema = 1\n\n# the one I play every day\n[themes.zeta]\ncapacity = 5 # five!"
            ),
            "{text}"
        );
        assert!(text.find("[themes.zeta]").unwrap() < text.find("[themes.alpha]").unwrap(), "order kept");
        let again = CalibrationFile::load(&path).unwrap();
        assert_eq!(again.theme("alpha").unwrap(), theme("alpha"));
        assert_eq!(again.theme("zeta").unwrap().capacity, 5);
    }

    #[test]
    fn malformed_files_are_reported_with_line_and_column_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("calibration.toml");
        let broken = "schema = 1\n[themes.x]\ncapacity = = 4\n";
        std::fs::write(&path, broken).unwrap();
        let err = CalibrationFile::load(&path).err().unwrap();
        assert!(matches!(err, ConfigError::Parse { line: 3, .. }), "{err}");
        assert!(err.to_string().contains("line 3, column"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
        std::fs::write(&path, "schema = 7\n").unwrap();
        assert!(matches!(CalibrationFile::load(&path), Err(ConfigError::Schema { found: 7, .. })));
    }
}
