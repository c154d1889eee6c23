//! Generic pixel helpers that know no game: colour ([`color`]: CIELAB, ΔE,
//! medians), resampling ([`resample`]: shrinking, bilinear samples, blur)
//! masks ([`mask`]: blobs, opening, span filling, floods) and flat regions
//! ([`segment`]); and
//! [`par_map`], which shares per-item work over the cores.

pub mod color;
pub mod mask;
pub mod resample;
pub mod segment;

/// `f` applied to every item, the items shared out over the cores in
/// contiguous runs; the results in the items' order, so nothing depends on
/// how many cores there are.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len()).max(1);
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> =
            items.chunks(chunk).map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<R>>())).collect();
        handles.into_iter().flat_map(|h| h.join().expect("a worker thread panicked")).collect()
    })
}
