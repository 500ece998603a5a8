//! Agent swaps: the doer of an action changed between a claim and its aligned sentence
//! ([`verb_frame`], [`agent_swap`]).

use super::*;

/// Past-tense forms and past participles of common irregular verbs (sorted; [`past_verb`]).
pub(super) const IRREGULAR_PAST: &[&str] = &[
    "beat", "beaten", "became", "began", "begun", "bought", "brought", "built", "caught", "chose",
    "chosen", "drawn", "drew", "driven", "drove", "flew", "flown", "fought", "gave", "given",
    "held", "kept", "led", "made", "met", "paid", "ran", "rode", "sang", "sent", "shot", "sold",
    "spent", "spoke", "spoken", "stole", "stolen", "struck", "sung", "swam", "taken", "taught",
    "threw", "thrown", "took", "won", "wore", "worn", "written", "wrote",
];

/// Irregular verbs whose past tense and past participle differ, as (stem of the base form,
/// past tense, past participle): one verb's forms share no [`word_stem`] ("wrote", "written",
/// "writing"), so [`verb_lemma`] joins them.
pub(super) const IRREGULAR_FORMS: &[(&str, &str, &str)] = &[
    ("beat", "beat", "beaten"),
    ("begin", "began", "begun"),
    ("choose", "chose", "chosen"),
    ("draw", "drew", "drawn"),
    ("drive", "drove", "driven"),
    ("fly", "flew", "flown"),
    ("give", "gave", "given"),
    ("sing", "sang", "sung"),
    ("speak", "spoke", "spoken"),
    ("steal", "stole", "stolen"),
    ("take", "took", "taken"),
    ("throw", "threw", "thrown"),
    ("wear", "wore", "worn"),
    ("write", "wrote", "written"),
];

/// The lemma of a verb form: the base form of an irregular verb of [`IRREGULAR_FORMS`] for any
/// of its forms ("wrote", "written", "writing" → "write"), else the form's [`word_stem`]
/// ("piloted", "piloting" → "pilot").
pub(super) fn verb_lemma(raw: &str) -> Cow<'static, str> {
    let stem = word_stem(raw);
    IRREGULAR_FORMS
        .iter()
        .find(|(base, past, participle)| [*base, *past, *participle].contains(&stem.as_str()))
        .map_or(Cow::Owned(stem), |(base, _, _)| Cow::Borrowed(*base))
}

/// The other written forms of the verb of `raw` in the past ([`IRREGULAR_FORMS`]: "written" for
/// "wrote", "wrote" for "writing"), as the sources' keys spell them; empty for a regular verb,
/// whose forms share one key.
pub(super) fn other_past_forms(raw: &str) -> impl Iterator<Item = &'static str> {
    let lemma = verb_lemma(raw);
    let stem = word_stem(raw);
    IRREGULAR_FORMS
        .iter()
        .filter(move |(base, _, _)| *base == lemma)
        .flat_map(|(_, past, participle)| [*past, *participle])
        .filter(move |form| *form != stem)
}

/// Verbs of taking part (past forms, sorted): many agents hold such a role at once ("Patrick
/// Fugit starred in White Oleander" does not deny that Michelle Pfeiffer did), so another agent
/// is no swap ([`agent_swap`]).
pub(super) const SHARED_ROLE_VERBS: &[&str] = &[
    "acted",
    "appeared",
    "attended",
    "collaborated",
    "competed",
    "contributed",
    "featured",
    "helped",
    "joined",
    "lived",
    "participated",
    "performed",
    "pictured",
    "played",
    "scored",
    "served",
    "signed",
    "starred",
    "studied",
    "visited",
    "voted",
    "worked",
];

/// Forms of "be" that make a participle after them passive ([`verb_frame`]).
pub(super) const BE_FORMS: &[&str] = &["was", "were", "is", "are", "been", "being", "be"];

/// Auxiliaries of the perfect, which stand between an active verb's agent and its participle
/// ("Acme Robotics has acquired Beta"; [`verb_frame`]).
pub(super) const PERFECT_AUXILIARIES: &[&str] = &["has", "have", "had"];

/// Adverbs that stand between a passive's auxiliary and its participle ("is also written by",
/// "were both written by"; [`verb_frame`]).
pub(super) const PASSIVE_ADVERBS: &[&str] = &[
    "all",
    "also",
    "both",
    "first",
    "jointly",
    "later",
    "originally",
];

