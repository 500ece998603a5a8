//! The intrinsic tier's trained model: L2-regularised logistic regression (Cox 1958; fitted by
//! L-BFGS, Liu & Nocedal 1989, in `train/`) over standardised dense features and sublinear tf-idf
//! vectors of hashed word n-grams (Salton & Buckley 1988; Weinberger et al. 2009), one L2-normalised
//! block per namespace. Output: the logit of "the text holds unsupported content".

use crate::features::{Extracted, Namespace, HASH_BITS, N_DENSE};

/// The n-gram vocabulary of a model: hash buckets kept at training (document frequency ≥ 2),
/// sorted, with their inverse document frequency idf = ln((1 + n) / (1 + df)) + 1.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NgramTable {
    /// Sorted bucket ids.
    pub buckets: Vec<u32>,
    /// idf of each bucket (same index).
    pub idf: Vec<f32>,
}

impl NgramTable {
    /// Index of `bucket` (< 2^[`HASH_BITS`]) in the table, if kept.
    ///
    /// Interpolation search (Perl, Itai & Avni 1978) with galloping: the buckets are hashes, so
    /// spread evenly, and `bucket` sits near `bucket / 2^HASH_BITS` of the way through the table;
    /// from there an exponential search brackets it and a binary search finds it. It reads a few
    /// neighbouring cache lines where a binary search over 60 000 buckets reads 16 scattered
    /// ones (the cost of scoring an n-gram model, in WebAssembly above all).
    pub fn slot(&self, bucket: u32) -> Option<usize> {
        let b = &self.buckets;
        let n = b.len();
        if n == 0 {
            return None;
        }
        let guess = ((u64::from(bucket) * n as u64) >> HASH_BITS).min(n as u64 - 1) as usize;
        let (mut lo, mut hi) = (0, n);
        let mut step = 1;
        if b[guess] < bucket {
            // In (guess, n): gallop right.
            lo = guess + 1;
            while guess + step < n {
                let probe = guess + step;
                if b[probe] >= bucket {
                    hi = probe + 1;
                    break;
                }
                lo = probe + 1;
                step *= 2;
            }
        } else {
            // In [0, guess]: gallop left.
            hi = guess + 1;
            while step <= guess {
                let probe = guess - step;
                if b[probe] < bucket {
                    lo = probe + 1;
                    break;
                }
                hi = probe + 1;
                step *= 2;
            }
        }
        b[lo..hi].binary_search(&bucket).ok().map(|i| lo + i)
    }

    /// Appends the tf-idf vector of one namespace's n-grams to `out`: (1 + ln tf)·idf over the
    /// kept buckets, L2-normalised within the namespace, as `(slot, value)` pairs.
    pub fn vectorize_namespace(&self, grams: &[(u32, f64)], out: &mut Vec<(usize, f64)>) {
        let start = out.len();
        let mut norm2 = 0.0;
        for &(b, tf) in grams {
            if let Some(s) = self.slot(b) {
                let v = (1.0 + ln_count(tf)) * f64::from(self.idf[s]);
                norm2 += v * v;
                out.push((s, v));
            }
        }
        if norm2 > 0.0 {
            let inv = norm2.sqrt().recip();
            for e in &mut out[start..] {
                e.1 *= inv;
            }
        }
    }

    /// Sparse tf-idf vector of all namespaces of `x` (see [`NgramTable::vectorize_namespace`]).
    pub fn vectorize(&self, x: &Extracted) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        for (_ns, grams) in &x.ngrams {
            self.vectorize_namespace(grams, &mut out);
        }
        out
    }
}

/// Natural logarithms of the counts 0..64, computed once by `f64::ln` (a software routine in
/// WebAssembly, which has no logarithm instruction).
static LN_COUNTS: std::sync::OnceLock<[f64; 64]> = std::sync::OnceLock::new();

/// `tf.ln()`, from [`LN_COUNTS`] when `tf` is a whole count below 64 (the same value).
fn ln_count(tf: f64) -> f64 {
    let table = LN_COUNTS.get_or_init(|| std::array::from_fn(|k| (k as f64).ln()));
    if (0.0..64.0).contains(&tf) && tf.fract() == 0.0 {
        table[tf as usize]
    } else {
        tf.ln()
    }
}

