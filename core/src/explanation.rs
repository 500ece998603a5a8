//! Explanations assembled from the evidence that moved a score: which features pushed the logit
//! of "hallucinated" up or down, with the concrete numbers, names and markers behind them.

use crate::features::{Extracted, TaskKind, DENSE_NAMES};
use crate::grounding::{ClaimStatus, ContextRole};
use crate::samples::{Equivalence, SampleStats};
use crate::scorer::ActiveCalibration;
use crate::similarity::DISAGREE_BELOW;
use crate::token_stats::TokenStats;
use crate::types::{Contribution, ShiftInfo, Tier, Verdict};

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
    /// How the samples were compared, when samples were given.
    pub equivalence: Option<Equivalence>,
    /// q2 of the intrinsic model alone.
    pub intrinsic_q2: f64,
    /// q2 of the result (equals `intrinsic_q2` in the intrinsic tier).
    pub q2: f64,
    /// Covariate shift of the input (DESIGN §2.5).
    pub shift: &'a ShiftInfo,
}

/// The words for what the score rests on: "the text alone", "the text and prompt, 5 samples
/// and token log-probabilities", …
fn basis(inp: &Input<'_>) -> String {
    let mut parts = vec![format!("the text{}", evidence_used(inp.x))];
    if let Some(s) = inp.samples {
        parts.push(format!("{} sampled answer(s)", s.k));
    }
    if let Some(t) = inp.tokens {
        parts.push(format!(
            "the log-probabilities of its {} token(s)",
            t.tokens
        ));
    }
    match parts.len() {
        1 => format!("{} alone", parts[0]),
        2 => format!("{} and {}", parts[0], parts[1]),
        _ => format!("{}, {} and {}", parts[0], parts[1], parts[2]),
    }
}

/// How the text was compared with the samples, in words: "NLI" with an NLI judge, else "lexical"
/// (also with the semantic tier, which clusters the samples by meaning but compares the text
/// lexically: `tiers::Evidence::of`).
fn text_judged_by(e: Option<Equivalence>) -> &'static str {
    match e {
        Some(Equivalence::Nli) => "NLI",
        Some(Equivalence::Lexical | Equivalence::Embedding) | None => "lexical",
    }
}

/// How the samples were clustered, in words.
fn clustered_by(e: Option<Equivalence>) -> &'static str {
    match e {
        Some(Equivalence::Embedding) => {
            "by meaning: sentence-embedding cosine at or above the fitted threshold, with no conflicting names, numbers or years"
        }
        Some(Equivalence::Nli) => "by bidirectional entailment",
        Some(Equivalence::Lexical) | None => "lexically",
    }
}