/// Prepositions before a name that make it no verb's subject ("a song by Prince topped the
/// charts"; [`verb_frame`]).
pub(super) const OBJECT_PREPOSITIONS: &[&str] = &[
    "about", "after", "against", "as", "at", "before", "by", "for", "from", "in", "like", "of",
    "on", "over", "than", "to", "under", "with",
];

/// Words that open another clause or another conjunct, ending a verb's frame ([`verb_frame`]).
pub(super) const FRAME_ENDS: &[&str] = &[
    "after", "and", "because", "before", "but", "that", "when", "where", "whereas", "which",
    "while", "who", "whom", "whose",
];

/// Whether `raw` reads as a verb in the past tense or a past participle: a lower-case word of
/// five or more letters ending in "ed" (not "eed": "speed", "need"; nor "hundred"), or one of
/// [`IRREGULAR_PAST`] or [`PAST_IN_EED`].
pub(super) fn past_verb(raw: &str) -> bool {
    let b = raw.as_bytes();
    if !b.iter().all(u8::is_ascii_lowercase) {
        return false;
    }
    (b.len() >= 5 && raw.ends_with("ed") && !raw.ends_with("eed") && raw != "hundred")
        || IRREGULAR_PAST.binary_search(&raw).is_ok()
        || PAST_IN_EED.binary_search(&raw).is_ok()
}

/// Past forms of regular verbs whose base ends in "ee" (sorted; [`past_verb`]): "agree" + "d"
/// ends in "eed" as "speed" and "need" do.
pub(super) const PAST_IN_EED: &[&str] = &[
    "agreed",
    "decreed",
    "disagreed",
    "freed",
    "guaranteed",
    "refereed",
];

/// A verb's frame: the names of its agent (in [`normal_form`]) and the tokens of what it says
/// the agent did it to, its other argument ([`verb_frame`]), and whether the verb is passive
/// (the agent after "by"; the argument then the subject, read back only to a stop word).
#[derive(Debug, PartialEq)]
pub(super) struct VerbFrame<'k> {
    pub(super) agent: Vec<&'k str>,
    pub(super) argument: Vec<usize>,
    pub(super) passive: bool,
}

