//! `snapsolve serve`: one page for a phone's browser, and the one request
//! it makes. The player chooses or takes a screenshot; the page uploads it
//! to `POST /solve` and shows the answer on the player's own picture, one
//! move at a time. The work is the library's: [`answer::solve`] is
//! `app::solve` (the command's own call) on the uploaded bytes, turned into
//! what the page draws.
//!
//! Safe to leave running: an upload is bounded in bytes (the body limit)
//! and in pixels (the decoder's limits), in time (the solvers' budgets, and
//! [`Limits::upload_time`] for the upload itself), and few are solved at
//! once: [`Limits::solving`] on the blocking pool, [`Limits::waiting`] more
//! wait their turn for at most [`Limits::wait`], the rest get 503 at once.
//! Nothing of a request is kept after its response, and no part of a
//! request names a file: the upload's name is only a label in messages.
//! A panic in the work is caught (the request gets 500 with a sentence)
//! and the server goes on.

pub mod answer;
mod page;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::Semaphore;

use crate::cli::{GameArg, MatchArg};
use crate::error::Error;
use crate::options::{GameOverrides, Options, TurnsArg};
use answer::PageAnswer;

/// How much a server takes on.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest upload. The largest picture in ../shared is 1.8 MB (a card
    /// photo and a screenshot); a full-resolution phone camera photo is
    /// larger, up to about 12 MB, so 20 MiB leaves room for it while
    /// bounding memory per request.
    pub upload_bytes: usize,
    /// Pictures solved at once: one per core (each is CPU-bound).
    pub solving: usize,
    /// Uploads that may wait for a turn; beyond them, 503 at once.
    pub waiting: usize,
    /// Longest wait for a turn before 503.
    pub wait: Duration,
    /// Longest time to receive an upload (a stalled client frees its place).
    pub upload_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            upload_bytes: 20 << 20,
            solving: cores,
            waiting: 4 * cores,
            wait: Duration::from_secs(30),
            upload_time: Duration::from_secs(60),
        }
    }
}

/// What `snapsolve serve` was asked for.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Listen on every local address (the phone on the same network), not
    /// only loopback.
    pub lan: bool,
    /// 0: any free port.
    pub port: u16,
    /// The options every upload is solved with (themes from the
    /// calibration file); the page's choices override the game.
    pub options: Options,
    pub limits: Limits,
}

/// A bound server, not yet serving: where it listens, for the terminal to
/// print before [`Server::run`].
pub struct Server {
    listener: TcpListener,
    lan: bool,
    state: Arc<Shared>,
}

/// What every request shares.
struct Shared {
    options: Options,
    limits: Limits,
    /// Turns to solve.
    solving: Semaphore,
    /// Places in the building: solving or waiting.
    admitted: Semaphore,
}

/// Binds the port (loopback, or every address with `lan`).
pub fn bind(options: ServeOptions) -> Result<Server, Error> {
    let ip = if options.lan { IpAddr::V4(Ipv4Addr::UNSPECIFIED) } else { IpAddr::V4(Ipv4Addr::LOCALHOST) };
    let address = SocketAddr::new(ip, options.port);
    let listener = TcpListener::bind(address).map_err(|source| Error::Serve { address, source })?;
    listener.set_nonblocking(true).map_err(|source| Error::Serve { address, source })?;
    let limits = options.limits;
    let state = Arc::new(Shared {
        options: options.options,
        limits,
        solving: Semaphore::new(limits.solving.max(1)),
        admitted: Semaphore::new(limits.solving.max(1) + limits.waiting),
    });
    Ok(Server { listener, lan: options.lan, state })
}

impl Server {
    /// The addresses to open the page at: this computer's, and with `lan`
    /// the one a phone on the same network uses (when one is found).
    pub fn urls(&self) -> Vec<String> {
        let port = self.listener.local_addr().map_or(0, |a| a.port());
        let mut urls = vec![format!("http://127.0.0.1:{port}/")];
        if self.lan
            && let Some(ip) = lan_address()
        {
            urls.push(format!("http://{ip}:{port}/"));
        }
        urls
    }

    /// Serves until the process ends.
    pub fn run(self) -> Result<(), Error> {
        let address = self.listener.local_addr().unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(self.state.limits.solving.max(1) + 1)
            .enable_all()
            .build()
            .map_err(|source| Error::Serve { address, source })?;
        runtime
            .block_on(async move {
                let listener = tokio::net::TcpListener::from_std(self.listener)?;
                axum::serve(listener, router(self.state)).await
            })
            .map_err(|source| Error::Serve { address, source })
    }
}

/// The page, its request, and the limits on both.
fn router(state: Arc<Shared>) -> Router {
    let body = state.limits.upload_bytes + 64 * 1024;
    Router::new()
        .route("/", get(page))
        .route("/solve", post(solve))
        .layer(DefaultBodyLimit::max(body))
        .with_state(state)
}

