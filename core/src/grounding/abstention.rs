//! Abstentions and conversational formulas: a claim that the sources are silent ([`abstains`])
//! and the source sentence that answers the question instead ([`answering_sentence`]); formulas
//! that state no fact ([`phatic`]).

use super::*;

/// Words that deny a verb of saying in an abstention ([`abstains`]).
pub(super) const ABSTAIN_NEGATORS: &[&str] = &[
    "not",
    "doesn't",
    "don't",
    "didn't",
    "cannot",
    "can't",
    "doesn’t",
    "don’t",
    "didn’t",
    "can’t",
];

/// Verbs of saying and knowing that an abstention denies ("the passage does not mention",
/// "I don't know"; [`abstains`]).
pub(super) const ABSTAIN_VERBS: &[&str] = &[
    "mention",
    "mentions",
    "say",
    "says",
    "state",
    "states",
    "specify",
    "specifies",
    "give",
    "gives",
    "provide",
    "provides",
    "include",
    "includes",
    "contain",
    "contains",
    "indicate",
    "indicates",
    "know",
];

/// Participles of an abstention in the passive ("it is not specified"; [`abstains`]).
pub(super) const ABSTAIN_PARTICIPLES: &[&str] = &[
    "mentioned",
    "specified",
    "stated",
    "given",
    "provided",
    "known",
    "indicated",
    "determined",
];

/// What an abstention says does not answer ("the passage does not mention …"; [`abstains`]).
pub(super) const ABSTAIN_SOURCES: &[&str] = &[
    "passage",
    "context",
    "text",
    "document",
    "article",
    "source",
    "sources",
    "information",
    "knowledge",
    "i",
];

