//! Direction antonyms (rose / fell, more / fewer) between a claim and its aligned sentence
//! ([`direction_conflict`]).

use super::*;

/// Words of opposite direction: a change or comparison one way ("rose", "higher", "won") and
/// the other ("fell", "lower", "lost"), and attributes that exclude each other ("public",
/// "private"), each pair as its two sides' word forms (lower case).
/// Lexical antonyms of this kind are the contradictions an NLI model must catch from a single
/// word (Glockner, Shwartz and Goldberg 2018, "Breaking NLI Systems with Sentences that Require
/// Simple Lexical Inferences"); words whose other senses are common ("more", "first",
/// "before") are left out, and so are "won"/"lost", whose arguments swap as often as not ("City
/// lost 4-2 to United" against "United's 4-2 win").
pub(super) const DIRECTION_ANTONYMS: &[(&[&str], &[&str])] = &[
    (&["higher", "highest"], &["lower", "lowest"]),
    (
        &["large", "larger", "largest", "big", "bigger", "biggest"],
        &["small", "smaller", "smallest", "little", "tiny"],
    ),
    (
        &["longer", "longest", "taller", "tallest"],
        &["shorter", "shortest"],
    ),
    (&["older", "oldest"], &["younger", "youngest"]),
    (&["faster", "fastest"], &["slower", "slowest"]),
    (&["heavier", "heaviest"], &["lighter", "lightest"]),
    (
        &["warmer", "warmest", "hotter", "hottest"],
        &["colder", "coldest", "cooler", "coolest"],
    ),
    (&["maximum"], &["minimum"]),
    // Complementary and incompatible attributes (Cruse 1986, *Lexical Semantics*, ch. 9 and
    // 10): one holds only where the other does not ("a state grant" is no "federal grant").
    (&["public"], &["private"]),
    (&["domestic"], &["foreign", "international"]),
    (&["male", "males"], &["female", "females"]),
    (&["northern", "north"], &["southern", "south"]),
    (&["eastern", "east"], &["western", "west"]),
    (&["urban"], &["rural"]),
    (&["indoor", "indoors"], &["outdoor", "outdoors"]),
    (&["federal"], &["state", "provincial"]),
    (&["summer"], &["winter"]),
    (&["acquitted"], &["convicted"]),
    (&["alive"], &["dead"]),
    (&["legal"], &["illegal"]),
    // One scale, the verbs of change each way: "revenue fell 12%" contradicts "a 12% increase",
    // "grew" contradicts "declined", "up 8%" (`directions`: "up"/"down" before a number)
    // contradicts "fell 8%", "raised its guidance" contradicts "cut its guidance".
    (
        &[
            "increase",
            "increases",
            "increased",
            "increasing",
            "rise",
            "rises",
            "rose",
            "risen",
            "rising",
            "grew",
            "grow",
            "grows",
            "growing",
            "grown",
            "gained",
            "climbed",
            "jumped",
            "surged",
            "soared",
            "raised",
            "raises",
            "up",
        ],
        &[
            "decrease",
            "decreases",
            "decreased",
            "decreasing",
            "fall",
            "falls",
            "fell",
            "fallen",
            "falling",
            "declined",
            "decline",
            "declines",
            "declining",
            "dropped",
            "shrank",
            "shrunk",
            "slipped",
            "plunged",
            "plummeted",
            "tumbled",
            "reduced",
            "lowered",
            "cut",
            "cuts",
            "down",
        ],
    ),
    (
        &["open", "opened", "opens", "opening", "reopened"],
        &["closed", "closes", "closing", "shut", "shuts"],
    ),
    (
        &[
            "approve",
            "approves",
            "approved",
            "approving",
            "accept",
            "accepts",
            "accepted",
            "accepting",
            "pass",
            "passes",
            "passed",
        ],
        &["reject", "rejects", "rejected", "rejecting"],
    ),
    // The strength of a force or an effect: "the storm would weaken" against "strengthen".
    (
        &[
            "strengthen",
            "strengthens",
            "strengthened",
            "strengthening",
            "intensify",
            "intensifies",
            "intensified",
            "intensifying",
        ],
        &["weaken", "weakens", "weakened", "weakening"],
    ),
    // A state judged better or worse over time: "the patient's condition improved" against
    // "worsened".
    (
        &["improve", "improves", "improved", "improving"],
        &[
            "worsen",
            "worsens",
            "worsened",
            "worsening",
            "deteriorate",
            "deteriorates",
            "deteriorated",
            "deteriorating",
        ],
    ),
];

