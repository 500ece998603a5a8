//! The question of a prompt and what it asks ([`question_of`], [`AskedQuestion`],
//! [`polar_question`]); question proximity and bridge hops of multi-hop questions.

use super::*;
use crate::quantity::Dimension;

/// A source sentence keyed for [`question_proximity`]: its number, its keys
/// ([`sentence_keys`]), its life span ([`life_span`]) and its tokens' [`clause_segments`].
pub(super) type KeyedSentence<'k, 'a> = (u32, &'k [Key<'a>], Option<(usize, usize)>, Vec<u32>);

/// Tokens a clause or list boundary between two tokens adds to their distance in
/// [`question_proximity`].
pub(super) const BOUNDARY_DISTANCE: u32 = 2;

/// For each token of a sentence (`toks`, offsets in `text`), the number of clause or list
/// boundaries before it: gaps between tokens that hold a comma, a semicolon, a colon, a
/// parenthesis or a dash between spaces. A value attaches to the item of a list it is written
/// in: in "followed by Peru with 13%, Colombia with 10%" the "13%" is Peru's, though
/// "Colombia" stands one token nearer it.
pub(super) fn clause_segments(text: &str, toks: &[Token<'_>]) -> Vec<u32> {
    let mut seg = 0;
    let mut out = Vec::with_capacity(toks.len());
    for j in 0..toks.len() {
        if j > 0 {
            let g = gap(text, toks, j - 1, j);
            if g.contains([',', ';', ':', '(', ')']) || g.contains(" – ") || g.contains(" - ") {
                seg += 1;
            }
        }
        out.push(seg);
    }
    out
}

/// Question proximity of the answer's key token `id` of kind `kind` in a source sentence, given
/// by its keys `ks` ([`sentence_keys`]): the
/// distance baseline of MCTest (Richardson, Burges and Renshaw 2013, "MCTest: A Challenge
/// Dataset for the Open-Domain Machine Comprehension of Text", §5: an answer stands near the
/// question's words in the passage), relative to the sentence's rivals. Distances are in tokens
/// ([`Key::at`]) from the nearest occurrence of a question key (`q_ids`); the rivals are the
/// sentence's keys of the same kind (numbers and years are one kind) that are neither question
/// keys nor keys of the answer (`answer_ids`) nor words of a name the question names (a run,
/// [`Key::run`], holding a question key) nor, for a year, a number up to two tokens before it
/// (the day of its date), nor the other year of a life span (`life`, [`life_span`]) the answer's
/// year is one of. When the sentence states the answer's number as a measure (a length,
/// a mass: [`Quantity::dimension`], not a time or a date), its rivals are the numbers it states
/// as measures of that dimension: "2,900 individual reefs" is no rival of "2,300 kilometres" for
/// "How long is the reef?". 1 when the token is at least as near as every
/// rival, else the nearest rival's distance over the token's, in (0,1). None when the sentence
/// holds no question key (it was reached by a bridge) or does not hold the token. Each clause or
/// list boundary between two tokens (`segments`, [`clause_segments`]) adds
/// [`BOUNDARY_DISTANCE`] to their distance.
pub(super) fn question_proximity(
    index: &SourceIndex<'_>,
    ks: &[Key<'_>],
    (life, segments): (Option<(usize, usize)>, &[u32]),
    (q_ids, answer_ids): (&[u32], &[u32]),
    (id, kind): (u32, KeyKind),
) -> Option<f64> {
    let numeric = |k: KeyKind| matches!(k, KeyKind::Number | KeyKind::Year);
    let (mut q_at, mut a_at, mut rivals) = (Vec::new(), Vec::new(), Vec::new());
    // The runs of names the question names: "Group" of "The Oberoi Group" is no rival.
    let mut q_runs = Vec::new();
    // What the sentence measures with the answer's number, when it states it with a unit.
    let mut measures = None;
    for k in ks.iter().filter(|k| !k.negation) {
        let Some(&kid) = index.vocab.get(&k.norm) else {
            continue;
        };
        if kid == id {
            a_at.push(k.at);
            measures = measures.or(k.qty.map(|q| q.dimension()).filter(|d| d.is_measure()));
        } else if q_ids.contains(&kid) {
            // The "percent" of a question's "13%" anchors nothing of its own: every
            // percentage of the sentence states it ("Brazil, with 60%", "Colombia with 10%").
            if k.norm != PERCENT {
                q_at.push(k.at);
                q_runs.push(k.run);
            }
        } else if (k.kind == kind || (numeric(k.kind) && numeric(kind)))
            && !answer_ids.contains(&kid)
        {
            rivals.push((k.at, k.run, k.kind, k.qty.map(|q| q.dimension())));
        }
    }
    // A number the sentence states as a measure (a length: "2,300 kilometres") has for rivals
    // only numbers of that measure: "2,900 individual reefs" or "344,400 square kilometres" do
    // not answer "How long is the reef?".
    if let Some(d) = measures {
        rivals.retain(|r| r.3 == Some(d));
    }
    // Nor, for a year, is a number within two tokens before it: the day of its date ("31" of
    // "born 31 October 1988").
    rivals.retain(|(at, run, k, _)| {
        (*run == NO_RUN || !q_runs.contains(run))
            && !(kind == KeyKind::Year
                && *k == KeyKind::Number
                && a_at.iter().any(|a| a > at && a - at <= 2))
    });
    // The two years of a life span stand equally near the person's name: which of them
    // answers is the event's (`life_span_swap`), not the distance's.
    if let Some((born, died)) = life {
        let (born, died) = (born as u32, died as u32);
        if a_at.contains(&born) || a_at.contains(&died) {
            rivals.retain(|r| r.0 != born && r.0 != died);
        }
    }
    let segment = |at: u32| segments.get(at as usize).copied().unwrap_or(0);
    let distance = |at: &u32| {
        q_at.iter()
            .map(|q| q.abs_diff(*at) + BOUNDARY_DISTANCE * segment(*q).abs_diff(segment(*at)))
            .min()
    };
    let own = a_at.iter().filter_map(distance).min()?;
    match rivals.iter().filter_map(|(at, ..)| distance(at)).min() {
        Some(rival) if rival < own => Some(f64::from(rival) / f64::from(own)),
        _ => Some(1.0),
    }
}

/// Second hops of question alignment (bridge questions, HotpotQA, Yang et al. 2018): "Where was
/// the singer who composed X born?" is matched by one sentence ("X … by the singer Mark
/// Knopfler") and answered by another that continues it ("He was born in Glasgow"). `scores`
/// holds each sentence's idf weight shared with the question `q_ids`, `firsts` the three best
/// ([`SourceIndex::best`]); for each such sentence `s`, a sentence `t` linked to it — one that names a
/// name of `s` the question does not (the bridge entity), or the sentence right after `s` when
/// it refers back by a pronoun — and that holds question words `s` lacks scores the weight of
/// `s` plus the weight of those words, if that is more than its own. A sentence right after `s`
/// that opens with the pronoun ("Its elevation of 8,849 metres was established …" after "Mount
/// Everest … is Earth's highest mountain") has the subject of `s` (the first name among its
/// first two keys, [`SourceIndex::sent_subject`]): it scores its own weight plus that of the question words
/// of `s` other than names of something else, even without more question words ("They were
/// descended from … Denmark" after "The Normans … gave their name to Normandy" gains nothing
/// for "In what country is Normandy?": "they" are the Normans, not Normandy). One that
/// only mentions `s`'s subject gains nothing: "Sydney is its largest city" after "Canberra is
/// the capital city of Australia" does not answer "What is the capital of Australia?".
pub(super) fn bridge_hops(
    index: &SourceIndex<'_>,
    q_ids: &[u32],
    firsts: &[(u32, f64)],
    scores: &mut FastMap<u32, f64>,
) {
    let mut raised: Vec<(u32, f64)> = Vec::new();
    for &(s, w) in firsts {
        let next = s + 1;
        let continues = (next as usize) < index.spans.len();
        let (s_ids, s_kinds) = index.sentence(s);
        if continues && index.sent_opens_back[next as usize] {
            // The pronoun stands for the subject of `s`: what `s` says of it counts as said
            // again, the other names of `s` do not.
            let subject = index.sent_subject[s as usize];
            let s_runs = &index.sent_runs[index.sent_at[s as usize]..index.sent_at[s as usize + 1]];
            let inherited: f64 = s_ids
                .iter()
                .zip(s_kinds)
                .zip(s_runs)
                .filter(|&((id, kind), &run)| {
                    (*kind != KeyKind::Name || run == subject)
                        && q_ids.contains(id)
                        && !index.has(next, *id)
                })
                .map(|((&id, _), _)| index.idf[id as usize])
                .sum();
            if inherited > 0.0 {
                let own = scores.get(&next).copied().unwrap_or(0.0);
                raised.push((next, own + inherited));
            }
        }
        // Question words the first sentence lacks, and the names that can bridge from it.
        let rest: Vec<u32> = q_ids
            .iter()
            .copied()
            .filter(|id| s_ids.binary_search(id).is_err())
            .collect();
        if rest.is_empty() {
            continue;
        }
        let mut linked: Vec<u32> = s_ids
            .iter()
            .zip(s_kinds)
            .filter(|(id, k)| **k == KeyKind::Name && !q_ids.contains(id))
            .flat_map(|(id, _)| index.posting(*id).iter().copied())
            .filter(|&t| t != s)
            .collect();
        if continues && index.sent_refers_back[next as usize] {
            linked.push(next);
        }
        linked.sort_unstable();
        linked.dedup();
        for t in linked {
            let more: f64 = rest
                .iter()
                .filter(|&&id| index.has(t, id))
                .map(|&id| index.idf[id as usize])
                .sum();
            if more > 0.0 {
                raised.push((t, w + more));
            }
        }
    }
    for (t, w) in raised {
        let e = scores.entry(t).or_default();
        if w > *e {
            *e = w;
        }
    }
}

/// The rival a bare answer (a name, number or date and nothing else of its own) stands against
/// when the sources state it only off the question: no sentence holding any of the answer's
/// entities (`answer`: ids and kinds) shares a word with the question (`q_ids`), even by a
/// bridge hop ([`bridge_hops`]), while the sentence that best matches the question (not one
/// that asks it) states another entity of the answer's kind. QA2D's reading of an answer as the
/// question's declarative form (Demszky et al. 2018, "Transforming Question Answering Datasets
/// Into Natural Language Inference Datasets"): "Denmark" to "In what country is Normandy
/// located?" claims "Normandy is located in Denmark", which "…Normandy, a region in France"
/// contradicts, though "…raiders and pirates from Denmark, Iceland and Norway" names Denmark.
/// Of several such entities of that sentence the rival is the nearest to the question's words
/// (tokens, each clause boundary adding [`BOUNDARY_DISTANCE`], as [`question_proximity`]
/// counts), neither a key of the answer (`answer_ids`) nor a word of a name the question names.
/// Sentences cut at a semicolon or after an abbreviation are read whole. Returns the rival's
/// id and its sentence; None when a sentence of the answer matches the question at all; when
/// the best sentence does not hold every word of the question the other sentences hold (the
/// question has hops), names its subject elsewhere or speaks of a person by a pronoun (it may
/// be speaking of the answer); when a sentence of the answer may be a hop from it (it names a
/// name of the best sentence or of those that go on about it that the question does not,
/// continues a sentence that does, or goes on about the best one without a pronoun that
/// `bridge_hops` reads); or when the best one holds no rival. On the dev QA rows the rule
/// moves 13 of 59 995, 12 of them correct answers to multi-hop questions whose passage lacks
/// the hop's link ("Ward Estate" for the venue of "Aloha from Hawaii Via Satellite"), and the
/// refit leaves the out-of-fold AUROC within 0.0003.
pub(super) fn off_question_rival(
    index: &SourceIndex<'_>,
    (context, context_tokens): (&str, &[Token<'_>]),
    q_ids: &[u32],
    (answer, answer_ids): (&[(u32, KeyKind)], &[u32]),
) -> Option<(u32, u32)> {
    if q_ids.is_empty() || answer.is_empty() {
        return None;
    }
    let mut scores = FastMap::default();
    let firsts = index.best(q_ids, 3, &mut scores);
    bridge_hops(index, q_ids, &firsts, &mut scores);
    let weight = |s: u32| scores.get(&s).copied().unwrap_or(0.0);
    // The sentence a piece cut at a semicolon belongs to ("Raj Rajaratnam (Tamil: … ; born
    // …; June 15, 1957) is a … hedge fund manager"): its first and last piece.
    let spans = &index.spans;
    // So is a piece that opens with a lower-case letter, a digit or a bracket: a cut after an
    // abbreviation ("Macay Holdings, Inc. () is a …", "Op. 31 is a scherzo by …").
    let joined = |s: usize| {
        s > 0 && {
            let between = &context[spans[s - 1].0..spans[s].0];
            let opens = context[spans[s].0..].chars().next().is_some_and(|c| {
                c.is_lowercase() || c.is_ascii_digit() || matches!(c, '(' | ')' | '[' | ']')
            });
            !between.contains('\n') && (between.trim_end().ends_with(';') || opens)
        }
    };
    let whole = |s: u32| {
        let (mut lo, mut hi) = (s as usize, s as usize);
        while joined(lo) {
            lo -= 1;
        }
        while hi + 1 < spans.len() && joined(hi + 1) {
            hi += 1;
        }
        (lo as u32)..=(hi as u32)
    };
    let answer_sentences = || {
        answer
            .iter()
            .flat_map(|&(id, _)| index.posting(id).iter().map(|&s| whole(s)))
    };
    if answer_sentences().any(|mut r| r.any(|s| weight(s) > 0.0)) {
        return None;
    }
    // (A question asked inside the context, as a contract-only client sends it, holds every
    // word of itself and answers nothing.)
    let asks = |s: u32| {
        let (a, b) = spans[s as usize];
        context[a..b].trim_end().ends_with('?')
    };
    let (t, _) = scores
        .iter()
        .filter(|&(&s, &w)| w > 0.0 && !asks(s))
        .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(a.0)))?;
    let (t, t_whole) = (*t, whole(*t));
    // It must hold every word of the question the rest of the sources hold: a question it
    // answers alone (a multi-hop question's words are spread over its hops).
    let held_elsewhere = |id: u32| index.posting(id).iter().any(|&s| !asks(s));
    if !q_ids
        .iter()
        .all(|&id| !held_elsewhere(id) || t_whole.clone().any(|s| index.has(s, id)))
    {
        return None;
    }
    // A best sentence whose subject is named elsewhere ("He is known for his roles as …
    // Charles Ingalls in 'Little House on the Prairie'", "The dialect has roots in …"), or
    // that speaks of a person by a pronoun, may be speaking of the answer.
    let person = |s: u32| {
        span_tokens(context_tokens, spans[s as usize])
            .iter()
            .any(|t| {
                ["he", "she", "they"]
                    .iter()
                    .any(|p| t.raw.eq_ignore_ascii_case(p))
            })
    };
    let names = answer.iter().any(|&(_, k)| k == KeyKind::Name);
    if index.sent_subject_elsewhere[*t_whole.start() as usize]
        || (names && t_whole.clone().any(person))
    {
        return None;
    }
    // A sentence of the answer that names a name of that sentence the question does not is a
    // hop from it (the bridge entity of a multi-hop question: "… designed by Marguerite
    // Lavalle" then "Lavalle … settled in Montreal, where she died"), whatever words it
    // shares; so is one whose subject is named elsewhere, unless right after the best one
    // (`bridge_hops` gave that one its share of the question's words): it continues a
    // sentence before it, which may be the hop ("… trained in Lyon; after retiring she
    // settled in Montreal").
    // (The sentences that go on about the best one's subject, "It co-stars Leslie Caron" or
    // "The concert took place at …" after it, state its bridge entities too.)
    let mut until = *t_whole.end();
    while (until as usize + 1) < spans.len() && index.sent_subject_elsewhere[until as usize + 1] {
        until = *whole(until + 1).end();
    }
    let bridge: Vec<u32> = (*t_whole.start()..=until)
        .flat_map(|t| {
            let (ids, kinds) = index.sentence(t);
            ids.iter().zip(kinds).filter_map(|(&id, &k)| {
                (k == KeyKind::Name && !q_ids.contains(&id) && !answer_ids.contains(&id))
                    .then_some(id)
            })
        })
        .collect();
    let hop = |r: std::ops::RangeInclusive<u32>| {
        let (lo, after_t) = (*r.start(), *r.start() == *t_whole.end() + 1);
        // (Right after the best one, a sentence that names no subject of its own goes on
        // about it: "'Old Grey Whistle Theft' is the fourth episode of … 'Father Ted'. Written
        // jointly by Irish writers Arthur Mathews and Graham Linehan …".)
        let goes_on = after_t
            && !index.sent_opens_back[lo as usize]
            && index.sent_subject[lo as usize] == NO_RUN;
        // (One of the sentences that go on about the best one is judged by its share of the
        // question's words alone when it is the first of them and opens with a pronoun, whose
        // share `bridge_hops` gave it; any other is a hop: "Brujo is an album by … New Riders
        // of the Purple Sage. The group emerged from … San Francisco".)
        let continues = lo > *t_whole.end() && lo <= until;
        if continues {
            return !(after_t && index.sent_opens_back[lo as usize]);
        }
        goes_on
            || (index.sent_subject_elsewhere[lo as usize] && !after_t)
            || (index.sent_refers_back[lo as usize] && !after_t && lo > 0 && {
                let before = whole(lo - 1);
                before
                    .clone()
                    .any(|s| bridge.iter().any(|&id| index.has(s, id)))
            })
            || r.clone().any(|s| bridge.iter().any(|&id| index.has(s, id)))
    };
    if answer_sentences().any(hop) {
        return None;
    }
    let sp = index.spans[t as usize];
    let toks = span_tokens(context_tokens, sp);
    let ks = index.own_keys(t);
    let segments = clause_segments(context, toks);
    let numeric = |k: KeyKind| matches!(k, KeyKind::Number | KeyKind::Year);
    let fits = |k: KeyKind| {
        answer
            .iter()
            .any(|&(_, a)| a == k || (numeric(a) && numeric(k)))
    };
    let (mut q_at, mut q_runs, mut rivals) = (Vec::new(), Vec::new(), Vec::new());
    for k in ks.iter().filter(|k| !k.negation) {
        let Some(&kid) = index.vocab.get(&k.norm) else {
            continue;
        };
        if q_ids.contains(&kid) {
            q_at.push(k.at);
            q_runs.push(k.run);
        } else if fits(k.kind) && !answer_ids.contains(&kid) {
            rivals.push((k.at, k.run, kid));
        }
    }
    let segment = |at: u32| segments.get(at as usize).copied().unwrap_or(0);
    let distance = |at: u32| {
        q_at.iter()
            .map(|&q| q.abs_diff(at) + BOUNDARY_DISTANCE * segment(q).abs_diff(segment(at)))
            .min()
    };
    rivals
        .into_iter()
        .filter(|&(_, run, _)| run == NO_RUN || !q_runs.contains(&run))
        .filter_map(|(at, _, kid)| Some((distance(at)?, kid)))
        .min()
        .map(|(_, kid)| (kid, t))
}

/// Auxiliaries that open a polar (yes/no) question.
pub(super) const POLAR_OPENERS: &[&str] = &[
    "is", "was", "are", "were", "do", "does", "did", "can", "could", "has", "have", "had", "will",
    "would", "should",
];

/// Words of a question that compares two things (HotpotQA's comparison questions: "Are both
/// …", "Did X form before Y?"), whose answer no one sentence states.
pub(super) const POLAR_COMPARISONS: &[&str] = &[
    "both", "either", "neither", "same", "than", "or", "and", "before", "after", "also",
];

/// The tokens of `question` when it is a polar question about one proposition: it opens with
/// an auxiliary ([`POLAR_OPENERS`]) and compares nothing ([`POLAR_COMPARISONS`]); None for
/// other questions.
pub(super) fn polar_question(question: &str) -> Option<Vec<Token<'_>>> {
    let is = |raw: &str, ws: &[&str]| ws.iter().any(|w| raw.eq_ignore_ascii_case(w));
    // Cheapest tests first: this runs for every audit with a question.
    let first = question
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next();
    if !(question.trim_end().ends_with('?') && first.is_some_and(|w| is(w, POLAR_OPENERS))) {
        return None;
    }
    let toks = tokens(question);
    (!toks.iter().any(|t| is(t.raw, POLAR_COMPARISONS))).then_some(toks)
}

/// Words that, within three tokens after "you" (or after "your"), make a yes/no question a
/// request or a question about the assistant rather than about a proposition the sources could
/// state ("Do you know who …?", "Can you tell me …?", "Could you recommend …?", "Are you a fan
/// of …?", "Did you see it?"; [`asks_proposition`]), lower case.
const REQUEST_WORDS: &[&str] = &[
    "know",
    "tell",
    "recommend",
    "suggest",
    "think",
    "remember",
    "explain",
    "help",
    "name",
    "list",
    "give",
    "show",
    "describe",
    "like",
    "love",
    "enjoy",
    "prefer",
    "mind",
    "want",
    "need",
    "believe",
    "recall",
    "summarize",
    "summarise",
    "find",
    "check",
    "confirm",
    "say",
    "heard",
    "seen",
    "see",
    "read",
    "watched",
    "watch",
    "listened",
    "familiar",
    "fan",
    "favorite",
    "favourite",
    "favorites",
    "favourites",
    "interested",
    "aware",
    "sure",
];

/// Words a yes/no question asks to confirm the turn before it by ("Is that correct?", "Is it
/// true?"): no proposition of their own ([`asks_proposition`]), lower case.
const CONFIRMATION_WORDS: &[&str] = &["true", "correct", "right", "accurate", "so", "sure"];

/// Whether the yes/no question `toks` ([`polar_question`]) asks whether a proposition of its
/// own words holds: not an indirect question or request ("Do you know who directed it?", "Can
/// you tell me when …?"; Searle 1975, "Indirect speech acts"), one about the assistant's own
/// mind or experience ("Are you a fan of jazz?", "Did you see it?", "What's your favourite?"),
/// a request to confirm the turn before it ("Is that correct?", "Is it true?"), nor a
/// comparison written "as … as" ("Was she a novelist just as much as he was an economist?").
/// "Do you ship to Norway?" and "Does the hotel have a spa?" do.
pub(super) fn asks_proposition(toks: &[Token<'_>]) -> bool {
    let is = |t: &Token<'_>, ws: &[&str]| ws.iter().any(|w| t.raw.eq_ignore_ascii_case(w));
    let about_you = toks.iter().enumerate().any(|(i, t)| {
        (t.raw.eq_ignore_ascii_case("you") && i <= 2 || t.raw.eq_ignore_ascii_case("your"))
            && toks[i + 1..].iter().take(3).any(|w| is(w, REQUEST_WORDS))
    });
    let confirms = toks.len() <= 4 && toks.last().is_some_and(|t| is(t, CONFIRMATION_WORDS));
    let as_as = toks
        .iter()
        .filter(|t| t.raw.eq_ignore_ascii_case("as"))
        .count()
        >= 2;
    !(about_you || confirms || as_as)
}

/// The question inside a prompt ([`question_span`]'s text).
pub(super) fn question_of(prompt: &str) -> &str {
    let (s, e) = question_span(prompt);
    &prompt[s..e]
}

/// The byte span of the question inside a prompt: its last speaker turn for a dialogue
/// (`[Human]: …`, to the end of the prompt), else what follows its last question label
/// ("Question:", "Q:", "Query:", "### Question", "<question>", [`label_at`]) to the end of the
/// prompt or, for a tag, to its closing tag (a retrieval-augmented prompt: "Context: …\n
/// Question: …\nAnswer:"), else the whole prompt. A span, not a suffix: text may follow a
/// tagged question ("</question>\n<instructions>…").
pub(super) fn question_span(prompt: &str) -> (usize, usize) {
    // ASCII lower-casing keeps byte offsets (full lower-casing can change lengths, e.g. "İ").
    let lower = prompt.to_ascii_lowercase();
    for marker in ["[human]:", "human:", "[user]:", "user:"] {
        if let Some(p) = lower.rfind(marker) {
            return (p + marker.len(), prompt.len());
        }
    }
    let mut at = 0;
    let mut found = None;
    for line in prompt.split_inclusive('\n') {
        if let Some((label, body)) = label_at(line) {
            if QUESTION_LABELS.contains(&label.as_str()) {
                found = Some((at + body, tag_at(line).map(|(name, _)| name)));
            }
        }
        at += line.len();
    }
    found.map_or((0, prompt.len()), |(p, tag)| {
        let end = tag
            .and_then(|name| closing_tag_in(&prompt[p..], name))
            .map_or(prompt.len(), |c| p + c);
        (p, end)
    })
}

/// The last sentence of `context` that ends with `?` (empty if none).
pub(super) fn question_in(context: &str) -> &str {
    sentence_spans(context)
        .into_iter()
        .rev()
        .map(|(a, b)| &context[a..b])
        .find(|s| s.ends_with('?'))
        .unwrap_or("")
}

/// What a question that asks for a count or a measure asks for ([`asked_measure`]): what
/// number answers it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Measure {
    /// Any number ("How many …", "How long …": miles or hours).
    Any,
    /// A count of things, no measure: "What is the population of …?" is not answered by
    /// "eight miles".
    Count,
    /// A measure of this dimension ("How tall …", "What is the height of …": a length).
    Of(Dimension),
}

/// Questions that ask for a count or a measure ("How many …", "How tall is Kilimanjaro?"),
/// answered by a number, padded by spaces as [`AskedQuestion::expected_kinds`] and [`AskedQuestion::asks_only_value`] look
/// them up, with what they ask for.
pub(super) const COUNT_QUESTIONS: &[(&str, Measure)] = &[
    (" how many ", Measure::Any),
    (" how much ", Measure::Any),
    (" how long ", Measure::Any),
    (" how old ", Measure::Of(Dimension::Duration)),
    (" how tall ", Measure::Of(Dimension::Length)),
    (" how high ", Measure::Of(Dimension::Length)),
    (" how far ", Measure::Of(Dimension::Length)),
    (" how big ", Measure::Any),
    (" how large ", Measure::Any),
    (" how deep ", Measure::Of(Dimension::Length)),
    (" how wide ", Measure::Of(Dimension::Length)),
    (" how heavy ", Measure::Of(Dimension::Mass)),
    (" how fast ", Measure::Of(Dimension::Speed)),
    (" what percentage ", Measure::Any),
];

/// Nouns of a measure or a count, sorted, with what they ask for: "What is the population of
/// Iceland?" asks for a number as "How many people live in Iceland?" does ([`asked_measure`]).
pub(super) const MEASURE_NOUNS: &[(&str, Measure)] = &[
    ("age", Measure::Of(Dimension::Duration)),
    ("altitude", Measure::Of(Dimension::Length)),
    ("area", Measure::Of(Dimension::Area)),
    ("budget", Measure::Any),
    ("capacity", Measure::Any),
    ("cost", Measure::Any),
    ("depth", Measure::Of(Dimension::Length)),
    ("diameter", Measure::Of(Dimension::Length)),
    ("distance", Measure::Of(Dimension::Length)),
    ("elevation", Measure::Of(Dimension::Length)),
    ("height", Measure::Of(Dimension::Length)),
    ("length", Measure::Of(Dimension::Length)),
    ("population", Measure::Count),
    ("price", Measure::Any),
    ("revenue", Measure::Any),
    ("salary", Measure::Any),
    ("speed", Measure::Of(Dimension::Speed)),
    ("temperature", Measure::Of(Dimension::Temperature)),
    ("weight", Measure::Of(Dimension::Mass)),
    ("width", Measure::Of(Dimension::Length)),
];

/// The openings of a question whose next word may be one of [`MEASURE_NOUNS`].
const MEASURE_OPENINGS: &[&str] = &[" what is the ", " what was the ", " what's the "];

/// What `q` (a question as [`padded_words`]) asks for when it asks for a count or a measure:
/// one of [`COUNT_QUESTIONS`] ("how many", "how tall", …), or "what is / was the" and a noun
/// of [`MEASURE_NOUNS`] ("What is the population of …?", "What was the budget …?"); `None`
/// for other questions.
pub(super) fn asked_measure(q: &str) -> Option<Measure> {
    let by_words = COUNT_QUESTIONS
        .iter()
        .find(|(m, _)| q.contains(m))
        .map(|&(_, measure)| measure);
    by_words.or_else(|| {
        MEASURE_OPENINGS.iter().find_map(|o| {
            q.match_indices(o).find_map(|(at, _)| {
                let mut rest = q[at + o.len()..].split(' ');
                let word = rest.next().unwrap_or("");
                let noun = word.trim_end_matches(|c: char| c.is_ascii_punctuation());
                // The noun itself, not a compound ("the area code"): a preposition or the
                // question's end follows it.
                let ends = noun.len() < word.len()
                    || matches!(rest.next(), Some("of" | "in" | "for" | "at"));
                let at = MEASURE_NOUNS.binary_search_by_key(&noun, |&(n, _)| n).ok();
                at.filter(|_| ends).map(|i| MEASURE_NOUNS[i].1)
            })
        })
    })
}

/// `question` lower-cased, its words separated by single spaces and the whole padded by a space
/// at each end, as [`COUNT_QUESTIONS`] and the other question cues are looked up: a question on
/// its own line ("Answer using the passage below.\nHow tall is it?") or wrapped over two reads
/// as the same words as on one.
pub(super) fn padded_words(question: &str) -> String {
    let mut q = String::with_capacity(question.len() + 2);
    for w in to_lower(question).split_whitespace() {
        q.push(' ');
        q.push_str(w);
    }
    q.push(' ');
    q
}

/// The noun a question asks for with "which" or "what" ("Which river has the largest
/// discharge?": "river"; "What kind of tree …": "tree"), lower-cased: the word after it, unless
/// that is a stop word ("What is …") or a word of one letter.
pub(super) fn asked_noun(question: &str) -> Option<String> {
    let toks = tokens(question);
    let lower = |j: usize| toks.get(j).map(|t| lower_cow(t.raw));
    let at = (0..toks.len()).find(|&j| matches!(lower(j).as_deref(), Some("which" | "what")))?;
    let mut j = at + 1;
    if matches!(lower(j).as_deref(), Some("kind" | "type" | "sort"))
        && lower(j + 1).as_deref() == Some("of")
    {
        j += 2;
    }
    let noun = lower(j)?;
    let word = !toks[j].is_number && noun.chars().all(char::is_alphabetic);
    (word && noun.chars().nth(1).is_some() && !is_stopword(&noun)).then(|| noun.into_owned())
}

/// Whether the word `raw` is `noun` (lower-cased), case aside, or its plural in "s" or "es".
pub(super) fn is_noun_form(raw: &str, noun: &str) -> bool {
    let lower = lower_cow(raw);
    lower == noun
        || lower
            .strip_prefix(noun)
            .is_some_and(|rest| rest == "s" || rest == "es")
}

/// A question read once for its cues: its words as [`padded_words`] and the measure it asks
/// for ([`asked_measure`]), from which [`AskedQuestion::asks_only_value`] and
/// [`AskedQuestion::expected_kinds`] are answered without lower-casing it again.
pub(super) struct AskedQuestion<'q> {
    /// The question as given.
    question: &'q str,
    /// Its [`padded_words`].
    words: String,
    /// What it asks for when it asks for a count or a measure ([`asked_measure`]).
    pub(super) measure: Option<Measure>,
}

