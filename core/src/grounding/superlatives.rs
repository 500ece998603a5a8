//! Ranked superlatives and singled-out classes ("the second-largest", "the first") changed
//! between a claim and its aligned sentence ([`rank_swap`], [`singled_out_class`]).

use super::*;

/// Words that single one member out of a class ("the first woman to win", "the only person to
/// hold"; [`singled_out_class`]).
pub(super) const SINGLING_OUT: &[&str] = &["first", "last", "only"];

/// Superlatives that rank ("the second-largest", "the third most populous"): the adjectives
/// of size, age, speed and standing whose ranks trivia and encyclopaedic sources state, and
/// "most"/"least", which rank by the word after them. Each ends in "st", which
/// [`ranked_superlatives`] tests first.
pub(super) const RANKED_SUPERLATIVES: &[&str] = &[
    "largest", "biggest", "longest", "highest", "tallest", "oldest", "smallest", "busiest",
    "deepest", "fastest", "heaviest", "richest", "youngest", "shortest", "greatest", "lowest",
    "widest", "hottest", "coldest", "best", "worst", "most", "least",
];

/// Words between a name and the superlative said of it ("Saturn is the second-largest",
/// "Saturn, the second-largest", "Saturn became the …"): copulas and the article.
pub(super) const RANK_LINKS: &[&str] = &["is", "was", "are", "were", "became", "remains", "the"];

/// Most tokens of a bare answer ("Jupiter", "Target Corporation") that [`rank_swap`] reads
/// with the question's rank.
pub(super) const RANK_BARE_ANSWER_TOKENS: usize = 4;

/// The ranked superlatives of a sentence (`text`, `toks`) and what each is said of: per
/// superlative of [`RANKED_SUPERLATIVES`] after "the" or a possessive ("its", "Australia's"),
/// its rank — the ordinal before it ("second", "3rd", "third-most"), else 1 —, its word in
/// lower case ("most" with the word after it: "most populous") and the token number of the
/// name it is said of: the capitalised word that ends the name standing right before it, with
/// only a comma, a copula and the article between ("Jupiter is the largest planet", "Saturn,
/// the second-largest"; [`RANK_LINKS`]), or None when no name stands so (the "which" of a
/// question: "What is the second-largest planet?"). "One of the largest" ranks nothing.
pub(super) fn ranked_superlatives(
    text: &str,
    toks: &[Token<'_>],
) -> Vec<(u32, String, Option<usize>)> {
    let lower = |j: usize| lower_cow(toks[j].raw);
    let rank_of = |o: &str| -> Option<u32> {
        match o {
            "first" => Some(1),
            "second" => Some(2),
            o => number_word(o)
                .or_else(|| {
                    (o.len() > 2
                        && o.starts_with(|c: char| c.is_ascii_digit())
                        && ["st", "nd", "rd", "th"].iter().any(|s| o.ends_with(s)))
                    .then(|| o.trim_end_matches(char::is_alphabetic))
                })
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|r| (1..=20).contains(r)),
        }
    };
    let mut out = Vec::new();
    for i in 1..toks.len() {
        // Every superlative of the list ends in "st": the others are rejected without
        // lower-casing them.
        let raw = toks[i].raw.as_bytes();
        if raw.len() < 4 || !raw[raw.len() - 2..].eq_ignore_ascii_case(b"st") {
            continue;
        }
        let w = lower(i);
        // "second-largest" is one token; "second largest" two.
        let (joined, sup) = match w.rsplit_once('-') {
            // A prefix that is no ordinal ("ever-largest") ranks nothing.
            Some((pre, post)) if RANKED_SUPERLATIVES.contains(&post) => match rank_of(pre) {
                Some(r) => (Some(r), post),
                None => continue,
            },
            Some(_) => continue,
            None if RANKED_SUPERLATIVES.contains(&w.as_ref()) => (None, w.as_ref()),
            None => continue,
        };
        let word = if matches!(sup, "most" | "least") {
            match toks.get(i + 1) {
                Some(t) if !t.is_number && t.raw.starts_with(char::is_lowercase) => {
                    format!("{sup} {}", lower_cow(t.raw))
                }
                _ => continue,
            }
        } else {
            sup.to_string()
        };
        // The ordinal right before it ("second largest", "third most"), then the determiner.
        let mut at = i - 1;
        let rank = match joined {
            Some(r) => r,
            None => match rank_of(&lower(at)) {
                Some(r) if gap(text, toks, at, at + 1).is_empty() && at > 0 => {
                    at -= 1;
                    r
                }
                Some(_) => continue,
                None => 1,
            },
        };
        let det = lower(at);
        let possessive = det.ends_with("'s") || det.ends_with("’s");
        if !(possessive
            || matches!(
                det.as_ref(),
                "the" | "its" | "their" | "his" | "her" | "which" | "what"
            ))
        {
            continue;
        }
        // "one of the largest", "among the largest": no rank.
        if at >= 1 && matches!(lower(at - 1).as_ref(), "of" | "among") {
            continue;
        }
        // The name it is said of: back over the links to a capitalised word.
        let name =
            |j: usize| toks[j].raw.starts_with(char::is_uppercase) && !is_stopword(&lower(j));
        // (A possessive is the superlative's scope, not what it is said of: "Sydney is
        // Australia's largest city".)
        let (mut said_of, mut j) = (None, at);
        while j > 0 {
            j -= 1;
            if name(j) {
                said_of = Some(j);
                break;
            }
            if !RANK_LINKS.contains(&lower(j).as_ref()) {
                break;
            }
        }
        out.push((rank, word, said_of));
    }
    out
}

