//! Clauses of a sentence ([`clause_ranges`]) and their keys, for entity anchoring per clause
//! ([`clause_name_swap`]).

use super::*;

/// Words that open a new clause after a comma: conjunctions ("…a dwarf planet, so it is no
/// longer considered a planet"), subordinators of condition, time and place ("Port 8080, unless
/// you set PORT", "…in Warsaw, where she studied"), and the "not" of a contrast ("for the
/// photoelectric effect, not for his theory of relativity" denies only what follows it). "but", "whereas" and "although"
/// open one without a comma too.
pub(super) const CLAUSE_OPENERS: &[&str] = &[
    "so", "but", "yet", "and", "while", "whereas", "although", "though", "because", "which", "who",
    "not", "unless", "if", "when", "where", "until", "since",
];

/// Subordinating conjunctions that open a sentence with a clause of its own, ended by the first
/// comma ([`clause_ranges`]).
pub(super) const SUBORDINATORS: &[&str] = &[
    "although", "though", "while", "whereas", "because", "since", "if", "when", "unless", "where",
    "whenever",
];

/// Whether `lower` (a lower-cased word) is a personal pronoun that stands as a clause's subject,
/// alone or contracted with its verb ("they", "you'll", "it's", "there's", "that's").
pub(super) fn subject_pronoun(lower: &str) -> bool {
    let head = lower.split(['\'', '’']).next().unwrap_or(lower);
    matches!(
        head,
        "i" | "you" | "he" | "she" | "it" | "we" | "they" | "there" | "that"
    )
}

/// Prepositions after which "that" is a demonstrative pronoun, not a relative one ("After
/// that, …", "smaller than that of Lake Superior"): no clause opens there ([`clause_ranges`]).
const THAT_DEMONSTRATIVE_AFTER: &[&str] = &["than", "after", "before", "like", "about", "despite"];