/// One clause for a tier-model input's effect.
fn tier_clause(c: &Contribution, inp: &Input<'_>) -> Option<String> {
    let s = match (c.feature.as_ref(), inp.samples, inp.tokens) {
        ("intrinsic_logit", _, _) => {
            format!("the text-only model's reading (q2 {:.2})", inp.intrinsic_q2)
        }
        ("disagreement", Some(s), _) => format!(
            "mean {} disagreement {:.2} with the {} samples",
            text_judged_by(inp.equivalence),
            s.disagreement,
            s.k
        ),
        ("semantic_disagreement", Some(s), _) => format!(
            "{:.0}% of the {} samples say what the text says by meaning",
            100.0 * s.semantic_support?,
            s.k
        ),
        ("dispersion", Some(s), _) => format!(
            "the samples disagree among themselves ({} cluster(s), dispersion {:.2})",
            s.clusters, s.dispersion
        ),
        ("support", Some(s), _) => format!(
            "{} of {} samples say the same as the text",
            s.supporting, s.k
        ),
        ("nll", _, Some(t)) => format!(
            "mean token probability {:.2} (NLL {:.2} nats)",
            t.mean_token_prob, t.nll
        ),
        ("max_surprisal", _, Some(t)) => {
            format!("least likely token probability {:.3}", t.min_token_prob)
        }
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

/// What a clause says about the answer: evidence for it, against it, or neither. A clause of
/// support is never listed as raising doubt, nor one of missing support as lowering it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Polarity {
    /// The sources back the answer.
    Support,
    /// Something in the answer lacks support or conflicts with the sources.
    Against,
    /// A property of the answer or request (length, hedging, wording).
    Neutral,
}

/// Plain words for a feature name (dense, tier or n-gram block), for explanations and
/// `metadata.shift.outside`: never the raw identifier.
pub fn feature_words(name: &str) -> &'static str {
    match name {
        "log_chars" => "length in characters",
        "log_words" => "length in words",
        "ends_terminal" => "sentence-final punctuation",
        "log_line_breaks" => "line breaks",
        "log_numbers" => "how many numbers it states",
        "log_novel_numbers" | "novel_number_share" => "numbers absent from the sources",
        "log_names" => "how many names it mentions",
        "log_novel_names" | "novel_name_share" => "names absent from the sources",
        "content_support_share" => "share of its content words found in the sources",
        "log_unsupported_content_words" => "content words absent from the sources",
        "bigram_support_share" => "word pairs found verbatim in the sources",
        "text_in_source" => "whether it stands verbatim in the sources",
        "log_hedges" => "hedging",
        "log_certainty" => "certainty markers",
        "ai_disclaimer" => "assistant disclaimers",
        "log_negations" => "negations",
        "type_token_ratio" => "vocabulary variety",
        "repeated_trigram_share" => "repetition",
        "log_years" => "years cited",
        "log_quantities" => "quantities stated",
        "log_attributions" => "attributions to studies or reports",
        "prompt_openness" => "openness of the request",
        "log_prompt_chars" => "length of the prompt",
        "log_context_chars" => "length of the context",
        "length_ratio" => "length relative to the context",
        "prompt_word_share" => "words echoing the prompt",
        "claim_support_min" => "support of its weakest claim",
        "claim_support_mean" => "mean support of its claims",
        "aligned_support_min" => "support of its weakest claim by a single source sentence",
        "contradicted_claim_share" => "claims contradicted by their source sentence",
        "novel_conflict_share" => "claims naming something the sources replace with another",
        "negation_mismatch_share" => "claims of opposite polarity to their source sentence",
        "new_support_share" => "share of its new content found in the sources",
        "answer_question_alignment" => {
            "whether the passage that answers the question holds the answer"
        }
        "answer_type_match" => "whether the answer is of the kind the question asks for",
        "entity_anchor_mean" => {
            "whether its names, numbers and dates stand where the sources state the rest of their claims"
        }
        "answer_question_proximity" => {
            "whether its names, numbers and dates stand next to the question's words in the passage"
        }
        "text_ngrams" => "wording of the answer",
        "prompt_ngrams" => "wording of the request",
        "nll" | "mean_token_prob" => "mean token probability",
        "max_surprisal" => "least likely token",
        "token_entropy" => "token entropy",
        "disagreement" => "disagreement with the samples",
        "semantic_disagreement" => "samples saying something else by meaning",
        "dispersion" => "disagreement among the samples",
        "support" => "samples saying the same",
        "intrinsic_logit" => "the text-only reading",
        _ => "another feature",
    }
}

