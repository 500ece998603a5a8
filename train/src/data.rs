//! Loading the labeled dev rows and assigning grouped folds.

use epistemic_audit_core::features::{extract, Extracted};
use epistemic_audit_core::text::{fnv1a, FNV_OFFSET};
use serde::Deserialize;
use std::path::Path;

/// A labeled row of `shared/data/halueval-*.dev.jsonl`.
#[derive(Debug, Deserialize)]
pub struct RawRow {
    /// Group id.
    pub group: String,
    /// Passage, if any.
    #[serde(default)]
    pub context: Option<String>,
    /// Question or dialogue history, if any.
    #[serde(default)]
    pub prompt: Option<String>,
    /// The answer.
    pub text: String,
    /// 1 = hallucinated.
    pub label: u8,
}

/// Where a training row comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A dev row as it stands.
    Original,
    /// A style-controlled row derived from a dev row (`synth`).
    Controlled,
}

/// A row with its features.
pub struct Row {
    /// File stem it came from, e.g. "halueval-qa".
    pub file: String,
    /// Group id: rows of one group never straddle folds.
    pub group: String,
    /// true = hallucinated / incorrect (label 1).
    pub hallucinated: bool,
    /// Extracted features.
    pub x: Extracted,
    /// Dev row or derived row.
    pub origin: Origin,
    /// The answer (for `--dump`).
    pub text: String,
    /// The prompt as the row sends it (for `--dump`).
    pub prompt: Option<String>,
    /// The context as the row sends it (for `--dump`).
    pub context: Option<String>,
}

/// Reads one JSONL file's raw rows; errors name the file and line.
pub fn load_raw(path: &Path) -> Result<Vec<RawRow>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        rows.push(
            serde_json::from_str(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?,
        );
    }
    Ok(rows)
}

/// A row with its features extracted.
pub fn row(
    file: &str,
    group: &str,
    text: &str,
    prompt: Option<&str>,
    context: Option<&str>,
    hallucinated: bool,
    origin: Origin,
) -> Row {
    Row {
        file: file.to_string(),
        group: group.to_string(),
        hallucinated,
        x: extract(text, prompt, context),
        origin,
        text: text.to_string(),
        prompt: prompt.map(str::to_string),
        context: context.map(str::to_string),
    }
}

/// Fold of a group, 0..k, from a fixed hash of the group id (deterministic, grouped).
pub fn fold_of(group: &str, k: usize) -> usize {
    (fnv1a(FNV_OFFSET, group.as_bytes()) % k as u64) as usize
}