/// A rank changed: the claim (`claim_toks` of `text`) says a name holds one rank of a
/// superlative ([`ranked_superlatives`]: "Jupiter is the second-largest planet") where an
/// aligned source sentence (`sentences`, tokens of `context`) gives the same name another rank
/// of it ("Jupiter is the largest planet"), and no aligned sentence gives it the claim's. A
/// claim that names no rank answers the question's (`question_toks` of `question`): "Jupiter."
/// for "What is the second-largest planet?" says Jupiter is the second-largest, of the names
/// the claim states. Superlatives as "which" questions ask them and trivia answers
/// (HotpotQA's "second-largest city", Yang et al. 2018) break a rank swap as a number swap
/// breaks a count. Returns the claim's ranked superlative and the source's, as written.
pub(super) fn rank_swap<'c>(
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (question, question_toks): (&'c str, &[Token<'c>]),
    (context, sentences): (&str, &[&[Token<'_>]]),
) -> Option<(String, String)> {
    // A name in lower case, without a possessive "'s".
    let name_of = |raw: &str| {
        let l = lower_cow(raw);
        let l = l.trim_end_matches("'s").trim_end_matches("’s");
        l.to_string()
    };
    // What the claim ranks: (rank, superlative, name), or, for a bare answer (a name: at most
    // [`RANK_BARE_ANSWER_TOKENS`] tokens, each capitalised or "of", "the", "and"), the
    // question's rank for each of its names.
    let claim_ranked = ranked_superlatives(text, claim_toks);
    let mut said: Vec<(u32, String, &str)> = claim_ranked
        .iter()
        .filter_map(|(r, w, of)| Some((*r, w.clone(), claim_toks[(*of)?].raw)))
        .collect();
    let bare = claim_toks.len() <= RANK_BARE_ANSWER_TOKENS
        && claim_toks.iter().all(|t| {
            t.raw.starts_with(char::is_uppercase) || matches!(t.raw, "of" | "the" | "and")
        });
    if claim_ranked.is_empty() && bare {
        for (r, w, of) in ranked_superlatives(question, question_toks) {
            if of.is_some() {
                continue;
            }
            for t in claim_toks
                .iter()
                .filter(|t| t.raw.starts_with(char::is_uppercase))
                .filter(|t| !crate::text::is_stopword_raw(t.raw))
            {
                said.push((r, w.clone(), t.raw));
            }
        }
    }
    if said.is_empty() {
        return None;
    }
    let stated: Vec<(u32, String, String)> = sentences
        .iter()
        .flat_map(|toks| {
            ranked_superlatives(context, toks)
                .into_iter()
                .filter_map(|(r, w, of)| Some((r, w, name_of(toks[of?].raw))))
        })
        .collect();
    for (rank, word, raw) in &said {
        let name = name_of(raw);
        let same = |(_, w, n): &&(u32, String, String)| *w == *word && *n == name;
        if stated.iter().filter(same).any(|s| s.0 == *rank) {
            continue;
        }
        if let Some((r, ..)) = stated.iter().find(same) {
            let form = |r: u32| match r {
                1 => word.clone(),
                2 => format!("second {word}"),
                3 => format!("third {word}"),
                r => format!("{r}th {word}"),
            };
            return Some((format!("{raw} {}", form(*rank)), form(*r)));
        }
    }
    None
}

/// The frames "first/last/only <class> to <verb>" of a sentence's tokens (`text` and `toks`): per
/// frame the token numbers of the singling-out word, of the class's head noun (the last of one to
/// three lower-case words, "the first American woman" → woman) and of the verb after "to". The
/// words stand apart by spaces only.
pub(super) fn singling_frames(text: &str, toks: &[Token<'_>]) -> Vec<(usize, usize, usize)> {
    let word = |t: &Token<'_>| !t.is_number && t.raw.bytes().all(|b| b.is_ascii_alphabetic());
    let mut out = Vec::new();
    for i in 0..toks.len() {
        if !SINGLING_OUT
            .iter()
            .any(|w| toks[i].raw.eq_ignore_ascii_case(w))
        {
            continue;
        }
        for to in i + 2..(i + 5).min(toks.len().saturating_sub(1)) {
            if !(i + 1..to).all(|j| word(&toks[j]) && gap(text, toks, j - 1, j).is_empty()) {
                break;
            }
            if toks[to].raw == "to" && gap(text, toks, to - 1, to).is_empty() {
                let (head, verb) = (&toks[to - 1], &toks[to + 1]);
                if head.raw.bytes().all(|b| b.is_ascii_lowercase())
                    && verb.raw.bytes().all(|b| b.is_ascii_lowercase())
                    && gap(text, toks, to, to + 1).is_empty()
                {
                    out.push((i, to - 1, to + 1));
                }
                break;
            }
        }
    }
    out
}

/// A class changed around a singling-out word (FEVER-style claims, Thorne et al. 2018, "FEVER: a
/// Large-scale Dataset for Fact Extraction and VERification"): the claim says "the first person
/// to win a Nobel Prize" where an aligned source sentence (`sentences`, tokens of `context`)
/// says "the first woman to win a Nobel Prize". Contradicted when the source has the claim's
/// singling-out word and verb (same stem) and what the verb takes (its content words up to a
/// punctuation mark or clause word, at most six tokens) with another head noun, and no aligned
/// sentence states the claim's class so: the first of a narrower class is not the first of a
/// wider one, nor of another. A class that differs only by its modifiers ("the first American woman" and
/// "the first woman"), or whose head is a word of the other ("the first female" and "the first
/// female boxer"), is not judged. Returns the claim's head noun and the source's.
pub(super) fn singled_out_class<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (context, sentences): (&'s str, &[&[Token<'s>]]),
) -> Option<(&'c str, &'s str)> {
    let frames = singling_frames(text, claim_toks);
    if frames.is_empty() {
        return None;
    }
    let norm = |raw: &str| normal_form(lower_cow(raw)).into_owned();
    // What a verb takes: its content words up to the next punctuation mark or clause word
    // (at most six tokens), sorted.
    let object = |text: &str, toks: &[Token<'_>], verb: usize| {
        let mut words = Vec::new();
        for j in verb + 1..(verb + 7).min(toks.len()) {
            let w = lower_cow(toks[j].raw);
            if !gap(text, toks, j - 1, j).is_empty() || FRAME_ENDS.contains(&w.as_ref()) {
                break;
            }
            if !is_stopword(&w) {
                words.push(normal_form(w).into_owned());
            }
        }
        words.sort_unstable();
        words
    };
    let source_frames: Vec<_> = sentences
        .iter()
        .flat_map(|toks| {
            singling_frames(context, toks)
                .into_iter()
                .map(move |f| (*toks, f))
        })
        .collect();
    for (i, head, verb) in frames {
        let said_object = object(text, claim_toks, verb);
        if said_object.is_empty() {
            continue;
        }
        let (said, said_verb) = (norm(claim_toks[head].raw), word_stem(claim_toks[verb].raw));
        // The source frames that single one out the claim's way, of the same predicate.
        let same_predicate = source_frames.iter().filter(|(toks, (si, _, sv))| {
            toks[*si].raw.eq_ignore_ascii_case(claim_toks[i].raw)
                && word_stem(toks[*sv].raw) == said_verb
                && object(context, toks, *sv) == said_object
        });
        // A class word of the one is no other class ("the first female to represent" against
        // "the first female boxer to represent"); a source that states the claim's class
        // anywhere settles it.
        let in_class = |w: &str, (toks, from, to): (&[Token<'_>], usize, usize)| {
            toks[from + 1..=to].iter().any(|t| norm(t.raw) == w)
        };
        let mut rival = None;
        for &(toks, (si, sh, _)) in same_predicate {
            if in_class(&said, (toks, si, sh))
                || in_class(&norm(toks[sh].raw), (claim_toks, i, head))
            {
                rival = None;
                break;
            }
            rival = rival.or(Some(toks[sh].raw));
        }
        if let Some(stated) = rival {
            return Some((claim_toks[head].raw, stated));
        }
    }
    None
}
