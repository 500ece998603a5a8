//! Explanations assembled from the evidence that moved a score: which features pushed the logit
//! of "hallucinated" up or down, with the concrete numbers, names and markers behind them.

use crate::features::{Extracted, TaskKind, DENSE_NAMES};
use crate::scorer::ActiveCalibration;
use crate::samples::SampleStats;
use crate::similarity::DISAGREE_BELOW;
use crate::token_stats::TokenStats;
use crate::types::{Contribution, Tier, Verdict};

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
    /// The evidence tier that produced the score.
    pub tier: Tier,
    /// Token statistics, when log-probabilities were given.
    pub tokens: Option<&'a TokenStats>,
    /// Sample statistics, when samples were given.
    pub samples: Option<&'a SampleStats>,
    /// q2 of the intrinsic model alone.
    pub intrinsic_q2: f64,
    /// q2 of the result (equals `intrinsic_q2` in the intrinsic tier).
    pub q2: f64,
}

/// The words for what the score rests on: "the text alone", "the text and prompt, 5 samples
/// and token log-probabilities", …
fn basis(inp: &Input<'_>) -> String {
    let mut parts = vec![format!("the text{}", evidence_used(inp.x))];
    if let Some(s) = inp.samples {
        parts.push(format!("{} sampled answer(s)", s.k));
    }
    if let Some(t) = inp.tokens {
        parts.push(format!("the log-probabilities of its {} token(s)", t.tokens));
    }
    match parts.len() {
        1 => format!("{} alone", parts[0]),
        2 => format!("{} and {}", parts[0], parts[1]),
        _ => format!("{}, {} and {}", parts[0], parts[1], parts[2]),
    }
}

/// One clause for a tier-model input's effect.
fn tier_clause(c: &Contribution, inp: &Input<'_>) -> Option<String> {
    let s = match (c.feature.as_str(), inp.samples, inp.tokens) {
        ("intrinsic_logit", _, _) => format!("the text-only model's reading (q2 {:.2})", inp.intrinsic_q2),
        ("disagreement", Some(s), _) => format!("mean lexical disagreement {:.2} with the {} samples", s.disagreement, s.k),
        ("dispersion", Some(s), _) => format!("the samples disagree among themselves ({} cluster(s), dispersion {:.2})", s.clusters, s.dispersion),
        ("support", Some(s), _) => format!("{} of {} samples say the same as the text", s.supporting, s.k),
        ("nll", _, Some(t)) => format!("mean token probability {:.2} (NLL {:.2} nats)", t.mean_token_prob, t.nll),
        ("max_surprisal", _, Some(t)) => format!("least likely token probability {:.3}", t.min_token_prob),
        ("token_entropy", _, Some(t)) => format!("mean token entropy {:.2} nats", t.token_entropy?),
        _ => return None,
    };
    Some(s)
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
        "{}: estimated probability that this {task} is correct is {:.2} (95% interval {:.2}–{:.2}), from {}.",
        inp.verdict.as_str(),
        inp.height,
        inp.interval[0],
        inp.interval[1],
        basis(inp),
    );
    let mut up = Vec::new();
    let mut down = Vec::new();
    for c in inp.contributions.iter().filter(|c| c.contribution.abs() >= 0.05) {
        let is_up = c.contribution > 0.0;
        let text = if inp.tier == Tier::Intrinsic { clause(c, inp.x, is_up) } else { tier_clause(c, inp) };
        if let Some(s) = text {
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
    if let Some(s) = inp.samples {
        out.push_str(&format!(
            " Samples: {} of {} disagree with the text (lexical similarity < {:.2}) and {} of {} support it; they form {} cluster(s) (semantic entropy {:.2} nats).",
            s.disagreeing, s.k, DISAGREE_BELOW, s.supporting, s.k, s.clusters, s.semantic_entropy
        ));
        if let Some(d) = s.contradiction {
            out.push_str(&format!(" The NLI judge finds {:.0}% of sample pairs contradictory.", d * 100.0));
        }
    }
    if let Some(t) = inp.tokens {
        let weakest: Vec<String> = t.weakest.iter().map(|(i, tok, p)| format!("\"{}\" (token {}, p = {:.3})", tok.trim(), i + 1, p)).collect();
        out.push_str(&format!(
            " Tokens: mean probability {:.2}, weakest {}{}.",
            t.mean_token_prob,
            weakest.join(", "),
            t.token_entropy.map_or(String::new(), |h| format!("; mean token entropy {h:.2} nats"))
        ));
    }
    if inp.tier != Tier::Intrinsic {
        out.push_str(&format!(" The {} evidence moved q2 from {:.2} (text alone) to {:.2}.", inp.tier.as_str(), inp.intrinsic_q2, inp.q2));
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
