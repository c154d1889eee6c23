//! Which edges show the same thing, and which two groups are the halves
//! of one figure.
//!
//! The 4·n edge looks are grouped by average-linkage clustering; the number
//! of groups is not known, so every cut of the dendrogram is a candidate,
//! best separated first. Grouping says "these edges are the same half";
//! which two groups are the two halves of one figure is a second guess,
//! made as a minimum-cost perfect matching on how alike the groups look.
//! The solver judges: a labelling with no solution is wrong, and the next
//! most likely one is tried.

use super::looks::EdgeLook;

/// Average-linkage clustering of the looks. Returns, for each number of
/// groups `k` (index `k`), the group of every look; and the merge
/// distance that made each `k` (how far apart its closest groups were).
pub struct Dendrogram {
    /// `cuts[k]`: group ids (0..k) per look, for k = 1..=n.
    pub cuts: Vec<Vec<usize>>,
    /// `gap[k]`: the distance at which k groups became k − 1 (0 for k = 1).
    pub merge_at: Vec<f32>,
}

pub fn cluster(looks: &[EdgeLook]) -> Dendrogram {
    cluster_by(looks.len(), |i, j| looks[i].distance(&looks[j]))
}

/// Average-linkage clustering of `n` items under the distance `distance`.
pub fn cluster_by(n: usize, distance: impl Fn(usize, usize) -> f32) -> Dendrogram {
    // Each pair once, then mirrored.
    let upper: Vec<Vec<f32>> = (0..n).map(|i| (i + 1..n).map(|j| distance(i, j)).collect()).collect();
    let dist: Vec<Vec<f32>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match i.cmp(&j) {
                    std::cmp::Ordering::Less => upper[i][j - i - 1],
                    std::cmp::Ordering::Greater => upper[j][i - j - 1],
                    std::cmp::Ordering::Equal => 0.0,
                })
                .collect()
        })
        .collect();
    // Groups as lists of members; average linkage by recomputation (n is a
    // few hundred at most).
    let mut groups: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    let mut cuts = vec![Vec::new(); n + 1];
    let mut merge_at = vec![0.0f32; n + 1];
    let label = |groups: &Vec<Vec<usize>>| {
        let mut ids = vec![0; n];
        // Number groups by their first member, so ids are stable.
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by_key(|&g| groups[g].iter().min().copied());
        for (id, &g) in order.iter().enumerate() {
            for &m in &groups[g] {
                ids[m] = id;
            }
        }
        ids
    };
    cuts[n] = label(&groups);
    let linkage = |a: &Vec<usize>, b: &Vec<usize>| {
        let mut s = 0.0;
        for &i in a {
            for &j in b {
                s += dist[i][j];
            }
        }
        s / (a.len() * b.len()) as f32
    };
    while groups.len() > 1 {
        let mut best = (f32::MAX, 0, 1);
        for a in 0..groups.len() {
            for b in a + 1..groups.len() {
                let d = linkage(&groups[a], &groups[b]);
                if d < best.0 {
                    best = (d, a, b);
                }
            }
        }
        let (d, a, b) = best;
        merge_at[groups.len()] = d;
        let moved = groups.swap_remove(b);
        groups[a].extend(moved);
        cuts[groups.len()] = label(&groups);
    }
    Dendrogram { cuts, merge_at }
}

/// The halves of one figure share their colours to within about 20 ΔE
/// (chamfer): pairing two groups farther apart costs more than leaving
/// both alone.
pub const ALONE_COST: f32 = 10.0;

/// ΔE (RMS over cells) that any two copies of one print may differ by.
pub const NOISE_FLOOR: f32 = 4.0;

/// Numbers of groups worth trying, in the order to try them: a cut is good
/// when the groups it keeps apart are much farther apart than the ones it
/// joined. (Trying finer cuts first was worse: a print split in two whose
/// copies pair as head and tail makes wrong solutions easy. A too-coarse
/// cut defeats itself, since groups of unlike colours do not pair.)
pub fn plausible_cuts(d: &Dendrogram, max_groups: usize) -> Vec<usize> {
    plausible_cuts_above(d, max_groups, NOISE_FLOOR)
}