/// The frame of the verb at token `i` of a sentence (`toks`, offsets in `src`; `ks` its
/// [`sentence_keys`]). The agent is the name after "by" when the verb is passive ("The
/// phonograph was invented in 1877 by Thomas Edison": [thomas, edison]; "images produced by
/// Rosalind Franklin and Maurice Wilkins"; past a role of up to two lower-case words, "designed
/// by engineer Joseph Strauss": [joseph, strauss]), else the run of names right before it (or before
/// its perfect's auxiliary, [`PERFECT_AUXILIARIES`]: "Acme has acquired …"), with the
/// runs an "and" joins to it, and before those the runs a comma joins to a list that "and" closes
/// ("Wilbur and Orville Wright made …"; "Watson, Crick and Wilkins shared …"). The argument is,
/// for an active verb, the words after it up to a punctuation mark or a word of [`FRAME_ENDS`]
/// ("the first flight" of "Orville piloted the first flight, which lasted …"); for a passive,
/// its subject ("The phonograph"; for a participle with no "be", the words before it back to a
/// stop word: "X-ray diffraction images") and the words between it and "by" ("in 1877"). None
/// when the sentence does not name the agent there: a pronoun or a description before the verb,
/// a passive without "by" and a name, a name that is the object of a preposition ("a song by
/// Prince topped …").
pub(super) fn verb_frame<'k>(
    src: &str,
    toks: &[Token<'_>],
    ks: &'k [Key<'_>],
    i: usize,
) -> Option<VerbFrame<'k>> {
    let names_at = |j: usize| {
        ks.iter()
            .filter(move |k| k.kind == KeyKind::Name && k.at as usize == j)
            .map(|k| k.norm.as_ref())
    };
    let is_name = |j: usize| names_at(j).next().is_some();
    let word = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let joined = |a: usize, b: usize| gap(src, toks, a, b).is_empty();
    // Words of one name: an initial's full stop joins too ("Joseph E. Levine").
    let in_name = |a: usize, b: usize| {
        joined(a, b) || (gap(src, toks, a, b) == "." && toks[a].raw.chars().count() == 1)
    };
    let ends_frame = |j: usize| FRAME_ENDS.iter().any(|w| word(j, w));
    // A demonym alone is a description ("The Argentinian fractured his fibula"), not a name.
    let described = |agent: &[&str]| agent.len() == 1 && demonym_place(agent[0]).is_some();
    let mut agent = Vec::new();
    // The auxiliary of a passive, right before the participle or one adverb before it ("is
    // also written by", "were both written by").
    let is_be = |j: usize| BE_FORMS.iter().any(|w| word(j, w));
    let be_at = if i > 0 && is_be(i - 1) {
        Some(i - 1)
    } else {
        (i > 1 && PASSIVE_ADVERBS.iter().any(|w| word(i - 1, w)) && is_be(i - 2)).then(|| i - 2)
    };
    let be_before = be_at.is_some();
    // Passive: "by" and a name within the verb's clause, at most four words on.
    let by = (i + 1..toks.len().min(i + 6))
        .take_while(|&j| joined(j - 1, j) && !ends_frame(j) && !past_verb(toks[j].raw))
        .find(|&j| word(j, "by"));
    if let Some(by) = by {
        let mut j = by + 1;
        if word(j, "the") && joined(by, j) {
            j += 1;
        }
        // A role before the name, up to two lower-case words ("designed by engineer Joseph
        // Strauss", "asked by show creator David Chase").
        let lower_word = |j: usize| {
            toks.get(j).is_some_and(|t| {
                t.raw.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(t.raw)
            }) && joined(j - 1, j)
        };
        let role_words = (j..j + 2).take_while(|&k| lower_word(k)).count();
        if role_words > 0 && is_name(j + role_words) && joined(j + role_words - 1, j + role_words) {
            j += role_words;
        }
        // "… by Rosalind Franklin and Maurice Wilkins", "… by A, B and C", and a name in
        // apposition after a role ("by Chicago Blackhawks defenseman Brent Seabrook").
        let at_name = |a: usize, b: usize| b < toks.len() && is_name(b) && in_name(a, b);
        let mut first = true;
        while j < toks.len() && is_name(j) && (first || in_name(j - 1, j)) {
            first = false;
            agent.extend(names_at(j));
            let next = j + 1;
            let and = word(next, "and") && joined(j, next);
            let role = next < toks.len()
                && toks[next].raw.bytes().all(|b| b.is_ascii_lowercase())
                && !is_stopword(toks[next].raw)
                && joined(j, next);
            if (and || role) && at_name(next, next + 1) {
                j = next + 1;
            } else if next < toks.len() && gap(src, toks, j, next) == "," && is_name(next) {
                agent.extend(names_at(next));
                j = next + 1;
            } else {
                j = next;
            }
        }
        if agent.is_empty() || described(&agent) {
            return None;
        }
        // The subject of "was invented", or the noun phrase a participle follows.
        let mut lo = be_at.unwrap_or(i);
        while lo > 0 && joined(lo - 1, lo) && !ends_frame(lo - 1) {
            let stop = crate::text::is_stopword_raw(toks[lo - 1].raw);
            if !be_before && (stop || i - lo >= 4) {
                break;
            }
            lo -= 1;
        }
        let argument = (lo..by)
            .filter(|&j| j != i && be_at.is_none_or(|b| j < b || j > i))
            .collect();
        return Some(VerbFrame {
            agent,
            argument,
            passive: true,
        });
    }
    // A perfect's auxiliary between the agent and the participle, or one adverb before it
    // ("Acme Robotics has acquired Beta", "had also bought"): the names stand before it.
    let perfect = |j: usize| PERFECT_AUXILIARIES.iter().any(|w| word(j, w));
    let head = if i >= 1 && perfect(i - 1) && joined(i - 1, i) {
        i - 1
    } else if i >= 2
        && PASSIVE_ADVERBS.iter().any(|w| word(i - 1, w))
        && perfect(i - 2)
        && joined(i - 2, i - 1)
        && joined(i - 1, i)
    {
        i - 2
    } else {
        i
    };
    if be_before || head == 0 || !joined(head - 1, head) || !is_name(head - 1) {
        return None;
    }
    // Active: the run of names right before the verb, and the runs joined to it.
    let mut j = head;
    let mut listed = false;
    loop {
        let end = j;
        while j > 0 && is_name(j - 1) && (j == end || in_name(j - 1, j)) {
            j -= 1;
            agent.extend(names_at(j));
        }
        if j == end {
            break;
        }
        // Runs joined by "and" or a comma: "Wilbur and Orville Wright made …", "Watson, Crick
        // and Wilkins shared …".
        // A comma joins names only in a list that an "and" closes: "At Wembley, Chelsea beat
        // …" opens with a phrase, it lists no agent.
        let and = j >= 2 && word(j - 1, "and") && joined(j - 1, j) && joined(j - 2, j - 1);
        if and && is_name(j - 2) {
            listed = true;
            j -= 1;
        } else if !(listed && j >= 1 && gap(src, toks, j - 1, j) == "," && is_name(j - 1)) {
            break;
        }
    }
    if j > 0 && joined(j - 1, j) && OBJECT_PREPOSITIONS.iter().any(|w| word(j - 1, w)) {
        return None;
    }
    if described(&agent) {
        return None;
    }
    // (Read backwards: in the text's order again.)
    agent.reverse();
    let argument = (i + 1..toks.len())
        .take_while(|&k| joined(k - 1, k) && !ends_frame(k))
        .collect();
    Some(VerbFrame {
        agent,
        argument,
        passive: false,
    })
}

