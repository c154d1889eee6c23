//! What the command line names, expanded into inputs: files, folders (their
//! pictures and level files), wildcards the shell left alone (`shots/*.png`
//! quoted, or on a shell that does not expand them), `-` for standard input,
//! and a level or card list typed as the argument itself.

use std::path::{Path, PathBuf};

use crate::error::{Error, InputError};

/// The extensions a folder's inputs have (compared without case).
const INPUT_EXTENSIONS: [&str; 5] = ["png", "jpg", "jpeg", "gif", "txt"];

/// Parts of the names snapsolve gives its own outputs, so a folder run a
/// second time does not read its own answers as inputs.
const OUTPUT_MARKS: [&str; 4] = [".solution", ".debug.", ".board.", ".frame-"];

/// One input named on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    Stdin,
    /// A level or card list typed as the argument.
    Typed(String),
}

impl Source {
    /// How the input is named in messages and summaries.
    pub fn label(&self) -> String {
        match self {
            Source::File(path) => path.display().to_string(),
            Source::Stdin => "-".into(),
            Source::Typed(text) => format!("\"{text}\""),
        }
    }

    /// The path an input is known by: its file, `-` for standard input, and
    /// for a typed level `level` (it writes no pictures).
    pub fn path(&self) -> PathBuf {
        match self {
            Source::File(path) => path.clone(),
            Source::Stdin => PathBuf::from("-"),
            Source::Typed(_) => PathBuf::from("level"),
        }
    }
}

/// The inputs the arguments name, in order: a folder gives its pictures
/// and `.txt` files (not snapsolve's own outputs), sorted by name; an
/// argument with `*` or `?` that is no file gives the files whose names it
/// matches; an argument that is no file but has spaces in it is a typed
/// level or card list.
pub fn expand(args: &[PathBuf]) -> Result<Vec<Source>, Error> {
    let mut sources = Vec::new();
    for arg in args {
        if arg == Path::new("-") {
            if sources.contains(&Source::Stdin) {
                return Err(input_error(arg, InputError::StdinTwice));
            }
            sources.push(Source::Stdin);
        } else if arg.is_dir() {
            let found = folder_inputs(arg)?;
            if found.is_empty() {
                return Err(input_error(arg, InputError::EmptyFolder));
            }
            sources.extend(found.into_iter().map(Source::File));
        } else if arg.exists() {
            sources.push(Source::File(arg.clone()));
        } else if let Some(pattern) = wildcard(arg) {
            let found = matching(arg, &pattern)?;
            if found.is_empty() {
                return Err(input_error(arg, InputError::NoMatch));
            }
            sources.extend(found.into_iter().map(Source::File));
        } else {
            match arg.to_str() {
                Some(text) if text.trim().contains(char::is_whitespace) => sources.push(Source::Typed(text.into())),
                _ => sources.push(Source::File(arg.clone())),
            }
        }
    }
    Ok(sources)
}

fn input_error(path: &Path, source: InputError) -> Error {
    Error::Input { path: path.to_path_buf(), source }
}

/// A folder's inputs, sorted by name.
fn folder_inputs(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = std::fs::read_dir(dir).map_err(|e| input_error(dir, InputError::Read(e)))?;
    let mut found: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| p.is_file() && is_input_name(p)).collect();
    found.sort();
    Ok(found)
}

/// Whether a file in a folder is an input: a picture or level file that
/// is not one of snapsolve's own outputs.
fn is_input_name(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    INPUT_EXTENSIONS.contains(&extension.as_str())
        && !name.starts_with('.')
        && !OUTPUT_MARKS.iter().any(|mark| name.contains(mark))
}

/// The file-name pattern of an argument whose last part has `*` or `?`.
fn wildcard(arg: &Path) -> Option<String> {
    let name = arg.file_name()?.to_str()?;
    name.contains(['*', '?']).then(|| name.to_string())
}

/// The files beside the pattern whose names match it, sorted.
fn matching(arg: &Path, pattern: &str) -> Result<Vec<PathBuf>, Error> {
    let dir = match arg.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let entries = std::fs::read_dir(&dir).map_err(|e| input_error(arg, InputError::Read(e)))?;
    let pattern: Vec<char> = pattern.chars().collect();
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .filter(|e| {
            let name: Vec<char> = e.file_name().to_string_lossy().chars().collect();
            glob_match(&pattern, &name) && !(name.first() == Some(&'.') && pattern.first() != Some(&'.'))
        })
        .map(|e| {
            if dir == Path::new(".") && arg.parent().is_none_or(|p| p.as_os_str().is_empty()) {
                PathBuf::from(e.file_name())
            } else {
                e.path()
            }
        })
        .collect();
    found.sort();
    Ok(found)
}

/// Whether `name` matches `pattern` (`*` any run, `?` any one character).
fn glob_match(pattern: &[char], name: &[char]) -> bool {
    // Iterative matching with one backtrack point for the last `*`.
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        if p < pattern.len() && (pattern[p] == '?' || pattern[p] == name[n]) {
            p += 1;
            n += 1;
        } else if p < pattern.len() && pattern[p] == '*' {
            star = Some((p, n));
            p += 1;
        } else if let Some((sp, sn)) = star {
            p = sp + 1;
            n = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, name: &str) -> bool {
        glob_match(&pattern.chars().collect::<Vec<_>>(), &name.chars().collect::<Vec<_>>())
    }

    #[test]
    fn wildcards_match_as_a_shell_would() {
        assert!(matches("*.png", "a.png"));
        assert!(matches("*.png", ".png"));
        assert!(!matches("*.png", "a.jpg"));
        assert!(matches("lvl?.jpg", "lvl1.jpg"));
        assert!(!matches("lvl?.jpg", "lvl10.jpg"));
        assert!(matches("*1*", "lvl105.jpg"));
        assert!(matches("a*b*c", "aXbYbZc"));
        assert!(!matches("a*b*c", "aXbYbZ"));
    }

    #[test]
    fn a_folder_run_again_skips_its_own_answers() {
        for name in ["a.solution.png", "a.solution-2.png", "a.debug.png", "a.solution.board.png", "a.frame-01.png"] {
            assert!(!is_input_name(Path::new(name)), "{name}");
        }
        for name in ["a.png", "B.JPG", "level.txt", "shot.jpeg"] {
            assert!(is_input_name(Path::new(name)), "{name}");
        }
        assert!(!is_input_name(Path::new("notes.md")));
    }
}
