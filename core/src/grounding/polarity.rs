//! Negation: the polarity of a claim against its aligned sentence ([`polarity_mismatch`]).

use super::*;

/// Verbal negation markers ("not", "never", "cannot"; with "-n't", "no longer", negative
/// pronouns and the determiner "no" in [`negation_at`]): a claim and its aligned sentence that
/// differ in them disagree in polarity.
pub(super) const NEGATIONS: &[&str] = &["not", "never", "cannot"];

/// Negative implicative verbs, lower case, in the forms that take a "to"-infinitive: "X failed
/// to qualify" entails "X did not qualify" (Karttunen 1971, "Implicative Verbs", *Language*
/// 47(2); the implication signatures of MacCartney and Manning 2009, "An extended model of
/// natural logic", §5). Before "to" each negates its clause as "not" does ([`negation_at`]),
/// so a claim that restates one with "not" agrees with it and one that affirms the complement
/// ("qualified") disagrees. Not "declined" or "failed" without "to" ("sales declined",
/// "the bank failed"); a negation right before one cancels it ("don't forget to check", "never
/// failed to win": [`negation_at`]).
pub(super) const NEGATIVE_IMPLICATIVES: &[&str] = &[
    "fail",
    "fails",
    "failed",
    "failing",
    "refuse",
    "refuses",
    "refused",
    "refusing",
    "decline",
    "declines",
    "declined",
    "declining",
    "neglect",
    "neglects",
    "neglected",
    "neglecting",
    "forget",
    "forgets",
    "forgot",
    "forgetting",
];