/// Whether "as" at token `i` of `toks` opens a clause: not when it begins "as well as", "as of",
/// "as much/many as", "as far as", "as opposed to" or "as part of", phrases inside a clause.
pub(super) fn opens_as_clause(toks: &[Token<'_>], i: usize) -> bool {
    !toks.get(i + 1).is_some_and(|n| {
        ["well", "of", "much", "many", "far", "opposed", "part"]
            .iter()
            .any(|w| n.raw.eq_ignore_ascii_case(w))
    })
}

/// The clauses of a source sentence, as ranges of its tokens `toks` (offsets in `text`): a new
/// clause starts at a token of [`CLAUSE_OPENERS`] that follows a comma or colon, or anywhere
/// after the first token at "but", "whereas" or "although", or at a relative pronoun ("that",
/// "which", "who", "whom"; not a "that" after a preposition, a demonstrative: "smaller than
/// that of Lake Superior", [`THAT_DEMONSTRATIVE_AFTER`]): a relative clause has a predicate of
/// its own, so "Python 3.0,
/// released on 3 December 2008, was a major revision … that is not completely
/// backward-compatible" denies only the compatibility, not the release. A sentence that opens
/// with a subordinating conjunction ([`SUBORDINATORS`]) has its main clause after the first
/// comma: "Although they cannot fly, they are excellent swimmers" denies only the flying. A
/// "without" before a gerund opens one too, which ends at the next punctuation: "studied
/// physics without receiving a degree" denies only the degree ([`without_gerund`]). "as" after
/// a comma opens an adverbial clause of reason or time ("Net profit fell …, as costs climbed":
/// the costs' direction is not the profit's), unless it begins a phrase that is no clause
/// ([`opens_as_clause`]). "before" or "after" with a subject and a finite verb opens one
/// anywhere ([`opens_temporal_clause`]), and so does a dash before a conjunction or a subject
/// pronoun ([`subject_pronoun`]).
pub(super) fn clause_ranges(text: &str, toks: &[Token<'_>]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_subordinate = toks
        .first()
        .is_some_and(|t| SUBORDINATORS.contains(&lower_cow(t.raw).as_ref()));
    let mut in_without = false;
    let mut buf = [0u8; crate::text::LOWER_STACK_MAX];
    for i in 1..toks.len() {
        let lower = crate::text::lower_on_stack(toks[i].raw, &mut buf);
        let gap = gap(text, toks, i - 1, i);
        let after_comma = gap.contains(',') || gap.contains(':');
        let closes_subordinate = in_subordinate && after_comma;
        in_subordinate &= !after_comma;
        // A "without" clause ends at the first punctuation: "(without counting the secret
        // track).Nevermind … was released on …" denies only the counting.
        let closes_without = in_without && gap.contains([',', ';', ':', ')', '.', '!', '?']);
        in_without &= !closes_without;
        let opens_without = is_without_gerund(toks, i);
        in_without |= opens_without;
        // A dash before a conjunction or a subject pronoun marks off a clause, with its own
        // predicate ("Don't use `page` — they were removed in v2"; "After that — or if you
        // don't turn up — you'll be charged"). Not the dashes between a record's fields ("Lucy
        // Chen — tell the pilot customers — by 18 March"), a range ("1939–1945") or a title
        // ("2004 Siebel Open – Singles").
        let dashed = (gap.contains(['—', '–']) || gap.contains("--") || gap == "-")
            && (CLAUSE_OPENERS.contains(&lower.as_ref())
                || lower == "or"
                || subject_pronoun(&lower));
        // "that" after a preposition is a demonstrative ("After that", "smaller than that of
        // Lake Superior"), no relative pronoun.
        let demonstrative = lower == "that"
            && THAT_DEMONSTRATIVE_AFTER
                .iter()
                .any(|w| toks[i - 1].raw.eq_ignore_ascii_case(w));
        let opens = closes_subordinate
            || dashed
            || closes_without
            || opens_without
            || (after_comma && CLAUSE_OPENERS.contains(&lower.as_ref()))
            || (after_comma && lower == "as" && opens_as_clause(toks, i))
            || (after_comma && lower == "with" && opens_absolute(toks, i))
            || opens_temporal_clause(text, toks, i)
            || (matches!(
                lower.as_ref(),
                "but" | "whereas" | "although" | "that" | "which" | "who" | "whom"
            ) && !demonstrative);
        if opens {
            out.push(start..i);
            start = i;
        }
    }
    out.push(start..toks.len());
    out
}

/// The clauses of `ranges` (from [`clause_ranges`], over `toks`, offsets in `text`) with each
/// further split before an "and" that opens a negated verb phrase with no subject of its own:
/// "Sale items are final sale | and cannot be returned", "… was born in Ohio | and did not
/// attend college". The negation of a coordinated verb phrase scopes over its own conjunct
/// only (Huddleston and Pullum 2002, *The Cambridge Grammar of the English Language*, ch. 9
/// §1.2, and ch. 15 on coordination of verb phrases), so the polarity of the first conjunct is
/// read apart from it ([`polarity_mismatch`], on both sides: a claim that affirms the first
/// predicate agrees with the source, one that affirms the second disagrees). The split-off
/// conjunct is elliptical: [`clause_words`] gives a source's the words of the clause before it
/// (conjunction reduction). The verb group is a negation word ("cannot", "never", "-n't") or an
/// auxiliary ([`AUXILIARIES`]) followed by "not" or "never" ("and will not", "and is never").
/// Only for polarity: the clauses other readings compare keep their extent.
pub(super) fn split_coordinated_negation(
    text: &str,
    toks: &[Token<'_>],
    ranges: &[std::ops::Range<usize>],
) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::with_capacity(ranges.len());
    for r in ranges {
        let mut start = r.start;
        // (Past the clause's first two tokens: "and cannot …" opening it is split already.)
        for k in r.start + 2..r.end.saturating_sub(1) {
            if !toks[k].raw.eq_ignore_ascii_case("and") {
                continue;
            }
            let negated_verb = negation_word_at(text, toks, k + 1)
                && !toks[k + 1].raw.eq_ignore_ascii_case("not")
                && !toks[k + 1].raw.eq_ignore_ascii_case("no")
                || (AUXILIARIES
                    .iter()
                    .any(|a| toks[k + 1].raw.eq_ignore_ascii_case(a))
                    && toks.get(k + 2).is_some_and(|t| {
                        t.raw.eq_ignore_ascii_case("not") || t.raw.eq_ignore_ascii_case("never")
                    }));
            if negated_verb && gap(text, toks, k - 1, k).trim().is_empty() {
                out.push(start..k);
                start = k;
            }
        }
        out.push(start..r.end);
    }
    out
}

/// A clause of a sentence for [`polarity_mismatch`]: whether it negates, and its distinct
/// content words (`KeyKind::Word`) and names (`KeyKind::Name`), each sorted.
pub(super) struct ClauseKeys<'a> {
    pub(super) negated: bool,
    pub(super) words: Vec<Cow<'a, str>>,
    pub(super) names: Vec<Cow<'a, str>>,
    /// Its direction words ([`directions`]) as (pair, side) of [`DIRECTION_ANTONYMS`].
    pub(super) dirs: Vec<(usize, usize)>,
    /// Its condition words as indices into [`CONDITION_OPPOSITES`] ([`condition_side`]).
    pub(super) conditions: Vec<usize>,
    /// Whether it quantifies universally ([`universal_at`]: "all employees", "every day").
    pub(super) universal: bool,
    /// The noun it quantifies universally ("all employees": "employee", [`universal_noun`]).
    pub(super) universal_noun: Option<String>,
    /// The nouns it restricts ("employees who …", "children under 12": [`restricted_nouns`];
    /// for a clause of a sentence, also the noun before it when it opens with a restrictor).
    pub(super) restricted: Vec<String>,
    /// Whether it states an exception ([`EXCEPTIONS`]: "daily, except on Mondays").
    pub(super) excepted: bool,
    /// How many of `words` and of `names` it states itself (an elliptical clause holds those
    /// of the clause before it too, [`clause_words`]).
    pub(super) own: (usize, usize),
    /// When every negation of the clause is the determiner "no" (not "no longer"), the words of
    /// the phrases it opens (the two words after it: "There is no charge for returns":
    /// "charge", "for" being no key; and the complement of a noun of evidence,
    /// [`evidence_complement`]: "arson" in "no evidence of arson"): the clause denies those
    /// things, not its proposition.
    /// Unlike [`denied_by_no`], a phrase restricted by a prepositional phrase counts too: it
    /// is the clause's polarity that is read here, not the thing's.
    pub(super) denied: Option<Vec<Cow<'a, str>>>,
    /// When, beside that, each "no" phrase is restricted to a time by a prepositional phrase
    /// right after its noun whose object opens with the time ("No sailings on 25 December or 1
    /// January", "no trains after 23:00"; not "no dogs on the beach from May"), the number,
    /// year, month and weekday keys of its first six tokens: the clause denies
    /// the thing at those times only, nothing of a clause that states none of them ("The last
    /// Saturday sailing is at 15:40").
    pub(super) denied_at: Option<Vec<Cow<'a, str>>>,
    /// Its number, year, month and weekday keys.
    pub(super) times: Vec<Cow<'a, str>>,
    /// Whether it is negated by "no longer" (or "not … any more"): it denies that something
    /// still holds.
    pub(super) no_longer: bool,
    /// Whether it states that something ended ([`ceases_at`]: "stepped back from day-to-day
    /// operations", "retired from", "stopped"): affirmed, it states what a "no longer" clause
    /// denies.
    pub(super) ceases: bool,
    /// The words of the phrases it makes optional by "with or without" (the two words after
    /// "without": "for a full refund (with or without a receipt)": "receipt").
    pub(super) optional: Vec<Cow<'a, str>>,
    /// Whether it states a necessity ([`NECESSITY_WORDS`]: "you need a receipt", "is
    /// required").
    pub(super) necessity: bool,
    /// The words of what it excludes, when it states an exclusion ([`EXCLUSIONS`] after a form
    /// of "be", or "exclude(s)": "reward tickets are excluded from Tuesday screenings":
    /// "tuesday", "screening"; the four tokens after it): affirmed, it denies that of them, as
    /// a negated clause does ([`ClauseKeys::excludes_what`]). Empty for none ("Prohibited
    /// items …" is a noun phrase).
    pub(super) exclusion: Vec<Cow<'a, str>>,
}

/// Predicates of exclusion, lower case: a clause that affirms one denies its complement (a
/// lexically negative predicate, a negation without a negator: Horn 1989, *A Natural History of
/// Negation*, ch. 1 on inherently negative verbs and adjectives). "Reward tickets are excluded
/// from Tuesday screenings" states what "Reward tickets cannot be used for Tuesday screenings"
/// states ([`ClauseKeys::exclusion`]).
const EXCLUSIONS: &[&str] = &[
    "excluded",
    "excludes",
    "exclude",
    "barred",
    "banned",
    "prohibited",
    "forbidden",
    "ineligible",
    "disallowed",
];

/// Words that state a necessity: what a "with or without" leaves optional is not needed
/// ([`ClauseKeys::leaves_optional`]).
const NECESSITY_WORDS: &[&str] = &[
    "need",
    "needs",
    "needed",
    "require",
    "requires",
    "required",
    "necessary",
    "must",
    "mandatory",
];

impl ClauseKeys<'_> {
    /// Whether the clause's polarity bears on the clause `other`: it is negated, and not only by
    /// a "no" phrase whose words `other` lacks ("There is no charge for returns" says nothing
    /// negative of "Returns are free") or restricted to times `other` does not state
    /// ([`ClauseKeys::denied_at`]).
    pub(super) fn negates_for(&self, other: &ClauseKeys<'_>) -> bool {
        self.negated
            && self
                .denied
                .as_ref()
                .is_none_or(|d| d.iter().any(|w| other.words.binary_search(w).is_ok()))
            && self
                .denied_at
                .as_ref()
                .is_none_or(|ts| ts.iter().any(|t| other.times.contains(t)))
    }

    /// Whether this clause states by an antonym what `other`, of the other polarity, denies:
    /// "it is closed on Mondays" against "it is not open on Mondays" (a word of one side of a
    /// pair here, of the other side there, and none of the same side in both).
    pub(super) fn restates_by_antonym(&self, other: &ClauseKeys<'_>) -> bool {
        self.dirs.iter().any(|&(pair, side)| {
            other.dirs.contains(&(pair, 1 - side)) && !other.dirs.contains(&(pair, side))
        })
    }

    /// Whether this clause, affirmed, excludes what `other`, negated, denies (or the other way
    /// round): an exclusion on one side only whose object `other` names ("Reward tickets are
    /// excluded from Tuesday screenings" against "Reward tickets cannot be used for Tuesday
    /// screenings"). `self_negated` and `other_negated` are the two clauses' polarities as
    /// compared.
    pub(super) fn excludes_what(
        &self,
        other: &ClauseKeys<'_>,
        (self_negated, other_negated): (bool, bool),
    ) -> bool {
        let names = |excluding: &ClauseKeys<'_>, named: &ClauseKeys<'_>| {
            excluding
                .exclusion
                .iter()
                .any(|w| named.words.binary_search(w).is_ok())
        };
        (!self_negated && other_negated && other.exclusion.is_empty() && names(self, other))
            || (self_negated && !other_negated && self.exclusion.is_empty() && names(other, self))
    }

    /// Whether this clause makes optional ("with or without a receipt") a word that `other`, a
    /// negated clause that states a necessity, holds: "you don't need a receipt" states what
    /// the option does, no denial of the affirmed clause ("You won't get a full refund without
    /// a receipt", which states no necessity, still is one).
    pub(super) fn leaves_optional(&self, other: &ClauseKeys<'_>) -> bool {
        other.necessity
            && self
                .optional
                .iter()
                .any(|w| other.words.binary_search(w).is_ok())
    }

    /// Whether this clause quantifies a noun universally and `other` does not quantify, but
    /// restricts that noun where this clause does not: negated, this clause then denies nothing that
    /// `other`, affirmed, states. "Not all employees get paid leave" (or "No" to "Do all
    /// employees get paid leave?") is consistent with "Employees who have completed 12 months
    /// of service get paid leave", which states it of some of them: the negation of a universal
    /// is a particular negative (the square of opposition: "not all S are P" contradicts only
    /// "all S are P"). So is a universal against a clause that states an exception ("No" to "Is
    /// it open every day?" against "open daily, except on Mondays"). A bare generic
    /// ("Employees receive 20 days of paid leave", "open daily") is read as the universal and
    /// still denies it (`polarity_mismatch` asks this only of a negated claim clause).
    pub(super) fn universal_unlike(&self, other: &ClauseKeys<'_>) -> bool {
        let restricted = self.universal_noun.as_ref().is_some_and(|n| {
            !other.universal && other.restricted.contains(n) && !self.restricted.contains(n)
        });
        restricted || (self.universal && other.excepted && !self.excepted)
    }

    /// Whether this clause is conditioned on one side of a pair of [`CONDITION_OPPOSITES`] and
    /// `other` on the other side only: "Children over 12 can ride" and "Children under 12
    /// cannot ride" speak of different children, so their polarities do not disagree (the
    /// prohibition under one condition is silent on, or by contraposition consistent with, the
    /// permission under the other; the deontic rule reads conditions the same way).
    pub(super) fn states_other_condition(&self, other: &ClauseKeys<'_>) -> bool {
        // (A claim that names both sides, "free before 8 am and after 6 pm", is denied by
        // either: it is judged as before.)
        self.conditions.iter().any(|&c| {
            !self.conditions.contains(&(c ^ 1))
                && other.conditions.contains(&(c ^ 1))
                && !other.conditions.contains(&c)
        })
    }
}