/// One clause describing a feature's effect, with its polarity; `up` = it raised doubt.
fn clause(c: &Contribution, x: &Extracted, up: bool) -> Option<(String, Polarity)> {
    use Polarity::{Against, Neutral, Support};
    let pct = |v: f64| format!("{:.0}%", v * 100.0);
    let in_prompt = x.passage_in_prompt();
    let src = if in_prompt {
        "the passage in the prompt"
    } else if x.has_context {
        "the context"
    } else {
        "the prompt"
    };
    let f = &x.grounding.features;
    let s = match c.feature.as_ref() {
        "log_novel_numbers" | "novel_number_share"
            if !x.novel_numbers.is_empty() && x.has_context =>
        {
            (
                format!(
                    "{} of {} numbers appear nowhere in the sources ({})",
                    x.novel_numbers.len(),
                    x.n_numbers,
                    list(&x.novel_numbers, 3)
                ),
                Against,
            )
        }
        "log_novel_numbers" | "novel_number_share" if x.n_numbers > 0 && x.has_context => (
            format!("all {} numbers are found in the sources", x.n_numbers),
            Support,
        ),
        "log_novel_names" | "novel_name_share" if !x.novel_names.is_empty() && x.has_context => (
            format!(
                "{} of {} names are not in the sources ({})",
                x.novel_names.len(),
                x.n_names,
                list(&x.novel_names, 3)
            ),
            Against,
        ),
        "log_novel_names" | "novel_name_share" if x.n_names > 0 && x.has_context => (
            format!(
                "all {} names it mentions are found in the sources",
                x.n_names
            ),
            Support,
        ),
        "content_support_share" | "log_unsupported_content_words" if x.has_source => {
            let (n, k) = x.content_words;
            let share = if n == 0 { 1.0 } else { k as f64 / n as f64 };
            (
                // A bare reply ("No, he was not.") has no word the sources could lack: the
                // share is vacuous, and said so rather than as "100% of its 0".
                if n == 0 {
                    "it adds no content word of its own that the sources could lack".to_string()
                } else if in_prompt || !x.has_context {
                    format!(
                        "{} of its {n} content words occur in the prompt",
                        pct(share)
                    )
                } else {
                    format!(
                        "{} of its {n} content words occur in the prompt or {src}",
                        pct(share)
                    )
                },
                if share >= 0.75 { Support } else { Against },
            )
        }
        "bigram_support_share" if x.has_context => (
            format!(
                "{} of its word pairs occur verbatim in the sources",
                pct(c.value)
            ),
            if c.value >= 0.5 { Support } else { Against },
        ),
        "text_in_source" if c.value > 0.5 && x.has_context => (
            "the whole answer stands verbatim in the sources".into(),
            Support,
        ),
        "claim_support_min" | "claim_support_mean" | "aligned_support_min"
            if x.has_context && !x.grounding.claims.is_empty() =>
        {
            let weakest = x
                .grounding
                .claims
                .iter()
                .map(|c| c.support)
                .fold(1.0, f64::min);
            let n = x.grounding.claims.len();
            // A contradicted claim has its words in the sources but says something else with
            // them: "found" would contradict the reason that names the contradiction.
            let contradicted = x
                .grounding
                .claims
                .iter()
                .any(|c| c.status == ClaimStatus::Contradicted);
            if weakest >= 0.999 && contradicted {
                (
                    format!("the words of every one of its {n} claim(s) occur in the sources"),
                    Support,
                )
            } else if weakest >= 0.999 {
                (
                    format!("every one of its {n} claim(s) is found in the sources"),
                    Support,
                )
            } else {
                (
                    format!(
                        "its weakest claim has {} of its words in the sources",
                        pct(weakest)
                    ),
                    Against,
                )
            }
        }
        "contradicted_claim_share" | "novel_conflict_share" | "negation_mismatch_share"
            if x.has_context =>
        {
            let k = x
                .grounding
                .claims
                .iter()
                .filter(|c| !c.conflicts.is_empty())
                .count();
            if k > 0 {
                (
                    format!(
                        "{k} of {} claim(s) state something other than their source sentence",
                        x.grounding.claims.len()
                    ),
                    Against,
                )
            } else {
                (
                    "no claim conflicts with its source sentence".into(),
                    Support,
                )
            }
        }
        "new_support_share" if x.has_context => (
            // Beside a contradicted claim its words are in the sources, but not what they say
            // (as for the claims' support above).
            if x.grounding
                .claims
                .iter()
                .any(|cl| cl.status == ClaimStatus::Contradicted)
            {
                format!(
                    "{} of the words it adds to the question occur in the sources",
                    pct(f.new_support_share)
                )
            } else {
                format!(
                    "{} of what it adds to the question is found in the sources",
                    pct(f.new_support_share)
                )
            },
            if f.new_support_share >= 0.75 {
                Support
            } else {
                Against
            },
        ),
        "answer_question_alignment" if x.has_context => {
            if f.answer_question_alignment >= 0.75 {
                (
                    "the passage that answers the question holds the answer".into(),
                    Support,
                )
            } else {
                (format!("the answer stands in the passage away from what the question asks (alignment {:.2})", f.answer_question_alignment), Against)
            }
        }
        "answer_type_match" if x.has_context && f.answer_type_match != 0.5 => {
            if f.answer_type_match > 0.5 {
                (
                    "the answer is of the kind the question asks for".into(),
                    Support,
                )
            } else {
                ("the answer is not of the kind the question asks for (a person, date or number)".into(), Against)
            }
        }
        "entity_anchor_mean" if x.has_context => {
            if f.entity_anchor_mean >= 0.75 {
                (
                    "its names, numbers and dates stand in the source sentences that state the rest of their claims".into(),
                    Support,
                )
            } else {
                (format!("a name, number or date of it stands in the passage away from what its claim says about it (anchoring {:.2})", f.entity_anchor_mean), Against)
            }
        }
        "answer_question_proximity" if x.has_context => {
            if f.answer_question_proximity >= 0.75 {
                (
                    "its names, numbers and dates stand next to the question's words in the passage".into(),
                    Support,
                )
            } else {
                (format!("another name, number or date stands nearer the question's words in the passage than the answer's (proximity {:.2})", f.answer_question_proximity), Against)
            }
        }
        "ends_terminal" if c.value < 0.5 => (
            "it does not end with sentence-final punctuation, as truncated answers do".into(),
            Neutral,
        ),
        "ends_terminal" => ("it ends with sentence-final punctuation".into(), Neutral),
        "log_hedges" if !x.hedges.is_empty() => {
            (format!("it hedges ({})", list(&x.hedges, 3)), Neutral)
        }
        "log_certainty" if !x.certainty.is_empty() => (
            format!("it uses certainty markers ({})", list(&x.certainty, 3)),
            Neutral,
        ),
        "ai_disclaimer" if c.value > 0.5 => (
            "it contains an assistant disclaimer or refusal".into(),
            Neutral,
        ),
        "text_ngrams" => (
            format!(
                "its wording resembles {} answers in the training data",
                if up { "hallucinated" } else { "correct" }
            ),
            Neutral,
        ),
        "prompt_ngrams" => (
            format!(
                "requests worded like this one more often got {} answers in the training data",
                if up { "hallucinated" } else { "correct" }
            ),
            Neutral,
        ),
        "log_chars" => (
            format!(
                "its length ({} characters)",
                (c.value.exp() - 1.0).round() as u64
            ),
            Neutral,
        ),
        "log_words" => (
            format!(
                "its length ({} words)",
                (c.value.exp() - 1.0).round() as u64
            ),
            Neutral,
        ),
        "length_ratio" if x.has_context => (
            format!(
                "its length relative to the context (ratio {:.2})",
                c.value.exp()
            ),
            Neutral,
        ),
        "log_numbers" if x.n_numbers > 0 => {
            (format!("it states {} number(s)", x.n_numbers), Neutral)
        }
        "log_names" if x.n_names > 0 => (
            format!("it names {} capitalised entities", x.n_names),
            Neutral,
        ),
        "log_years" if c.value > 0.0 => (
            format!("it cites {} year(s)", (c.value.exp() - 1.0).round()),
            Neutral,
        ),
        "log_negations" if c.value > 0.0 => (
            format!("it contains {} negation(s)", (c.value.exp() - 1.0).round()),
            Neutral,
        ),
        "log_attributions" if c.value > 0.0 => (
            "it attributes claims to studies, reports or dates of founding/release".into(),
            Neutral,
        ),
        "log_quantities" if c.value > 0.0 => (
            "it states quantities (percentages, amounts)".into(),
            Neutral,
        ),
        "prompt_openness" => (format!("the request's openness ({:.2})", c.value), Neutral),
        "type_token_ratio" => (
            format!(
                "its vocabulary variety ({:.2} distinct words per word)",
                c.value
            ),
            Neutral,
        ),
        "repeated_trigram_share" => (
            format!("its repetition ({} of word triples repeat)", pct(c.value)),
            Neutral,
        ),
        "prompt_word_share" if x.has_source => (
            format!("{} of its words echo the prompt", pct(c.value)),
            Neutral,
        ),
        "log_prompt_chars" => ("the length of the prompt".into(), Neutral),
        "log_context_chars" if x.has_context => ("the length of the context".into(), Neutral),
        "log_line_breaks" => ("its line breaks".into(), Neutral),
        _ => return None,
    };
    Some(s)
}