/// The share of a claim's (or of one clause's) words its aligned sentences must hold before a
/// direction word of it is compared with theirs ([`direction_conflict`]).
pub(super) const DIRECTION_CLAUSE_SUPPORT: f64 = 0.6;

/// A direction word of a claim whose opposite ([`DIRECTION_ANTONYMS`]) its aligned source
/// sentences state instead, judged per clause ([`clause_ranges`]): each clause of the claim
/// (`claim_toks`, offsets in `text`) is compared with the clause of the aligned sentences
/// (`sentences`, each its tokens with offsets in `context`, best first) that shares the most of
/// its words (the first on ties), so "revenue fell 3%" conflicts with "revenue rose 3% …, while
/// costs fell 1%", and a claim that joins two sentences ("revenue fell 12%, while net income
/// rose", against "… a 12% increase. Net income fell …") is judged clause by clause against
/// both. Some((the claim's word, the source's)), e.g. ("lower", "higher") for "the air pressure
/// is lower" against "…is higher". `claim_clauses` are the claim's clauses ([`ClaimClauses`]).
/// `claim_supported`: the aligned sentences hold at least
/// [`DIRECTION_CLAUSE_SUPPORT`] of the claim's words; otherwise a clause is judged only when
/// they hold that share of its own content words (at least three; its direction words count
/// as held, their opposite being what is compared), so a claim that adds an unsupported
/// clause ("two people were injured, and the storm was expected to strengthen") still has
/// its supported clause compared ("…would weaken as it moved east on Monday").
/// `before(k)` is the sentence before the `k`-th aligned sentence in the sources when that one
/// opens with a pronoun referring back (`SourceIndex::sent_opens_back`; None otherwise): a
/// sentence that opens with a subject pronoun ("It is closed on Mondays …") is about the
/// subject of the one before ("The City Museum is open …"; the preferred antecedent of
/// centering theory, Grosz, Joshi and Weinstein 1995), so its first clause counts the names
/// that sentence holds as its own when clauses are matched: "the City Museum is closed on
/// Mondays" is compared with "It is closed on Mondays", not with "The City Museum is open
/// Tuesday to Sunday".
pub(super) fn direction_conflict<'s, 'a: 's>(
    (text, claim_toks, claim_clauses): (&str, &[Token<'_>], &ClaimClauses),
    (context, sentences, before): (
        &str,
        &[&'s [Token<'a>]],
        impl Fn(usize) -> Option<&'s [Token<'a>]>,
    ),
    claim_supported: bool,
) -> Option<(&'static str, &'static str)> {
    // Most claims hold no direction word: one pass over the claim decides that.
    if directions(text, claim_toks).is_empty() {
        return None;
    }
    let src_clauses: Vec<(&[Token<'_>], Option<&[Token<'_>]>)> = sentences
        .iter()
        .enumerate()
        .flat_map(|(k, toks)| {
            let before = before(k);
            clause_ranges(context, toks).into_iter().map(move |r| {
                let first = r.start == 0;
                (&toks[r], before.filter(|_| first))
            })
        })
        .collect();
    let ranges = claim_clauses.get_or_init(|| clause_ranges(text, claim_toks));
    ranges.iter().find_map(|r| {
        let clause = &claim_toks[r.clone()];
        if !claim_supported {
            let (mut held, mut content) = (0usize, 0usize);
            for t in clause
                .iter()
                .filter(|t| !t.is_number && !crate::text::is_stopword_raw(t.raw))
            {
                content += 1;
                held += usize::from(
                    direction_word(t.raw).is_some()
                        || sentences
                            .iter()
                            .any(|s| s.iter().any(|u| u.raw.eq_ignore_ascii_case(t.raw))),
                );
            }
            if content < 3 || (held as f64) < DIRECTION_CLAUSE_SUPPORT * content as f64 {
                return None;
            }
        }
        // In a list the direction word is said of its own item: "…, Saturdays 10 am–4 pm,
        // closed Sundays" closes on Sundays, not on Saturdays (`direction_phrase`, when it is
        // at most half of the clause: "… at a private research university in Heidelberg,
        // Germany" is said whole).
        let phrase = direction_phrase(text, clause);
        // The source clause about the same things: the most words shared with the claim
        // clause, direction words left out (they are what is compared, not what is talked of:
        // "it is open on Mondays" is about Mondays, which "It is closed on Mondays" states, not
        // "The museum is open Tuesday to Sunday"; a sentence's opening pronoun stands for the
        // names of the sentence before, `before`); on a tie, the most the clause states itself
        // rather than through its pronoun, then the most shared with them. A year the two
        // clauses share dates the event talked of, as a name names a thing: "The Hartwell paper mill
        // closed in 1991" is about the clause "The paper mill closed in 1991", not "The
        // Hartwell Lumber and Paper Company opened a sawmill … and added a pulp and paper mill
        // in 1927", which shares a name with it.
        let shared_of =
            |clause: &[Token<'_>], (src, before): (&[Token<'_>], Option<&[Token<'_>]>)| {
                // (words about the same things, those of them the clause states itself, all).
                let (mut args, mut own, mut all) = (0usize, 0usize, 0usize);
                // (Other numbers are values, which a wrong answer borrows from the other
                // clause: "open on Mondays from 10:00 to 18:00" against "open Tuesday to
                // Sunday, 10:00 to 18:00. It is closed on Mondays".)
                let about = |j: usize| {
                    year_at(clause, j).is_some()
                        || !(clause[j].is_number || crate::text::is_stopword_raw(clause[j].raw))
                };
                for t in (0..clause.len()).filter(|&j| about(j)).map(|j| &clause[j]) {
                    let stated = src.iter().any(|u| u.raw.eq_ignore_ascii_case(t.raw));
                    let named_before = t.raw.starts_with(char::is_uppercase)
                        && before.is_some_and(|b| b.iter().any(|u| u.raw == t.raw));
                    if !(stated || named_before) {
                        continue;
                    }
                    let arg = direction_word(t.raw).is_none();
                    args += usize::from(arg);
                    own += usize::from(arg && stated);
                    all += 1;
                }
                (args, own, all)
            };
        let clause = if 2 * phrase.len() <= clause.len()
            && src_clauses.iter().any(|&c| shared_of(phrase, c).0 > 0)
        {
            phrase
        } else {
            clause
        };
        let (best, n) = src_clauses
            .iter()
            .map(|&c| (c.0, shared_of(clause, c)))
            .fold(
                (&[][..], (0, 0, 0)),
                |acc, x| if x.1 > acc.1 { x } else { acc },
            );
        (n.2 > 0)
            .then(|| direction_pair((text, clause), (context, best)))
            .flatten()
    })
}