/// Auxiliaries and modals that open a coordinated clause whose subject is the one of the clause
/// before it ("… can buy World Traveller add-ons but are not eligible for the EU Roam Pass";
/// [`clause_words`]), lower case.
const SUBJECTLESS_AUXILIARIES: &[&str] = &[
    "is", "are", "was", "were", "can", "cannot", "can't", "could", "may", "might", "must", "will",
    "won't", "would", "should", "shall", "does", "do", "did", "doesn't", "don't", "didn't",
    "isn't", "aren't", "wasn't", "weren't", "has", "have", "had",
];

/// The [`ClauseKeys`] of each clause ([`clause_ranges`]) of a sentence given by its tokens
/// `toks` (offsets in `text`). With `resolve_ellipsis` (a source sentence), a clause that opens
/// with a negation, after a comma or a coordinating conjunction ("Sale items can be exchanged
/// but not refunded", "for the photoelectric effect, not for his theory of relativity"), is
/// elliptical: it denies its words of what the clause before it states, so it holds that
/// clause's words and names too (gapping and stripping, Hankamer 1979; Lobeck 1995, *Ellipsis*),
/// and a claim clause that restates them in full ("Sale items can't be refunded") finds it. So
/// is a clause that opens with a coordinating conjunction and an auxiliary
/// ([`SUBJECTLESS_AUXILIARIES`]: "Pay As You Go customers can buy … but are not eligible for
/// the EU Roam Pass"): its subject is the clause before it's (conjunction reduction), so
/// "Pay As You Go customers aren't eligible for it" is matched to the clause that denies it. A
/// clause stripped to a negation ("…, not a refund", "… but not …") that states no condition
/// of its own takes the conditions of the clause before it, in a claim too ("After 30 days
/// you get store credit, not a refund" denies the refund after 30 days:
/// [`ClauseKeys::states_other_condition`]). A claim's clauses keep their own words: the share of a negated clause's words that the other
/// side states (`polarity_mismatch`) is of the words it denies.
pub(super) fn clause_words<'a>(
    text: &'a str,
    toks: &[Token<'a>],
    ranges: &[std::ops::Range<usize>],
    lower_vocab: &LowerVocab<'_>,
    resolve_ellipsis: bool,
) -> Vec<ClauseKeys<'a>> {
    let mut out: Vec<ClauseKeys<'a>> = Vec::new();
    for r in ranges {
        let part = &toks[r.clone()];
        let is = |j: usize, ws: &[&str]| {
            part.get(j)
                .is_some_and(|t| ws.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
        };
        const NEG: &[&str] = &["not", "never"];
        let coordinated = is(0, &["but", "and", "yet", "or"]);
        let elliptical = resolve_ellipsis
            && (is(0, NEG) || (coordinated && (is(1, NEG) || is(1, SUBJECTLESS_AUXILIARIES))));
        let Some(mut clause) = clause_keys(text, part, lower_vocab) else {
            continue;
        };
        // A relative clause opens its own clause ("Employees | who have completed …"): the noun
        // before it is the one it restricts.
        if let Some(noun) = r
            .start
            .checked_sub(1)
            .and_then(|b| toks.get(r.start).and_then(|t| restricted_noun(&toks[b], t)))
        {
            clause.restricted.push(noun);
        }
        // A clause stripped to a negation ("After 30 days you get store credit, not a
        // refund") is said under the conditions of the clause before it, in a claim as in a
        // source: "after 30 days" restricts the denial too.
        let stripped = is(0, NEG) || (coordinated && is(1, NEG));
        if let (true, Some(prev)) = (stripped && clause.conditions.is_empty(), out.last()) {
            clause.conditions.clone_from(&prev.conditions);
        }
        if let (true, Some(prev)) = (elliptical, out.last()) {
            for (v, from) in [
                (&mut clause.words, &prev.words),
                (&mut clause.names, &prev.names),
            ] {
                v.extend(from.iter().cloned());
                v.sort_unstable();
                v.dedup();
            }
        }
        out.push(clause);
    }
    out
}