impl<'q> AskedQuestion<'q> {
    /// Reads `question` (lower-cased and split once).
    pub(super) fn new(question: &'q str) -> Self {
        let words = padded_words(question);
        let measure = asked_measure(&words);
        AskedQuestion {
            question,
            words,
            measure,
        }
    }

    /// Whether it is a wh-question (what, which, who, whom, whose, when, where or how): one
    /// answered by a name, a number or a date rather than by yes or no.
    pub(super) fn asks_wh(&self) -> bool {
        [
            " what ", " which ", " who ", " whom ", " whose ", " when ", " where ", " how ",
        ]
        .iter()
        .any(|w| self.words.contains(w))
    }

    /// Whether the question asks for a value and for nothing else: a count or a measure
    /// ([`asked_measure`], with neither "which" nor "when") or a date (its asking sentence,
    /// [`question_in`], opens with "When", or it says "what year", "which year" or "what
    /// date"), and none of "who", "whom", "whose" or "where" ("Where and when was she born?"
    /// asks for a place too; "when" inside a question is as often a conjunction).
    pub(super) fn asks_only_value(&self) -> bool {
        let (q, question) = (&self.words, self.question);
        let asks = |w: &[&str]| w.iter().any(|w| q.contains(w));
        let asking = Some(question_in(question))
            .filter(|s| !s.is_empty())
            .unwrap_or(question);
        let opens_when = asking
            .trim_start()
            .get(..5)
            .is_some_and(|w| w.eq_ignore_ascii_case("when "));
        let measure = self.measure.is_some() && !asks(&[" which ", " when "]);
        let date = opens_when || asks(&[" what year ", " which year ", " what date "]);
        (measure || date) && !asks(&[" who ", " whom ", " whose ", " where "])
    }

