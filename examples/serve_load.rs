//! A load test of `snapsolve serve` on loopback: `cargo build --release &&
//! cargo run --release --example serve_load [UPLOADS] [CLIENTS]`.
//!
//! Starts the release binary's server on a free port, then CLIENTS threads
//! (default 8) send UPLOADS uploads (default 200) between them, real
//! screenshots and bad files in turn: every good one must get the answer
//! the library gives for the same bytes (status, level, number of moves),
//! every bad one its sentence, every request an answer (a 503 "busy" is
//! counted, and the upload is sent again after its Retry-After). Prints
//! the counts, the latencies, and the server's peak resident memory
//! (VmHWM), and fails if anything was wrong or the server died.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use snapsolve::options::Options;
use snapsolve::serve::answer;

/// One upload and what must come back.
struct Case {
    name: String,
    bytes: Vec<u8>,
    /// (status, message) the library gives for these bytes.
    expected: (String, String, usize),
}

fn cases(root: &Path) -> Vec<Case> {
    let shared = root.join("../shared/water_screens");
    let mut files: Vec<PathBuf> = vec![root.join("samples/lvl105.jpg")];
    for folder in [
        "sshcrack__water-sort-player",
        "kuking__WaterSortPuzzleSolver",
        "Khalawob__Water_Sort_Bot",
        "aglare-enough__waterSortSolver",
    ] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(shared.join(folder))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "png" || e == "jpg"))
            .collect();
        found.sort();
        files.extend(found.into_iter().take(4));
    }
    files.push(root.join("../shared/edge_images/heytomorrow34__ScrambleSquaresSolver/SkiierExample.jpg"));
    let mut uploads: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(p).unwrap()))
        .collect();
    let jpeg = std::fs::read(root.join("samples/lvl105.jpg")).unwrap();
    uploads.push(("truncated.jpg".into(), jpeg[..jpeg.len() / 3].to_vec()));
    uploads.push(("hello.txt".into(), b"hello world\n".to_vec()));
    uploads.push(("noise.bin".into(), (0..50_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect()));
    // A PNG header claiming 100000×100000 pixels: refused by the decoder's limits.
    let mut huge = Vec::new();
    image::RgbImage::new(4, 4).write_to(&mut std::io::Cursor::new(&mut huge), image::ImageFormat::Png).unwrap();
    huge[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    huge[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    uploads.push(("huge.png".into(), huge));
    let options = Options::default();
    uploads
        .into_iter()
        .map(|(name, bytes)| {
            let a = answer::solve(bytes.clone(), &name, &options);
            Case { name, bytes, expected: (a.status, a.message, a.moves.len()) }
        })
        .collect()
}

/// Sends one upload; returns the HTTP status and the body.
fn post(port: u16, case: &Case) -> std::io::Result<(u16, String)> {
    let boundary = "snapsolve-load-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"{}\"\r\nContent-Type: application/octet-stream\r\n\r\n",
        case.name
    )
    .into_bytes();
    body.extend_from_slice(&case.bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    write!(
        stream,
        "POST /solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(&body)?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response)?;
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    Ok((status, body))
}

fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (uploads, clients) = (args.first().copied().unwrap_or(200), args.get(1).copied().unwrap_or(8));
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let binary = root.join("target/release/snapsolve");
    assert!(binary.exists(), "build the binary first: cargo build --release");
    println!("preparing the expected answers…");
    let cases = cases(&root);
    let mut server = Command::new(&binary)
        .args(["serve", "--port", "0"])
        .current_dir(std::env::temp_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(server.stdout.take().unwrap()), &mut line).unwrap();
    let port: u16 = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap();
    println!("server on port {port}; {uploads} uploads from {clients} clients, {} different files", cases.len());

    let next = AtomicUsize::new(0);
    let busy = AtomicUsize::new(0);
    let latencies = Mutex::new(Vec::new());
    let failures = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..clients {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= uploads {
                        break;
                    }
                    let case = &cases[i % cases.len()];
                    let sent = Instant::now();
                    let answer = loop {
                        match post(port, case) {
                            Ok((503, _)) => {
                                busy.fetch_add(1, Ordering::Relaxed);
                                std::thread::sleep(Duration::from_secs(1));
                            }
                            other => break other,
                        }
                    };
                    latencies.lock().unwrap().push(sent.elapsed());
                    let verdict = match answer {
                        Err(e) => Some(format!("{}: no answer: {e}", case.name)),
                        Ok((code, body)) => match serde_json::from_str::<serde_json::Value>(&body) {
                            Err(_) => Some(format!("{}: HTTP {code} without JSON: {body:.200}", case.name)),
                            Ok(json) => {
                                let got = (
                                    json["status"].as_str().unwrap_or_default().to_string(),
                                    json["message"].as_str().unwrap_or_default().to_string(),
                                    json["moves"].as_array().map_or(0, Vec::len),
                                );
                                (got != case.expected)
                                    .then(|| format!("{}: got {got:?}, expected {:?}", case.name, case.expected))
                            }
                        },
                    };
                    if let Some(v) = verdict {
                        failures.lock().unwrap().push(v);
                    }
                }
            });
        }
    });
    let wall = started.elapsed();
    let alive = server.try_wait().unwrap().is_none();
    let rss = peak_rss_kib(server.id());
    let _ = server.kill();
    let _ = server.wait();
    let mut latencies = latencies.into_inner().unwrap();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    let failures = failures.into_inner().unwrap();
    let good = cases.iter().filter(|c| c.expected.0 != "error").count();
    println!(
        "{} answered in {:.1} s ({good} of {} files good, the rest bad); latency median {:.0} ms, 95% {:.0} ms, max {:.0} ms; {} busy replies (503, sent again)",
        latencies.len(),
        wall.as_secs_f64(),
        cases.len(),
        at(0.5),
        at(0.95),
        at(1.0),
        busy.load(Ordering::Relaxed)
    );
    match rss {
        Some(kib) => println!("server peak resident memory (VmHWM): {:.1} MiB", kib as f64 / 1024.0),
        None => println!("server peak resident memory: not readable"),
    }
    for f in &failures {
        println!("WRONG {f}");
    }
    assert!(alive, "the server died");
    assert!(failures.is_empty(), "{} wrong answers", failures.len());
    println!("every answer right; the server is still up");
}