/// The part of the claim clause `clause` (offsets in `text`) between the commas or semicolons
/// around its first direction word ([`directions`]): what that word is said of when the
/// clause lists several things ("Weekdays 9 am–8 pm, Saturdays 10 am–4 pm, closed Sundays").
/// The whole clause when none divides it.
pub(super) fn direction_phrase<'c, 'a>(text: &str, clause: &'c [Token<'a>]) -> &'c [Token<'a>] {
    let Some(at) = directions(text, clause).first().map(|d| d.at) else {
        return clause;
    };
    let cut = |j: usize| gap(text, clause, j - 1, j).contains([',', ';']);
    let lo = (1..=at).rev().find(|&j| cut(j)).unwrap_or(0);
    let hi = (at + 1..clause.len())
        .find(|&j| cut(j))
        .unwrap_or(clause.len());
    &clause[lo..hi]
}

/// A direction word of the claim clause `claim_toks` (offsets in `text`) whose opposite
/// ([`DIRECTION_ANTONYMS`]) the source clause `src_toks` (offsets in `context`) states instead:
/// Some((the claim's word, the source's)). Counted only when the claim holds no word of the other
/// side and the source none of the claim's side, when both clauses or neither are negated
/// ([`negates`]), not after "no" ("no longer"), and not capitalised inside a sentence (a name: "the
/// Rose Bowl"); nor when the claim writes the source's word, even as a name ("too big for
/// Small" against "Small: up to 2kg"). A comparison reversed with its arguments ("A is larger than B" against "B is
/// smaller than A") says the same thing: when both words are followed by "than", they conflict only
/// if the same word follows "than" in both (`than_object`); when one is, they do not conflict if
/// the other clause names what it compares with before its own word ("B has the larger area"
/// against "A's area is smaller than that of B").
pub(super) fn direction_pair(
    (text, claim_toks): (&str, &[Token<'_>]),
    (context, src_toks): (&str, &[Token<'_>]),
) -> Option<(&'static str, &'static str)> {
    let claim = directions(text, claim_toks);
    if claim.is_empty() {
        return None;
    }
    // A direction denied is the opposite one ("not open" is "closed"): across polarities the
    // clauses are `polarity_mismatch`'s to judge.
    if negates(text, claim_toks) != negates(context, src_toks) {
        return None;
    }
    let src = directions(context, src_toks);
    fn first<'a>(
        found: &[Direction<'a>],
        pair: usize,
        side: usize,
    ) -> Option<(&'static str, Option<&'a str>)> {
        found
            .iter()
            .find(|d| d.pair == pair && d.side == side)
            .map(|d| (d.form, d.than))
    }
    for pair in 0..DIRECTION_ANTONYMS.len() {
        for (mine, theirs) in [(0, 1), (1, 0)] {
            let (Some((said, said_than)), None) =
                (first(&claim, pair, mine), first(&claim, pair, theirs))
            else {
                continue;
            };
            let (Some((stated, stated_than)), None) =
                (first(&src, pair, theirs), first(&src, pair, mine))
            else {
                continue;
            };
            if let (Some(x), Some(y)) = (said_than, stated_than) {
                if lower_cow(x) != lower_cow(y) {
                    continue;
                }
            }
            // One side names what the other compares with as its own subject: "Lake Superior
            // has the larger surface area" against "Its surface area is smaller than that of
            // Lake Superior" is the comparison reversed, not contradicted.
            let subject_of = |toks: &[Token<'_>], word: &str, x: &str| {
                let at = toks.iter().position(|t| t.raw.eq_ignore_ascii_case(word));
                toks[..at.unwrap_or(0)]
                    .iter()
                    .any(|t| t.raw.eq_ignore_ascii_case(x))
            };
            match (said_than, stated_than) {
                (None, Some(y)) if subject_of(claim_toks, said, y) => continue,
                (Some(x), None) if subject_of(src_toks, stated, x) => continue,
                _ => {}
            }
            // A claim that writes the source's word itself, as a name ("too big for Small"
            // against the price list's "Small: up to 2kg …"), talks of that thing.
            if claim_toks
                .iter()
                .any(|t| t.raw.eq_ignore_ascii_case(stated))
            {
                continue;
            }
            return Some((said, stated));
        }
    }
    None
}

/// A direction word of a clause ([`DIRECTION_ANTONYMS`]).
pub(super) struct Direction<'a> {
    /// Its pair's index in [`DIRECTION_ANTONYMS`].
    pub(super) pair: usize,
    /// Its side of the pair (0 or 1).
    pub(super) side: usize,
    /// Its form, as the table writes it.
    pub(super) form: &'static str,
    /// What it compares with: the word after its "than" ("larger than Mars"), or the name of
    /// the "of" phrase of a relation it qualifies ([`relation_object`]: "the older sister of
    /// Queen Anne-Marie").
    pub(super) than: Option<&'a str>,
    /// Its token's index in the clause.
    pub(super) at: usize,
}

/// The particles of English phrasal verbs that end a hyphenated phrasal noun ("cut-back",
/// "drop-off", "shut-out", "set-up"; Quirk et al. 1985, §16.2, the adverb particles).
const PARTICLES: &[&str] = &[
    "away", "back", "down", "in", "off", "on", "out", "over", "up",
];

/// The direction words of the clause `toks` (offsets in `text`), in order, in one pass
/// ([`direction_pair`]'s rules: none after "no", none capitalised inside a sentence; "up" and
/// "down" only as a change of a percentage or of points, [`states_change_by`]; a hyphenated
/// compound by its first word, "east-facing", "large-scale", none when it ends in a particle,
/// [`PARTICLES`]: "cut-back", "grown-up"). Allocates only when one is found.
pub(super) fn directions<'a>(text: &str, toks: &[Token<'a>]) -> Vec<Direction<'a>> {
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.is_number
            || (!t.sentence_start && t.raw.starts_with(|c: char| c.is_uppercase()))
            || (i > 0 && toks[i - 1].raw.eq_ignore_ascii_case("no"))
        {
            continue;
        }
        if matches!(t.raw, "up" | "down" | "Up" | "Down") && !states_change_by(text, toks, i) {
            continue;
        }
        // "a little" is "somewhat", not a size.
        if t.raw.eq_ignore_ascii_case("little")
            && i > 0
            && toks[i - 1].raw.eq_ignore_ascii_case("a")
        {
            continue;
        }
        // A compound's modifier is read as the word: "east-facing", "large-scale". A verb
        // with its particle is a phrasal noun of its own meaning, no change ("Reid's cut-back",
        // a pass; "the drop-off point"; "a shut-out").
        let word = match crate::text::split_once_byte(t.raw, b'-') {
            Some((_, tail)) if PARTICLES.iter().any(|p| tail.eq_ignore_ascii_case(p)) => continue,
            Some((head, _)) if !matches!(head, "up" | "down" | "Up" | "Down") => head,
            _ => t.raw,
        };
        if let Some((pair, side, form)) = direction_word(word) {
            let than = than_object(toks, i).or_else(|| relation_object(toks, i));
            out.push(Direction {
                pair,
                side,
                form,
                than,
                at: i,
            });
        }
    }
    out
}

