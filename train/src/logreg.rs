//! L2-regularised logistic regression on standardised dense features and tf-idf n-grams,
//! fitted by L-BFGS; the design matrix is built exactly as `core::model` scores at inference.

use crate::data::Row;
use crate::lbfgs;
use epistemic_audit_core::features::N_DENSE;
use epistemic_audit_core::model::{sigmoid, LinearModel, NgramTable};
use std::collections::BTreeMap;

/// Regularisation: objective = Σ log-loss + ½‖w_ngram‖²/c_ngram + ½‖w_dense‖²/c_dense
/// (scikit-learn's C convention, one C per block; the intercept is not penalised).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hyper {
    /// Inverse L2 strength of the n-gram weights.
    pub c_ngram: f64,
    /// Inverse L2 strength of the dense weights.
    pub c_dense: f64,
    /// Minimum document frequency of a kept n-gram bucket.
    pub min_df: u32,
    /// A grounded kind: only the support features of `GROUNDED_FEATURES` and no n-grams
    /// (DESIGN §2.1 "Style invariance").
    pub grounded: bool,
}

/// Builds the n-gram vocabulary of `rows`: buckets with document frequency ≥ min_df, idf =
/// ln((1 + n)/(1 + df)) + 1 (smoothed idf, as scikit-learn's TfidfTransformer).
pub fn build_table(rows: &[&Row], min_df: u32) -> NgramTable {
    let mut df: BTreeMap<u32, u32> = BTreeMap::new();
    for r in rows {
        let mut seen: Vec<u32> =
            r.x.ngrams
                .iter()
                .flat_map(|(_, g)| g.iter().map(|(b, _)| *b))
                .collect();
        seen.sort_unstable();
        seen.dedup();
        for b in seen {
            *df.entry(b).or_default() += 1;
        }
    }
    let n = rows.len() as f64;
    let mut t = NgramTable::default();
    for (b, d) in df {
        if d >= min_df {
            t.buckets.push(b);
            t.idf
                .push((((1.0 + n) / (1.0 + f64::from(d))).ln() + 1.0) as f32);
        }
    }
    t
}

/// Fits the model on `rows` (label: hallucinated) and returns it: L-BFGS over dense and n-gram
/// weights, or for a grounded kind [`fit_grounded`] on the style-controlled rows among `rows`.
pub fn fit(rows: &[&Row], h: Hyper) -> LinearModel {
    if h.grounded {
        let controlled: Vec<&Row> = rows
            .iter()
            .filter(|r| r.origin == crate::data::Origin::Controlled)
            .copied()
            .collect();
        fit_grounded(&controlled, h)
    } else {
        fit_ngram(rows, h)
    }
}

/// A grounded kind's model: logistic regression on the support features of `GROUNDED_FEATURES`
/// only (no n-grams), each weight constrained to its sign, so no support measure can count
/// against an answer whatever the collinearity of the training data. Solved exactly by
/// accelerated projected gradient (FISTA, Beck & Teboulle 2009) on the mean log-loss plus
/// ½‖w‖²/(c·n), with step 1/L, L = ¼(d + 1) + 1/(c·n) bounding the gradient's Lipschitz constant for
/// standardised columns; the projection clamps each weight to its half-line.
pub fn fit_grounded(rows: &[&Row], h: Hyper) -> LinearModel {
    let mut model = standardised_model(rows);
    let cols: Vec<(usize, f64)> = (0..N_DENSE)
        .filter_map(|j| crate::grounded_sign(j).map(|s| (j, s)))
        .collect();
    let d = cols.len();
    let n = rows.len().max(1);
    let z: Vec<f64> = rows
        .iter()
        .flat_map(|r| {
            let v = model.standardise(&r.x.dense);
            cols.iter().map(move |&(j, _)| v[j]).collect::<Vec<_>>()
        })
        .collect();
    let y: Vec<f64> = rows
        .iter()
        .map(|r| f64::from(u8::from(r.hallucinated)))
        .collect();
    let reg = 1.0 / (h.c_dense * n as f64);
    let l = 0.25 * (d as f64 + 1.0) + reg;
    // Parameters: [bias, w_1..w_d].
    let project = |w: &mut [f64]| {
        for (k, &(_, sign)) in cols.iter().enumerate() {
            if w[1 + k] * sign < 0.0 {
                w[1 + k] = 0.0;
            }
        }
    };
    let grad = |w: &[f64], g: &mut [f64]| {
        g.iter_mut().for_each(|v| *v = 0.0);
        for i in 0..rows.len() {
            let zi = &z[i * d..(i + 1) * d];
            let s = w[0] + zi.iter().zip(&w[1..]).map(|(a, b)| a * b).sum::<f64>();
            let e = sigmoid(s) - y[i];
            g[0] += e;
            for k in 0..d {
                g[1 + k] += e * zi[k];
            }
        }
        for v in g.iter_mut() {
            *v /= n as f64;
        }
        for k in 0..d {
            g[1 + k] += reg * w[1 + k];
        }
    };
    let mut w = vec![0.0; 1 + d];
    let mut v = w.clone();
    let mut g = vec![0.0; 1 + d];
    let mut t = 1.0f64;
    for _ in 0..3000 {
        grad(&v, &mut g);
        let mut next: Vec<f64> = v.iter().zip(&g).map(|(a, b)| a - b / l).collect();
        project(&mut next);
        let t_next = (1.0 + (1.0 + 4.0 * t * t).sqrt()) / 2.0;
        let step: f64 = next
            .iter()
            .zip(&w)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        v = next
            .iter()
            .zip(&w)
            .map(|(a, b)| a + (t - 1.0) / t_next * (a - b))
            .collect();
        w = next;
        t = t_next;
        if step < 1e-9 {
            break;
        }
    }
    model.bias = w[0];
    for (k, &(j, _)) in cols.iter().enumerate() {
        model.dense_weight[j] = w[1 + k];
    }
    model
}