async fn page() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], page::HTML)
        .into_response()
}

/// One upload: admitted or 503, received within its time and size, solved
/// in its turn on the blocking pool, answered as JSON.
async fn solve(State(state): State<Arc<Shared>>, multipart: Multipart) -> Response {
    let Ok(_place) = state.admitted.try_acquire() else {
        return busy();
    };
    let upload = match tokio::time::timeout(state.limits.upload_time, receive(multipart, state.limits)).await {
        Ok(Ok(upload)) => upload,
        Ok(Err((status, sentence))) => return reply(status, PageAnswer::error(sentence)),
        Err(_) => return reply(StatusCode::REQUEST_TIMEOUT, PageAnswer::error("the upload took too long".into())),
    };
    let Ok(Ok(_turn)) = tokio::time::timeout(state.limits.wait, state.solving.acquire()).await else {
        return busy();
    };
    let options = Options { run: state.options.run.clone().overridden(upload.overrides), ..state.options.clone() };
    let work = tokio::task::spawn_blocking(move || answer::solve(upload.bytes, &upload.name, &options)).await;
    match work {
        Ok(answer) => {
            let status = if answer.status == "error" { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
            reply(status, answer)
        }
        Err(_) => reply(
            StatusCode::INTERNAL_SERVER_ERROR,
            PageAnswer::error("snapsolve failed on this picture (a bug: please report it with the picture)".into()),
        ),
    }
}

/// What an upload carries.
struct Upload {
    bytes: Vec<u8>,
    /// The file's name as the phone gave it, a label only.
    name: String,
    overrides: GameOverrides,
}

/// Reads the form: `picture` (the file), and `game`, `match`, `turns` as
/// the command line's overrides.
async fn receive(mut multipart: Multipart, limits: Limits) -> Result<Upload, (StatusCode, String)> {
    let too_large =
        || (StatusCode::PAYLOAD_TOO_LARGE, format!("the picture is larger than {} MiB", limits.upload_bytes >> 20));
    let mut upload = Upload { bytes: Vec::new(), name: "upload".into(), overrides: GameOverrides::default() };
    let mut has_picture = false;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => return Err((StatusCode::BAD_REQUEST, format!("the upload is not a form: {}", e.body_text()))),
        };
        let name = field.name().unwrap_or_default().to_string();
        if name == "picture" {
            upload.name = label(field.file_name());
        }
        let bytes = match field.bytes().await {
            Ok(bytes) => bytes,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => return Err((StatusCode::BAD_REQUEST, format!("the upload broke off: {}", e.body_text()))),
        };
        let text = || String::from_utf8_lossy(&bytes).trim().to_ascii_lowercase();
        match name.as_str() {
            "picture" if bytes.len() > limits.upload_bytes => return Err(too_large()),
            "picture" => {
                upload.bytes = bytes.to_vec();
                has_picture = true;
            }
            "game" => {
                upload.overrides.game = choice(
                    &text(),
                    &[("auto", GameArg::Auto), ("water", GameArg::Water), ("squares", GameArg::Squares)],
                )?
            }
            "match" => {
                upload.overrides.match_mode = choice(
                    &text(),
                    &[("auto", None), ("halves", Some(MatchArg::Halves)), ("same", Some(MatchArg::Same))],
                )?
            }
            "turns" => {
                upload.overrides.turns = choice(&text(), &[("auto", TurnsArg::Auto), ("never", TurnsArg::Never)])?
            }
            _ => {}
        }
    }
    if !has_picture || upload.bytes.is_empty() {
        return Err((StatusCode::BAD_REQUEST, "no picture was uploaded; choose a screenshot first".into()));
    }
    Ok(upload)
}

/// One of a form field's allowed values.
fn choice<T: Copy>(value: &str, allowed: &[(&str, T)]) -> Result<T, (StatusCode, String)> {
    allowed.iter().find(|(name, _)| *name == value).map(|(_, v)| *v).ok_or_else(|| {
        let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
        (StatusCode::BAD_REQUEST, format!("`{value}` is not one of {}", names.join(", ")))
    })
}

/// The upload's name for messages: its last path part, printable, at most
/// 80 characters; never used as a path.
fn label(file_name: Option<&str>) -> String {
    let name = file_name.unwrap_or_default().rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = name.chars().filter(|c| !c.is_control()).take(80).collect();
    if clean.trim().is_empty() { "upload".into() } else { clean }
}

fn busy() -> Response {
    let sentence = "the server is busy with other pictures; try again in a moment".to_string();
    let mut response = reply(StatusCode::SERVICE_UNAVAILABLE, PageAnswer::error(sentence));
    response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("5"));
    response
}

fn reply(status: StatusCode, answer: PageAnswer) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], axum::Json(answer)).into_response()
}

/// This computer's address on the local network: the one the system
/// would send from to reach a public address (a UDP socket only chooses
/// it; nothing is sent).
fn lan_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}