/// Two thresholds printed with the fewest decimals (2 to 6) that tell them apart.
fn distinct(a: Option<f64>, b: Option<f64>) -> (Option<String>, Option<String>) {
    let mut d = 2;
    if let (Some(x), Some(y)) = (a, b) {
        while d < 6 && format!("{x:.d$}") == format!("{y:.d$}") {
            d += 1;
        }
    }
    (a.map(|x| format!("{x:.d$}")), b.map(|y| format!("{y:.d$}")))
}

/// A sentence naming the answer's weakest claim (a contradicted one first, else the least
/// supported) and the source sentence it was aligned to, or None when every claim is supported.
fn weakest_claim(x: &Extracted) -> Option<String> {
    let c = x
        .grounding
        .claims
        .iter()
        .filter(|c| c.status != ClaimStatus::Supported)
        .min_by(|a, b| {
            (a.status != ClaimStatus::Contradicted)
                .cmp(&(b.status != ClaimStatus::Contradicted))
                .then(a.support.total_cmp(&b.support))
        })?;
    let claim = shorten(&c.text, 160);
    let mut s = match c.status {
        ClaimStatus::Contradicted => format!(
            " Weakest claim: \"{claim}\" is contradicted ({})",
            c.conflicts.join("; ")
        ),
        _ => format!(
            " Weakest claim: \"{claim}\" has {:.0}% of its words in the sources",
            c.support * 100.0
        ),
    };
    if let Some(src) = &c.source {
        // A contradicted claim's source is the sentence stating what it contradicts, unless
        // the claim contradicts itself (its own date's weekday, its own reference range).
        let which = if c.status == ClaimStatus::Contradicted && !c.contradicts_itself {
            "the source sentence it contradicts"
        } else {
            "the closest source sentence"
        };
        s.push_str(&format!("; {which} is \"{}\"", shorten(&src.text, 200)));
    }
    s.push('.');
    Some(s)
}

