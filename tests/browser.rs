//! The phone page in a real browser: `snapsolve serve` on a free loopback
//! port, headless Chromium at a phone's size (412×915) driven through
//! chromedriver (WebDriver). A player's round: upload lvl105, step to move
//! 5 and read it, a screenshot of the page that is not blank; a picture
//! with no level gets the command's own sentence; a photo of cards shows
//! the board and where each card goes. Needs `chromium` and
//! `chromium-driver` (`.ci/run` installs them).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{ClientBuilder, Locator};
use serde_json::json;

use crate::support::{bundled_sample_report, serve, shared_dir, snapsolve, spawn_group};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn absolute(path: &Path) -> String {
    std::fs::canonicalize(path).unwrap().display().to_string()
}

/// Text with its white space run together, as a browser shows it.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_uploads_steps_through_moves_and_sees_cards_and_refusals() {
    let (_server, base, _) = serve();
    let port = free_port();
    let _driver = spawn_group(Command::new("chromedriver").arg(format!("--port={port}")).stdout(Stdio::null()));
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(20), "chromedriver did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let profile = tempfile::tempdir().unwrap();
    let caps = json!({"goog:chromeOptions": {
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 format!("--user-data-dir={}", profile.path().display())],
        "mobileEmulation": {"deviceMetrics": {"width": 412, "height": 915, "pixelRatio": 1.0}}}});
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps.as_object().unwrap().clone())
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a browser session");
    client.goto(&base).await.unwrap();

    // The command's own answer for lvl105, to compare the page with.
    let dir = tempfile::tempdir().unwrap();
    let report = bundled_sample_report(dir.path());
    let moves = report["moves"].as_array().unwrap();
    let fifth = &moves[4];

    // Upload: the first move appears.
    let upload = |path: PathBuf| {
        let client = client.clone();
        async move { client.find(Locator::Css("#picture")).await.unwrap().send_keys(&absolute(&path)).await.unwrap() }
    };
    upload(PathBuf::from("samples/lvl105.jpg")).await;
    let counter = client.wait().for_element(Locator::XPath("//*[@id='counter' and text()!='']")).await.unwrap();
    assert_eq!(counter.text().await.unwrap(), format!("1 / {}", moves.len()));
    for _ in 0..4 {
        client.find(Locator::Css("#next")).await.unwrap().click().await.unwrap();
    }
    assert_eq!(counter.text().await.unwrap(), format!("5 / {}", moves.len()));
    let text = client.find(Locator::Css("#move")).await.unwrap().text().await.unwrap();
    let expected = format!("Tube {} → tube {}", fifth["from"], fifth["to"]);
    assert!(text.starts_with(&expected), "move 5 reads {text:?}, the command says {expected}");

    // The page at phone size is not blank: many colours (the picture).
    let png = client.screenshot().await.unwrap();
    let shot = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(shot.dimensions(), (412, 915));
    let mut colours: Vec<[u8; 3]> = shot.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 500, "{} colours: blank page?", colours.len());
    shot.save(Path::new(env!("CARGO_TARGET_TMPDIR")).join("page-412x915.png")).unwrap();

    // A screenshot with no level: the command's sentence.
    let negative = shared_dir().join("water_screens/BloodyBaRGaIn__WaterColorSortSolver/test@1230992.jpg");
    let refused = snapsolve().arg(&negative).assert().code(2).get_output().stderr.clone();
    let refused = String::from_utf8(refused).unwrap();
    let sentence = squeeze(refused.split_once("`: ").expect("the sentence names the input").1);
    upload(negative).await;
    let status = client.wait().for_element(Locator::Css("#status.error")).await.unwrap();
    let shown = squeeze(&status.text().await.unwrap());
    assert!(shown.ends_with(&sentence), "the page says {shown:?}, the command {sentence:?}");

    // A photo of cards: the composed board and nine places.
    upload(shared_dir().join("edge_images/heytomorrow34__ScrambleSquaresSolver/SkiierExample.jpg")).await;
    let board = client.wait().for_element(Locator::Css("#cards:not(.hidden) #board:not(.hidden)")).await.unwrap();
    assert!(board.attr("src").await.unwrap().unwrap_or_default().starts_with("data:image/jpeg;base64,"));
    let places = client.find_all(Locator::Css("#places li")).await.unwrap();
    assert_eq!(places.len(), 9);
    client.close().await.unwrap();
}
