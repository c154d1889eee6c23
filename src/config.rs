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
    #[error("`{path}`: `themes` must be a table of themes (`[themes.NAME]`), not {found}; the file was left as it is")]
    ThemesShape { path: PathBuf, found: &'static str },
    #[error(
        "`{path}` is read-only; snapsolve will not replace it (make it writable, or name another with --calibration)"
    )]
    ReadOnly { path: PathBuf },
    #[error("cannot lock `{path}` against other calibrate runs: {source}")]
    Lock { path: PathBuf, source: std::io::Error },
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
        CalibrationFile::parse(path, &text)
    }

    /// Parses the text of the file at `path` (named in errors).
    pub fn parse(path: &Path, text: &str) -> Result<CalibrationFile, ConfigError> {
        let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
            let (line, column) = line_column(text, e.span().map_or(0, |s| s.start));
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

    /// The file's text, as it would be written.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// Every theme in the file, in file order.
    pub fn themes(&self) -> Result<Vec<Theme>, ConfigError> {
        let Some(item) = self.doc.get("themes") else { return Ok(Vec::new()) };
        let themes = item.as_table_like().ok_or_else(|| self.themes_shape(item))?;
        themes.iter().map(|(name, item)| self.parse_theme(name, item)).collect()
    }

    /// The error for a `themes` entry that is no table.
    fn themes_shape(&self, item: &Item) -> ConfigError {
        let found = match item {
            Item::ArrayOfTables(_) => "an array of tables (`[[themes]]`)",
            Item::Value(Value::Array(_)) => "an array",
            Item::Value(_) => "a single value",
            _ => "empty",
        };
        ConfigError::ThemesShape { path: self.path.clone(), found }
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
        let theme = Theme { name: name.to_string(), capacity, background, colors };
        validate(&theme).map_err(|reason| invalid(&reason))?;
        Ok(theme)
    }

    /// Adds or replaces a theme; other themes, comments and order are kept.
    /// A replaced theme keeps its place and the comments above it.
    pub fn set_theme(&mut self, theme: &Theme) -> Result<(), ConfigError> {
        let invalid =
            |reason: String| ConfigError::Invalid { path: self.path.clone(), theme: theme.name.clone(), reason };
        validate(theme).map_err(invalid)?;
        let themes = match self.doc.get_mut("themes") {
            None => {
                let mut themes = Table::new();
                themes.set_implicit(true);
                self.doc["themes"] = Item::Table(themes);
                self.doc["themes"].as_table_mut()
            }
            // `themes = { … }`: the same themes, as a table that can hold one.
            Some(item @ Item::Value(Value::InlineTable(_))) => {
                let inline = std::mem::take(item).into_value().ok().and_then(|v| v.as_inline_table().cloned());
                *item = Item::Table(inline.unwrap_or_default().into_table());
                item.as_table_mut()
            }
            Some(item) => item.as_table_mut(),
        };
        let Some(themes) = themes else {
            let found = self.doc.get("themes").map(|item| self.themes_shape(item));
            return Err(found.unwrap_or(ConfigError::ThemesShape { path: self.path.clone(), found: "empty" }));
        };
        // A theme written inline (`name = { … }`) becomes a table; it is
        // replaced whole anyway.
        if !themes.get(&theme.name).is_some_and(Item::is_table) {
            themes.insert(&theme.name, Item::Table(Table::new()));
        }
        let table = themes[theme.name.as_str()].as_table_mut().expect("inserted as a table just above");
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
        self.doc["schema"] = value(SCHEMA);
        Ok(())
    }

    /// Writes the file atomically: a temporary file beside the file it
    /// names (the target of a symlink), with the file's permissions, then a
    /// rename. Temporary files a killed run left behind are removed; a
    /// read-only file is refused. Call with the file locked ([`update`]).
    fn save(&self) -> Result<(), ConfigError> {
        let target = resolve(&self.path);
        let write_err = |source| ConfigError::Write { path: self.path.clone(), source };
        let existing = std::fs::metadata(&target).ok();
        if existing.as_ref().is_some_and(|m| m.permissions().readonly()) {
            return Err(ConfigError::ReadOnly { path: self.path.clone() });
        }
        let dir = folder_of(&target);
        std::fs::create_dir_all(&dir).map_err(write_err)?;
        let name = file_name(&target);
        remove_stale_temporaries(&dir, &name);
        let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let written = std::fs::write(&temp, self.doc.to_string())
            .and_then(|()| match &existing {
                Some(m) => std::fs::set_permissions(&temp, m.permissions()),
                None => Ok(()),
            })
            .and_then(|()| std::fs::rename(&temp, &target));
        written.map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            write_err(e)
        })
    }
}

/// Adds or replaces `theme` in the calibration file at `path`: locked
/// against other calibrate runs while it is read, changed and written, so
/// concurrent runs with different themes keep all of them. The lock is a
/// file beside the calibration file (`.calibration.toml.lock`), left in
/// place: removing it could let two runs lock two different files.
pub fn update(path: &Path, theme: &Theme) -> Result<(), ConfigError> {
    let target = resolve(path);
    let dir = folder_of(&target);
    std::fs::create_dir_all(&dir).map_err(|source| ConfigError::Write { path: path.to_path_buf(), source })?;
    let lock_path = dir.join(format!(".{}.lock", file_name(&target)));
    let lock_error = |source| ConfigError::Lock { path: path.to_path_buf(), source };
    let lock =
        std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&lock_path).map_err(lock_error)?;
    lock.lock().map_err(lock_error)?;
    let mut file = CalibrationFile::load(path)?;
    file.set_theme(theme)?;
    let saved = file.save();
    let _ = lock.unlock();
    saved
}

/// The file a path names: the target of a symlink (followed to the end),
/// or the path itself.
fn resolve(path: &Path) -> PathBuf {
    if path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
        std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
    } else {
        path.to_path_buf()
    }
}

/// The folder a path is in (`.` for a bare name): where a file's
/// temporary sibling and lock go, and which folder an output lands in.
pub(crate) fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| "calibration.toml".into(), |n| n.to_string_lossy().into_owned())
}

/// Removes `.NAME.PID.tmp` files in `dir`: under the lock no other run is
/// writing one, so any there were left by a run that was killed.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let pid = file.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp"));
        if pid.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// What every theme must be, read or written: a capacity of 2 to 8, at
/// least one colour, each named uniquely, with a finite CIELAB value and a
/// positive, finite tolerance.
fn validate(theme: &Theme) -> Result<(), String> {
    if !(2..=8).contains(&theme.capacity) {
        return Err("needs `capacity`, a whole number from 2 to 8".into());
    }
    if theme.colors.is_empty() {
        return Err("has no colours".into());
    }
    for (i, c) in theme.colors.iter().enumerate() {
        if c.name.trim().is_empty() {
            return Err(format!("colour {} has no name", i + 1));
        }
        if theme.colors[..i].iter().any(|o| o.name == c.name) {
            return Err(format!("colour `{}` is named twice; colour names must differ", c.name));
        }
        if ![c.lab.l, c.lab.a, c.lab.b].iter().all(|v| v.is_finite()) {
            return Err(format!("colour `{}` has a `lab` value that is not a number", c.name));
        }
        if !(c.tolerance.is_finite() && c.tolerance > 0.0) {
            return Err(format!("colour `{}` needs a `tolerance` above 0", c.name));
        }
    }
    Ok(())
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
        update(&path, &theme("alpha")).unwrap();
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
