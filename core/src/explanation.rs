//! Explanations assembled from the evidence that moved a score: which features pushed the logit
//! of "hallucinated" up or down, with the concrete numbers, names and markers behind them.

use crate::features::{Extracted, TaskKind, DENSE_NAMES};
use crate::scorer::ActiveCalibration;
use crate::similarity::{Agreement, DISAGREE_BELOW};
use crate::types::{Contribution, Verdict};

/// What an explanation is built from.
pub struct Input<'a> {
    /// Extracted features of the text.
    pub x: &'a Extracted,
    /// Largest feature contributions, |contribution| descending.
    pub contributions: &'a [Contribution],
    /// Calibrated probability of being correct.
    pub height: f64,
    /// Its 95% interval.
    pub interval: [f64; 2],
    /// The verdict.
    pub verdict: Verdict,
    /// Aleatoric uncertainty.
    pub q1: f64,
    /// The calibration that produced the height (reference or feedback).
    pub cal: &'a ActiveCalibration<'a>,
    /// Cross-model agreement (compare only): the agreement, q2 before and q2 after folding it in.
    pub agreement: Option<(&'a Agreement, f64, f64)>,
}

fn list(items: &[String], max: usize) -> String {
    let shown: Vec<String> = items.iter().take(max).map(|s| format!("\"{s}\"")).collect();
    let more = items.len().saturating_sub(max);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// One clause describing a feature's effect; `up` = it raised doubt.
fn clause(c: &Contribution, x: &Extracted, up: bool) -> Option<String> {
    let pct = |v: f64| format!("{:.0}%", v * 100.0);
    let s = match c.feature.as_str() {
        "log_novel_numbers" | "novel_number_share" if !x.novel_numbers.is_empty() => format!(
            "{} of {} numbers appear nowhere in the prompt or context ({})",
            x.novel_numbers.len(),
            x.n_numbers,
            list(&x.novel_numbers, 3)
        ),
        "log_novel_numbers" | "novel_number_share" if x.n_numbers > 0 => {
            format!("all {} numbers are found in the prompt or context", x.n_numbers)
        }
        "log_novel_names" | "novel_name_share" if !x.novel_names.is_empty() => format!(
            "{} of {} capitalised names are not in the prompt or context ({})",
            x.novel_names.len(),
            x.n_names,
            list(&x.novel_names, 3)
        ),
        "log_novel_names" | "novel_name_share" if x.n_names > 0 => {
            format!("all {} capitalised names are found in the prompt or context", x.n_names)
        }
        "content_support_share" | "log_unsupported_content_words" if x.has_source => {
            let (n, k) = x.content_words;
            format!("{} of its {n} content words occur in the prompt or context", pct(if n == 0 { 0.0 } else { k as f64 / n as f64 }))
        }
        "bigram_support_share" if x.has_source => format!("{} of its word pairs occur verbatim in the sources", pct(c.value)),
        "text_in_source" if c.value > 0.5 => "the whole answer stands verbatim in the sources".into(),
        "text_in_source" => "the answer is not a verbatim span of the sources".into(),
        "ends_terminal" if c.value < 0.5 => "it does not end with sentence-final punctuation, as truncated answers do".into(),
        "ends_terminal" => "it ends with sentence-final punctuation".into(),
        "log_hedges" if !x.hedges.is_empty() => format!("it hedges ({})", list(&x.hedges, 3)),
        "log_certainty" if !x.certainty.is_empty() => format!("it uses certainty markers ({})", list(&x.certainty, 3)),
        "ai_disclaimer" if c.value > 0.5 => "it contains an assistant disclaimer or refusal".into(),
        "text_ngrams" => format!(
            "its wording resembles {} answers in the training data",
            if up { "hallucinated" } else { "correct" }
        ),
        "prompt_ngrams" => format!(
            "requests worded like this one more often got {} answers in the training data",
            if up { "hallucinated" } else { "correct" }
        ),
        "log_chars" | "log_words" => format!("its length ({} characters)", ((c.value.exp() - 1.0).round()) as u64).replace(
            "characters",
            if c.feature == "log_words" { "words" } else { "characters" },
        ),
        "length_ratio" => format!("its length relative to the context (ratio {:.2})", c.value.exp()),
        "log_numbers" => format!("it states {} numbers", x.n_numbers),
        "log_names" => format!("it names {} capitalised entities", x.n_names),
        "log_years" => format!("it cites {} year(s)", (c.value.exp() - 1.0).round()),
        "log_negations" => format!("it contains {} negation(s)", (c.value.exp() - 1.0).round()),
        "log_attributions" => "it attributes claims to studies, reports or dates of founding/release".into(),
        "log_quantities" => "it states quantities (percentages, amounts)".into(),
        "prompt_openness" => format!("the request's openness ({:.2})", c.value),
        "type_token_ratio" => format!("its vocabulary variety ({:.2} distinct words per word)", c.value),
        "repeated_trigram_share" => format!("its repetition ({} of word triples repeat)", pct(c.value)),
        "prompt_word_share" => format!("{} of its words echo the prompt", pct(c.value)),
        "log_prompt_chars" | "log_context_chars" | "log_line_breaks" => {
            format!("{} = {:.2}", c.feature, c.value)
        }
        _ => return None,
    };
    Some(s)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Which inputs the intrinsic tier read besides the text: ", prompt and context", ", prompt",
/// ", context" or "" (from the extracted prompt and context lengths).
fn evidence_used(x: &Extracted) -> &'static str {
    let has = |name: &str| DENSE_NAMES.iter().position(|n| *n == name).is_some_and(|i| x.dense[i] > 0.0);
    match (has("log_prompt_chars"), has("log_context_chars")) {
        (true, true) => ", prompt and context",
        (true, false) => " and prompt",
        (false, true) => " and context",
        (false, false) => "",
    }
}

/// Builds the explanation: verdict and probability, the clauses that raised and lowered doubt
/// (largest contributions first, with their size in nats), the aleatoric reading, and the
/// scorer's held-out quality and thresholds.
pub fn explain(inp: &Input<'_>) -> String {
    let task = match inp.x.kind {
        TaskKind::Open => "open (no context) answer",
        TaskKind::Qa => "context-grounded answer",
        TaskKind::Dialogue => "dialogue reply",
        TaskKind::Summarization => "summary",
    };
    let mut out = format!(
        "{}: estimated probability that this {task} is correct is {:.2} (95% interval {:.2}–{:.2}), from the text{} alone.",
        inp.verdict.as_str(),
        inp.height,
        inp.interval[0],
        inp.interval[1],
        evidence_used(inp.x),
    );
    let mut up = Vec::new();
    let mut down = Vec::new();
    for c in inp.contributions.iter().filter(|c| c.contribution.abs() >= 0.05) {
        let is_up = c.contribution > 0.0;
        if let Some(s) = clause(c, inp.x, is_up) {
            let s = format!("{s} ({:+.2})", c.contribution);
            if is_up {
                up.push(s);
            } else {
                down.push(s);
            }
        }
    }
    if !up.is_empty() {
        out.push_str(&format!(" Raised doubt: {}.", up.join("; ")));
    }
    if !down.is_empty() {
        out.push_str(&format!(" Lowered doubt: {}.", down.join("; ")));
    }
    if up.is_empty() && down.is_empty() {
        out.push_str(" No single feature moved the score by more than 0.05 nats.");
    }
    // Evidence worth naming even when its weight was small.
    if !inp.x.novel_names.is_empty() && !up.iter().chain(&down).any(|s| s.contains("capitalised names are not")) {
        out.push_str(&format!(" Names not found in the sources: {}.", list(&inp.x.novel_names, 3)));
    }
    if !inp.x.novel_numbers.is_empty() && !up.iter().chain(&down).any(|s| s.contains("numbers appear nowhere")) {
        out.push_str(&format!(" Numbers not found in the sources: {}.", list(&inp.x.novel_numbers, 3)));
    }
    let reading = if inp.q1 >= 0.6 {
        "open-ended, admitting many valid answers"
    } else if inp.q1 <= 0.4 {
        "closed, with few valid answers"
    } else {
        "neither clearly open-ended nor factoid"
    };
    out.push_str(&format!(" Aleatoric q1 = {:.2}: the request looks {reading}.", inp.q1));
    if let Some((a, before, after)) = inp.agreement {
        out.push_str(&format!(
            " Cross-model agreement: mean lexical similarity {:.2} with the {} other answer(s); disagrees with {} of {} other models (similarity < {:.2}), which moved q2 from {:.2} to {:.2}.",
            a.agreement, a.others, a.disagreeing, a.others, DISAGREE_BELOW, before, after
        ));
    }
    let t = inp.cal.thresholds;
    let bound = format!("{:.0}% error bound at {:.0}% confidence", inp.cal.target_risk * 100.0, (1.0 - inp.cal.delta) * 100.0);
    let accept = t.accept.map_or(format!("no height range met the {bound} for ACCEPT"), |s| {
        format!("ACCEPT at height ≥ {:.2}", s.threshold)
    });
    let refuse = t.refuse.map_or("none for REFUSED".to_string(), |s| format!("REFUSED at ≤ {:.2}", s.threshold));
    let rule = if t.accept.is_some() || t.refuse.is_some() { format!(" ({bound})") } else { String::new() };
    out.push_str(&format!(
        " {} calibration ({}) on {} held-out labels: ECE {:.3}, Brier {:.3}; {accept}, {refuse}{rule}.",
        capitalise(inp.cal.source),
        inp.cal.scope,
        inp.cal.n,
        inp.cal.ece,
        inp.cal.brier,
    ));
    out
}