/// Whether a claim's polarity disagrees with its sources, judged per clause: the polarity of a
/// proposition attaches to its predicate, so one sentence can affirm one thing and deny another
/// ("In 2006 the IAU reclassified Pluto as a dwarf planet, so it is no longer considered a planet";
/// "Penguins are birds but they cannot fly"). `claim_toks` are the claim's tokens (offsets in
/// `text`; with `flip`, every clause of it is read with the other polarity: a question answered
/// "No"; `claim_clauses` its clauses, [`ClaimClauses`]), `negated` whether it holds a
/// negation, `candidates` the aligned source sentences that carry most of the claim. Each
/// clause of the claim ([`clause_ranges`]) is matched to the source clauses holding most of its content words (names left out: the clauses of one sentence share a
/// subject, often through a pronoun; a clause with no content word, "No, Holly Hunter wasn't in
/// Saving Grace", by its names), ties broken by the share of the source clause's own words it
/// restates; the claim disagrees when, for some clause of it, every best-matched source clause has
/// the other polarity and the affirmed clause holds at least half of the negated one's words (the
/// denied proposition is the one the other side states). When no clause of the claim shares a
/// content word with the sources (a claim of names and numbers only), the claim's polarity is
/// compared with the best sentence's, as a whole.
#[allow(clippy::too_many_arguments)]
pub(super) fn polarity_mismatch(
    index: &SourceIndex<'_>,
    (text, claim_toks, flip): (&str, &[Token<'_>], bool),
    claim_clauses: &ClaimClauses,
    (context, context_tokens): (&str, &[Token<'_>]),
    lower_vocab: &LowerVocab<'_>,
    candidates: &[u32],
    negated: bool,
) -> bool {
    // Without a negation anywhere every clause is affirmed: nothing can disagree. (A negated
    // claim against affirmed sources still needs its clauses: a negated clause that shares no
    // content word with them is not judged. "…a pain and fever reliever, not an antibiotic"
    // affirms what the sources state and denies what they do not mention.)
    if !negated && !candidates.iter().any(|&t| index.sent_neg[t as usize]) {
        return false;
    }
    let sources: Vec<ClauseKeys<'_>> =
        sentence_clauses(index, candidates, (context, context_tokens), lower_vocab)
            .into_iter()
            .map(|(c, _)| c)
            .collect();
    let mut judged = false;
    let ranges = split_coordinated_negation(
        text,
        claim_toks,
        claim_clauses.get_or_init(|| clause_ranges(text, claim_toks)),
    );
    let clauses = clause_words(text, claim_toks, &ranges, lower_vocab, false);
    let neighbours = std::cell::OnceCell::new();
    for (ci, (clause, range)) in clauses.iter().zip(&ranges).enumerate() {
        // A prohibition ("Don't use `page` or `offset`") is a directive: judged by its
        // deontic force, not denied by a source that states what the forbidden act does
        // without stating the act. One whose verb a source clause states ("Don't unplug the
        // router" against "Unplug the router before cleaning it") is judged here.
        if clause.negated && !flip {
            if let Some(j) = prohibited_verb(text, claim_toks, range) {
                let verb = inflection_stem(normal_form(lower_cow(claim_toks[j].raw)));
                if !sources.iter().any(|src| src.words.contains(&verb)) {
                    judged = true;
                    continue;
                }
            }
        }
        // A clause of names alone ("Holly Hunter wasn't in Saving Grace") is matched by its
        // names: it says nothing else.
        let by_names = clause.words.is_empty();
        let words = if by_names {
            &clause.names
        } else {
            &clause.words
        };
        // Best source clauses by (claim words held, share of the clause's words): compared as
        // held_a * len_b against held_b * len_a, exactly.
        let (mut best, mut agree, mut disagree) = ((0usize, 1usize), false, false);
        for src in &sources {
            // A source clause negated only by a "no" phrase whose words an affirmed claim
            // clause lacks does not deny that clause (`ClauseKeys::negates_for`: "Returns are
            // free" against "There is no charge for returns"). Only that way round: "… has no
            // nickname" denies what the sources affirm by other words, and a negated claim
            // clause still agrees with a negated source clause.
            let claim_neg = clause.negated != flip;
            let src_neg = &if claim_neg {
                src.negated
            } else {
                src.negates_for(clause)
            };
            let src_words = if by_names { &src.names } else { &src.words };
            // (A capitalised word is a name mid-sentence and a content word where it opens a
            // sentence: "Yes, Python 3.0 is …" against "Python 3.0, released in 2008, …"
            // holds "python" too.)
            let held = words
                .iter()
                .filter(|w| src_words.binary_search(w).is_ok())
                .count()
                + if by_names {
                    0
                } else {
                    clause
                        .names
                        .iter()
                        .filter(|n| src.words.binary_search(n).is_ok())
                        .count()
                };
            if held == 0 {
                continue;
            }
            let len = src_words.len();
            let cmp = held.cmp(&best.0).then((held * best.1).cmp(&(best.0 * len)));
            if cmp.is_gt() {
                (best, agree, disagree) = ((held, len), false, false);
            }
            if cmp.is_ge() {
                // A clause of the other polarity disagrees when the other side states at least
                // half of the negated clause's words: "did not publish under her own name during
                // her lifetime" denies the name, not "was published in 1813"; "Warren Bryant
                // was not a CEO" denies all it says.
                let negated_len = match (*src_neg, by_names) {
                    (true, false) => src.own.0,
                    (true, true) => src.own.1,
                    (false, _) => words.len(),
                };
                // A source clause that a sibling clause of the claim restates with its own
                // polarity and more of its words, holding every word this clause holds of it,
                // is that sibling's when this clause is said of the rest ([`REST_WORDS`]) and a
                // source sentence next to it states a clause of this clause's polarity of the
                // rest too, sharing a word with it: the sources affirm the predicate of one
                // thing and deny it of the rest side by side, and so does the claim. "You'll be
                // charged the first night's rate, but the other two nights won't be charged"
                // against "… will be charged the first night's room rate. The remainder of the
                // stay will not be charged." Not against a universal ("charged the room rate
                // for every night"), nor a neighbour that denies it of another thing
                // ("Breakfast will not be charged").
                let sibling_states = |src_words: &[Cow<'_, str>]| {
                    let holds = |c: &ClauseKeys<'_>, w: &Cow<'_, str>| c.words.contains(w);
                    // (The sibling states the source clause's numbers and ordinals too: "the
                    // first month's fees" does not restate "the first three months' fees", nor
                    // "the first night's" "the first and second nights'".)
                    clauses.iter().enumerate().any(|(cj, other)| {
                        cj != ci
                            && (other.negated != flip) == *src_neg
                            && src.times.iter().all(|t| other.times.contains(t))
                            && src
                                .words
                                .iter()
                                .filter(|w| ordinal_word(w))
                                .all(|w| holds(other, w))
                            && src_words
                                .iter()
                                .filter(|w| holds(clause, w))
                                .all(|w| holds(other, w))
                            && src_words.iter().filter(|w| holds(other, w)).count() > held
                    }) && neighbours
                        .get_or_init(|| {
                            neighbour_clauses(
                                index,
                                candidates,
                                context,
                                context_tokens,
                                lower_vocab,
                            )
                        })
                        .iter()
                        .any(|(n, rest)| {
                            *rest
                                && n.negated == claim_neg
                                && n.words.iter().any(|w| holds(clause, w))
                        })
                };
                if *src_neg == claim_neg
                    || 2 * held < negated_len
                    || (!by_names
                        && !src.universal
                        && names_rest(&claim_toks[range.clone()])
                        && sibling_states(src_words))
                    || clause.restates_by_antonym(src)
                    || (claim_neg && !*src_neg && src.leaves_optional(clause))
                    || (claim_neg && clause.no_longer && !*src_neg && src.ceases)
                    || (!claim_neg && clause.ceases && *src_neg && src.no_longer)
                    || clause.excludes_what(src, (claim_neg, *src_neg))
                    || clause.states_other_condition(src)
                    || (claim_neg && clause.universal_unlike(src))
                {
                    agree = true;
                } else {
                    disagree = true;
                }
            }
        }
        judged |= agree || disagree;
        if disagree && !agree {
            return true;
        }
    }
    !judged && negated != index.sent_neg_main[candidates[0] as usize]
}

/// Words that say a clause is about what is left of a whole once one part is named ("the
/// other nights", "the remainder of the stay"; [`polarity_mismatch`]), lower case.
const REST_WORDS: &[&str] = &[
    "rest",
    "remainder",
    "remaining",
    "other",
    "others",
    "balance",
    "subsequent",
    "following",
    "later",
];

/// Whether the tokens `toks` hold a word of [`REST_WORDS`].
fn names_rest(toks: &[Token<'_>]) -> bool {
    toks.iter()
        .any(|t| REST_WORDS.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
}

/// The clauses ([`clause_words`]) of the source sentences next to the `candidates` (indices
/// into `index.spans`) that are not candidates themselves, each with whether its sentence is
/// said of the rest ([`names_rest`]), read by [`polarity_mismatch`].
fn neighbour_clauses<'c>(
    index: &SourceIndex<'_>,
    candidates: &[u32],
    context: &'c str,
    context_tokens: &[Token<'c>],
    lower_vocab: &LowerVocab<'_>,
) -> Vec<(ClauseKeys<'c>, bool)> {
    let mut near: Vec<u32> = candidates
        .iter()
        .flat_map(|&t| [t.checked_sub(1), t.checked_add(1)])
        .flatten()
        .filter(|t| (*t as usize) < index.spans.len() && !candidates.contains(t))
        .collect();
    near.sort_unstable();
    near.dedup();
    sentence_clauses(index, &near, (context, context_tokens), lower_vocab)
}

/// The clauses ([`clause_words`], an elliptical one with the words of the one before) of the
/// source sentences `ids` (indices into `index.spans`), in order, each with whether its
/// sentence is said of the rest ([`names_rest`]); the clauses of a question the next sentence
/// answers "No" are negated ([`SourceIndex::sent_answered_no`]).
fn sentence_clauses<'c>(
    index: &SourceIndex<'_>,
    ids: &[u32],
    (context, context_tokens): (&'c str, &[Token<'c>]),
    lower_vocab: &LowerVocab<'_>,
) -> Vec<(ClauseKeys<'c>, bool)> {
    ids.iter()
        .flat_map(|&t| {
            let toks = span_tokens(context_tokens, index.spans[t as usize]);
            let rest = names_rest(toks);
            // A question answered "No" denies each of its clauses.
            let denied = index.sent_answered_no[t as usize];
            clause_words(
                context,
                toks,
                &split_coordinated_negation(context, toks, &clause_ranges(context, toks)),
                lower_vocab,
                true,
            )
            .into_iter()
            .map(move |mut c| {
                c.negated |= denied;
                (c, rest)
            })
        })
        .collect()
}

/// Whether the clause `toks` (offsets in `text`) holds a negation ([`negation_at`]), as
/// [`sentence_keys`] reads one.
pub(super) fn negates(text: &str, toks: &[Token<'_>]) -> bool {
    (0..toks.len()).any(|i| negation_at(text, toks, i))
}

/// Whether `toks[i]` (offsets in `text`) negates its clause: a verbal negation ([`NEGATIONS`],
/// "-n't", "no longer"), a negative implicative verb before "to" ([`NEGATIVE_IMPLICATIVES`]:
/// "failed to win"), a negative pronoun ("nobody", "nothing", "none"), or "no" as the
/// determiner of a noun ("no peace treaty was ever concluded"). Not "no" as a yes/no answer
/// (punctuation follows it: "No, it is closed"), nor in "no other" (a superlative restated: "no
/// other river carries as much"), "no more/less than" (a bound), "no doubt" or "no matter";
/// nor "not only"/"not just" (an addition: "not only the largest but also the longest"); nor
/// "no" after "with" ("with no extra benefit": as "without" before a noun, below, an adjunct);
/// nor a negation that "without" follows within its clause, a double negation that affirms
/// ("Pets are not permitted without the landlord's consent" states that they are, with it:
/// "only with consent"; Horn 1989, *A Natural History of Negation*, on "without" as a negative
/// preposition). "without" before a noun is no negation here: it is as often an adjunct
/// ("abandoned without food") as a denial; before a gerund it denies the event
/// ([`without_gerund`]: "without receiving a degree"). Nor "no" before a weekday ("no Sunday
/// hours are listed", [`closed_weekdays`]): a day a schedule leaves out, which a list of
/// opening hours states by not listing it. Nor a negation before "until" ([`until_follows`]:
/// "does not open until 10am" states the opening at 10am).
pub(super) fn negation_at(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let day_left_out =
        toks[i].raw.eq_ignore_ascii_case("no") && toks.get(i + 1).is_some_and(names_weekday);
    negation_word_at(text, toks, i)
        && !without_follows(text, toks, i)
        && !until_follows(text, toks, i)
        && !implicative_double_negation(text, toks, i)
        && !day_left_out
}

/// Whether `toks[i]` is a negative implicative before "to" ([`NEGATIVE_IMPLICATIVES`]).
pub(super) fn implicative_at(toks: &[Token<'_>], i: usize) -> bool {
    toks.get(i + 1)
        .is_some_and(|n| n.raw.eq_ignore_ascii_case("to"))
        && NEGATIVE_IMPLICATIVES
            .iter()
            .any(|n| toks[i].raw.eq_ignore_ascii_case(n))
}

/// Whether the negation `toks[i]` is one of a pair that affirms: a negation within two tokens
/// before a negative implicative, and that implicative ("don't forget to check" is "check";
/// "never failed to win" is "always won"; Karttunen 1971 on negated implicatives).
pub(super) fn implicative_double_negation(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if implicative_at(toks, i) {
        (i.saturating_sub(2)..i)
            .any(|j| !implicative_at(toks, j) && negation_word_at(text, toks, j))
    } else {
        (i + 1..(i + 3).min(toks.len())).any(|j| implicative_at(toks, j))
    }
}

/// How many tokens after a negation a cancelling "without" may stand: "cannot enter the building
/// without" is four.
pub(super) const WITHOUT_WINDOW: usize = 4;

/// Whether "without" follows `toks[i]` (offsets in `text`) within [`WITHOUT_WINDOW`] tokens and
/// no comma, semicolon or colon between them.
pub(super) fn without_follows(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    for j in i + 1..toks.len().min(i + 1 + WITHOUT_WINDOW) {
        if gap(text, toks, j - 1, j).contains([',', ';', ':']) {
            return false;
        }
        if toks[j].raw.eq_ignore_ascii_case("without") {
            return true;
        }
    }
    false
}

/// How many tokens after a negation the "until" of a "not … until" may stand: "isn't due to be
/// removed until" is five.
pub(super) const UNTIL_WINDOW: usize = 6;

/// Whether "until" or "till" follows the negation `toks[i]` (offsets in `text`) within
/// [`UNTIL_WINDOW`] tokens and no punctuation between them: "not … until X" asserts the event
/// at X and denies it only before ("the museum does not open until 10am" states that it opens
/// at 10am; "it isn't due to be removed until 4.0" that it will be removed in 4.0: Karttunen
/// 1974, "Until", *CLS* 10; de Swart 1996, "Meaning and use of not … until", *Journal of
/// Semantics* 13), so the negation does not deny its clause ([`negation_at`]). A claim that
/// the event happens at another time is judged by its number or date, one that it never
/// happens ("it will not be removed") disagrees with the source's affirmed event.
pub(super) fn until_follows(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    for j in i + 1..toks.len().min(i + 1 + UNTIL_WINDOW) {
        if gap(text, toks, j - 1, j).contains([',', ';', ':', '.', '!', '?', '(', ')']) {
            return false;
        }
        if toks[j].raw.eq_ignore_ascii_case("until") || toks[j].raw.eq_ignore_ascii_case("till") {
            return true;
        }
    }
    false
}

/// Whether `toks[i]` is a "without" that denies an event: a gerund follows it ("studied
/// engineering without receiving a degree": no degree was received; a lower-case word of five
/// letters or more ending in "-ing"), and no negation stands before it within
/// [`WITHOUT_WINDOW`] tokens of its clause (there it cancels that negation: "cannot enter
/// without showing a pass", [`negation_at`]). It opens a clause of its own
/// ([`clause_ranges`]), so what the rest of the sentence affirms stays affirmed. "without"
/// before a noun ("abandoned without food") is an adjunct, no negation.
pub(super) fn without_gerund(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if !is_without_gerund(toks, i) {
        return false;
    }
    for j in (i.saturating_sub(WITHOUT_WINDOW)..i).rev() {
        if gap(text, toks, j, j + 1).contains([',', ';', ':']) {
            return true;
        }
        if negation_word_at(text, toks, j) {
            return false;
        }
    }
    true
}

/// Whether `raw` has the form of a gerund or present participle: a lower-case word of five
/// letters or more ending in "-ing" ("receiving", not "king" nor "Reading").
pub(super) fn gerund_form(raw: &str) -> bool {
    raw.len() >= 5 && raw.ends_with("ing") && raw.bytes().all(|b| b.is_ascii_lowercase())
}

/// Whether "with" at token `i` of `toks` opens an absolute clause, a subject and a participle of
/// its own ("…, with police recovering about £3,000"): a word of [`gerund_form`] (not a
/// preposition such as "including", "during", "according", nor "nothing" and its kin) within
/// the next four tokens.
pub(super) fn opens_absolute(toks: &[Token<'_>], i: usize) -> bool {
    toks.iter().skip(i + 1).take(4).any(|n| {
        gerund_form(n.raw)
            && !matches!(
                n.raw,
                "including"
                    | "during"
                    | "according"
                    | "regarding"
                    | "concerning"
                    | "following"
                    | "excluding"
                    | "nothing"
                    | "something"
                    | "anything"
                    | "everything"
            )
    })
}

/// Whether `toks[i]` is "without" followed by a gerund ([`gerund_form`]: "without receiving",
/// not "without food").
pub(super) fn is_without_gerund(toks: &[Token<'_>], i: usize) -> bool {
    toks[i].raw.eq_ignore_ascii_case("without")
        && toks.get(i + 1).is_some_and(|n| gerund_form(n.raw))
}

/// Whether `toks[i]` is a negation word as [`negation_at`] reads one, before a following
/// "without" is considered.
pub(super) fn negation_word_at(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    // Compared without lower-casing: this runs for every token of the request.
    let raw = toks[i].raw;
    let is = |w: &str| raw.eq_ignore_ascii_case(w);
    let tail = raw.len().checked_sub(3).and_then(|at| raw.get(at..));
    if is("not") {
        // "not only …, but also", "not just": an addition, no denial.
        let next_is = |w: &str| {
            toks.get(i + 1)
                .is_some_and(|n| n.raw.eq_ignore_ascii_case(w))
        };
        return !(next_is("only") || next_is("just") || subclausal_not(text, toks, i));
    }
    if NEGATIONS.iter().any(|n| is(n)) || tail.is_some_and(|t| t.eq_ignore_ascii_case("n't")) {
        return true;
    }
    // Capitalised inside a sentence, it is part of a name ("No Child Left Behind Act").
    let in_name = !toks[i].sentence_start && raw.starts_with(|c: char| c.is_uppercase());
    if in_name {
        return false;
    }
    if is("nobody") || is("nothing") || is("none") {
        return true;
    }
    if implicative_at(toks, i) {
        return true;
    }
    if is("without") {
        return without_gerund(text, toks, i);
    }
    if !is("no") {
        return false;
    }
    // "with no" before a noun is "without" before one: an adjunct, no denial of the clause
    // ("walking was linked to a lower risk, with no extra benefit above 10,000 steps").
    if i > 0
        && toks[i - 1].raw.eq_ignore_ascii_case("with")
        && gap(text, toks, i - 1, i).trim().is_empty()
    {
        return false;
    }
    let Some(next) = toks.get(i + 1).filter(|n| !n.is_number) else {
        return false;
    };
    let gap = &text[toks[i].start + raw.len()..next.start];
    gap.trim().is_empty()
        && !["other", "more", "less", "fewer", "doubt", "matter"]
            .iter()
            .any(|w| next.raw.eq_ignore_ascii_case(w))
}

/// Auxiliary and modal verbs, after which "not" negates the clause ([`subclausal_not`]).
pub(super) const AUXILIARIES: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "have", "has",
    "had", "can", "could", "will", "would", "shall", "should", "may", "might", "must",
];

/// Prepositions that open the phrase a subclausal "not" denies ([`subclausal_not`]).
pub(super) const NOT_PREPOSITIONS: &[&str] = &[
    "in", "on", "at", "from", "for", "of", "with", "by", "under", "over", "near", "into", "about",
    "after", "before", "during", "through", "within", "among", "between",
];

/// Determiners that open the noun phrase of an amount a "(not …)" bracket sets aside ("(not
/// the £250 standard excess)"; [`subclausal_not`], and the claim's `without_asides`).
pub(super) const ASIDE_DETERMINERS: &[&str] = &["the", "a", "an", "your", "its", "their"];

/// Whether the "not" at `toks[i]` is subclausal: it denies the prepositional phrase it opens,
/// not its clause ("the first film not in English to win Best Picture" affirms that it won),
/// as when it follows a word other than an auxiliary or modal verb (none of the two words
/// before it is one, nor a contraction of one, "it's") with no punctuation between, and a
/// preposition follows it. After a comma or a coordinator it opens an elliptical clause that
/// denies ([`clause_ranges`]: "…for the photoelectric effect, not for his theory of
/// relativity"; "served in the war but not in the battle"). Opening a sentence before a
/// preposition or "because" it is an elliptical reply that denies that phrase ("Not because of
/// the interest."), unless an auxiliary follows the phrase, a negative inversion that denies
/// its clause ("Not in 2020 did the company turn a profit"). Opening a bracket before a
/// determiner or a number, with a number in the bracket, it sets an amount aside ("the £500
/// escape of water excess (not the £250 standard excess)"). Opening the sentence, alone or
/// after one adverb in "-ly", before punctuation, it is a reply particle ("Unfortunately not —
/// the pass is only for pay monthly customers"): it answers as "No," does and denies nothing of
/// the clause after it. Clausal negation is marked on the
/// verb group; "not" elsewhere negates a constituent (Huddleston and Pullum 2002, *The Cambridge Grammar of the English
/// Language*, ch. 9 §1, clausal vs subclausal negation).
pub(super) fn subclausal_not(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    // A reply particle, "not" opening the sentence alone or after one adverb in "-ly", then
    // punctuation ("Unfortunately not — the pass is only for …", "Sadly not, …"): it answers
    // the question as "No," does and denies nothing of the clause after it.
    let opens_reply = toks[i].sentence_start
        || (i >= 1 && toks[i - 1].sentence_start && {
            let w = toks[i - 1].raw;
            w.len() > 4 && w.ends_with("ly") && gap(text, toks, i - 1, i).trim().is_empty()
        });
    let after = match toks.get(i + 1) {
        Some(_) => gap(text, toks, i, i + 1),
        None => text[toks[i].start + toks[i].raw.len()..].trim_start(),
    };
    if opens_reply && after.contains([',', ';', ':', '.', '!', '—', '–']) {
        return true;
    }
    let Some(next) = toks.get(i + 1) else {
        return false;
    };
    // A sentence that opens with "Not" and a preposition or "because" is an elliptical reply
    // denying a constituent ("Not because of the interest — $1,350 is below the threshold.",
    // "Not in winter."), no clause of its own to deny.
    if toks[i].sentence_start {
        if next.raw.eq_ignore_ascii_case("because") {
            return true;
        }
        // A negative inversion ("Not in 2020 did the company turn a profit", "Not under any
        // circumstances should you …") negates its clause: an auxiliary after the phrase, before
        // any punctuation.
        let inverted = (i + 2..toks.len())
            .take_while(|&k| {
                !gap(text, toks, k - 1, k).contains([',', ';', ':', '.', '!', '?', '—', '–', '-'])
            })
            .any(|k| {
                AUXILIARIES
                    .iter()
                    .any(|a| toks[k].raw.eq_ignore_ascii_case(a))
            });
        return !inverted
            && NOT_PREPOSITIONS
                .iter()
                .any(|p| next.raw.eq_ignore_ascii_case(p));
    }
    // A bracket that opens with "not" and a noun phrase of an amount sets an alternative
    // aside ("so you'd pay the £500 escape of water excess (not the £250 standard excess)"): a
    // contrastive negation of a constituent, no clause that denies what the sources state of
    // it. Not a bracket without a number: "(not a refundable one)" denies a property.
    if i >= 1
        && gap(text, toks, i - 1, i).trim_end().ends_with('(')
        && (next.is_number
            || ASIDE_DETERMINERS
                .iter()
                .any(|d| next.raw.eq_ignore_ascii_case(d)))
        && toks[i + 1..]
            .iter()
            .enumerate()
            .take_while(|&(k, _)| !gap(text, toks, i + k, i + k + 1).contains(')'))
            .any(|(_, t)| t.is_number)
    {
        return true;
    }
    if i == 0
        || ["but", "and", "or", "yet", "nor"]
            .iter()
            .any(|c| toks[i - 1].raw.eq_ignore_ascii_case(c))
        || !NOT_PREPOSITIONS
            .iter()
            .any(|p| next.raw.eq_ignore_ascii_case(p))
        || !gap(text, toks, i - 1, i).trim().is_empty()
    {
        return false;
    }
    let auxiliary = |t: &Token<'_>| {
        let raw = t.raw;
        AUXILIARIES.iter().any(|a| raw.eq_ignore_ascii_case(a))
            || [
                "'s", "'re", "'m", "'ll", "'d", "'ve", "’s", "’re", "’m", "’ll", "’d", "’ve",
            ]
            .iter()
            .any(|c| {
                raw.len() > c.len()
                    && raw
                        .get(raw.len() - c.len()..)
                        .is_some_and(|tail| tail.eq_ignore_ascii_case(c))
            })
    };
    !toks[i.saturating_sub(2)..i].iter().any(auxiliary)
}

/// Words that claim a predicate holds without exception ("open every day", "all of its
/// members", "always free").
pub(super) const UNIVERSALS: &[&str] = &["all", "always", "daily", "every", "everyday"];

/// Words that open an exception to a predicate ("open daily, except on Mondays").
pub(super) const EXCEPTIONS: &[&str] = &["except", "excepting", "excluding"];

/// Whether `raw` is a word of [`EXCEPTIONS`] (ASCII case-insensitive).
pub(super) fn is_exception_word(raw: &str) -> bool {
    EXCEPTIONS.iter().any(|e| raw.eq_ignore_ascii_case(e))
}

/// A universal claim against a sentence that states an exception: the claim `claim_toks`
/// holds a word of [`UNIVERSALS`] not denied ("not every" claims no universal) and no word
/// of [`EXCEPTIONS`], while the best aligned sentence `sent_toks` holds one of the latter:
/// Some((the universal word, the exception word)). "Yes, it is open every day of the week."
/// against "The museum is open daily from 9 am to 5 pm, except on Mondays" (a universal
/// statement is contradicted by a single counterexample; the exception states one). The caller
/// judges it only when the sentence carries most of the claim.
pub(super) fn universal_excepted<'c, 's>(
    claim_toks: &[Token<'c>],
    sent_toks: &[Token<'s>],
) -> Option<(&'c str, &'s str)> {
    let is_in = |words: &[&str], raw: &str| words.iter().any(|w| raw.eq_ignore_ascii_case(w));
    if claim_toks.iter().any(|t| is_exception_word(t.raw)) {
        return None;
    }
    let universal = (0..claim_toks.len()).find(|&i| {
        is_in(UNIVERSALS, claim_toks[i].raw)
            && !(i > 0 && is_in(&["not", "nearly", "almost"], claim_toks[i - 1].raw))
    })?;
    let exception = sent_toks.iter().find(|t| is_exception_word(t.raw))?;
    Some((claim_toks[universal].raw, exception.raw))
}

/// The exception the sentence `sent_toks` (offsets in `text`) states: the index of its first
/// word of [`EXCEPTIONS`] and the content words after it to the end of that exception (a ";", a
/// "." or a relative "which", "who" or "that"; at most 12 words), stop words and words of two
/// letters left out, each in [`normal_form`]. None when it states none.
pub(super) fn exception_words(text: &str, sent_toks: &[Token<'_>]) -> Option<(usize, Vec<String>)> {
    let at = sent_toks.iter().position(|t| is_exception_word(t.raw))?;
    let mut out = Vec::new();
    for j in at + 1..sent_toks.len().min(at + 13) {
        let t = &sent_toks[j];
        if ["which", "who", "that"]
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
            || (j > at + 1 && gap(text, sent_toks, j - 1, j).contains([';', '.']))
        {
            break;
        }
        if t.is_number || t.raw.chars().nth(2).is_none() || crate::text::is_stopword_raw(t.raw) {
            continue;
        }
        let w = normal_form(lower_cow(t.raw)).into_owned();
        if !out.contains(&w) {
            out.push(w);
        }
    }
    Some((at, out))
}

/// A rule applied to the very case the sentence excepts, the case the request asks about: the
/// sentence `sent_toks` (offsets in `context`) states an exception ([`exception_words`]), the
/// request names one of its words (`asked`: whether a word in [`normal_form`] is one of the
/// prompt's keys), and the claim `claim_toks` holds no word of [`EXCEPTIONS`] and none of the
/// exception's words, while two of its content words stand in the sentence before the
/// exception (it restates the rule): Some((the exception word, the excepted word the request
/// names)).
/// "Opened items are accepted within the 30-day window", asked about earbuds, against "Opened
/// items are accepted, except in-ear products (earbuds and in-ear monitors), which …": an
/// exception blocks a default rule for the cases it names (Reiter 1980, "A Logic for Default
/// Reasoning"), so the rule stated without it is false of the asker's case. The caller judges
/// it only when the sentence carries most of the claim.
pub(super) fn asked_case_excepted<'s>(
    claim_toks: &[Token<'_>],
    (context, sent_toks): (&str, &[Token<'s>]),
    asked: impl Fn(&str) -> bool,
) -> Option<(&'s str, String)> {
    if claim_toks.iter().any(|t| is_exception_word(t.raw)) {
        return None;
    }
    let (at, words) = exception_words(context, sent_toks)?;
    let excepted = words.iter().find(|w| asked(w))?;
    // The claim states the rule: two of its content words stand before the exception.
    let rule = &sent_toks[..at];
    let restated = claim_toks
        .iter()
        .filter(|t| !t.is_number && t.raw.chars().nth(2).is_some())
        .filter(|t| !crate::text::is_stopword_raw(t.raw))
        .filter(|t| rule.iter().any(|u| u.raw.eq_ignore_ascii_case(t.raw)))
        .count();
    if restated < 2 {
        return None;
    }
    let claimed = claim_toks.iter().filter(|t| !t.is_number).any(|t| {
        let form = normal_form(lower_cow(t.raw));
        words.iter().any(|w| *w == form)
    });
    if claimed {
        return None;
    }
    Some((sent_toks[at].raw, excepted.clone()))
}

/// Words after a noun that restrict it to some of its kind ("employees who have completed 12
/// months", "children under 12", "members with a premium plan").
pub(super) const RESTRICTORS: &[&str] = &[
    "who", "whose", "that", "with", "under", "over", "aged", "between", "above", "below",
];

/// A noun's normal form as the universal rules compare them ("Employees" → "employee").
fn noun_form(t: &Token<'_>) -> String {
    normal_form(lower_cow(t.raw)).into_owned()
}

/// The index of "all" or "every" in `toks` and the normal form of the noun it quantifies
/// (after an optional "of" and "the": "all of the employees"), when that noun is a word of
/// three letters or more, no stop word, and not restricted right after ([`RESTRICTORS`]: "all
/// employees who …" quantifies over some of them). Not after "nearly" or "almost"; after "not"
/// it is the universal that "not" denies.
pub(super) fn universal_noun(toks: &[Token<'_>]) -> Option<(usize, String)> {
    let is_in = |words: &[&str], raw: &str| words.iter().any(|w| raw.eq_ignore_ascii_case(w));
    let is = |t: Option<&Token<'_>>, w: &str| t.is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    (0..toks.len()).find_map(|i| {
        if !is_in(&["all", "every"], toks[i].raw)
            || (i > 0 && is_in(&["nearly", "almost"], toks[i - 1].raw))
        {
            return None;
        }
        let mut j = i + 1;
        if is(toks.get(j), "of") {
            j += 1;
        }
        if is(toks.get(j), "the") {
            j += 1;
        }
        let n = toks.get(j)?;
        let word = n.raw.len() > 2 && n.raw.chars().all(char::is_alphabetic);
        let restricted = toks.get(j + 1).is_some_and(|t| is_in(RESTRICTORS, t.raw));
        (word && !crate::text::is_stopword_raw(n.raw) && !restricted).then(|| (i, noun_form(n)))
    })
}

/// The normal forms of the nouns that `toks` restricts: a word right before a word of
/// [`RESTRICTORS`] ("Employees who have completed …", "children under 12").
pub(super) fn restricted_nouns(toks: &[Token<'_>]) -> Vec<String> {
    toks.windows(2)
        .filter_map(|w| restricted_noun(&w[0], &w[1]))
        .collect()
}

/// The normal form of `noun` when `next` restricts it ([`restricted_nouns`]).
pub(super) fn restricted_noun(noun: &Token<'_>, next: &Token<'_>) -> Option<String> {
    (RESTRICTORS.iter().any(|r| next.raw.eq_ignore_ascii_case(r))
        && noun.raw.chars().all(char::is_alphabetic))
    .then(|| noun_form(noun))
}

/// A universal claim about a kind against a sentence that states it of some of that kind only:
/// the claim `claim_toks` says "all N" or "every N" (N a word, after an optional "the" or "of
/// the"), with no restriction of its own after N ([`RESTRICTORS`]), and no exception; the best
/// aligned sentence `sent_toks` names N restricted ("Employees who have completed at least 12
/// months … are eligible for 16 weeks of fully paid leave") and quantifies nothing
/// universally. Some((the universal word, the restrictor)). "All employees receive 16 weeks of
/// fully paid leave" generalises what the sentence limits (a restrictive relative clause or
/// prepositional phrase narrows the noun's reference, Huddleston & Pullum 2002, ch. 12), as a
/// universal against an exception does ([`universal_excepted`]). The caller judges it only when
/// the sentence carries most of the claim.
pub(super) fn universal_restricted<'c, 's>(
    claim_toks: &[Token<'c>],
    sent_toks: &[Token<'s>],
) -> Option<(&'c str, &'s str)> {
    let is_in = |words: &[&str], raw: &str| words.iter().any(|w| raw.eq_ignore_ascii_case(w));
    if claim_toks.iter().any(|t| is_exception_word(t.raw))
        || (0..sent_toks.len()).any(|i| universal_at(sent_toks, i))
    {
        return None;
    }
    let (universal, noun) = universal_noun(claim_toks)?;
    if universal > 0 && claim_toks[universal - 1].raw.eq_ignore_ascii_case("not") {
        return None;
    }
    // (The restrictor first: the noun's normal form allocates.)
    let restrictor = sent_toks.windows(2).find_map(|w| {
        (is_in(RESTRICTORS, w[1].raw) && noun_form(&w[0]) == noun).then_some(w[1].raw)
    })?;
    Some((claim_toks[universal].raw, restrictor))
}