/// The [`ClauseKeys`] of one clause, given by its tokens `part` (offsets in `text`); None when it
/// has no token.
pub(super) fn clause_keys<'a>(
    text: &'a str,
    part: &[Token<'a>],
    lower_vocab: &LowerVocab<'_>,
) -> Option<ClauseKeys<'a>> {
    let (first, last) = (part.first()?, part.last()?);
    let span = (first.start, last.start + last.raw.len());
    let ks = sentence_keys(text, span, part, lower_vocab).0;
    let negated = ks.iter().any(|k| k.negation);
    // Whether token `at` is of the phrase the negation at token `no` opens: the two words
    // after it, or the complement of its noun of evidence ("no evidence of arson" denies
    // "arson", [`evidence_complement`]).
    let of_phrase = |no: usize, at: usize| {
        (no + 1..=no + 2).contains(&at) || evidence_complement(text, part, no) == Some(at)
    };
    let denied = ks
        .iter()
        .filter(|k| k.negation)
        .map(|n| {
            let at = n.at as usize;
            // "no longer" negates its clause as "not" does.
            let determiner = part[at].raw.eq_ignore_ascii_case("no")
                && part
                    .get(at + 1)
                    .is_some_and(|t| !t.raw.eq_ignore_ascii_case("longer"));
            determiner.then(|| {
                ks.iter()
                    .filter(|k| {
                        !k.negation && k.kind == KeyKind::Word && of_phrase(at, k.at as usize)
                    })
                    .map(|k| k.norm.clone())
                    .collect::<Vec<_>>()
            })
        })
        .collect::<Option<Vec<Vec<_>>>>()
        .map(|v| v.concat())
        .filter(|d| negated && !d.is_empty());
    let is_time = |k: &Key<'_>| {
        !k.negation && matches!(k.kind, KeyKind::Number | KeyKind::Year | KeyKind::Month)
    };
    // Each "no" phrase's noun (the last word of the two after "no"), then a preposition of
    // time, then the keys of its object.
    let denied_at = denied.as_ref().and_then(|_| {
        let mut times = Vec::new();
        for n in ks.iter().filter(|k| k.negation) {
            let at = n.at as usize;
            let head = ks
                .iter()
                .filter(|k| {
                    !k.negation
                        && k.kind == KeyKind::Word
                        && (at + 1..=at + 2).contains(&(k.at as usize))
                })
                .map(|k| k.at as usize)
                .max()?;
            let restricted = part.get(head + 1).is_some_and(|t| {
                (is_time_preposition(t.raw)
                    || ["at", "after", "before", "between"]
                        .iter()
                        .any(|p| t.raw.eq_ignore_ascii_case(p)))
                    && gap(text, part, head, head + 1).trim().is_empty()
            });
            // The preposition's object opens with the time ("on 25 December", not "on the
            // beach from May to September", a place).
            let dated = ks.iter().any(|k| is_time(k) && k.at as usize == head + 2);
            let object = ks
                .iter()
                .filter(|k| is_time(k) && (head + 2..head + 8).contains(&(k.at as usize)));
            let before = times.len();
            times.extend(
                object
                    .filter(|_| restricted && dated)
                    .map(|k| k.norm.clone()),
            );
            if times.len() == before {
                return None;
            }
        }
        Some(times)
    });
    // A word the clause states outside its "no" phrases is not what they deny: "Packed lunch
    // and drink for Wednesday only (no fizzy drinks or nuts, please)" denies the fizzy drinks,
    // not the drink (unless every word of the phrases is stated so: then as before).
    let in_phrase = |at: usize| {
        ks.iter()
            .filter(|n| n.negation)
            .any(|n| of_phrase(n.at as usize, at))
    };
    let denied = denied.map(|d| {
        let elsewhere = |w: &Cow<'_, str>| {
            ks.iter().any(|k| {
                !k.negation && k.kind == KeyKind::Word && k.norm == *w && !in_phrase(k.at as usize)
            })
        };
        let own: Vec<Cow<'a, str>> = d.iter().filter(|w| !elsewhere(w)).cloned().collect();
        if own.is_empty() {
            d
        } else {
            own
        }
    });
    let necessity = part.iter().any(|t| {
        NECESSITY_WORDS
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
    });
    let excluding = part.iter().enumerate().find_map(|(i, t)| {
        let is = |t: &Token<'_>, w: &str| t.raw.eq_ignore_ascii_case(w);
        let verb = is(t, "exclude") || is(t, "excludes");
        let predicate = i > 0 && BE_FORMS.iter().any(|w| is(&part[i - 1], w));
        (EXCLUSIONS.iter().any(|w| is(t, w)) && (verb || predicate)).then_some(i)
    });
    let exclusion: Vec<Cow<'a, str>> = excluding.map_or_else(Vec::new, |i| {
        ks.iter()
            .filter(|k| !k.negation && k.kind == KeyKind::Word)
            .filter(|k| (i + 1..=i + 4).contains(&(k.at as usize)))
            .map(|k| k.norm.clone())
            .collect()
    });
    // The words "with or without" makes optional (the two after it).
    let said = |i: usize, w: &str| part.get(i).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let optional = ks
        .iter()
        .filter(|k| {
            let at = k.at as usize;
            !k.negation
                && k.kind == KeyKind::Word
                && (at.saturating_sub(2)..at).any(|w| {
                    said(w, "without") && w >= 2 && said(w - 1, "or") && said(w - 2, "with")
                })
        })
        .map(|k| k.norm.clone())
        .collect();
    let (mut words, mut names, mut times) = (Vec::new(), Vec::new(), Vec::new());
    for k in ks.into_iter().filter(|k| !k.negation) {
        match k.kind {
            KeyKind::Word => words.push(k.norm),
            KeyKind::Name => names.push(k.norm),
            KeyKind::Number | KeyKind::Year | KeyKind::Month => times.push(k.norm),
        }
    }
    for v in [&mut words, &mut names] {
        v.sort_unstable();
        v.dedup();
    }
    let dirs = directions(text, part)
        .iter()
        .map(|d| (d.pair, d.side))
        .collect();
    let conditions = part.iter().filter_map(|t| condition_side(t.raw)).collect();
    let universal = (0..part.len()).any(|i| universal_at(part, i));
    let universal_noun = universal_noun(part).map(|(_, n)| n);
    let restricted = restricted_nouns(part);
    let excepted = part.iter().any(|t| is_exception_word(t.raw));
    let is = |i: usize, w: &str| part.get(i).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let no_longer = (0..part.len())
        .any(|i| (is(i, "no") && is(i + 1, "longer")) || (is(i, "any") && is(i + 1, "more")));
    let ceases = (0..part.len()).any(|i| ceases_at(part, i));
    Some(ClauseKeys {
        no_longer,
        ceases,
        optional,
        necessity,
        exclusion,
        negated,
        denied,
        denied_at,
        times,
        own: (words.len(), names.len()),
        words,
        names,
        dirs,
        conditions,
        universal,
        universal_noun,
        restricted,
        excepted,
    })
}