/// Logistic-regression weights of one task kind.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinearModel {
    /// Intercept (logit units).
    pub bias: f64,
    /// Training mean of each dense feature.
    pub dense_mean: Vec<f64>,
    /// Training standard deviation of each dense feature (≥ 1e-9).
    pub dense_std: Vec<f64>,
    /// Weight of each standardised dense feature.
    pub dense_weight: Vec<f64>,
    /// n-gram vocabulary.
    pub table: NgramTable,
    /// Weight of each kept n-gram bucket (same index as `table`).
    pub ngram_weight: Vec<f32>,
}

/// A scored request: the logit and its decomposition.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// Logit of "hallucinated" (nats).
    pub logit: f64,
    /// Contribution of each dense feature, weight × standardised value, in DENSE_NAMES order.
    pub dense_contrib: [f64; N_DENSE],
    /// Summed contribution of the answer's n-grams.
    pub text_ngram_contrib: f64,
    /// Summed contribution of the prompt's n-grams.
    pub prompt_ngram_contrib: f64,
}

impl LinearModel {
    /// Standardises the dense features: (x − mean) / std.
    pub fn standardise(&self, dense: &[f64; N_DENSE]) -> [f64; N_DENSE] {
        let mut z = [0.0; N_DENSE];
        for i in 0..N_DENSE {
            z[i] = (dense[i] - self.dense_mean[i]) / self.dense_std[i];
        }
        z
    }

    /// Scores extracted features. Panics only if the model's dense arrays are shorter than
    /// N_DENSE (checked when the embedded weights load).
    pub fn score(&self, x: &Extracted) -> Scored {
        self.score_with(&x.dense, x)
    }

    /// As [`LinearModel::score`] with `dense` in place of `x.dense` (the scorer passes the
    /// features clamped to the calibration range; the n-grams are `x`'s).
    pub fn score_with(&self, dense: &[f64; N_DENSE], x: &Extracted) -> Scored {
        let z = self.standardise(dense);
        let mut dense_contrib = [0.0; N_DENSE];
        let mut logit = self.bias;
        for i in 0..N_DENSE {
            dense_contrib[i] = self.dense_weight[i] * z[i];
            logit += dense_contrib[i];
        }
        let mut text_c = 0.0;
        let mut prompt_c = 0.0;
        for (ns, grams) in &x.ngrams {
            let mut v = Vec::with_capacity(grams.len());
            self.table.vectorize_namespace(grams, &mut v);
            let c: f64 = v
                .iter()
                .map(|&(s, v)| f64::from(self.ngram_weight[s]) * v)
                .sum();
            match ns {
                Namespace::Text => text_c += c,
                Namespace::Prompt => prompt_c += c,
            }
        }
        logit += text_c + prompt_c;
        Scored {
            logit,
            dense_contrib,
            text_ngram_contrib: text_c,
            prompt_ngram_contrib: prompt_c,
        }
    }

    /// Decodes an n-gram table written by the trainer: little-endian u32 count, then per entry
    /// u32 bucket, f32 idf, f32 weight, sorted by bucket.
    pub fn decode_ngrams(bytes: &[u8]) -> Result<(NgramTable, Vec<f32>), String> {
        let rd = |i: usize| -> Result<[u8; 4], String> {
            bytes
                .get(i..i + 4)
                .and_then(|s| s.try_into().ok())
                .ok_or_else(|| "truncated n-gram table".to_string())
        };
        let n = u32::from_le_bytes(rd(0)?) as usize;
        if bytes.len() != 4 + 12 * n {
            return Err(format!(
                "n-gram table: {} bytes for {n} entries",
                bytes.len()
            ));
        }
        let mut table = NgramTable {
            buckets: Vec::with_capacity(n),
            idf: Vec::with_capacity(n),
        };
        let mut w = Vec::with_capacity(n);
        for k in 0..n {
            let o = 4 + 12 * k;
            table.buckets.push(u32::from_le_bytes(rd(o)?));
            table.idf.push(f32::from_le_bytes(rd(o + 4)?));
            w.push(f32::from_le_bytes(rd(o + 8)?));
        }
        if table.buckets.windows(2).any(|p| p[0] >= p[1]) {
            return Err("n-gram table not sorted".into());
        }
        Ok((table, w))
    }