/// The frame of a present participle that opens a participial clause after a comma, at token
/// `i` of a claim ("Liverpool won the final, beating Chelsea 2-1"): its subject is the subject
/// of the clause it is attached to (the "controller" of an adjunct participial clause, Quirk et
/// al. 1985, *A Comprehensive Grammar of the English Language*, §15.58), so its agent is the
/// agent of the active verb in the past tense before the comma ([`verb_frame`]: "Liverpool"),
/// and its argument the words after it up to a punctuation mark or a word of [`FRAME_ENDS`]
/// ("Chelsea 2-1 in normal time"). None when the word is no "-ing" form right after a comma,
/// when a clause boundary (another comma, a word of [`FRAME_ENDS`]) comes between the verb and
/// it, or when that verb is passive ("The bridge was opened by the mayor, connecting …": the
/// bridge connects, not the mayor) or names no agent.
pub(super) fn participle_frame<'k>(
    src: &str,
    toks: &[Token<'_>],
    ks: &'k [Key<'_>],
    i: usize,
) -> Option<VerbFrame<'k>> {
    let raw = toks.get(i)?.raw;
    if i < 2
        || raw.len() < 6
        || !raw.ends_with("ing")
        || !raw.bytes().all(|b| b.is_ascii_lowercase())
        || gap(src, toks, i - 1, i) != ","
    {
        return None;
    }
    let word = |j: usize, w: &str| toks[j].raw.eq_ignore_ascii_case(w);
    // Back from the comma to the clause's verb, through no other boundary.
    let mut v = i - 1;
    loop {
        if past_verb(toks[v].raw) {
            break;
        }
        // Words and hyphenated scores ("2-1") only: any other mark ends the clause.
        let inside = v > 0 && matches!(gap(src, toks, v - 1, v), "" | "-");
        if !inside || FRAME_ENDS.iter().any(|w| word(v, w)) {
            return None;
        }
        v -= 1;
    }
    let main = verb_frame(src, toks, ks, v)?;
    // Active only: the agent's name right before the verb (a passive's comes after "by").
    let named_before = ks.iter().any(|k| {
        k.kind == KeyKind::Name && k.at as usize + 1 == v && main.agent.contains(&k.norm.as_ref())
    });
    if !named_before {
        return None;
    }
    let argument = (i + 1..toks.len())
        .take_while(|&k| {
            matches!(gap(src, toks, k - 1, k), "" | "-") && !FRAME_ENDS.iter().any(|w| word(k, w))
        })
        .collect();
    Some(VerbFrame {
        agent: main.agent,
        argument,
        passive: false,
    })
}