/// A model with the dense standardisation of `rows`, zero weights and no n-grams.
fn standardised_model(rows: &[&Row]) -> LinearModel {
    let n = rows.len().max(1);
    let mut mean = vec![0.0; N_DENSE];
    let mut std = vec![0.0; N_DENSE];
    for r in rows {
        for (m, v) in mean.iter_mut().zip(&r.x.dense) {
            *m += v / n as f64;
        }
    }
    for r in rows {
        for ((s, v), m) in std.iter_mut().zip(&r.x.dense).zip(&mean) {
            *s += (v - m).powi(2) / n as f64;
        }
    }
    let std: Vec<f64> = std.iter().map(|v| v.sqrt().max(1e-9)).collect();
    LinearModel {
        bias: 0.0,
        dense_mean: mean,
        dense_std: std,
        dense_weight: vec![0.0; N_DENSE],
        ngram_weight: Vec::new(),
        table: NgramTable::default(),
    }
}

/// L-BFGS over the dense and n-gram weights of `rows` (the open kind).
fn fit_ngram(rows: &[&Row], h: Hyper) -> LinearModel {
    let table = build_table(rows, h.min_df);
    let n = rows.len();
    let mut model = standardised_model(rows);
    model.ngram_weight = vec![0.0; table.buckets.len()];
    model.table = table;
    let z: Vec<Vec<f64>> = rows
        .iter()
        .map(|r| model.standardise(&r.x.dense).to_vec())
        .collect();
    let sparse: Vec<Vec<(usize, f64)>> = rows.iter().map(|r| model.table.vectorize(&r.x)).collect();
    let y: Vec<f64> = rows
        .iter()
        .map(|r| f64::from(u8::from(r.hallucinated)))
        .collect();
    let m = model.table.buckets.len();
    // Parameter layout: [bias, dense (N_DENSE), ngram (m)].
    let objective = |w: &[f64], g: &mut [f64]| -> f64 {
        g.iter_mut().for_each(|v| *v = 0.0);
        let mut loss = 0.0;
        for i in 0..n {
            let mut s = w[0];
            for j in 0..N_DENSE {
                s += w[1 + j] * z[i][j];
            }
            for &(k, v) in &sparse[i] {
                s += w[1 + N_DENSE + k] * v;
            }
            // log-loss, stably: log(1 + e^s) − y s
            loss += if s > 0.0 {
                s + (-s).exp().ln_1p()
            } else {
                s.exp().ln_1p()
            } - y[i] * s;
            let d = sigmoid(s) - y[i];
            g[0] += d;
            for j in 0..N_DENSE {
                g[1 + j] += d * z[i][j];
            }
            for &(k, v) in &sparse[i] {
                g[1 + N_DENSE + k] += d * v;
            }
        }
        for j in 0..N_DENSE {
            loss += 0.5 * w[1 + j] * w[1 + j] / h.c_dense;
            g[1 + j] += w[1 + j] / h.c_dense;
        }
        for k in 0..m {
            let wk = w[1 + N_DENSE + k];
            loss += 0.5 * wk * wk / h.c_ngram;
            g[1 + N_DENSE + k] += wk / h.c_ngram;
        }
        loss
    };
    let w = lbfgs::minimise(objective, vec![0.0; 1 + N_DENSE + m], 10, 500, 1e-6);
    model.bias = w[0];
    model.dense_weight = w[1..1 + N_DENSE].to_vec();
    model.ngram_weight = w[1 + N_DENSE..].iter().map(|&v| v as f32).collect();
    model
}

/// Logit of "hallucinated" for each row, exactly as the core scorer computes it.
pub fn predict(model: &LinearModel, rows: &[&Row]) -> Vec<f64> {
    rows.iter().map(|r| model.score(&r.x).logit).collect()
}