/// What the comparative `toks[i]` compares with: the first word after its "than" that is no
/// determiner or "that of" ("larger than Mars" → "Mars", "smaller than that of Lake Superior" →
/// "Lake"), "than" within three words of it ("bigger by area than Lake Superior"). None
/// without a "than".
fn than_object<'a>(toks: &[Token<'a>], i: usize) -> Option<&'a str> {
    let at = (i + 1..toks.len().min(i + 4)).find(|&j| toks[j].raw.eq_ignore_ascii_case("than"))?;
    toks[at + 1..]
        .iter()
        .take(4)
        .find(|t| {
            !["that", "those", "of", "the", "a", "an"]
                .iter()
                .any(|w| t.raw.eq_ignore_ascii_case(w))
        })
        .map(|t| t.raw)
}

/// The other side of a relation the direction word `toks[i]` qualifies: the last word of the
/// first run of capitalised words within four words after "of", when a lower-case noun and
/// "of" follow it ("the younger sister of the reigning Queen" → "Queen", "the older sister of
/// Queen Anne-Marie" → "Anne-Marie"). A relation reads from either end ("A is the
/// younger sister of B" is "B is the older sister of A"), so its antonym states the same
/// thing of the other side, and the two conflict only when they are said of the same one
/// ([`direction_pair`]).
fn relation_object<'a>(toks: &[Token<'a>], i: usize) -> Option<&'a str> {
    let noun = toks.get(i + 1)?;
    if !noun.raw.starts_with(|c: char| c.is_ascii_lowercase())
        || !toks.get(i + 2)?.raw.eq_ignore_ascii_case("of")
    {
        return None;
    }
    let upper = |t: &Token<'_>| t.raw.starts_with(char::is_uppercase);
    let first = (i + 3..(i + 7).min(toks.len())).find(|&j| upper(&toks[j]))?;
    // The run's last word names it: "Queen Anne-Marie" → "Anne-Marie".
    let last = (first..toks.len())
        .take_while(|&j| upper(&toks[j]))
        .last()?;
    Some(toks[last].raw)
}

