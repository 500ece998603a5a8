//! Deontic modality: a verb the claim permits that its aligned sentence prohibits, or the
//! other way round ([`deontic_verbs`], read by `Request::deontic`).
//!
//! "Ibuprofen can be taken with it" against "Do not take this medicine with … ibuprofen", and
//! "it's fine to unplug it if the update takes too long" against "Do not unplug the router
//! during the update", state the same event with the opposite deontic force: permission and
//! prohibition are duals (a prohibition of p is the negation of the permission of p; von
//! Wright 1951, "Deontic Logic", *Mind* 60(237)), so the claim denies what the source states.
//! The polarity rule (`polarity_mismatch`) misses these: the claim carries no "not", and the
//! clause it restates is often longer than half of it.

use super::*;

/// The deontic force of a verb: permitted ("You can take it", "may be taken", "it is fine to
/// unplug it") or prohibited ("Do not take", "must not be unplugged", "never unplug", "avoid
/// taking").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Deontic {
    /// Allowed: a modal of permission or an adjective of it before "to".
    Permitted,
    /// Forbidden: a negated modal or imperative, "never", "cannot", or "avoid" with a gerund.
    Prohibited,
}

/// Modals of permission before a verb ("can take", "may be taken").
const PERMISSION_MODALS: &[&str] = &["can", "may", "could"];

/// Adjectives of permission before "to" and a verb ("it's fine to unplug", "safe to take").
const PERMISSION_ADJECTIVES: &[&str] =
    &["fine", "ok", "okay", "safe", "allowed", "permitted", "free"];

/// Modals that a following "not" (or their "-n't" form) turns into a prohibition ("must not",
/// "should not", "can not"; "ca" is the head of "can't"). "do not" and "never" forbid only as an
/// imperative, where they open a clause ([`IMPERATIVE_HEADS`]): "this list does not include",
/// "if you do not take", "it never rains" state facts. Not "may not" (a possibility as often:
/// "the list may not include every side effect").
const PROHIBITION_HEADS: &[&str] = &["must", "should", "can", "ca"];

/// Words that forbid where they open a clause ("Do not unplug …", "Don't give …", "Never
/// leave …").
const IMPERATIVE_HEADS: &[&str] = &["do", "never"];

/// Words that may stand between a deontic marker and its verb ("can be taken", "can safely
/// take", "fine to unplug", "do not ever").
const BETWEEN: &[&str] = &[
    "be", "also", "safely", "still", "ever", "always", "then", "to",
];

/// The verbs a deontic marker governs in `toks` (offsets in `text`), as (the verb's token
/// index, its force), in order: a marker of [`PERMISSION_MODALS`] not followed by a negation,
/// one of [`PERMISSION_ADJECTIVES`] before "to", or a prohibition ("cannot", "not" or "-n't"
/// after one of [`PROHIBITION_HEADS`], or at the opening of a clause ([`opens_clause`]) "never",
/// "do not" or "don't"), then past the words of [`BETWEEN`] a lower-case
/// word of three or more letters that is no stop word, with only spaces or an opening quote
/// between; or "avoid"
/// and a gerund ("avoid taking"). A capitalised "May" inside a sentence is the month.
pub(super) fn deontic_verbs(text: &str, toks: &[Token<'_>]) -> Vec<(usize, Deontic)> {
    let is = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let among = |j: usize, list: &[&str]| list.iter().any(|w| is(j, w));
    let negated_after = |j: usize| {
        is(j + 1, "not")
            || toks
                .get(j + 1)
                .is_some_and(|t| t.raw.ends_with("n't") || t.raw.ends_with("n’t"))
    };
    // Between marker and verb only spaces, or an opening quote ("cannot ‘get rid’ of").
    let adjacent = |j: usize| {
        matches!(
            gap(text, toks, j - 1, j).trim(),
            "" | "'" | "‘" | "\"" | "“"
        )
    };
    let imperative = |j: usize| opens_clause(text, toks, j) && among(j, IMPERATIVE_HEADS);
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !t.sentence_start && t.raw.starts_with(|c: char| c.is_uppercase()) {
            continue;
        }
        let head_nt = [t.raw.strip_suffix("n't"), t.raw.strip_suffix("n’t")]
            .into_iter()
            .flatten()
            .any(|h| {
                PROHIBITION_HEADS.iter().any(|p| h.eq_ignore_ascii_case(p))
                    || (h.eq_ignore_ascii_case("do") && opens_clause(text, toks, i))
            });
        let not_after = |heads: &[&str]| is(i, "not") && i > 0 && among(i - 1, heads);
        let force = if (is(i, "never") && imperative(i))
            || is(i, "cannot")
            || head_nt
            || not_after(PROHIBITION_HEADS)
            || (not_after(&["do"]) && imperative(i - 1))
        {
            Deontic::Prohibited
        } else if is(i, "avoid") {
            let gerund = toks
                .get(i + 1)
                .is_some_and(|g| g.raw.len() > 5 && g.raw.ends_with("ing"));
            if gerund && gap(text, toks, i, i + 1).trim().is_empty() {
                out.push((i + 1, Deontic::Prohibited));
            }
            continue;
        } else if (among(i, PERMISSION_MODALS) && !negated_after(i))
            || (among(i, PERMISSION_ADJECTIVES) && is(i + 1, "to"))
        {
            Deontic::Permitted
        } else {
            continue;
        };
        let mut j = i + 1;
        while j < toks.len() && among(j, BETWEEN) && adjacent(j) {
            j += 1;
        }
        let verb = toks.get(j).is_some_and(|v| {
            v.raw.len() >= 3 && v.raw.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(v.raw)
        });
        if verb && adjacent(j) {
            out.push((j, force));
        }
    }
    out
}

