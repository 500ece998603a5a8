//! Loading the labeled dev rows and assigning grouped folds.

use epistemic_audit_core::features::{extract, Extracted};
use epistemic_audit_core::text::{fnv1a, FNV_OFFSET};
use serde::Deserialize;
use std::path::Path;

/// A labeled row of `shared/data/halueval-*.dev.jsonl`.
#[derive(Debug, Deserialize)]
struct RawRow {
    group: String,
    #[serde(default)]
    context: Option<String>,
    #[serde(default)]
    prompt: Option<String>,
    text: String,
    label: u8,
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
}

/// Reads one JSONL file; errors name the file and line.
pub fn load(path: &Path) -> Result<Vec<Row>, String> {
    let file = path.file_name().and_then(|s| s.to_str()).unwrap_or("?").trim_end_matches(".dev.jsonl").to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let r: RawRow = serde_json::from_str(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        let x = extract(&r.text, r.prompt.as_deref(), r.context.as_deref());
        rows.push(Row { file: file.clone(), group: r.group, hallucinated: r.label == 1, x });
    }
    Ok(rows)
}

/// Fold of a group, 0..k, from a fixed hash of the group id (deterministic, grouped).
pub fn fold_of(group: &str, k: usize) -> usize {
    (fnv1a(FNV_OFFSET, group.as_bytes()) % k as u64) as usize
}