    /// What the question asks for: Some(kinds that answer it) for who / when / how many (how
    /// tall, what is the population of, … [`asked_measure`]) questions.
    pub(super) fn expected_kinds(&self) -> Option<&'static [KeyKind]> {
        let q = &self.words;
        if self.measure.is_some() {
            Some(&[KeyKind::Number, KeyKind::Year])
        } else if q.contains(" what year ") || q.contains(" in which year ") || q.contains(" when ")
        {
            Some(&[KeyKind::Year, KeyKind::Number, KeyKind::Month])
        } else if q.contains(" who ") || q.contains(" whom ") || q.contains(" whose ") {
            Some(&[KeyKind::Name])
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_the_population_asks_for_a_number() {
        assert!(MEASURE_NOUNS.windows(2).all(|w| w[0].0 < w[1].0));
        for q in [
            "What is the population of Iceland?",
            "What was the budget of the film?",
            "what's the height of the tower",
            "How tall is it?",
        ] {
            assert!(asked_measure(&padded_words(q)).is_some(), "{q}");
            assert_eq!(
                AskedQuestion::new(q).expected_kinds(),
                Some(&[KeyKind::Number, KeyKind::Year][..]),
                "{q}"
            );
        }
        for q in [
            "What is the capital of Iceland?",
            "What is the area code of Reykjavik?",
        ] {
            assert!(asked_measure(&padded_words(q)).is_none(), "{q}");
        }
        let measure = |q: &str| asked_measure(&padded_words(q));
        assert_eq!(
            measure("What is the population of Iceland?"),
            Some(Measure::Count)
        );
        assert_eq!(
            measure("What is the height of the tower?"),
            Some(Measure::Of(Dimension::Length))
        );
        assert_eq!(measure("How long did the siege last?"), Some(Measure::Any));
        assert_eq!(measure("Who built the tower?"), None);
        assert!(AskedQuestion::new("What is the population of Iceland?").asks_only_value());
        assert!(!AskedQuestion::new("Who set the price of the ticket?").asks_only_value());
    }
}
