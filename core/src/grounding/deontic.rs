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

/// Auxiliaries that a following "not" (or their "-n't" form) turns into a prohibition ("do
/// not", "must not", "should not", "may not", "cannot"; "ca" is the head of "can't").
const PROHIBITION_HEADS: &[&str] = &["do", "does", "must", "should", "may", "can", "ca"];

/// Words that may stand between a deontic marker and its verb ("can be taken", "can safely
/// take", "fine to unplug", "do not ever").
const BETWEEN: &[&str] = &[
    "be", "also", "safely", "still", "ever", "always", "then", "to",
];

/// The verbs a deontic marker governs in `toks` (offsets in `text`), as (the verb's token
/// index, its force), in order: a marker of [`PERMISSION_MODALS`] not followed by a negation,
/// one of [`PERMISSION_ADJECTIVES`] before "to", or a prohibition ("never", "cannot", "not" or
/// "-n't" after one of [`PROHIBITION_HEADS`]), then past the words of [`BETWEEN`] a lower-case
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
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !t.sentence_start && t.raw.starts_with(|c: char| c.is_uppercase()) {
            continue;
        }
        let head_nt = [t.raw.strip_suffix("n't"), t.raw.strip_suffix("n’t")]
            .into_iter()
            .flatten()
            .any(|h| PROHIBITION_HEADS.iter().any(|p| h.eq_ignore_ascii_case(p)));
        let force = if is(i, "never")
            || is(i, "cannot")
            || head_nt
            || (is(i, "not") && i > 0 && among(i - 1, PROHIBITION_HEADS))
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
