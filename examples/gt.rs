//! Development aid: read every screenshot with ground truth and compare.
use snapsolve::puzzle::water::renamed_in_order;
use snapsolve::vision::{VisionOptions, read_water};

fn main() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/water_screens");
    let gt: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("ground_truth.json")).unwrap()).unwrap();
    let mut good = 0;
    let mut total = 0;
    for (folder, entry) in gt.as_object().unwrap() {
        let Some(images) = entry.get("images") else { continue };
        for (name, truth) in images.as_object().unwrap() {
            let expected = truth["visible"].as_str().unwrap();
            let img = image::open(root.join(folder).join(name)).unwrap().to_rgb8();
            let got = read_water(&img, &VisionOptions::default());
            total += 1;
            match got {
                Ok(r) if renamed_in_order(&r.puzzle.to_string()) == renamed_in_order(expected) => {
                    good += 1;
                    println!("ok   {name}");
                }
                Ok(r) => println!("FAIL {name}\n     got      {}\n     expected {expected}", r.puzzle),
                Err(e) => println!("ERR  {name}: {e}\n     expected {expected}"),
            }
        }
    }
    println!("{good}/{total}");
}