/// Whether "up" or "down" at token `i` of `toks` (offsets in `text`) states a change: followed
/// by a percentage or a number of points ("up 8%", "down 3 percent", "up 12 points"), or by
/// "from" and the number changed from, after a comma or a number ("1.2 million last year, up
/// from 950,000"). Elsewhere they are particles: "set up", "woke up 14 minutes into the
/// flight", "slowed down", "woke up from a nap", "was shut down from 2019 to 2021".
pub(super) fn states_change_by(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let from = toks
        .get(i + 1)
        .is_some_and(|f| f.raw.eq_ignore_ascii_case("from"));
    let after_amount = i > 0 && (gap(text, toks, i - 1, i) == "," || toks[i - 1].is_number);
    if from && after_amount && toks.get(i + 2).is_some_and(|n| n.is_number) {
        return true;
    }
    let Some(n) = toks.get(i + 1).filter(|n| n.is_number) else {
        return false;
    };
    percent_sign_after(text, n)
        || toks.get(i + 2).is_some_and(|u| {
            matches!(
                lower_cow(u.raw).as_ref(),
                "percent" | "per" | "percentage" | "point" | "points"
            )
        })
}

/// The longest form of [`DIRECTION_ANTONYMS`], in bytes: longer words are no direction word.
pub(super) const DIRECTION_MAX_LEN: usize = 13;