/// Whether a sentence of an answer (`toks`) abstains ([`abstains`]) and says nothing more: no
/// contrast after it ("I do not know when they were released, but The Sea Inside is a
/// mystery" states more than the sources' silence).
pub(super) fn abstains_alone(toks: &[Token<'_>]) -> bool {
    // (Tested after `abstains`, which rejects most claims without lower-casing.)
    abstains(toks)
        && !toks.iter().any(|t| {
            ["but", "although", "though", "however", "yet", "whereas"]
                .iter()
                .any(|c| t.raw.eq_ignore_ascii_case(c))
        })
}

/// Most tokens of a sentence that [`abstains`] reads.
pub(super) const ABSTAIN_MAX_TOKENS: usize = 24;

/// Whether a sentence of an answer (`toks`) abstains: it says the sources do not give what was
/// asked ("The passage does not mention when the bridge opened.", "I don't know.", "The
/// designer is not specified."), the no-answer reply of reading comprehension (SQuAD 2.0,
/// Rajpurkar, Jia and Liang 2018). A negator ([`ABSTAIN_NEGATORS`]) followed within three
/// tokens by a verb of saying or knowing ([`ABSTAIN_VERBS`]) in a sentence that names the
/// source or the speaker ([`ABSTAIN_SOURCES`]), or directly by a passive participle
/// ([`ABSTAIN_PARTICIPLES`]), in at most [`ABSTAIN_MAX_TOKENS`] tokens.
pub(super) fn abstains(toks: &[Token<'_>]) -> bool {
    // Most sentences hold no negator: rejected without lower-casing a token.
    let negates = toks.iter().any(|t| {
        ABSTAIN_NEGATORS
            .iter()
            .any(|n| t.raw.eq_ignore_ascii_case(n))
    });
    if toks.len() > ABSTAIN_MAX_TOKENS || !negates {
        return false;
    }
    let lower: Vec<Cow<'_, str>> = toks.iter().map(|t| lower_cow(t.raw)).collect();
    let names_source = lower.iter().any(|w| ABSTAIN_SOURCES.contains(&w.as_ref()));
    lower.iter().enumerate().any(|(i, w)| {
        ABSTAIN_NEGATORS.contains(&w.as_ref())
            && (lower.get(i + 1).is_some_and(|p| {
                ABSTAIN_PARTICIPLES.contains(&p.as_ref())
                    || (p == "be"
                        && lower
                            .get(i + 2)
                            .is_some_and(|q| ABSTAIN_PARTICIPLES.contains(&q.as_ref())))
            }) || (names_source
                && lower[i + 1..lower.len().min(i + 4)]
                    .iter()
                    .any(|v| ABSTAIN_VERBS.contains(&v.as_ref()))))
    })
}

/// Share of the question's weight a source sentence must hold to answer it
/// ([`answering_sentence`]).
pub(super) const ANSWERING_SHARE: f64 = 0.5;

/// The source sentence that answers `question`, for judging an abstention ([`abstains`]):
/// among the three sentences that share the most idf weight with the question's keys
/// (with [`bridge_hops`], so "It was opened in 1932" after "The bridge …" is about the
/// bridge), the first that holds at least [`ANSWERING_SHARE`] of the question's weight — a
/// question key the sources lack weighs the largest idf of the sources, as the rarest word
/// — and at least one of the question's content words when it has any, and a key of a kind
/// the question asks for (`kinds`, [`AskedQuestion::expected_kinds`]; for a date a year or a month, for a
/// count a number) that is no question key. A question that asks for a measure of a dimension
/// (`measure`, [`asked_measure`]: "What is the height …", "How tall …") is answered by a number
/// of that dimension only, which also stands for the question's content words ("It stands 46
/// metres tall." answers the height of what "It" refers to); one that asks for a count of things
/// ("What is the population …") by a number that measures nothing ("It lies eight miles south"
/// does not answer it). Some((sentence, that key's normal form)); None when no sentence answers
/// (a question the sources leave open, as SQuAD 2.0's unanswerable ones, Rajpurkar et al.
/// 2018, or one they answer over more hops than this reads).
pub(super) fn answering_sentence(
    index: &SourceIndex<'_>,
    (question, lower_vocab): (&str, &LowerVocab<'_>),
    kinds: &[KeyKind],
    measure: Option<Measure>,
) -> Option<(u32, String)> {
    let mut q_keys: Vec<Key<'_>> = sentence_spans(question)
        .into_iter()
        .flat_map(|sp| keys(question, sp, lower_vocab))
        .filter(|k| !k.negation)
        .collect();
    let mut seen = FastSet::default();
    q_keys.retain(|k| seen.insert(k.norm.clone()));
    let rarest = index.idf.iter().copied().fold(0.0, f64::max);
    let ids: Vec<Option<u32>> = q_keys
        .iter()
        .map(|k| index.vocab.get(&k.norm).copied())
        .collect();
    // The question's predicate must be the answering sentence's too: one that holds none of
    // its content words ("cost" of "How much did the Sydney Opera House cost?") may say much
    // of its names and nothing of what was asked.
    let has_words = q_keys.iter().any(|k| k.kind == KeyKind::Word);
    let words: Vec<u32> = q_keys
        .iter()
        .zip(&ids)
        .filter(|(k, _)| k.kind == KeyKind::Word)
        .filter_map(|(_, id)| *id)
        .collect();
    let total: f64 = ids
        .iter()
        .map(|id| id.map_or(rarest, |id| index.idf[id as usize]))
        .sum();
    let q_ids: Vec<u32> = ids.iter().flatten().copied().collect();
    if q_ids.is_empty() || total <= 0.0 {
        return None;
    }
    // A date is answered by a year or a month, not by any number ("300 metres long" does not
    // say when the bridge opened), a count or a measure by a number, not by a year.
    let kinds: &[KeyKind] = if kinds.contains(&KeyKind::Month) {
        &[KeyKind::Year, KeyKind::Month]
    } else if kinds.contains(&KeyKind::Number) {
        &[KeyKind::Number]
    } else {
        kinds
    };
    let mut scores = FastMap::default();
    let firsts = index.best(&q_ids, 3, &mut scores);
    bridge_hops(index, &q_ids, &firsts, &mut scores);
    let mut ranked: Vec<(u32, f64)> = scores.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    // The dimension of the quantity key `id` states in sentence `s`, if it is one.
    let dimension = |s: u32, id: u32| {
        index
            .quantities
            .iter()
            .find(|&&(_, q_id, t)| t == s && q_id == id)
            .map(|(q, _, _)| q.dimension())
    };
    // The first key of sentence `s` that answers: of a kind asked, no question key, and a
    // number of the measure asked.
    let answer = |s: u32| {
        let (s_ids, s_kinds) = index.sentence(s);
        s_ids
            .iter()
            .zip(s_kinds)
            .find(|&(&id, k)| {
                kinds.contains(k)
                    && !q_ids.contains(&id)
                    && match measure {
                        Some(Measure::Of(d)) => dimension(s, id) == Some(d),
                        Some(Measure::Count) => !dimension(s, id).is_some_and(|d| d.is_measure()),
                        Some(Measure::Any) | None => true,
                    }
            })
            .map(|(&id, _)| id)
    };
    let measured = matches!(measure, Some(Measure::Of(_)));
    ranked
        .into_iter()
        .take(3)
        .filter(|&(s, w)| {
            let holds_word = words.iter().any(|&id| index.has(s, id));
            w >= ANSWERING_SHARE * total && (!has_words || holds_word || measured)
        })
        .find_map(|(s, _)| answer(s).map(|id| (s, index.norms[id as usize].to_string())))
}

/// Conventional formulas of conversation (phatic expressions: Malinowski 1923, "The Problem of
/// Meaning in Primitive Languages"; the conventional-opening, -closing, thanking and
/// acknowledgement acts of dialogue-act tagging, Jurafsky, Shriberg and Biasca 1997,
/// "Switchboard SWBD-DAMSL Shallow-Discourse-Function Annotation"), as the words they open
/// with, in lower case.
pub(super) const PHATIC_OPENINGS: &[&[&str]] = &[
    &["sure"],
    &["certainly"],
    &["of", "course"],
    &["absolutely"],
    &["good", "luck"],
    &["hope", "this", "helps"],
    &["hope", "that", "helps"],
    &["i", "hope", "this", "helps"],
    &["i", "hope", "that", "helps"],
    &["let", "me", "know"],
    &["feel", "free"],
    &["happy", "to", "help"],
    &["glad", "to", "help"],
    &["great", "question"],
    &["thanks"],
    &["thank", "you"],
    &["you're", "welcome"],
    &["you’re", "welcome"],
    &["you", "are", "welcome"],
    &["enjoy"],
    &["have", "a", "great"],
    &["have", "a", "nice"],
    &["have", "a", "good"],
    &["no", "problem"],
];

/// Most words of a sentence that [`phatic`] reads as a formula.
pub(super) const PHATIC_MAX_WORDS: usize = 8;

/// Whether `word` opens a reply before its "yes" or "no" without saying anything of its own: an
/// interjection ("oh", "well", "ah") or a sentence adverb in "-ly" that comments on the answer
/// ("Surprisingly, no!", "Actually, yes", "Unfortunately, no"): a disjunct, which stands outside
/// the clause it comments on (Quirk et al. 1985, *A Comprehensive Grammar of the English
/// Language*, §8.121).
pub(super) fn reply_opener(word: &str) -> bool {
    ["oh", "well", "ah"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
        || (word.len() > 4
            && word.chars().all(|c| c.is_ascii_alphabetic())
            && word[word.len() - 2..].eq_ignore_ascii_case("ly"))
}

/// Whether a sentence of an answer (`toks`, its tokens) is a conversational formula that states
/// no fact ("Sure!", "Good luck with your report!", "You're welcome."): it opens with one of
/// [`PHATIC_OPENINGS`], has at most [`PHATIC_MAX_WORDS`] words, and holds no number and no
/// capitalised word after its first but "I" (a name: "Enjoy the Silence is …", "Sure, Nolan
/// directed it" are claims). Such a sentence is no claim, as claim extraction keeps only
/// sentences that state facts (FActScore, Min et al. 2023, §3.1); read as one, it is a claim the
/// sources never support, and it lowered a correct, grounded reply that thanked the user.
pub(super) fn phatic(toks: &[Token<'_>]) -> bool {
    toks.len() <= PHATIC_MAX_WORDS
        && PHATIC_OPENINGS.iter().any(|f| {
            f.len() <= toks.len()
                && f.iter()
                    .zip(toks)
                    .all(|(w, t)| t.raw.eq_ignore_ascii_case(w))
        })
        && toks
            .iter()
            .skip(1)
            .all(|t| !t.is_number && (t.raw == "I" || !t.raw.starts_with(char::is_uppercase)))
}