/// The agent of a claim's verb swapped for another: "Wilbur Wright piloted it." against "Wilbur
/// and Orville Wright made four brief flights … Orville piloted the first flight", "Alexander
/// Graham Bell invented the phonograph" against "The phonograph was invented in 1877 by Thomas
/// Edison". The claim (`claim_toks`) names the agent of a verb in the past tense at token `i`
/// ([`past_verb`]; `said`, its [`verb_frame`], read by the caller), or of a participle that
/// opens a clause after a comma ([`participle_frame`]: "Liverpool won the final, beating
/// Chelsea" against "Chelsea beat Liverpool"), that is no verb of a role
/// many share ([`SHARED_ROLE_VERBS`]); every frame of that verb in the sources
/// (`sentences`: those holding the verb's word, as (tokens, keys) of `context`, whose tokens are
/// `context_tokens`) names its agent, none that may state the claim names the claim's agent
/// (an active frame of it with an argument that shares no word with the claim's is another of
/// its deeds, passed over), nor does the rival name another part of its name
/// ([`one_entity`]); and one of them has the claim's argument: each content word of the
/// claim's argument is one of the frame's or the question's (`question_toks`), and each of
/// the frame's one of the claim's or the question's ("the first flight", asked about, for
/// "piloted it"), or has the two swapped: the claim's argument names the frame's agent and the
/// frame's the claim's ("Acme Robotics acquired Siemens" against "Acme Robotics was acquired by
/// Siemens"). The sentences come one by one, keyed on demand: the first frame whose agent they
/// leave unnamed ("he piloted …", "was piloted in 1903") ends the search, and nothing is
/// judged: the pronoun may be the claim's name; nor where they state the verb of another
/// argument only ("Arthur C. Clarke wrote 2010" is no swap for "Mark Miller wrote the
/// thriller"). FactCC's entity swap (Kryscinski et al. 2020) on
/// the verb's agent, its semantic role (the "who did it" a reader checks). Some((the claim's
/// agent, the sources', the index in `sentences` of the frame's sentence)), in [`normal_form`].
pub(super) fn agent_swap<'t, 'a: 't>(
    (claim_toks, i, said): (&[Token<'_>], usize, VerbFrame<'_>),
    question_toks: &[Token<'_>],
    (context, context_tokens): (&str, &[Token<'_>]),
    sentences: impl Iterator<Item = KeyedTokens<'t, 'a>>,
) -> Option<(String, String, usize)> {
    if SHARED_ROLE_VERBS.binary_search(&claim_toks[i].raw).is_ok() {
        return None;
    }
    // The content words of an argument, as stems (names among them, not the agent's).
    let content = |toks: &[Token<'_>], at: &[usize]| -> Vec<String> {
        at.iter()
            .map(|&j| toks[j].raw)
            .filter(|raw| !crate::text::is_stopword_raw(raw))
            .map(word_stem)
            .collect()
    };
    let asked: Vec<String> = question_toks
        .iter()
        .filter(|t| !crate::text::is_stopword_raw(t.raw))
        .map(|t| word_stem(t.raw))
        .collect();
    let claimed = content(claim_toks, &said.argument);
    let held = |w: &String, other: &[String]| other.contains(w) || asked.contains(w);
    let names_in = |agent: &[&str], words: &[String]| {
        agent
            .iter()
            .all(|n| words.iter().any(|w| w == &word_stem(n)))
    };
    let verb = verb_lemma(claim_toks[i].raw);
    let mut rival = None;
    for (n, (toks, ks)) in sentences.enumerate() {
        // (A claim's participle, "beating", reads the sources' past forms of its verb; one of
        // a shared role there, "played" for "playing", is no rival either.)
        let rival_verb = |raw: &str| {
            past_verb(raw)
                && verb_lemma(raw) == verb
                && SHARED_ROLE_VERBS.binary_search(&raw).is_err()
        };
        for j in (0..toks.len()).filter(|&j| rival_verb(toks[j].raw)) {
            let stated = verb_frame(context, toks, ks, j)?;
            let theirs = content(toks, &stated.argument);
            let same = claimed.iter().all(|w| held(w, &theirs))
                && theirs.iter().all(|w| held(w, &claimed));
            // A frame of the claim's agent states the claim, or may: an argument the claim or
            // the frame leaves to a pronoun ("It was written by Isaac Asimov", "Lee Unkrich
            // directed it"), one that shares a word
            // with the claim's, or a passive's subject, read back only to a stop word ("The
            // Portable Atheist: Essential Readings for the Non-believer is written by Mark
            // Twain" has "Non-believer"): nothing is judged. An active verb's other argument is
            // another of the agent's deeds ("Lee Unkrich directed Toy Story 3" for "Lee
            // Unkrich directed Coco"): no rival, and the search goes on.
            if stated.agent.iter().any(|n| said.agent.contains(n))
                || initials_name(&said.agent, &stated.agent)
                || initials_name(&stated.agent, &said.agent)
            {
                let other_deed = !(same
                    || stated.passive
                    || claimed.is_empty()
                    || theirs.is_empty()
                    || claimed.iter().any(|w| theirs.contains(w)));
                if !other_deed {
                    return None;
                }
                continue;
            }
            // Or the two swapped between agent and argument: "Acme acquired Siemens" against
            // "Acme was acquired by Siemens".
            // (The claim's agent in the sources' argument by a shorter form of its name:
            // "Harold Godwinson won, defeating William" against "William defeated Harold, who
            // …", when the run of names there holds no name of another: not "John Doe" for
            // "John Smith".)
            let agent_argued = names_in(&said.agent, &theirs) || {
                let runs: Vec<u32> = ks
                    .iter()
                    .filter(|k| {
                        k.kind == KeyKind::Name && stated.argument.contains(&(k.at as usize))
                    })
                    .filter(|k| said.agent.contains(&k.norm.as_ref()))
                    .map(|k| k.run)
                    .collect();
                !runs.is_empty()
                    && ks
                        .iter()
                        .filter(|k| k.kind == KeyKind::Name && runs.contains(&k.run))
                        .all(|k| said.agent.contains(&k.norm.as_ref()))
            };
            let reversed = names_in(&stated.agent, &claimed) && agent_argued;
            if (same || reversed) && rival.is_none() {
                // The first such frame is the rival: none when its agent and the claim's may
                // be one person.
                if one_entity(context_tokens, &said.agent, &stated.agent) {
                    return None;
                }
                rival = Some((stated.agent.join(" "), n));
            }
        }
    }
    let (stated, n) = rival?;
    Some((said.agent.join(" "), stated, n))
}

/// Whether `short` holds the initialism of the agent `long` (names in [`normal_form`], two to
/// six words): "eu" of "europe union" (the EU is the European Union, [`crate::text::name_initials`]
/// read on an agent's names, which are lower case).
fn initials_name(long: &[&str], short: &[&str]) -> bool {
    if !(2..=6).contains(&long.len()) {
        return false;
    }
    let initials: String = long.iter().filter_map(|w| w.chars().next()).collect();
    short.contains(&initials.as_str())
}

/// A sentence's tokens and its [`sentence_keys`].
pub(super) type KeyedTokens<'t, 'a> = (&'t [Token<'a>], &'t [Key<'a>]);

/// Whether names `said` and `stated` (in [`normal_form`]) can name one entity: a run of
/// capitalised words of `toks` (only spaces between them) holds every one of `said` and one of
/// `stated` ("Bartoli" and "Jose" of "Jose Bartoli"; "Wilbur Wright" and "Orville" are two
/// people: no run holds "Wilbur", "Wright" and "Orville").
pub(super) fn one_entity(toks: &[Token<'_>], said: &[&str], stated: &[&str]) -> bool {
    let mut i = 0;
    while i < toks.len() {
        if !capitalised(&toks[i]) {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < toks.len()
            && capitalised(&toks[end])
            && toks[end - 1].start + toks[end - 1].raw.len() + 1 == toks[end].start
        {
            end += 1;
        }
        let run: Vec<Cow<'_, str>> = toks[i..end]
            .iter()
            .map(|t| normal_form(fold_diacritics(lower_cow(t.raw))))
            .collect();
        let holds = |n: &&str| run.iter().any(|r| r == n);
        if said.iter().all(holds) && stated.iter().any(holds) {
            return true;
        }
        i = end;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verb_lists_are_sorted_for_binary_search() {
        for list in [IRREGULAR_PAST, SHARED_ROLE_VERBS, PAST_IN_EED] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
        assert!(past_verb("piloted") && past_verb("wrote") && !past_verb("speed"));
        assert!(!past_verb("hundred") && !past_verb("Ted"));
    }
}