/// `s` cut to at most `max` characters at a word boundary, with "…" when cut.
fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max).collect();
    let cut = cut
        .rsplit_once(' ')
        .map_or(cut.as_str(), |(a, _)| a)
        .to_string();
    format!("{cut}…")
}

/// `s` with its first character upper-cased ("sunday" → "Sunday").
pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Which inputs the intrinsic tier read besides the text: ", prompt and context", ", prompt",
/// ", context" or "" (from the extracted prompt and context lengths).
fn evidence_used(x: &Extracted) -> &'static str {
    let has = |name: &str| {
        DENSE_NAMES
            .iter()
            .position(|n| *n == name)
            .is_some_and(|i| x.dense[i] > 0.0)
    };
    match (has("log_prompt_chars"), has("log_context_chars")) {
        _ if x.passage_in_prompt() => " and prompt (its passage read as the sources)",
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
    // Clauses of one wording are merged (two features can describe one fact), their
    // contributions summed; support is never listed as raising doubt, nor its lack as lowering it.
    let mut merged: Vec<(String, f64)> = Vec::new();
    for c in inp.contributions.iter() {
        let is_up = c.contribution > 0.0;
        let text = if inp.tier == Tier::Intrinsic {
            clause(c, inp.x, is_up)
                .filter(|(_, p)| {
                    !matches!(
                        (p, is_up),
                        (Polarity::Support, true) | (Polarity::Against, false)
                    )
                })
                .map(|(s, _)| s)
        } else {
            tier_clause(c, inp)
        };
        if let Some(s) = text {
            match merged.iter_mut().find(|(t, _)| *t == s) {
                Some(m) => m.1 += c.contribution,
                None => merged.push((s, c.contribution)),
            }
        }
    }
    let mut up = Vec::new();
    let mut down = Vec::new();
    for (s, v) in merged.into_iter().filter(|(_, v)| v.abs() >= 0.05) {
        let s = format!("{s} ({v:+.2})");
        if v > 0.0 {
            up.push(s);
        } else {
            down.push(s);
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
    // Evidence worth naming even when its weight was small: only when sources were given.
    if inp.x.has_context {
        if !inp.x.novel_names.is_empty()
            && !up
                .iter()
                .chain(&down)
                .any(|s| s.contains("names are not in the sources"))
        {
            out.push_str(&format!(
                " Names not found in the sources: {}.",
                list(&inp.x.novel_names, 3)
            ));
        }
        if !inp.x.novel_numbers.is_empty()
            && !up
                .iter()
                .chain(&down)
                .any(|s| s.contains("numbers appear nowhere"))
        {
            out.push_str(&format!(
                " Numbers not found in the sources: {}.",
                list(&inp.x.novel_numbers, 3)
            ));
        }
        if let Some(w) = weakest_claim(inp.x) {
            out.push_str(&w);
        }
    }
    match inp.x.context_role {
        ContextRole::Prompt => out.push_str(
            " The context holds a question or instruction, not sources: it was read as the prompt and the answer judged as an open answer, which text alone cannot verify.",
        ),
        ContextRole::None if inp.x.kind == TaskKind::Open => {
            out.push_str(" No sources were given: the answer was judged as an open answer, which text alone cannot verify.")
        }
        _ => {}
    }
    if inp.shift.fired {
        out.push_str(&format!(
            " This input lies outside the data the scorer was calibrated on ({}; {:.2} nats of the score rest on values it never saw), so its height was shrunk toward the base rate {:.2} and the verdict held at MAYBE.",
            inp.shift.outside.join(", "),
            inp.shift.toward_correct,
            inp.shift.base_rate
        ));
    }
    let reading = if inp.q1 >= 0.6 {
        "open-ended, admitting many valid answers"
    } else if inp.q1 <= 0.4 {
        "closed, with few valid answers"
    } else {
        "neither clearly open-ended nor factoid"
    };
    out.push_str(&format!(
        " Aleatoric q1 = {:.2}: the request looks {reading}.",
        inp.q1
    ));
    if let Some(s) = inp.samples {
        out.push_str(&format!(
            " Samples: {} of {} disagree with the text ({} similarity < {:.2}) and {} of {} support it; clustered {}, they form {} cluster(s) (semantic entropy {:.2} nats).",
            s.disagreeing,
            s.k,
            text_judged_by(inp.equivalence),
            DISAGREE_BELOW,
            s.supporting,
            s.k,
            clustered_by(inp.equivalence),
            s.clusters,
            s.semantic_entropy
        ));
        // The words-based count above can miss a paraphrase; by meaning, the share of samples
        // in the text's cluster (the semantic samples models' input, weighed only where the
        // trainer kept it: README "Evidence tiers").
        if let Some(share) = s.semantic_support {
            out.push_str(&format!(
                " By meaning, {} of {} say what the text says.",
                (share * s.k as f64).round() as usize,
                s.k
            ));
        }
        if let Some(d) = s.contradiction {
            out.push_str(&format!(
                " The NLI judge finds {:.0}% of sample pairs contradictory.",
                d * 100.0
            ));
        }
    }
    if let Some(t) = inp.tokens {
        let weakest: Vec<String> = t
            .weakest
            .iter()
            .map(|(i, tok, p)| format!("\"{}\" (token {}, p = {:.3})", tok.trim(), i + 1, p))
            .collect();
        out.push_str(&format!(
            " Tokens: mean probability {:.2}, weakest {}{}.",
            t.mean_token_prob,
            weakest.join(", "),
            t.token_entropy.map_or(String::new(), |h| format!(
                "; mean token entropy {h:.2} nats"
            ))
        ));
    }
    if inp.tier != Tier::Intrinsic {
        out.push_str(&format!(
            " The {} evidence moved q2 from {:.2} (text alone) to {:.2}.",
            inp.tier.as_str(),
            inp.intrinsic_q2,
            inp.q2
        ));
    }
    let t = inp.cal.thresholds;
    let r = inp.cal.target_risk;
    let bound = format!(
        "{:.0}% error bound at {:.0}% confidence",
        r * 100.0,
        (1.0 - inp.cal.delta) * 100.0
    );
    // The verdict rule in force: the SGR threshold, but never below 1 − r / above r.
    let acc_at = t.accept.map(|s| s.threshold.max(1.0 - r));
    let ref_at = t.refuse.map(|s| s.threshold.min(r));
    let (acc_s, ref_s) = distinct(acc_at, ref_at);
    let accept = acc_s.map_or(format!("no height range met the {bound} for ACCEPT"), |a| {
        format!("ACCEPT at height ≥ {a}")
    });
    let refuse = ref_s.map_or("none for REFUSED".to_string(), |v| {
        format!("REFUSED at ≤ {v}")
    });
    let rule = if t.accept.is_some() || t.refuse.is_some() {
        format!(" ({bound})")
    } else {
        String::new()
    };
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

#[cfg(test)]
mod tests {
    use crate::{AuditRequest, Mode, Scorer};

    /// The explanation of an answer whose weakest claim is contradicted, from `text` and
    /// `context` with the prompt `prompt`.
    fn explained(text: &str, prompt: &str, context: &str) -> String {
        let req = AuditRequest {
            text: text.into(),
            prompt: Some(prompt.into()),
            context: Some(context.into()),
            ..Default::default()
        };
        Scorer::embedded().audit(&req, Mode::Local, 0.0).explanation
    }

    #[test]
    fn a_claim_that_contradicts_itself_cites_only_its_closest_sentence() {
        let ctx =
            "Winter sailings (1 October – 31 March). Departs Carrick Island: Mon–Sat: 08:40, \
                   18:25; Sunday: 11:10, 16:10.";
        let q = "I'm coming back on 12 October 2025. What's the last ferry?";
        let own = explained(
            "12 October 2025 falls on a Saturday, so the last ferry is the 18:25.",
            q,
            ctx,
        );
        assert!(own.contains("is contradicted"), "{own}");
        assert!(own.contains("the closest source sentence is"), "{own}");
        assert!(!own.contains("the source sentence it contradicts"), "{own}");
        // A value the sources state otherwise cites the sentence that states it.
        let swapped = explained("The last Sunday ferry is the 18:25.", q, ctx);
        assert!(
            swapped.contains("the source sentence it contradicts is"),
            "{swapped}"
        );
    }
}