/// Condition words in pairs of opposites, each pair's two sides at indices 2k and 2k + 1
/// ([`condition_side`]): a permission under one side is not denied by a prohibition under the
/// other ("Children over 12 can ride" against "Children under 12 cannot ride"; "with a visa"
/// against "without a visa").
pub(super) const CONDITION_OPPOSITES: [&str; 12] = [
    "over", "under", "with", "without", "before", "after", "above", "below", "more", "less", "if",
    "unless",
];

/// The index in [`CONDITION_OPPOSITES`] of the condition word `raw` (ASCII case ignored), its
/// opposite at the index with the last bit flipped. "within" is the side of "before": "within
/// 30 days" bounds a time from above as "before the 30th day" does, and "after 30 days" is the
/// other side ("a full refund within 30 days" against "after 30 days, not a refund").
pub(super) fn condition_side(raw: &str) -> Option<usize> {
    let raw = if raw.eq_ignore_ascii_case("within") {
        "before"
    } else {
        raw
    };
    CONDITION_OPPOSITES
        .iter()
        .position(|w| raw.eq_ignore_ascii_case(w))
}

/// The verb of the prohibition in the imperative that opens the clause `range` of `toks`
/// (offsets in `text`), as its index in `toks` ("Don't use `page` or `offset`" → "use"; "Do not
/// unplug …", "Never leave …"; [`deontic_verbs`]), or None: a directive, which has no truth value
/// for the sources to deny when they do not state the act (Searle 1976, "A classification of
/// illocutionary acts", *Language in Society* 5(1)). It is then judged against them by its
/// deontic force (`Request::deontic`), not by its polarity (`polarity_mismatch`).
pub(super) fn prohibited_verb(
    text: &str,
    toks: &[Token<'_>],
    range: &std::ops::Range<usize>,
) -> Option<usize> {
    let head = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let s = range.start;
    let imperative = head(s, "don't")
        || head(s, "don’t")
        || head(s, "never")
        || (head(s, "do") && head(s + 1, "not"));
    if !imperative {
        return None;
    }
    deontic_verbs(text, toks)
        .into_iter()
        .find(|&(j, f)| f == Deontic::Prohibited && range.contains(&j))
        .map(|(j, _)| j)
}

/// Whether token `i` of `toks` (offsets in `text`) opens a clause: it opens its sentence, or
/// follows a colon, a semicolon or a dash ("Warning: do not …"; "Take it with food; do not
/// …").
pub(super) fn opens_clause(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    toks[i].sentence_start
        || (i > 0 && matches!(gap(text, toks, i - 1, i), ":" | ";" | "-" | "–" | "—"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verbs `deontic_verbs` finds in `s`, as (word, force).
    fn verbs(s: &str) -> Vec<(&str, Deontic)> {
        let toks = tokens(s);
        deontic_verbs(s, &toks)
            .into_iter()
            .map(|(j, f)| (toks[j].raw, f))
            .collect()
    }

    #[test]
    fn permissions_and_prohibitions_govern_the_verb_after_them() {
        use Deontic::*;
        assert_eq!(
            verbs("Ibuprofen can be taken with it safely."),
            [("taken", Permitted)]
        );
        assert_eq!(verbs("It's fine to unplug it."), [("unplug", Permitted)]);
        assert_eq!(verbs("Do not unplug the router."), [("unplug", Prohibited)]);
        assert_eq!(
            verbs("You shouldn't combine them."),
            [("combine", Prohibited)]
        );
        assert_eq!(verbs("It cannot be returned."), [("returned", Prohibited)]);
        assert_eq!(verbs("You can not take it."), [("take", Prohibited)]);
        assert_eq!(
            verbs("Avoid taking it with food."),
            [("taking", Prohibited)]
        );
        assert_eq!(verbs("We can’t ‘get rid’ of it."), [("get", Prohibited)]);
        // No verb after the marker, a month, a noun: nothing.
        assert!(verbs("It opened in May and can, too.").is_empty());
        assert!(verbs("Never again.").is_empty());
        // "do not" and "never" inside a clause state a fact.
        assert!(verbs("This list does not include every effect.").is_empty());
        assert!(verbs("If you do not take it with food, it upsets.").is_empty());
        assert!(verbs("It never rains here.").is_empty());
        assert_eq!(
            verbs("Warning: never leave it on."),
            [("leave", Prohibited)]
        );
        // Each condition word's opposite is its pair's other side.
        let side = |w: &str| condition_side(w).expect("a condition word");
        assert_eq!(side("Over") ^ 1, side("under"));
        assert_eq!(side("without") ^ 1, side("with"));
        assert_eq!(side("Within"), side("before"));
        assert_eq!(side("within") ^ 1, side("after"));
        assert_eq!(condition_side("during"), None);
    }
}