/// Verbs of ending, lower case, each with the particle or preposition it must have after it
/// ("" for none): what such a clause states ended no longer holds, as "no longer" says (the
/// cessative aspect; the presupposition of "stop" and "quit", Karttunen 1971, "Some Observations
/// on Factivity"). "stepped back from day-to-day operations" is "no longer running them".
pub(super) const CESSATIVES: &[(&str, &str)] = &[
    ("stepped", "back"),
    ("stepped", "down"),
    ("steps", "down"),
    ("retired", "from"),
    ("resigned", "from"),
    ("resigned", "as"),
    ("withdrew", "from"),
    ("quit", ""),
    ("quits", ""),
    ("stopped", ""),
    ("stops", ""),
    ("ceased", ""),
    ("gave", "up"),
    // A release note's endings: "Dropped support for Python 3.8" is "no longer supported".
    // (Not "fixed" or "removed", which as often state a state: "The rate is fixed for 5
    // years", "Shoes must be removed".)
    ("dropped", "support"),
    ("discontinued", ""),
];

/// Whether `toks[i]` opens a verb of ending ([`CESSATIVES`]), with its particle right after.
pub(super) fn ceases_at(toks: &[Token<'_>], i: usize) -> bool {
    CESSATIVES.iter().any(|&(verb, particle)| {
        toks[i].raw.eq_ignore_ascii_case(verb)
            && (particle.is_empty()
                || toks
                    .get(i + 1)
                    .is_some_and(|t| t.raw.eq_ignore_ascii_case(particle)))
    })
}

/// Universal pronouns and determiners beside [`UNIVERSALS`] ([`universal_at`]); not "any",
/// which under a negation is existential ("No" to "Do any employees …?" denies them all).
const UNIVERSAL_PRONOUNS: [&str; 4] = ["each", "everyone", "everybody", "everything"];

/// Whether `toks[i]` quantifies universally ([`UNIVERSALS`], [`UNIVERSAL_PRONOUNS`]), not "all"
/// in "at all" or "after all" (an intensifier and a discourse marker).
pub(super) fn universal_at(toks: &[Token<'_>], i: usize) -> bool {
    let is = |t: &Token<'_>, w: &str| t.raw.eq_ignore_ascii_case(w);
    UNIVERSALS
        .iter()
        .chain(&UNIVERSAL_PRONOUNS)
        .any(|w| is(&toks[i], w))
        && !(is(&toks[i], "all") && i > 0 && (is(&toks[i - 1], "at") || is(&toks[i - 1], "after")))
}

/// The first and last token (indices into the tokens `keys` were read from) of the name run of
/// `key`: the tokens of the keys of its run ([`Key::run`]), or its own token when it is in none.
pub(super) fn run_extent<'k, 'a: 'k>(
    keys: impl IntoIterator<Item = &'k Key<'a>>,
    key: &Key<'_>,
) -> (usize, usize) {
    let at = key.at as usize;
    if key.run == NO_RUN {
        return (at, at);
    }
    keys.into_iter()
        .filter(|k| k.run == key.run)
        .fold((at, at), |(lo, hi), k| {
            (lo.min(k.at as usize), hi.max(k.at as usize))
        })
}

/// Whether the name of tokens `run.0..=run.1` of `toks` (offsets in `text`) stands where an
/// adjective does: one word after a determiner, followed with only spaces between by a lower-case word
/// that it describes ("a Victorian footbridge", "the Baroque facade"), not a name of a thing
/// ("the River Eamont", "Paris is").
pub(super) fn attributive_name(text: &str, toks: &[Token<'_>], run: (usize, usize)) -> bool {
    const DETERMINERS: [&str; 11] = [
        "a", "an", "the", "its", "his", "her", "their", "this", "that", "these", "those",
    ];
    run.0 == run.1
        && run.0 > 0
        && DETERMINERS
            .iter()
            .any(|d| toks[run.0 - 1].raw.eq_ignore_ascii_case(d))
        && toks.get(run.1 + 1).is_some_and(|next| {
            next.raw.chars().all(|c| c.is_ascii_lowercase())
                && !crate::text::is_stopword_raw(next.raw)
                && gap(text, toks, run.1, run.1 + 1).is_empty()
        })
}

/// Whether `word` (a name's one word) is formed as an adjective is: "-an" ("Victorian",
/// "Elizabethan", "Jacobean"), "-ic" ("Gothic"), "-ist", "-ish", "-ese", "-esque"
/// ("Romanesque"); proper adjectives of periods, styles and schools are formed so (Quirk et al.
/// 1985, *A Comprehensive Grammar of the English Language*, App. I.53).
pub(super) fn adjectival_form(word: &str) -> bool {
    ["an", "ic", "ist", "ish", "ese", "esque"]
        .iter()
        .any(|s| word.len() > s.len() + 2 && word.ends_with(s))
}

/// Whether a name of a claim (tokens `run.0..=run.1` of `toks`, offsets in `text`) stands in
/// the slot of a name of a source sentence (likewise): the word right before the two names
/// (past an article) is the same, or the word right after them (case aside; white space only
/// between a name and its neighbour). "born in Glasgow" against "born in Edinburgh" share a
/// slot, "near the border with Kenya" and "the highest mountain in Africa" do not. The entity
/// swap of FactCC (Kryscinski et al. 2020) replaces a name in place, so a swapped name keeps
/// its neighbours.
pub(super) fn in_name_slot(
    claim: (&str, &[Token<'_>], (usize, usize)),
    sent: (&str, &[Token<'_>], (usize, usize)),
) -> bool {
    /// The word before and the word after a run, when only white space separates them.
    /// An article before the name is passed over ("for the World's Fair" and "on the Champ
    /// de Mars" share no slot).
    fn around<'t>(
        (text, toks, (lo, hi)): (&str, &[Token<'t>], (usize, usize)),
    ) -> (Option<&'t str>, Option<&'t str>) {
        let word_before = |at: usize| {
            at.checked_sub(1)
                .filter(|&b| gap(text, toks, b, at).is_empty())
        };
        let article = |b: usize| {
            ["the", "a", "an"]
                .iter()
                .any(|a| toks[b].raw.eq_ignore_ascii_case(a))
        };
        let before = word_before(lo)
            .and_then(|b| if article(b) { word_before(b) } else { Some(b) })
            .map(|b| toks[b].raw);
        let after = toks
            .get(hi + 1)
            .filter(|_| gap(text, toks, hi, hi + 1).is_empty())
            .map(|t| t.raw);
        (before, after)
    }
    let (cb, ca) = around(claim);
    let (sb, sa) = around(sent);
    let same =
        |a: Option<&str>, b: Option<&str>| a.zip(b).is_some_and(|(a, b)| a.eq_ignore_ascii_case(b));
    same(cb, sb) || same(ca, sa)
}

/// The subject of a one-clause claim (tokens `claim_toks`, offsets in `text`) swapped for the
/// subject of another clause of the source sentence `sent_toks` (offsets in `context`): Some((the
/// claim's subject, the clause's)) when the claim opens with a name the sentence states in one
/// clause while another clause, opening with another name, states the rest of the claim. "Buzz
/// Aldrin stayed in orbit aboard Columbia." against "Neil Armstrong and Buzz Aldrin landed the
/// lunar module, while Michael Collins remained in lunar orbit aboard Columbia" swaps Aldrin for
/// Collins, though the sentence names both (FactCC's entity swap within a sentence, Kryscinski et
/// al. 2020). Clauses are those of [`clause_ranges`] that a contrast opens ("while", "whereas",
/// "but", "although", "though"): a relative clause stays in the clause it modifies ("Phillips,
/// who races in Manchester this weekend, plans to …" has one subject), and so does "and" after a
/// comma, which as often ends a list ("Darcy, 13, and Tilda, 2, …"); the clause that states the
/// claim holds at least two of its content words and more than any other clause, and a clause's
/// subject is the name it opens with, after a conjunction ("while
/// Michael Collins remained …"): a description ("the mother-of-three from Derbyshire") is no
/// name, so nothing is judged.
pub(super) fn clause_name_swap(
    (text, claim_toks): (&str, &[Token<'_>]),
    (context, sent_toks): (&str, &[Token<'_>]),
    lower_vocab: &LowerVocab<'_>,
) -> Option<(String, String)> {
    if clause_ranges(text, claim_toks).len() != 1 {
        return None;
    }
    let claim = clause_keys(text, claim_toks, lower_vocab)?;
    let said = clause_subject(claim_toks, &claim)?;
    if claim.words.len() < 2 {
        return None;
    }
    // Independent clauses joined by a contrast ("…, while …", "but", "whereas"): a clause
    // opened by another word (a relative pronoun, "and" in a list) stays in the one before.
    let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
    for r in clause_ranges(context, sent_toks) {
        let contrast = ["while", "whereas", "but", "although", "though"]
            .iter()
            .any(|w| sent_toks[r.start].raw.eq_ignore_ascii_case(w));
        match ranges.last_mut() {
            Some(last) if !contrast => last.end = r.end,
            _ => ranges.push(r),
        }
    }
    if ranges.len() < 2 {
        return None;
    }
    let clauses: Vec<(ClauseKeys<'_>, &[Token<'_>])> = ranges
        .into_iter()
        .filter_map(|r| {
            let part = &sent_toks[r];
            Some((clause_keys(context, part, lower_vocab)?, part))
        })
        .collect();
    let held: Vec<usize> = clauses
        .iter()
        .map(|(c, _)| {
            claim
                .words
                .iter()
                .filter(|w| c.words.binary_search(w).is_ok())
                .count()
        })
        .collect();
    let (best, &most) = held.iter().enumerate().max_by_key(|&(_, h)| *h)?;
    if most < 2 || held.iter().filter(|&&h| h == most).count() > 1 {
        return None;
    }
    let names = |j: usize| &clauses[j].0.names;
    if names(best).binary_search(&said).is_ok()
        || !(0..clauses.len()).any(|j| j != best && names(j).binary_search(&said).is_ok())
    {
        return None;
    }
    let stated = clause_subject(clauses[best].1, &clauses[best].0)?;
    (claim.names.binary_search(&stated).is_err()).then(|| (said.to_string(), stated.to_string()))
}

/// The name a clause (its tokens `toks`, its keys `keys`) opens with, after the conjunctions
/// that open it ([`CLAUSE_OPENERS`], [`SUBORDINATORS`]), in [`normal_form`]; None when its first
/// other word is no name of `keys`.
pub(super) fn clause_subject<'a>(
    toks: &[Token<'_>],
    keys: &ClauseKeys<'a>,
) -> Option<Cow<'a, str>> {
    let first = toks.iter().find(|t| {
        let lower = lower_cow(t.raw);
        !CLAUSE_OPENERS.contains(&lower.as_ref()) && !SUBORDINATORS.contains(&lower.as_ref())
    })?;
    if !first.raw.starts_with(|c: char| c.is_uppercase()) {
        return None;
    }
    let norm = normal_form(fold_diacritics(lower_cow(first.raw)));
    let at = keys.names.binary_search(&norm).ok()?;
    Some(keys.names[at].clone())
}

/// Finite verbs that make "before"/"after" a conjunction ([`opens_temporal_clause`]).
pub(super) const TEMPORAL_CLAUSE_VERBS: &[&str] =
    &["was", "were", "is", "are", "had", "has", "did"];

/// Whether "before" or "after" at token `i` of `toks` (offsets in `text`) opens a clause of its
/// own, a subject and a finite verb ("three years before the Statue of Liberty was
/// dedicated"), not a prepositional phrase ("before the war", "after 1990"): a verb of
/// [`TEMPORAL_CLAUSE_VERBS`] within the next six tokens, with no punctuation between, and no
/// number right after it. What such a clause dates is its own: a year said of the other
/// clause's event stands apart from it.
pub(super) fn opens_temporal_clause(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if !(toks[i].raw.eq_ignore_ascii_case("before") || toks[i].raw.eq_ignore_ascii_case("after"))
        || toks.get(i + 1).is_none_or(|t| t.is_number)
    {
        return false;
    }
    for j in i + 1..(i + 7).min(toks.len()) {
        if !gap(text, toks, j - 1, j).is_empty() {
            return false;
        }
        if TEMPORAL_CLAUSE_VERBS
            .iter()
            .any(|v| toks[j].raw.eq_ignore_ascii_case(v))
        {
            return true;
        }
    }
    false
}

/// A claim's clauses ([`clause_ranges`], token ranges of the claim), computed on first use and
/// shared by entity anchoring, [`polarity_mismatch`] and [`direction_conflict`].
pub(super) type ClaimClauses = std::cell::OnceCell<Vec<std::ops::Range<usize>>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_start_at_a_conjunction_after_a_comma_at_but_or_at_a_relative_pronoun() {
        // The first token of each clause.
        fn starts(s: &str) -> Vec<&str> {
            let toks = tokens(s);
            clause_ranges(s, &toks)
                .into_iter()
                .map(|r| toks[r.start].raw)
                .collect()
        }
        let s =
            "Penguins are birds, but they cannot fly, and Romeo and Juliet is a play, not a film";
        assert_eq!(starts(s), ["Penguins", "but", "and", "not"]);
        // So does a subordinator of condition, time or place after a comma.
        let s = "Port 8080, unless you set PORT, and Warsaw, where she studied";
        assert_eq!(starts(s), ["Port", "unless", "and", "where"]);
        // "as" after a comma opens a clause of reason or time, "as well as" does not.
        let s = "Net profit fell, as costs climbed, and sales rose, as well as margins";
        assert_eq!(starts(s), ["Net", "as", "and"]);
        // A relative pronoun opens a clause; so does the main clause after a sentence-initial
        // subordinate one.
        let s = "Although it was late, the album that they did not finish sold well";
        assert_eq!(starts(s), ["Although", "the", "that"]);
        // A "that" after "than" is a demonstrative, no relative pronoun.
        let s = "Its area is smaller than that of Lake Superior";
        assert_eq!(starts(s), ["Its"]);
    }
}