    /// Encodes an n-gram table (inverse of [`LinearModel::decode_ngrams`]).
    pub fn encode_ngrams(table: &NgramTable, weights: &[f32]) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + 12 * table.buckets.len());
        out.extend_from_slice(&(table.buckets.len() as u32).to_le_bytes());
        for ((b, idf), w) in table.buckets.iter().zip(&table.idf).zip(weights) {
            out.extend_from_slice(&b.to_le_bytes());
            out.extend_from_slice(&idf.to_le_bytes());
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }
}

/// The logistic function 1 / (1 + e^(−z)), computed without overflow.
pub fn sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ngram_table_round_trips() {
        let t = NgramTable {
            buckets: vec![3, 9, 200],
            idf: vec![1.0, 2.5, 3.0],
        };
        let w = vec![0.5, -1.0, 0.25];
        let bytes = LinearModel::encode_ngrams(&t, &w);
        let (t2, w2) = LinearModel::decode_ngrams(&bytes).unwrap();
        assert_eq!((t, w), (t2, w2));
        assert!(LinearModel::decode_ngrams(&bytes[..bytes.len() - 1]).is_err());
    }

    #[test]
    fn vectorize_is_l2_normalised_per_namespace() {
        let x = crate::features::extract("alpha beta alpha", Some("gamma"), None);
        let mut buckets: Vec<u32> = x
            .ngrams
            .iter()
            .flat_map(|(_, g)| g.iter().map(|(b, _)| *b))
            .collect();
        buckets.sort_unstable();
        buckets.dedup();
        let t = NgramTable {
            idf: vec![1.0; buckets.len()],
            buckets,
        };
        let v = t.vectorize(&x);
        let text_slots: Vec<usize> = x.ngrams[0]
            .1
            .iter()
            .map(|(b, _)| t.slot(*b).unwrap())
            .collect();
        let norm: f64 = v
            .iter()
            .filter(|(s, _)| text_slots.contains(s))
            .map(|(_, v)| v * v)
            .sum();
        assert!((norm - 1.0).abs() < 1e-12);
    }

    #[test]
    fn slot_finds_what_a_binary_search_finds() {
        // Buckets spread like hashes, and clustered ones (the search must not rely on spread).
        let mut state = crate::text::FNV_OFFSET;
        let mut spread: Vec<u32> = (0..5000)
            .map(|i: u32| {
                state = crate::text::fnv1a(state, &i.to_le_bytes());
                (state >> (64 - HASH_BITS)) as u32
            })
            .collect();
        spread.sort_unstable();
        spread.dedup();
        let clustered: Vec<u32> = (0..300)
            .map(|i| i * 3)
            .chain([(1 << HASH_BITS) - 1])
            .collect();
        for buckets in [spread, clustered, vec![7], vec![]] {
            let t = NgramTable {
                idf: vec![1.0; buckets.len()],
                buckets,
            };
            let probes = t
                .buckets
                .iter()
                .flat_map(|&b| [b, b.saturating_sub(1), b + 1])
                .chain([0, 1, (1 << HASH_BITS) - 1]);
            for p in probes {
                assert_eq!(t.slot(p), t.buckets.binary_search(&p).ok(), "{p}");
            }
        }
    }

    #[test]
    fn counts_have_their_logarithm() {
        for tf in [0.0, 1.0, 2.0, 3.0, 63.0, 64.0, 1000.0, 2.5] {
            assert_eq!(ln_count(tf).to_bits(), tf.ln().to_bits(), "{tf}");
        }
    }

    #[test]
    fn sigmoid_is_stable() {
        assert_eq!(sigmoid(0.0), 0.5);
        assert!(sigmoid(1000.0) <= 1.0 && sigmoid(-1000.0) >= 0.0);
        assert!((sigmoid(2.0) + sigmoid(-2.0) - 1.0).abs() < 1e-15);
    }
}