/// [`plausible_cuts`] for a distance whose noise is below `floor`.
pub fn plausible_cuts_above(d: &Dendrogram, max_groups: usize, floor: f32) -> Vec<usize> {
    let n = d.cuts.len() - 1;
    let mut ks: Vec<(f32, usize)> = (2..=max_groups.min(n.saturating_sub(1)))
        .map(|k| {
            // merge_at[k]: joining two of the k groups; merge_at[k + 1]: the
            // last join that made k groups.
            // Below a few ΔE every difference is print and camera noise.
            (d.merge_at[k] / d.merge_at[k + 1].max(floor), k)
        })
        .collect();
    ks.sort_by(|a, b| b.0.total_cmp(&a.0));
    ks.into_iter().map(|(_, k)| k).collect()
}

/// Pairings of `k` groups into figures (two halves each), cheapest first:
/// the minimum-cost matching, then the best matchings that avoid one of its
/// pairs each. `cost[a][b]`: how unlike groups a and b look. A group may
/// stay alone (its other half never shows, so it lies on the frame), at
/// [`ALONE_COST`]. Returns (pairs, singles).
pub fn pairings(cost: &[Vec<f32>], limit: usize) -> Vec<Pairing> {
    pairings_alone(cost, limit, ALONE_COST)
}

/// [`pairings`] with a group left alone costing `alone`.
pub fn pairings_alone(cost: &[Vec<f32>], limit: usize, alone: f32) -> Vec<Pairing> {
    let k = cost.len();
    if k > 20 || k == 0 {
        return Vec::new();
    }
    let Some(best) = best_matching(cost, alone, &[]) else { return Vec::new() };
    let mut found = vec![best.clone()];
    for &pair in &best.1 {
        if let Some(alt) = best_matching(cost, alone, &[pair]) {
            found.push(alt);
        }
    }
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    found.dedup_by(|a, b| a.1 == b.1 && a.2 == b.2);
    found.into_iter().take(limit).map(|(_, pairs, singles)| (pairs, singles)).collect()
}

/// Pairs of groups (the two halves of a figure) and groups left alone.
pub type Pairing = (Vec<(usize, usize)>, Vec<usize>);

type Matching = (f32, Vec<(usize, usize)>, Vec<usize>);

/// Minimum-cost matching by dynamic programming over subsets, avoiding the
/// `banned` pairs; a group left alone costs `alone`.
fn best_matching(cost: &[Vec<f32>], alone: f32, banned: &[(usize, usize)]) -> Option<Matching> {
    let k = cost.len();
    let full = (1usize << k) - 1;
    let mut best = vec![f32::INFINITY; 1 << k];
    // (a, b): a paired with b; (a, a): a alone.
    let mut choice = vec![(0usize, 0usize); 1 << k];
    best[0] = 0.0;
    for mask in 0..full {
        if best[mask].is_infinite() {
            continue;
        }
        // Always settle the lowest unsettled group.
        let a = (!mask).trailing_zeros() as usize;
        for (b, &pair_cost) in cost[a].iter().enumerate().skip(a) {
            if mask & (1 << b) != 0 || banned.contains(&(a, b)) {
                continue;
            }
            let next = mask | (1 << a) | (1 << b);
            let c = best[mask] + if a == b { alone } else { pair_cost };
            if c < best[next] {
                best[next] = c;
                choice[next] = (a, b);
            }
        }
    }
    if best[full].is_infinite() {
        return None;
    }
    let (mut pairs, mut singles) = (Vec::new(), Vec::new());
    let mut mask = full;
    while mask != 0 {
        let (a, b) = choice[mask];
        if a == b {
            singles.push(a);
        } else {
            pairs.push((a, b));
        }
        mask &= !((1 << a) | (1 << b));
    }
    pairs.sort_unstable();
    singles.sort_unstable();
    Some((best[full], pairs, singles))
}