/// The direction word `raw` is (ASCII case ignored): its pair in [`DIRECTION_ANTONYMS`], its side
/// and its form as the table writes it; a hashed lookup built on first use (this runs for every
/// word of a claim and of the source clauses it is judged against).
pub(super) fn direction_word(raw: &str) -> Option<(usize, usize, &'static str)> {
    static INDEX: std::sync::OnceLock<FastMap<&'static str, (usize, usize)>> =
        std::sync::OnceLock::new();
    if raw.len() > DIRECTION_MAX_LEN || !raw.is_ascii() {
        return None;
    }
    let mut buf = [0u8; DIRECTION_MAX_LEN];
    let lower = &mut buf[..raw.len()];
    lower.copy_from_slice(raw.as_bytes());
    lower.make_ascii_lowercase();
    let lower = std::str::from_utf8(lower).ok()?;
    let index = INDEX.get_or_init(|| {
        let mut m = FastMap::default();
        for (pair, (a, b)) in DIRECTION_ANTONYMS.iter().enumerate() {
            for (side, forms) in [a, b].into_iter().enumerate() {
                for f in forms.iter() {
                    m.entry(*f).or_insert((pair, side));
                }
            }
        }
        m
    });
    let (&form, &(pair, side)) = index.get_key_value(lower)?;
    Some((pair, side, form))
}
