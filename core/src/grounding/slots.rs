//! Swaps read from a slot of the aligned sentence: a number in the same labelled slot, a life
//! span, a name in an "of" slot, a value stated of another name, a common noun in a place slot,
//! a scope, a bound's number, a bracketed alternative's value ([`slot_number_swap`],
//! [`life_span_swap`], [`of_slot_name_swap`], [`name_value_swap`], [`place_noun_swap`],
//! [`scope_swap`], [`bound_number_swap`], [`bracketed_alternative_swap`]).

use super::*;

/// A year or percentage of the claim `claim_toks` (offsets in `text`) whose slot the source
/// sentence `sent_toks` (offsets in `context`) fills with other values only: Some((the claim's
/// value, the sentence's first in that slot)). The slot of a year is a lower-case content word
/// (no stopword) and a preposition of time ([`TIME_PREPOSITIONS`]) right before it
/// ([`year_at`]), nothing but spaces between them ("reopened in ___", "formed in ___", "member
/// from ___"): the event the year dates. The slot of a percentage ([`is_percentage`]) is the
/// lower-case content word right before it ("won ___ percent", "rose ___%"), or without one,
/// the first lower-case content word of the "of" phrase after it ("about ___ percent of the
/// Earth's surface" is not "___ percent of all Earth's water"): what the share measures. "It
/// reopened in 2015" against "The library closed for renovation in 2015 and
/// reopened in 2019" dates the reopening by the closing's year, and "It won 8.9% of the vote"
/// against "won 14.8 percent of the vote, up from 8.9 percent" gives the win the earlier
/// share, though the sentence holds both (the number swap of FactCC, Kryscinski et al. 2020,
/// with the swapped number taken from the same sentence). A slot the sentence also fills with
/// the claim's value ("born in 1950 …; his brother was born in 1952") is no conflict. Not other
/// numbers: those of one frame take several values as often as not ("scored 170 in his first
/// outing … but scored just 19 against Glamorgan"), and a unit's conversion stands beside them
/// ("62 miles (100km)").
pub(super) fn slot_number_swap<'t>(
    (text, claim_toks): (&str, &[Token<'t>]),
    (context, sent_toks): (&str, &[Token<'t>]),
) -> Option<(&'t str, &'t str)> {
    // The slot before year or percentage `i` of `toks` (offsets in `src`): its content word,
    // its preposition ("" for a percentage) and the value, if it has one.
    fn slot<'a>(src: &str, toks: &[Token<'a>], i: usize) -> Option<(&'a str, &'a str, f64)> {
        let content_word = |j: usize| {
            let w = toks[j].raw;
            w.chars().all(|c| c.is_ascii_lowercase())
                && !is_stopword(w)
                && gap(src, toks, j, j + 1).trim().is_empty()
        };
        if i >= 2 && year_at(toks, i).is_some() {
            return year_slot(src, toks, i).map(|(head, prep, year)| (head, prep, f64::from(year)));
        }
        if !toks[i].is_number {
            return None;
        }
        let marker = percent_marker(src, toks, i)?;
        let value = number_value(toks[i].raw)?;
        if i > 0 && content_word(i - 1) {
            return Some((toks[i - 1].raw, "", value));
        }
        // With no content word before it ("About 71 percent of the Earth's surface"), what
        // the share is of: the first lower-case content word of the "of" phrase after it,
        // within four words and no punctuation.
        let j = i + 1 + marker;
        if !toks
            .get(j)
            .is_some_and(|t| t.raw.eq_ignore_ascii_case("of"))
        {
            return None;
        }
        (j + 1..(j + 5).min(toks.len()))
            .take_while(|&k| {
                gap(src, toks, k - 1, k)
                    .chars()
                    .all(|c| c.is_whitespace() || c == '\'')
            })
            .find(|&k| {
                let w = toks[k].raw;
                w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()) && !is_stopword(w)
            })
            .map(|k| (toks[k].raw, "of", value))
    }
    for i in 0..claim_toks.len() {
        let Some((head, prep, said)) = slot(text, claim_toks, i) else {
            continue;
        };
        let mut rival = None;
        for j in 0..sent_toks.len() {
            let Some((h, p, stated)) = slot(context, sent_toks, j) else {
                continue;
            };
            if !(h.eq_ignore_ascii_case(head) && p.eq_ignore_ascii_case(prep)) {
                continue;
            }
            if stated == said {
                rival = None;
                break;
            }
            rival = rival.or(Some(sent_toks[j].raw));
        }
        if let Some(stated) = rival {
            return Some((claim_toks[i].raw, stated));
        }
    }
    None
}

/// The slot of the year `toks[i]` (offsets in `src`): the lower-case content word (no
/// stopword) and the preposition of time ([`TIME_PREPOSITIONS`]) right before it, nothing but
/// spaces between them ("reopened in ___"), with the year; None for other tokens.
fn year_slot<'a>(src: &str, toks: &[Token<'a>], i: usize) -> Option<(&'a str, &'a str, u32)> {
    let year = year_at(toks, i).filter(|_| i >= 2)?;
    let (head, prep) = (toks[i - 2].raw, toks[i - 1].raw);
    (is_time_preposition(prep)
        && head.chars().all(|c| c.is_ascii_lowercase())
        && !is_stopword(head)
        && gap(src, toks, i - 2, i - 1).trim().is_empty()
        && gap(src, toks, i - 1, i).trim().is_empty())
    .then_some((head, prep, year))
}

/// Whether `word` is a preposition of time ([`TIME_PREPOSITIONS`]), case aside.
pub(super) fn is_time_preposition(word: &str) -> bool {
    TIME_PREPOSITIONS
        .iter()
        .any(|p| word.eq_ignore_ascii_case(p))
}

/// A year the claim dates an event by ("opened in 1964": a lower-case content word, a
/// preposition of time and the year, nothing between them, as [`slot_number_swap`] reads it),
/// that an aligned sentence dates by another year with the same word a few words before
/// ("opened to traffic in May 1937": at most three words without punctuation between the word
/// and the preposition, and a month, or a day and a month, between the preposition and the
/// year), while no aligned sentence that dates it so states the claim's year anywhere:
/// Some((the claim's year, the sentence's, the sentence's index in `sentences`)). The claim's
/// year may stand in another sentence of the sources ("… the longest main span until 1964"),
/// recombined with the event: the date swap of FactCC (Kryscinski et al. 2020) across the
/// sentences a claim joins. `sentences` are the aligned sentences' tokens (offsets in
/// `context`).
pub(super) fn dated_event_swap<'t>(
    (text, claim_toks): (&str, &[Token<'t>]),
    (context, sentences): (&str, &[&[Token<'t>]]),
) -> Option<(&'t str, &'t str, usize)> {
    for i in 2..claim_toks.len() {
        let Some((head, _, said)) =
            year_slot(text, claim_toks, i).filter(|(head, _, _)| head.len() > 2)
        else {
            continue;
        };
        let mut rival = None;
        for (n, sent) in sentences.iter().enumerate() {
            // The year each use of the word in this sentence is dated by, if any.
            let dated = (0..sent.len())
                .filter(|&h| sent[h].raw == head)
                .filter_map(|h| {
                    let p = (h + 1..(h + 5).min(sent.len()))
                        .take_while(|&k| gap(context, sent, k - 1, k).trim().is_empty())
                        .find(|&k| is_time_preposition(sent[k].raw))?;
                    let mut y = p + 1;
                    if sent
                        .get(y)
                        .is_some_and(|t| t.is_number && year_at(sent, y).is_none())
                    {
                        y += 1;
                    }
                    if y < sent.len() && month_at(sent, y).is_some() {
                        y += 1;
                    }
                    (y < sent.len()).then(|| year_at(sent, y).map(|v| (v, sent[y].raw)))?
                })
                .collect::<Vec<_>>();
            if dated.is_empty() {
                continue;
            }
            if (0..sent.len()).any(|k| year_at(sent, k) == Some(said)) {
                return None;
            }
            rival = rival.or(dated.first().map(|&(_, raw)| (raw, n)));
        }
        if let Some((stated, n)) = rival {
            return Some((claim_toks[i].raw, stated, n));
        }
    }
    None
}

/// A number the sentence states as a count or measure of another thing, where the claim states
/// it as a measure of one dimension the sentence gives another value: "It stretches for about 900
/// kilometres" against "… 2,900 individual reefs and 900 islands stretching for over 2,300
/// kilometres" (900 counts the islands; the length is 2,300 km). The number of one quantity moved
/// to another, the number swap of FactCC (Kryscinski et al. 2020) with the swapped number taken
/// from the same sentence; quantities of one dimension compared as Roy, Vieira and Roth (2015)
/// do ([`Quantity::restates`]). For each quantity of the claim (`claim_toks` of `text`,
/// [`quantities`]) whose number the sentence (`sent_toks` of `context`) states, only never as a
/// quantity of that dimension, while it states a quantity of that dimension that the claim's
/// does not restate: Some((the claim's quantity, the sentence's)) as written. None when the
/// sentence states the number with that dimension too, or no other value of it.
pub(super) fn quantity_number_swap<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    (context, sent_toks): (&'s str, &[Token<'_>]),
) -> Option<(&'c str, &'s str)> {
    let claim_qs = quantities(text, claim_toks);
    if claim_qs.is_empty() {
        return None;
    }
    let sent_qs = quantities(context, sent_toks);
    for &(i, q) in &claim_qs {
        let Some(key) = number_at(claim_toks, i) else {
            continue;
        };
        let dim = q.dimension();
        // A time or a date is one value however written ("7pm", "19:00"), not a measure.
        if !dim.is_measure() {
            continue;
        }
        // Where the sentence states the claim's number, written as the claim writes it (digits
        // or a word: "7 km" is not stated by "Seventh Avenue"); none of them with the claim's
        // dimension.
        let digits = claim_toks[i].is_number;
        let (mut stated, mut measured) = (false, false);
        for j in 0..sent_toks.len() {
            if sent_toks[j].is_number == digits && number_at(sent_toks, j).is_some_and(|k| k == key)
            {
                stated = true;
                measured |= sent_qs
                    .iter()
                    .any(|(at, s)| *at == j && s.dimension() == dim)
                    || elided_unit(context, sent_toks, j, &sent_qs, dim);
            }
        }
        if !stated || measured {
            continue;
        }
        let rival = sent_qs.iter().find(|(at, s)| {
            s.dimension() == dim
                && !q.restates(s)
                && number_at(sent_toks, *at).is_some_and(|k| k != key)
        });
        if let Some(&(j, _)) = rival {
            return Some((
                written_at(text, claim_toks, i)?,
                written_at(context, sent_toks, j)?,
            ));
        }
    }
    None
}

/// A measure of the claim that the aligned sentence states in one segment while another
/// segment of it, the one that shares the claim's words, states another value of that
/// dimension: "It cold-proofs in the fridge for 4 to 5 hours" against "Bulk ferment 4 to 5
/// hours at room temperature …, then cold-proof in the fridge for 12 to 16 hours" (the
/// values of two steps swapped; FactCC's number swap, Kryscinski et al. 2020, with the swapped
/// number taken from the same sentence, read as the attachment of a value to the segment that
/// states it). For each measure of the claim (`claim_toks` of `text`; [`quantities`],
/// [`crate::quantity::Dimension::is_measure`]) whose value the sentence (`sent_toks` of
/// `context`) states with its dimension: every segment of the sentence that states it
/// ([`segments`]: a clause, or a part of one between commas) shares no content word or name
/// ([`content_words`]) with the claim's segment that states it (one that states no other value
/// of the dimension), even with the segment before
/// it (an elliptical segment takes its verb from there: "Bake at 250 °C covered for 20
/// minutes, then uncovered at 230 °C" bakes at 230 °C too); a segment of the sentence that
/// states another value of the dimension shares one of its own; and no other of the
/// `sentences` (all the sources' sentences) states the value in a segment that shares one.
/// Some((the claim's measure, that other value)) as written.
pub(super) fn clause_quantity_swap<'c, 's, 'x>(
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (context, sent_toks): (&'s str, &[Token<'s>]),
    sentences: impl Iterator<Item = &'x [Token<'s>]>,
    lower_vocab: &LowerVocab<'_>,
) -> Option<(&'c str, &'s str)>
where
    's: 'x,
{
    let claim = Attachments::read(text, claim_toks, lower_vocab);
    if claim.qs.is_empty() {
        return None;
    }
    let sent = Attachments::read(context, sent_toks, lower_vocab);
    if sent.qs.len() < 2 || sent.segs.len() < 2 {
        return None;
    }
    let mut others: Option<Vec<Attachments<'s>>> = None;
    let mut sentences = Some(sentences);
    for &(i, q) in &claim.qs {
        let Some(c) = claim.seg_of(i) else {
            continue;
        };
        let mine: Vec<&str> = claim
            .words
            .iter()
            .filter(|(at, _)| claim.segs[c].contains(at))
            .map(|(_, w)| w.as_ref())
            .collect();
        let dim = q.dimension();
        // A segment of two values of the dimension ("about 6,650 km against 6,400 km for the
        // Amazon") does not say which its words go with.
        let values_in_segment = claim
            .qs
            .iter()
            .filter(|(j, o)| o.dimension() == dim && claim.segs[c].contains(j))
            .count();
        if mine.is_empty() || values_in_segment > 1 {
            continue;
        }
        let same =
            |s: &Quantity| (s.base - q.base).abs() <= f64::EPSILON * q.base.abs() || q.restates(s);
        if sent.states(dim, &same, &mine) != Some(false) {
            continue;
        }
        let rival = sent.qs.iter().find(|(j, s)| {
            s.dimension() == dim
                && !same(s)
                && sent
                    .seg_of(*j)
                    .is_some_and(|r| sent.shared(r, r, &mine) > 0)
        });
        let Some(&(j, _)) = rival else {
            continue;
        };
        // Stated with the claim's words in another sentence, it is attached there.
        let others = others.get_or_insert_with(|| {
            sentences
                .take()
                .into_iter()
                .flatten()
                .filter(|t| t.first().map(|f| f.start) != sent_toks.first().map(|f| f.start))
                .map(|t| Attachments::read(context, t, lower_vocab))
                .collect()
        });
        if others
            .iter()
            .any(|o| o.states(dim, &same, &mine) == Some(true))
        {
            continue;
        }
        return Some((
            written_at(text, claim_toks, i)?,
            written_at(context, sent_toks, j)?,
        ));
    }
    None
}

/// A sentence read for [`clause_quantity_swap`]: its measures ([`quantities`],
/// [`crate::quantity::Dimension::is_measure`]), its content words ([`content_words`]) and its segments
/// ([`segments`]), all by token index.
struct Attachments<'t> {
    qs: Vec<(usize, Quantity)>,
    words: Vec<(usize, Cow<'t, str>)>,
    segs: Vec<std::ops::Range<usize>>,
}

impl<'t> Attachments<'t> {
    /// Reads the sentence `toks` (offsets in `text`).
    fn read(text: &'t str, toks: &[Token<'t>], lower_vocab: &LowerVocab<'_>) -> Self {
        Attachments {
            qs: quantities(text, toks)
                .into_iter()
                .filter(|(_, q)| q.dimension().is_measure())
                .collect(),
            words: content_words(text, toks, lower_vocab),
            segs: segments(text, toks),
        }
    }

    /// The segment that token `at` is in.
    fn seg_of(&self, at: usize) -> Option<usize> {
        self.segs.iter().position(|r| r.contains(&at))
    }

    /// How many words of the segments `from..=to` are among `mine`.
    fn shared(&self, from: usize, to: usize, mine: &[&str]) -> usize {
        self.words
            .iter()
            .filter(|(at, w)| {
                (from..=to).any(|r| self.segs[r].contains(at)) && mine.contains(&w.as_ref())
            })
            .count()
    }

    /// Whether the sentence states a measure of dimension `dim` that `same` accepts: None when
    /// it does not; Some(true) when one such is in a segment that, with the segment before it,
    /// holds a word of `mine`, Some(false) when none is.
    fn states(
        &self,
        dim: crate::quantity::Dimension,
        same: &impl Fn(&Quantity) -> bool,
        mine: &[&str],
    ) -> Option<bool> {
        let mut found = None;
        for (j, s) in &self.qs {
            if s.dimension() == dim && same(s) {
                if let Some(r) = self.seg_of(*j) {
                    let attached = self.shared(r.saturating_sub(1), r, mine) > 0;
                    found = Some(found.unwrap_or(false) || attached);
                }
            }
        }
        found
    }
}

/// The segments of a sentence `toks` (offsets in `text`) that a value attaches to
/// ([`clause_quantity_swap`]): its clauses ([`clause_ranges`]), each cut again before a token
/// that punctuation (a comma, semicolon, colon or dash) or "then" opens, as steps of
/// a procedure and items of a list are written ("Bulk ferment 4 to 5 hours at room
/// temperature, shape, then cold-proof in the fridge for 12 to 16 hours": three).
fn segments(text: &str, toks: &[Token<'_>]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    for r in clause_ranges(text, toks) {
        let mut from = r.start;
        for j in r.start + 1..r.end {
            let cut = gap(text, toks, j - 1, j).contains([',', ';', ':', '—', '–'])
                || toks[j].raw.eq_ignore_ascii_case("then");
            if cut {
                out.push(from..j);
                from = j;
            }
        }
        out.push(from..r.end);
    }
    out
}

/// The content words and names of the sentence or clause `toks` (offsets in `text`) with the
/// token each is at: the [`KeyKind::Word`] and [`KeyKind::Name`] keys of [`sentence_keys`]
/// that are no negation and no unit word ("hours", "°C"; [`crate::quantity::unit_dimension`]),
/// in their normal forms ([`clause_quantity_swap`]: "Sir Stanley Matthews reached 22 years"
/// holds its value with his name).
fn content_words<'t>(
    text: &'t str,
    toks: &[Token<'t>],
    lower_vocab: &LowerVocab<'_>,
) -> Vec<(usize, Cow<'t, str>)> {
    let (Some(first), Some(last)) = (toks.first(), toks.last()) else {
        return Vec::new();
    };
    let span = (first.start, last.start + last.raw.len());
    sentence_keys(text, span, toks, lower_vocab)
        .0
        .into_iter()
        .filter(|k| {
            matches!(k.kind, KeyKind::Word | KeyKind::Name)
                && !k.negation
                && crate::quantity::unit_dimension(toks[k.at as usize].raw).is_none()
        })
        .map(|k| (k.at as usize, k.norm))
        .collect()
}

/// Whether the bare number `sent_toks[j]` (offsets in `context`) leaves out the unit of the
/// quantity of dimension `dim` right before it (`sent_qs`, [`quantities`]; no other number
/// between), as a comparison writes it: "On eco mode I get around 35 minutes, but on boost
/// it's closer to 9, so …" states 9 minutes. The number is in digits, no quantity of its own,
/// right after a word of [`ELLIPSIS_LEADS`] ("to", "about", "only": not a label's number, "gate
/// 12") and before punctuation or the sentence's end (nothing it counts follows: "900
/// islands").
fn elided_unit(
    context: &str,
    sent_toks: &[Token<'_>],
    j: usize,
    sent_qs: &[(usize, Quantity)],
    dim: crate::quantity::Dimension,
) -> bool {
    let leads = j > 0
        && ELLIPSIS_LEADS
            .iter()
            .any(|w| sent_toks[j - 1].raw.eq_ignore_ascii_case(w));
    let ends = sent_toks.get(j + 1).is_none_or(|_| {
        let g = gap(context, sent_toks, j, j + 1);
        !g.is_empty()
            && g.chars()
                .all(|c| matches!(c, ',' | ';' | '.' | ')' | '!' | '?'))
    });
    if !(sent_toks[j].is_number && leads && ends) || sent_qs.iter().any(|(at, _)| *at == j) {
        return false;
    }
    // The nearest number before it is the quantity whose unit it leaves out.
    let Some(before) = (0..j).rev().find(|&k| sent_toks[k].is_number) else {
        return false;
    };
    sent_qs
        .iter()
        .any(|(at, q)| *at == before && q.dimension() == dim)
}

/// Words before a number whose unit a comparison leaves out ([`elided_unit`]): "closer to 9",
/// "about 12", "only 9".
const ELLIPSIS_LEADS: &[&str] = &[
    "about",
    "almost",
    "approximately",
    "around",
    "just",
    "nearly",
    "only",
    "roughly",
    "to",
];

/// The thing a count counts: the last of the lower-case words right after the number `toks[i]`
/// (offsets in `src`; after its scale word, "5 million people"), at most three, with only
/// spaces between them and no stop word, number or participle after the first among them, in
/// [`normal_form`]: "2,900 individual reefs and" → "reef", "1,200 people a day" → "people",
/// "900 islands stretching" → "island". None for a year, a
/// percentage, a measure with a unit of [`crate::quantity`] ("2,300 kilometres": its unit is
/// what the number measures), a number with nothing counted after it, and other tokens.
fn counted_noun<'a>(
    src: &str,
    toks: &[Token<'a>],
    measured: &[usize],
    i: usize,
) -> Option<Cow<'a, str>> {
    if year_at(toks, i).is_some() || is_percentage(src, toks, i) || measured.contains(&i) {
        return None;
    }
    let first = unit_index(toks, i);
    let mut head = None;
    for j in first..toks.len().min(first + 3) {
        let t = &toks[j];
        let lower_word = t.raw.chars().all(|c| c.is_ascii_lowercase());
        // A participle after the counted words starts what is said of them ("900 islands
        // stretching for …", "5 people injured").
        let participle = j > first && (t.raw.ends_with("ing") || t.raw.ends_with("ed"));
        if !lower_word
            || participle
            || is_stopword(t.raw)
            || !gap(src, toks, j - 1, j).trim().is_empty()
        {
            break;
        }
        head = Some(t.raw);
    }
    Some(normal_form(Cow::Borrowed(head?)))
}

/// Two counts of the aligned sentence swapped (the number swap of FactCC, Kryscinski et al.
/// 2020, within one sentence; a count is bound to the thing it counts, Roy, Vieira and Roth
/// 2015): a number of the claim (`claim_toks`, offsets in `text`) counts a thing
/// ([`counted_noun`]) that the sentence (`sent_toks`, offsets in `context`) counts by another
/// number, while the sentence gives the claim's number to another thing (a count, or a
/// compound modifier of a word of the counted word's stem: "12-month") and never to that one.
/// "more than 900 individual reefs and about 2,900 islands" against "over 2,900 individual reefs
/// and 900 islands"; "12 monthly instalments" against "12-month PPC: £114.50, … by 10 monthly
/// Direct Debit instalments". Some((the claim's number, the sentence's number of that thing)) as written
/// (the number tokens).
/// Counts stated of other things than the sentence's ("3 goals in 12 games" against a sentence
/// with no count of goals) are judged as any number is.
pub(super) fn counted_noun_swap<'c, 's>(
    (text, claim_toks): (&str, &[Token<'c>]),
    (context, sent_toks): (&str, &[Token<'s>]),
) -> Option<(&'c str, &'s str)> {
    let counts = |src: &str, toks: &[Token<'_>]| -> Vec<(usize, String, String)> {
        let measured: Vec<usize> = quantities(src, toks).iter().map(|(j, _)| *j).collect();
        // Numbers in digits only ("at least one still living" is no count of "still"), and
        // not one of a score or a ratio ("a 2-0 win").
        let joined = |j: usize| j > 0 && gap(src, toks, j - 1, j).contains(['-', '–', ':', '/']);
        (0..toks.len())
            .filter(|&j| toks[j].is_number && !joined(j))
            .filter_map(|j| {
                let key = number_at(toks, j)?.into_owned();
                let noun = counted_noun(src, toks, &measured, j)?.into_owned();
                Some((j, key, noun))
            })
            .collect()
    };
    let claim_counts = counts(text, claim_toks);
    if claim_counts.is_empty() {
        return None;
    }
    let sent_counts = counts(context, sent_toks);
    for (i, key, noun) in &claim_counts {
        let as_claimed = |(_, k, n): &&(usize, String, String)| k == key && n == noun;
        if sent_counts.iter().any(|c| as_claimed(&c)) {
            continue;
        }
        // The sentence gives the number to another thing: a count of it, or a compound
        // modifier whose word shares its stem with the claim's counted word ("12-month PPC …
        // 10 monthly instalments" against "12 monthly instalments"; not "Each 2-bedroom flat
        // comes with 1 parking space" against "2 parking spaces").
        let compound = |j: usize| {
            let Some(w) = sent_toks.get(j + 1).filter(|w| !w.is_number) else {
                return false;
            };
            let w = w.raw.to_ascii_lowercase();
            gap(context, sent_toks, j, j + 1) == "-"
                && w.len() >= 3
                && *noun != w
                && (noun.starts_with(w.as_str()) || w.starts_with(noun.as_str()))
        };
        let number_elsewhere = sent_counts.iter().any(|(_, k, n)| k == key && n != noun)
            || (0..sent_toks.len())
                .any(|j| number_at(sent_toks, j).is_some_and(|k| k == key.as_str()) && compound(j));
        let rival = sent_counts.iter().find(|(_, k, n)| k != key && n == noun);
        if let (true, Some((j, _, _))) = (number_elsewhere, rival) {
            return Some((claim_toks[*i].raw, sent_toks[*j].raw));
        }
    }
    None
}

/// The life span a sentence gives in parentheses after a name, as encyclopaedias write it:
/// "Ada Lovelace (1815–1852)", "Roy Jenkins (11 November 1920 – 5 January 2003)": the tokens
/// of the birth year and of the death year, the two years of one parenthesis with one dash
/// between them. None when the sentence holds no such pair, or more than one.
pub(super) fn life_span(src: &str, toks: &[Token<'_>]) -> Option<(usize, usize)> {
    let mut found = None;
    for i in 0..toks.len() {
        if year_at(toks, i).is_none() {
            continue;
        }
        // The parenthesis open before the birth year, and its end.
        let end = toks[i].start + toks[i].raw.len();
        let (Some(before), Some(after)) = (src.get(..toks[i].start), src.get(end..)) else {
            continue;
        };
        let open = before.rfind('(').filter(|&o| !before[o..].contains(')'));
        let (Some(_), Some(close)) = (open, after.find(')').map(|c| end + c)) else {
            continue;
        };
        let Some(j) = (i + 1..toks.len())
            .take_while(|&j| toks[j].start < close)
            .find(|&j| year_at(toks, j).is_some())
        else {
            continue;
        };
        let between = &src[end..toks[j].start];
        let dashes = between.matches(['-', '\u{2013}', '\u{2014}']).count();
        if dashes != 1 || between.contains(';') {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some((i, j));
    }
    found
}

/// A birth year given as the death year or a death year as the birth year, against a life span
/// of an aligned sentence ([`life_span`]): "She died in 1815" against "Ada Lovelace
/// (1815–1852) was an English mathematician". The claim's event is a word of [`DEATH_WORDS`]
/// or [`BIRTH_WORDS`] in the claim (`claim_toks` of `text`), or, for a claim that is a bare
/// year, in the question (`question_toks`). Some((the claim's year, the span's year for that
/// event)) when the claim's one year is the span's other year; None otherwise (a year the span
/// does not give is judged as any number is).
pub(super) fn life_span_swap<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    question_toks: &[Token<'_>],
    (context, sentences): (&'s str, &[&[Token<'_>]]),
) -> Option<(&'c str, &'s str)> {
    let mut years = (0..claim_toks.len()).filter(|&i| year_at(claim_toks, i).is_some());
    let (Some(at), None) = (years.next(), years.next()) else {
        return None;
    };
    let says = |toks: &[Token<'_>], words: &[&str]| {
        toks.iter()
            .any(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    let event_in = |toks: &[Token<'_>]| match (says(toks, DEATH_WORDS), says(toks, BIRTH_WORDS)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    };
    let bare = claim_toks.len() == 1;
    let died = if bare {
        event_in(question_toks)?
    } else {
        event_in(claim_toks)?
    };
    let year = year_at(claim_toks, at)?;
    sentences.iter().find_map(|toks| {
        let (born_at, died_at) = life_span(context, toks)?;
        let (stated, other) = if died {
            (died_at, born_at)
        } else {
            (born_at, died_at)
        };
        let stated_year = year_at(toks, stated)?;
        if year == stated_year || year_at(toks, other) != Some(year) {
            return None;
        }
        Some((
            run_text(text, &claim_toks[at..=at])?,
            run_text(context, &toks[stated..=stated])?,
        ))
    })
}

/// The text of a run of tokens of `src` (offsets in it), from its first token's start to its
/// last token's end; None for an empty run or offsets outside `src`.
pub(super) fn run_text<'s>(src: &'s str, run: &[Token<'_>]) -> Option<&'s str> {
    let (first, last) = (run.first()?, run.last()?);
    src.get(first.start..last.start + last.raw.len())
}

/// Words of a claim or question about a death ([`life_span_swap`]).
pub(super) const DEATH_WORDS: &[&str] = &["died", "die", "dies", "death", "dying"];
/// Words of a claim or question about a birth ([`life_span_swap`]).
pub(super) const BIRTH_WORDS: &[&str] = &["born", "birth"];

/// The "of" slots of a text: for each "<noun> of [the|a|an] [up to two lower-case words] <Name>"
/// of `toks` (offsets in `src`), the noun, the name (a run of capitalised words with only spaces
/// between: "the daughter of the poet Lord Byron" → ("daughter", [Lord, Byron])) and the
/// capitalised words up to [`OF_SLOT_WINDOW`] tokens after "of" that the same clause holds (a
/// name in apposition: "daughter of Nirvana frontman Kurt Cobain"). The noun is a lower-case
/// content word right before "of".
pub(super) fn of_slots<'t, 'a>(src: &str, toks: &'t [Token<'a>]) -> Vec<OfSlot<'t, 'a>> {
    let mut out = Vec::new();
    for i in 1..toks.len() {
        if !toks[i].raw.eq_ignore_ascii_case("of") {
            continue;
        }
        let head = toks[i - 1].raw;
        let is_noun = head.len() >= 3
            && head.bytes().all(|b| b.is_ascii_lowercase())
            && !is_stopword(head)
            && gap(src, toks, i - 1, i).is_empty();
        if !is_noun {
            continue;
        }
        let mut j = i + 1;
        if toks.get(j).is_some_and(|t| {
            ["the", "a", "an"]
                .iter()
                .any(|d| t.raw.eq_ignore_ascii_case(d))
        }) {
            j += 1;
        }
        let lower = |t: &Token<'_>| t.raw.bytes().all(|b| b.is_ascii_lowercase());
        let mut k = j;
        while k < toks.len()
            && k < j + 2
            && lower(&toks[k])
            && !is_stopword(toks[k].raw)
            && gap(src, toks, k - 1, k).is_empty()
        {
            k += 1;
        }
        let start = k;
        while k < toks.len() && capitalised(&toks[k]) && gap(src, toks, k - 1, k).is_empty() {
            k += 1;
        }
        if k == start {
            continue;
        }
        // The window: to the first punctuation after the name's run, at most OF_SLOT_WINDOW.
        let mut w = k;
        while w < toks.len() && w <= i + OF_SLOT_WINDOW && gap(src, toks, w - 1, w).is_empty() {
            w += 1;
        }
        out.push((head, &toks[start..k], &toks[i + 1..w]));
    }
    out
}

/// An "of" slot ([`of_slots`]): its noun, its name and the tokens of its window.
pub(super) type OfSlot<'t, 'a> = (&'a str, &'t [Token<'a>], &'t [Token<'a>]);

/// How many tokens after "of" an "of" slot's window reaches ([`of_slots`]).
pub(super) const OF_SLOT_WINDOW: usize = 6;

/// A name moved into another name's "of" slot: "She was the daughter of Charles Babbage"
/// against "… her work on Charles Babbage's Analytical Engine. She was the daughter of the poet
/// Lord Byron." The claim's slot ("daughter of", [`of_slots`]) is filled in an aligned sentence
/// (`sentences`, tokens of `context`) by a name none of whose window's capitalised words is a
/// word of the claim slot's window (possessives and curly apostrophes aside), nor a demonym
/// ("of the Spanish club"), and no slot of that noun in the sources (`source_slots`: the
/// [`of_slots`] of `context_tokens`, read on first use and kept for the request's other
/// claims) holds a word of the claim's. The relation-argument swap of FactCC's entity swap (Kryscinski et al.
/// 2020) read on the one syntactic frame "<relation noun> of <name>". Some((the claim's name,
/// the sentence's)) as written.
pub(super) fn of_slot_name_swap<'c, 's, 't, 'a>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    (context, context_tokens): (&'s str, &'t [Token<'a>]),
    source_slots: &std::cell::OnceCell<Vec<OfSlot<'t, 'a>>>,
    sentences: &[&[Token<'_>]],
) -> Option<(&'c str, &'s str)> {
    let claim_slots = of_slots(text, claim_toks);
    if claim_slots.is_empty() {
        return None;
    }
    // The name words of a window, as one name is written however its possessive is.
    fn words<'x>(window: &'x [Token<'_>]) -> impl Iterator<Item = &'x str> + 'x {
        window
            .iter()
            .filter(|t| capitalised(t))
            .map(|t| strip_possessive(t.raw))
    }
    let shares = |a: &[Token<'_>], b: &[Token<'_>]| {
        words(a).any(|x| words(b).any(|y| x.eq_ignore_ascii_case(y)))
    };
    // Read once per request, on the first claim with a slot.
    let source_slots = source_slots.get_or_init(|| of_slots(context, context_tokens));
    for (head, name, window) in claim_slots {
        let same = |h: &str| h.eq_ignore_ascii_case(head);
        if source_slots
            .iter()
            .any(|(h, _, w)| same(h) && shares(w, window))
        {
            continue;
        }
        let demonym =
            |n: &[Token<'_>]| n.len() == 1 && demonym_place(&to_lower(n[0].raw)).is_some();
        if demonym(name) {
            continue;
        }
        let rival = sentences.iter().find_map(|toks| {
            of_slots(context, toks)
                .into_iter()
                .find(|(h, n, w)| same(h) && !demonym(n) && !shares(w, window))
        });
        if let Some((_, theirs, _)) = rival {
            return Some((run_text(text, name)?, run_text(context, theirs)?));
        }
    }
    None
}

/// Words that state a value of the name right before them ("Brazil, with 60%", "Saturn has
/// 146 moons"; [`name_value_swap`]).
pub(super) const VALUE_CONNECTORS: &[&str] = &["with", "has", "had", "have"];

/// A name of a sentence's keys (a run of capitalised words, one entity) and the token span it
/// covers.
struct NamedEntity<'k> {
    norms: Vec<&'k str>,
    span: (usize, usize),
}

/// The names of `keys`, one per run ([`Key::run`]).
fn named_entities<'k>(keys: &'k [Key<'_>]) -> Vec<NamedEntity<'k>> {
    let mut out: Vec<(u32, NamedEntity<'k>)> = Vec::new();
    for k in keys
        .iter()
        .filter(|k| k.kind == KeyKind::Name && !k.negation)
    {
        let at = k.at as usize;
        match out
            .iter_mut()
            .find(|(run, _)| k.run != NO_RUN && *run == k.run)
        {
            Some((_, e)) => {
                e.norms.push(&k.norm);
                e.span = (e.span.0.min(at), e.span.1.max(at));
            }
            None => out.push((
                k.run,
                NamedEntity {
                    norms: vec![&k.norm],
                    span: (at, at),
                },
            )),
        }
    }
    out.into_iter().map(|(_, e)| e).collect()
}

/// The values of kind `kind` (numbers or years) of `keys` that a name states, each with the
/// index of that name in `names` and the value's normal form: the value follows the name's
/// last word set off by punctuation, an apposition ("Sandra Ng, 19", "Blue (1924)", "SEVILLA -
/// 18"; not "wife Beryl 13 years ago", where the number counts the years), or a possessive
/// ("Jupiter's 95"), or after a word of
/// [`VALUE_CONNECTORS`] and at most one approximator ("Brazil, with 60%", "Peru, with about
/// 60%", "Saturn has 146"). `toks` are the tokens of `text` the keys index.
fn stated_values<'k>(
    (text, keys, toks): (&str, &'k [Key<'_>], &[Token<'_>]),
    names: &[NamedEntity<'_>],
    kind: KeyKind,
) -> Vec<(usize, &'k str)> {
    let is_in = |j: usize, words: &[&str]| {
        toks.get(j)
            .is_some_and(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    let name_ending = |j: usize| names.iter().position(|e| e.span.1 == j);
    keys.iter()
        .filter(|k| k.kind == kind && !k.negation && k.at > 0)
        .filter_map(|k| {
            let mut j = k.at as usize - 1;
            if let Some(e) = name_ending(j) {
                let possessive = toks[j].raw.ends_with("'s") || toks[j].raw.ends_with("’s");
                let set_off = possessive || !gap(text, toks, j, j + 1).is_empty();
                return set_off.then_some((e, k.norm.as_ref()));
            }
            if is_in(j, APPROXIMATORS) && j > 0 {
                j -= 1;
            }
            (is_in(j, VALUE_CONNECTORS) && j > 0)
                .then(|| name_ending(j - 1))
                .flatten()
                .map(|e| (e, k.norm.as_ref()))
        })
        .collect()
}

/// The numbers and years a claim states of its names ([`stated_values`]), read once per claim
/// for [`name_value_swap`]: its names, and per kind (numbers, then years) the values with the
/// index of their name.
pub(super) struct ClaimedValues<'k> {
    names: Vec<NamedEntity<'k>>,
    values: [Vec<(usize, &'k str)>; 2],
}

/// The kinds of value [`ClaimedValues`] holds, in its order.
const VALUE_KINDS: [KeyKind; 2] = [KeyKind::Number, KeyKind::Year];

/// What the claim (`text`, its keys and tokens) states of its names; `None` when it states no
/// number or year of any (most claims), so [`name_value_swap`] reads no sentence's keys.
pub(super) fn claimed_values<'k>(
    claim: (&str, &'k [Key<'_>], &[Token<'_>]),
) -> Option<ClaimedValues<'k>> {
    let names = named_entities(claim.1);
    if names.is_empty() {
        return None;
    }
    let values = VALUE_KINDS.map(|kind| stated_values(claim, &names, kind));
    values
        .iter()
        .any(|v| !v.is_empty())
        .then_some(ClaimedValues { names, values })
}

/// A number or year the claim states of a name that the aligned sentence states of another of
/// its names, while it states another value of the claim's name: Some((the claim's name, the
/// sentence's)), the claim's values read by [`claimed_values`]. "Peru, with about 60% of the
/// forest." against "… within Brazil, with 60% of the rainforest, followed by Peru with 13%";
/// "Jupiter, with 146 confirmed moons." against "Saturn has 146 confirmed moons, …, ahead of
/// Jupiter with 95." (the entity swap of FactCC, Kryscinski et al. 2020, between two entities
/// of one sentence). A value is read as a name's
/// only where the words say so ([`stated_values`]): nearness alone binds wrongly in news text
/// ("Sterling's current £35,000-a-week deal at Liverpool has two years to run" gives the years
/// to the deal, not to Liverpool or Sterling). In the sentence the value and the claim's name
/// are each stated once. A claim that names both may swap both: "Jupiter has more, with 146
/// moons to Saturn's 95" gives Saturn Jupiter's 95.
pub(super) fn name_value_swap(
    claimed: &ClaimedValues<'_>,
    (context, sent_keys, sent_toks): (&str, &[Key<'_>], &[Token<'_>]),
) -> Option<(String, String)> {
    let claim_names = &claimed.names;
    let sent_names = named_entities(sent_keys);
    let same = |a: &NamedEntity<'_>, b: &NamedEntity<'_>| {
        a.norms.iter().all(|n| b.norms.contains(n)) || b.norms.iter().all(|n| a.norms.contains(n))
    };
    for (kind, claimed) in VALUE_KINDS.into_iter().zip(&claimed.values) {
        if claimed.is_empty() {
            continue;
        }
        let stated = stated_values((context, sent_keys, sent_toks), &sent_names, kind);
        let once = |v: &str| {
            sent_keys
                .iter()
                .filter(|k| k.kind == kind && !k.negation && k.norm == v)
                .count()
                == 1
        };
        for &(x, v) in claimed {
            let x = &claim_names[x];
            let mut xs = sent_names.iter().enumerate().filter(|(_, e)| same(x, e));
            let (Some((sx, _)), None) = (xs.next(), xs.next()) else {
                continue;
            };
            let owner = stated.iter().find(|(_, w)| *w == v).map(|&(e, _)| e);
            let Some(owner) = owner.filter(|&e| e != sx && once(v)) else {
                continue;
            };
            let owner = &sent_names[owner];
            if stated.iter().any(|&(e, w)| e == sx && w != v) {
                return Some((x.norms.join(" "), owner.norms.join(" ")));
            }
        }
    }
    None
}

/// Prepositions that date an event by the year after them ([`slot_number_swap`]).
pub(super) const TIME_PREPOSITIONS: &[&str] =
    &["in", "on", "from", "since", "until", "by", "during"];

/// Prepositions of place and containment whose object is a slot ([`place_noun_swap`]).
pub(super) const PLACE_PREPOSITIONS: &[&str] = &["at", "in", "inside", "into", "on", "within"];

/// The lower-case content word that fills a place slot after token `i` of `toks` (offsets in
/// `src`), when `i` is a preposition of [`PLACE_PREPOSITIONS`]: the next word, past one article
/// ("in the chloroplasts" → "chloroplasts"), with nothing but spaces between them. None for a
/// name, a number or a stop word there.
fn place_slot<'a>(src: &str, toks: &[Token<'a>], i: usize) -> Option<(usize, &'a str)> {
    let preposition = toks.get(i).map(|t| lower_cow(t.raw));
    if !preposition.is_some_and(|w| PLACE_PREPOSITIONS.contains(&w.as_ref())) {
        return None;
    }
    let (j, raw) = preposition_object(src, toks, i)?;
    (raw.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(raw)).then_some((j, raw))
}

/// The word after the preposition at token `i` of `toks` (offsets in `src`), past one article
/// ("in the chloroplasts" → "chloroplasts"), with nothing but spaces between them: (its token
/// index, the word). None at the end of the tokens or across a punctuation mark. Read by
/// [`place_slot`] and [`opening_scope`], which each test the preposition and the word.
fn preposition_object<'a>(src: &str, toks: &[Token<'a>], i: usize) -> Option<(usize, &'a str)> {
    let article = toks.get(i + 1).is_some_and(|t| {
        ["the", "a", "an"]
            .iter()
            .any(|a| t.raw.eq_ignore_ascii_case(a))
    });
    let j = if article { i + 2 } else { i + 1 };
    let raw = toks.get(j)?.raw;
    (i + 1..=j)
        .all(|k| gap(src, toks, k - 1, k).is_empty())
        .then_some((j, raw))
}

/// A common noun in a place slot of the claim swapped for one another sentence of the sources
/// states: "It happens in the mitochondria, the organelles that hold chlorophyll" against
/// "photosynthesis takes place in chloroplasts, organelles that contain the green pigment
/// chlorophyll. Cellular respiration, by contrast, occurs mainly in the mitochondria". The
/// claim's word at token `at` of `claim_toks` (offsets in `text`) fills a place slot
/// ([`place_slot`]); the caller has found it in the sources but not in the best sentence
/// `sent_toks` (offsets in `context`, whose tokens are `context_tokens`), which holds the rest
/// of the claim; another sentence puts the word in the same preposition's slot (the place of
/// something else), and the best sentence fills that slot with a word the claim does not use
/// anywhere. The entity swap of
/// FactCC (Kryscinski et al. 2020) on a common noun, with the swapped word taken from the
/// sources themselves. Not a word the claim also states ("in chloroplasts in the leaves" adds a
/// place, it changes none), nor a slot the sentence leaves unfilled or fills with a name.
/// Some((the claim's word, the sentence's)).
pub(super) fn place_noun_swap<'c, 's>(
    (text, claim_toks): (&str, &[Token<'c>]),
    at: usize,
    (context, context_tokens, sent_toks): (&str, &[Token<'s>], &[Token<'s>]),
) -> Option<(&'c str, &'s str)> {
    let prep = [at.checked_sub(1), at.checked_sub(2)]
        .into_iter()
        .flatten()
        .find(|&i| place_slot(text, claim_toks, i).is_some_and(|(j, _)| j == at))?;
    let said = claim_toks[at].raw;
    let preposition = claim_toks[prep].raw;
    // The slots of that preposition in `toks`, as their words' stems; not a phrase that opens
    // the sentence ("In plants and algae, …" sets the scene, it places no argument).
    let slots = |toks: &[Token<'s>], from: usize| -> Vec<(String, &'s str)> {
        (from..toks.len())
            .filter(|&i| toks[i].raw.eq_ignore_ascii_case(preposition))
            .filter_map(|i| place_slot(context, toks, i))
            .map(|(_, w)| (word_stem(w), w))
            .collect()
    };
    // The sources put the claim's word in such a slot elsewhere: a place of another thing.
    let stem = word_stem(said);
    if !slots(context_tokens, 0).iter().any(|(s, _)| *s == stem) {
        return None;
    }
    let stems: Vec<String> = claim_toks.iter().map(|t| word_stem(t.raw)).collect();
    slots(sent_toks, 1)
        .into_iter()
        .find(|(s, _)| !stems.contains(s))
        .map(|(_, stated)| (said, stated))
}

/// Prepositions that open a sentence's scope ("On Sundays, …", "In winter …", "For children
/// …"; [`scope_swap`]).
pub(super) const SCOPE_PREPOSITIONS: &[&str] = &["at", "during", "for", "in", "on"];

/// The word that fills the scope a sentence opens with (`toks`, offsets in `src`): its first
/// token one of [`SCOPE_PREPOSITIONS`], then past one article a word of letters, capitalised or
/// not, that is no stop word ("On Sundays the last bus …" → "Sundays"), nothing but spaces
/// between them. Some((its token index, the preposition, the word)).
pub(super) fn opening_scope<'a>(
    src: &str,
    toks: &[Token<'a>],
) -> Option<(usize, &'a str, &'a str)> {
    let prep = toks.first()?.raw;
    if !SCOPE_PREPOSITIONS
        .iter()
        .any(|p| prep.eq_ignore_ascii_case(p))
    {
        return None;
    }
    let (j, raw) = preposition_object(src, toks, 0)?;
    let word = raw.chars().all(char::is_alphabetic) && !crate::text::is_stopword_raw(raw);
    word.then_some((j, prep, raw))
}

/// Singular lower-case forms ([`normal_form`]) of the calendar words besides the days of the
/// week ([`WEEKDAYS`]) that scope a statement in time: the week's parts, the times of day and
/// the seasons ("on Saturdays", "at weekends", "in the evening", "during winter";
/// [`scope_swap`]). Months are keys of their own ([`KeyKind::Month`]). Not "fall" (a verb as
/// often as a season).
pub(super) const CALENDAR_SCOPES: &[&str] = &[
    "weekday",
    "weekend",
    "weeknight",
    "holiday",
    "morning",
    "afternoon",
    "evening",
    "night",
    "spring",
    "summer",
    "autumn",
    "winter",
];

/// The calendar scopes ([`calendar_word`]) that sentence `toks` (offsets in `src`) states
/// after a preposition of [`SCOPE_PREPOSITIONS`] anywhere in it, with the calendar words "and"
/// or "or" lists after the first ("On Saturdays and Sundays …" → "Saturdays", "Sundays"; not
/// after a comma alone: "On Saturdays, mornings are quiet"): (token index, word). A
/// capitalised word other than a weekday inside a sentence is part of a name ("at the Holiday
/// Inn", "in Spring Valley").
fn calendar_scopes<'a>(src: &str, toks: &[Token<'a>]) -> Vec<(usize, &'a str)> {
    let calendar_at = |j: usize| {
        let t = &toks[j];
        let named = !t.sentence_start && t.raw.starts_with(|c: char| c.is_uppercase());
        calendar_word(t.raw)
            .is_some_and(|(axis, w)| !named || (axis == 0 && WEEKDAYS.contains(&w.as_ref())))
    };
    let mut found = Vec::new();
    for i in 0..toks.len() {
        let prep = toks[i].raw;
        if !SCOPE_PREPOSITIONS
            .iter()
            .any(|p| prep.eq_ignore_ascii_case(p))
        {
            continue;
        }
        let Some((mut j, raw)) = preposition_object(src, toks, i) else {
            continue;
        };
        if !calendar_at(j) {
            continue;
        }
        found.push((j, raw));
        // "Saturdays and Sundays", "Saturdays, and Sundays".
        while let Some(joint) = toks.get(j + 1) {
            let conjunction = ["and", "or"]
                .iter()
                .any(|c| joint.raw.eq_ignore_ascii_case(c));
            let next = j + 2;
            if !(conjunction && matches!(gap(src, toks, j, j + 1), "" | ",")) {
                break;
            }
            if next < toks.len() && calendar_at(next) {
                found.push((next, toks[next].raw));
                j = next;
            } else {
                break;
            }
        }
    }
    found
}

/// The calendar word `raw` is, in any case or number: (its axis, its singular lower-case
/// form), the axis 0 for a day of the week ([`WEEKDAYS`]) or a part of the week, 1 for a time
/// of day, 2 for a season ([`CALENDAR_SCOPES`]). None for any other word.
fn calendar_word(raw: &str) -> Option<(u8, Cow<'_, str>)> {
    if !raw.chars().all(char::is_alphabetic) {
        return None;
    }
    let word = normal_form(lower_cow(raw));
    let axis = if WEEKDAYS.contains(&word.as_ref()) {
        0
    } else {
        match CALENDAR_SCOPES.iter().position(|w| *w == word.as_ref())? {
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        }
    };
    Some((axis, word))
}

/// Whether calendar words `a` and `b` ([`calendar_word`] forms) can name the same time: the
/// same word, or a day and the part of the week that holds it ("Mondays" and "weekdays",
/// "Saturdays" and "weekends").
fn calendar_overlap(a: &str, b: &str) -> bool {
    let holds = |part: &str, day: &str| {
        let at = WEEKDAYS.iter().position(|w| *w == day);
        match part {
            "weekday" | "weeknight" => at.is_some_and(|d| (1..=5).contains(&d)),
            "weekend" => at.is_some_and(|d| d == 0 || d == 6),
            _ => false,
        }
    };
    a == b || holds(a, b) || holds(b, a)
}

/// The scope of a claim swapped for the one of the sentence that states the rest of it:
/// "On Sundays the last bus leaves Central Station at 23:40" against "On weekdays the last bus
/// leaves Central Station at 23:40. On Saturdays and Sundays the last departure is at 22:10";
/// "On Saturdays the library opens at 9 am" against "The library opens at 9 am on weekdays. On
/// Saturdays it opens at 10 am". The claim's word at token `at` (`claim_toks`, offsets in
/// `text`) is the one word the caller found in the sources but not in the best sentence
/// `sent_toks` (offsets in `context`), and it fills a scope of the claim: either the claim
/// opens with it ([`opening_scope`]) and that sentence opens with the same preposition and a
/// word the claim does not use anywhere, or it is a calendar scope ([`calendar_scopes`]: a day,
/// a part of the week or day, a season) and that sentence states another calendar scope of the
/// same axis ([`calendar_word`]), none of whose words the claim uses and none of which can name
/// the claim's time ([`calendar_overlap`]). What holds in one scope is stated as holding in another (the
/// entity swap of FactCC, Kryscinski et al. 2020, on the condition a statement is made under).
/// Some((the claim's word, the sentence's)).
pub(super) fn scope_swap<'c, 's>(
    (text, claim_toks): (&str, &[Token<'c>]),
    at: usize,
    (context, sent_toks): (&str, &[Token<'s>]),
) -> Option<(&'c str, &'s str)> {
    let stems: Vec<String> = claim_toks.iter().map(|t| word_stem(t.raw)).collect();
    let unsaid = |w: &str| !stems.contains(&word_stem(w));
    if let Some((_, prep, said)) = opening_scope(text, claim_toks).filter(|s| s.0 == at) {
        let stated = opening_scope(context, sent_toks)
            .filter(|(_, their_prep, w)| prep.eq_ignore_ascii_case(their_prep) && unsaid(w));
        if let Some((_, _, stated)) = stated {
            return Some((said, stated));
        }
    }
    let (_, said) = *calendar_scopes(text, claim_toks)
        .iter()
        .find(|&&(j, _)| j == at)?;
    let (axis, word) = calendar_word(said)?;
    let theirs = calendar_scopes(context, sent_toks);
    // A scope of the sentence the claim states, or one that holds the claim's ("on weekdays"
    // for "on Mondays"), is no other scope; one of another axis ("in the morning" for "on
    // Saturdays") does not compete with it.
    let same_axis = |w: &str| calendar_word(w).is_some_and(|(a, _)| a == axis);
    let overlaps =
        |w: &str| calendar_word(w).is_some_and(|(a, w)| a == axis && calendar_overlap(&word, &w));
    if theirs.iter().any(|&(_, w)| !unsaid(w) || overlaps(w)) {
        return None;
    }
    theirs
        .iter()
        .find(|&&(_, w)| same_axis(w))
        .map(|&(_, w)| (said, w))
}

/// Phrases that bound a count or an amount, as lower-case words ("up to five days", "at least
/// 18 years", "no more than 4 tablets"; [`bound_number_swap`]): the bounds of two words or more
/// of [`LOWER_BOUNDS`] and [`UPPER_BOUNDS`]. A bare "over" or "under" is as often a preposition
/// of place or topic ("over the river", "under review") before a count.
fn bound_phrases() -> impl Iterator<Item = &'static &'static [&'static str]> {
    LOWER_BOUNDS
        .iter()
        .chain(UPPER_BOUNDS)
        .filter(|p| p.len() > 1)
}

/// A number at token `i` of `toks` (offsets in `src`) under a bound, a phrase of
/// [`bound_phrases`] right before it (nothing but spaces between its words and the number,
/// or a currency sign), or a bare "over", "under", "above" or "below" before an amount of
/// money ("over $1,500"), or a bound after it and the words it counts ("3 days or more",
/// [`trailing_count_bound`]): the number's value (digits, or a number word: "five" → 5,
/// [`number_word`]), what it counts (its currency sign with the bound's side and the stems of
/// the lower-case content words among the two words after it: "five unused days" → [unus,
/// day], "over $1,500 of taxable interest" → [$≥, taxabl]; or the one word after a bound
/// written right after it: "6 or more people" → [peopl]) and, for a bound written after
/// the count, its side and the byte end of its last word in `src`. None for a number under no
/// bound or counting nothing.
fn bound_at(src: &str, toks: &[Token<'_>], i: usize) -> Option<BoundRead> {
    // The currency sign written right before the number ("over $1,500"): an amount.
    let currency = i
        .checked_sub(1)
        .map(|j| gap(src, toks, j, i))
        .filter(|g| CURRENCY_SIGNS.contains(g));
    // The phrase first: it rules out almost every token without lower-casing it; the longest
    // that stands there ("no more than", not "more than"). Between its words nothing, and
    // between its last word and the number nothing or the currency sign.
    let phrase = bound_phrases()
        .filter(|p| {
            i >= p.len()
                && p.iter().enumerate().all(|(k, w)| {
                    // (The word first: it rules out almost every phrase, the gap is sliced
                    // only after a match.)
                    let j = i - p.len() + k;
                    toks[j].raw.eq_ignore_ascii_case(w) && {
                        let g = gap(src, toks, j, j + 1);
                        g.is_empty() || (k + 1 == p.len() && Some(g) == currency)
                    }
                })
        })
        .max_by_key(|p| p.len());
    // Which side the bound is on: "≥" for a floor ("over", "more than"), "≤" for a ceiling. A
    // bare "over" or "above", "under" or "below" right before an amount of money bounds it
    // ("goes over $1,000"): no place or topic is written with a currency sign, but a phrasal
    // verb's particle is ("carry over $610 of unused funds", [`PARTICLE_VERBS`]).
    let side = match phrase {
        Some(p) => Some(if LOWER_BOUNDS.contains(p) {
            "≥"
        } else {
            "≤"
        }),
        None => currency.and_then(|_| {
            let w = toks[i - 1].raw;
            let is = |s: &str| w.eq_ignore_ascii_case(s);
            let particle_of_verb = i >= 2 && {
                let verb = lower_cow(toks[i - 2].raw);
                PARTICLE_VERBS.iter().any(|v| verb.starts_with(v))
            };
            if particle_of_verb {
                None
            } else if is("over") || is("above") {
                Some("≥")
            } else if is("under") || is("below") {
                Some("≤")
            } else {
                None
            }
        }),
    };
    // Or a bound written after the number and what it counts, at most two lower-case content
    // words, nothing but spaces between ("rentals of 3 days or more", "£150 or more"): those
    // words (not the two after the number, which hold the bound's own words) are what it
    // counts.
    let trailing = side
        .is_none()
        .then(|| trailing_count_bound(src, toks, i))
        .flatten();
    let side = side.or(trailing.map(|(bound, _)| match bound {
        Bound::Lower => "≥",
        Bound::Upper => "≤",
    }));
    let t = toks.get(i).filter(|_| side.is_some())?;
    // A number's value with its scale ("£10 million" is 10 000 000, `number_key`).
    let value = if t.is_number {
        number_value(&number_key(toks, i))?
    } else {
        number_word(&lower_cow(t.raw))?.parse::<f64>().ok()?
    };
    // The words it counts: the two after it; those between it and a bound written after them
    // ("3 days or more"); or the one after a bound written right after it ("6 or more
    // people").
    let counted_range = match trailing {
        Some((_, conj)) if conj == i + 1 => conj + 2..toks.len().min(conj + 3),
        Some((_, conj)) => i + 1..conj,
        None => i + 1..toks.len().min(i + 3),
    };
    // An amount counts its currency on its side of the bound (a floor of money is no ceiling
    // of money: "up to £100,000" for a media room against homes "over £10 million"), and the
    // words after it as any number does.
    let counted: Vec<String> = currency
        .zip(side)
        .map(|(c, s)| format!("{c}{s}"))
        .into_iter()
        .chain(
            counted_range
                .take_while(|&k| gap(src, toks, k - 1, k).is_empty())
                .map(|k| toks[k].raw)
                .filter(|w| w.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(w))
                .map(word_stem),
        )
        .collect();
    // The side of a bound written after the count, and where its last word ends ("days or
    // more": the "more").
    let trailing = trailing.and_then(|(bound, conj)| {
        let tail = toks.get(conj + 1)?;
        Some((bound, tail.start + tail.raw.len()))
    });
    (!counted.is_empty()).then_some(BoundRead {
        value,
        counted,
        trailing,
    })
}

/// A number under a bound as [`bound_at`] reads it.
struct BoundRead {
    /// The number's value ("five" → 5, "£10 million" → 10 000 000).
    value: f64,
    /// What it counts: the currency sign with the bound's side, and word stems ([`bound_at`]).
    counted: Vec<String>,
    /// For a bound written after the count ("3 days or more"): its side and the byte end of
    /// its last word. No negation turns such a bound around as one reads "not more than 4".
    trailing: Option<(Bound, usize)>,
}

/// A bound written after the number `toks[i]` (offsets in `src`) and at most two lower-case
/// content words it counts ("3 days or more", "18 years or older", "£150 or more"): the side
/// ([`trailing_bound`] read at the last of those words) and the index of its "and"/"or". None
/// when punctuation stands between them or no such bound follows.
fn trailing_count_bound(src: &str, toks: &[Token<'_>], i: usize) -> Option<(Bound, usize)> {
    let conj = (i + 1..toks.len().min(i + 4)).find(|&k| {
        toks[k].raw.eq_ignore_ascii_case("and") || toks[k].raw.eq_ignore_ascii_case("or")
    })?;
    let words_only = (i + 1..conj).all(|k| {
        let w = toks[k].raw;
        w.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(w)
    });
    let joined =
        (i + 1..=(conj + 1).min(toks.len() - 1)).all(|k| gap(src, toks, k - 1, k).is_empty());
    let number = toks[i].is_number || number_word(&lower_cow(toks[i].raw)).is_some();
    (number && words_only && joined)
        .then(|| trailing_bound(toks, conj - 1))
        .flatten()
        .map(|bound| (bound, conj))
}

/// Currency signs written before an amount ([`bound_at`]).
pub(super) const CURRENCY_SIGNS: &[&str] = &["$", "€", "£", "¥", "₹"];

/// The stems of verbs whose particle "over" takes an amount as its object, no bound ("carry
/// over $610", "rolled over $5,000", "hand over $200", "signed over", "turn over £3 million";
/// [`bound_at`]), matched as prefixes of the lower-case word before the particle. Not "paid",
/// "made" or "took", after which "over $500" is as often "more than $500".
const PARTICLE_VERBS: &[&str] = &["carr", "roll", "hand", "turn", "sign"];

/// A bound's value changed: "you can carry over up to ten days" against "Up to five unused
/// days may be carried over …". A number of the claim (`claim_toks`, offsets in `text`) under a
/// bound ([`bound_at`]) that the sentence (`sent_toks`, offsets in `context`) states under a
/// bound with another value, counting a word the claim's number counts too, while no bound of
/// the sources (`context_tokens`) on such a word has the claim's value. Any bound phrase
/// matches any other on a counted word: a negation before one turns it into another ("Do not
/// give more than 4 tablets" is "no more than 4 tablets"), and the claim's value stated
/// anywhere so is its support. An amount of money matched by its currency alone matches only
/// a bound on the same side ([`bound_at`]: "Do not spend more than $500" is no reading of "up
/// to $300"). Digits and number words are one value ("five" = 5). The number swap of FactCC
/// (Kryscinski et al. 2020) on a limit, the number a reader acts on in a policy, a dosage or a
/// plan. Some((the claim's number, the sentence's)) as written.
///
/// A bound written after its count turned around is a swap too: "rentals of 3 days or less"
/// against "Rentals of 3 days or more get 15% off", the same value on the other side, when both
/// are written after the count (no negation turns "3 days or more" around, [`BoundRead`]) and
/// no bound of the sources on the word stands on the claim's side with its value. Some((the
/// claim's bound, the sentence's)) as written, number to last word ("3 days or less").
pub(super) fn bound_number_swap<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (context, context_tokens, sent_toks): (&'s str, &[Token<'s>], &[Token<'s>]),
) -> Option<(&'c str, &'s str)> {
    // The bounds of `toks` on a word of `counts`: (their token, reading).
    let bounds_on = |toks: &[Token<'s>], counts: &[String]| -> Vec<(usize, BoundRead)> {
        (0..toks.len())
            .filter_map(|j| {
                let read = bound_at(context, toks, j)?;
                read.counted
                    .iter()
                    .any(|w| counts.contains(w))
                    .then_some((j, read))
            })
            .collect()
    };
    // The side of a trailing bound turned around: both written after the count, on other sides.
    let flipped = |a: &BoundRead, b: &BoundRead| matches!((a.trailing, b.trailing), (Some((x, _)), Some((y, _))) if x != y);
    for i in 0..claim_toks.len() {
        let Some(said) = bound_at(text, claim_toks, i) else {
            continue;
        };
        let Some((j, stated)) = bounds_on(sent_toks, &said.counted)
            .into_iter()
            .find(|(_, stated)| stated.value != said.value || flipped(&said, stated))
        else {
            continue;
        };
        if bounds_on(context_tokens, &said.counted)
            .iter()
            .all(|(_, other)| other.value != said.value || flipped(&said, other))
        {
            return Some(match (said.trailing, stated.trailing) {
                (Some((_, end_c)), Some((_, end_s))) if stated.value == said.value => (
                    &text[claim_toks[i].start..end_c],
                    &context[sent_toks[j].start..end_s],
                ),
                _ => (claim_toks[i].raw, sent_toks[j].raw),
            });
        }
    }
    None
}

/// A value the claim gives the qualifier of a bracketed alternative: the source sentence
/// (`sent_toks` of `context`) states a quantity and, in brackets right after it, another of the
/// same dimension labelled by a word beside it ("Heat the oven to 180°C (160°C fan, gas 4)":
/// 160°C is the "fan" value, 180°C the unlabelled one). A claim (`claim_toks` of `text`) that
/// states the unlabelled value with the label word near it (within [`ALTERNATIVE_WINDOW`]
/// tokens, compared by [`word_stem`]) and not the labelled value ("Set your fan oven to
/// 180°C") takes one value's slot for the other's: Some((the claim's quantity, the labelled
/// one)) as written. The number swap of FactCC (Kryscinski et al. 2020) between the two
/// readings a recipe, a dosage table or a price list gives in one sentence ("500 mg (250 mg for
/// children)", "€12 (€9 concession)"). The label is a lower-case content word of three or more
/// letters right after the bracketed quantity or right before it, nothing but spaces (or a
/// colon) between.
pub(super) fn bracketed_alternative_swap<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    (context, sent_toks): (&'s str, &[Token<'_>]),
) -> Option<(&'c str, &'s str)> {
    let sent_qs = quantities(context, sent_toks);
    if sent_qs.len() < 2 {
        return None;
    }
    let claim_qs = quantities(text, claim_toks);
    if claim_qs.is_empty() {
        return None;
    }
    let same = |a: &Quantity, b: &Quantity| {
        a.dimension() == b.dimension() && (a.base == b.base || a.restates(b))
    };
    let label_word = |j: usize| {
        sent_toks.get(j).filter(|t| {
            t.raw.len() >= 3 && t.raw.chars().all(|c| c.is_ascii_lowercase()) && !is_stopword(t.raw)
        })
    };
    for (n, &(i1, q1)) in sent_qs.iter().enumerate() {
        let Some(written1) = written_at(context, sent_toks, i1) else {
            continue;
        };
        let after1 = sent_toks[i1].start + written1.len();
        if !context[after1..].trim_start().starts_with('(') {
            continue;
        }
        let open = after1 + context[after1..].find('(').unwrap_or(0);
        let Some(close) = context[open..].find(')').map(|k| open + k) else {
            continue;
        };
        for &(i2, q2) in &sent_qs[n + 1..] {
            let start2 = sent_toks[i2].start;
            if start2 > close {
                break;
            }
            // An alternative reading is of the same order as the one it replaces: a bracketed
            // fee ("€12 (€1.50 booking fee)") or difference ("2 hours (30 minutes longer in
            // winter)") is no alternative.
            let ratio = q2.base / q1.base;
            if q2.dimension() != q1.dimension() || same(&q1, &q2) || !(0.5..=2.0).contains(&ratio) {
                continue;
            }
            // The label beside the bracketed quantity: right after it, or right before it.
            let Some(written2) = written_at(context, sent_toks, i2) else {
                continue;
            };
            let end2 = start2 + written2.len();
            let next = (i2 + 1..sent_toks.len()).find(|&j| sent_toks[j].start >= end2);
            let after = next
                .filter(|&j| {
                    sent_toks[j].start < close
                        && context[end2..sent_toks[j].start].trim().is_empty()
                })
                .and_then(label_word);
            let before = i2
                .checked_sub(1)
                .filter(|&j| {
                    sent_toks[j].start > open
                        && matches!(gap(context, sent_toks, j, i2).trim(), "" | ":")
                })
                .and_then(label_word);
            let Some(label) = after.or(before) else {
                continue;
            };
            let stem = word_stem(label.raw);
            if claim_qs.iter().any(|(_, q)| same(q, &q2)) {
                continue;
            }
            for &(c, qc) in &claim_qs {
                if !same(&qc, &q1) {
                    continue;
                }
                let labelled = (c.saturating_sub(ALTERNATIVE_WINDOW)
                    ..(c + ALTERNATIVE_WINDOW + 1).min(claim_toks.len()))
                    .any(|j| {
                        word_stem(claim_toks[j].raw) == stem
                            && same_clause(text, claim_toks, c.min(j), c.max(j))
                            && !negated_label(claim_toks, j)
                    });
                if let Some(said) = written_at(text, claim_toks, c).filter(|_| labelled) {
                    return Some((said, written2));
                }
            }
        }
    }
    None
}

/// Whether tokens `a` ≤ `b` of `toks` (offsets in `text`) stand in one clause: no semicolon,
/// colon or sentence end between them, and no coordinating or contrasting conjunction ("and",
/// "but", "while", "whereas") after the first ("Adults take 500 mg; children need less").
fn same_clause(text: &str, toks: &[Token<'_>], a: usize, b: usize) -> bool {
    (a + 1..=b).all(|j| {
        !gap(text, toks, j - 1, j).contains([';', ':', '.', '!', '?'])
            && (j == b
                || !["and", "but", "while", "whereas"]
                    .iter()
                    .any(|w| toks[j].raw.eq_ignore_ascii_case(w)))
    })
}

/// Whether the label at `toks[j]` is denied: "no", "not", "non", "without" or a word ending in
/// "n't" within the two tokens before it ("If your oven has no fan", "without a fan").
fn negated_label(toks: &[Token<'_>], j: usize) -> bool {
    toks[j.saturating_sub(2)..j].iter().any(|t| {
        ["no", "not", "non", "without"]
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
            || t.raw.ends_with("n't")
            || t.raw.ends_with("n’t")
    })
}

/// How many tokens either side of a claim's quantity its label may stand
/// ([`bracketed_alternative_swap`]: "fan oven to 180°C" is three before).
const ALTERNATIVE_WINDOW: usize = 5;

/// A count the user states and the words that qualify it ([`given_qualifiers`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GivenQualifier<'a> {
    /// The count's value (an integer 1–1000).
    pub(super) value: f64,
    /// The stems of the lower-case content words after it, up to a conjunction, a number or
    /// punctuation ("10 hours on weekdays" → [weekday], the unit "hour" left out, see
    /// [`given_qualifiers`]).
    pub(super) words: Vec<String>,
    /// The count and those words as the user wrote them ("4 at weekends").
    pub(super) phrase: &'a str,
}

/// The tokens after the count `toks[i]` (offsets in `src`) that qualify it, up to four: each
/// joined to the one before by spaces only, no number, "and", "or" or "but" ("10 hours on
/// weekdays and 4 at weekends": "hours on weekdays"). Some((the stems of the lower-case
/// content words among them, whether the first token is a word and no stop word, the byte end
/// of the last of them or of the count)) for
/// an integer count 1–1000 written in digits with no currency sign before it.
fn count_words(src: &str, toks: &[Token<'_>], i: usize) -> Option<(Vec<String>, bool, usize)> {
    let t = toks.get(i).filter(|t| t.is_number)?;
    let value = number_value(t.raw)?;
    let money = i
        .checked_sub(1)
        .is_some_and(|j| CURRENCY_SIGNS.contains(&gap(src, toks, j, i)));
    if money || value.fract() != 0.0 || !(1.0..=1000.0).contains(&value) {
        return None;
    }
    let mut words = Vec::new();
    let mut end = t.start + t.raw.len();
    let mut first_is_word = false;
    for j in i + 1..toks.len().min(i + 5) {
        let w = toks[j].raw;
        let stops = ["and", "or", "but"]
            .iter()
            .any(|c| w.eq_ignore_ascii_case(c));
        if !gap(src, toks, j - 1, j).trim().is_empty() || toks[j].is_number || stops {
            break;
        }
        let content = w.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(w);
        if content {
            words.push(word_stem(w));
            end = toks[j].start + w.len();
        }
        // (A unit in capitals is a word after the count too: "200 kWh in the day".)
        first_is_word |=
            j == i + 1 && w.chars().all(char::is_alphabetic) && !crate::text::is_stopword_raw(w);
    }
    Some((words, first_is_word, end))
}

/// The counts the user states in `prompt` (its tokens `toks`) with the words that qualify each
/// ([`count_words`]), when two or more distinct counts have such words, each value once (a
/// value written twice is left out). When one count has no content word right after it ("and
/// 4 at weekends"), the word right after each of the others is their shared unit, elided
/// there ("10 hours"), and is no qualifier ("200 kWh in the day": "kWh" is a word after the
/// count, so nothing is elided).
pub(super) fn given_qualifiers<'a>(prompt: &'a str, toks: &[Token<'a>]) -> Vec<GivenQualifier<'a>> {
    let read: Vec<_> = (0..toks.len())
        .filter_map(|i| {
            let (words, first_is_word, end) = count_words(prompt, toks, i)?;
            let value = number_value(toks[i].raw)?;
            Some((value, words, first_is_word, &prompt[toks[i].start..end]))
        })
        .collect();
    let elided = read.iter().any(|(_, _, first, _)| !first);
    let units: Vec<&String> = if elided {
        read.iter()
            .filter(|(_, _, first, _)| *first)
            .filter_map(|(_, w, _, _)| w.first())
            .collect()
    } else {
        Vec::new()
    };
    let out: Vec<GivenQualifier<'a>> = read
        .iter()
        .filter(|(v, ..)| read.iter().filter(|(u, ..)| u == v).count() == 1)
        .map(|(value, words, _, phrase)| GivenQualifier {
            value: *value,
            words: words
                .iter()
                .filter(|w| !units.contains(w))
                .cloned()
                .collect(),
            phrase,
        })
        .filter(|g| !g.words.is_empty())
        .collect();
    if out.len() >= 2 {
        out
    } else {
        Vec::new()
    }
}

/// A user's count given another count's qualifier: the user writes "10 hours on weekdays and
/// 4 at weekends", the claim (`claim_toks` of `text`) "£3.20 for the 4 weekday hours". A count
/// of the claim equal to one of the user's ([`given_qualifiers`]) whose words after it
/// ([`count_words`]) hold none of its own qualifiers and one that only another count of the
/// user's has. The number swap of FactCC (Kryscinski et al. 2020) between the slots of the
/// user's own request, where a price list's rows are right and the counts are the user's.
/// Some((the claim's count and words, the user's)) as written.
pub(super) fn given_count_swap<'c, 'p>(
    given: &[GivenQualifier<'p>],
    (text, claim_toks): (&'c str, &[Token<'c>]),
) -> Option<(&'c str, &'p str)> {
    if given.is_empty() {
        return None;
    }
    (0..claim_toks.len()).find_map(|i| {
        let (words, _, end) = count_words(text, claim_toks, i)?;
        let value = number_value(claim_toks[i].raw)?;
        let own = given.iter().find(|g| g.value == value)?;
        let others_only = |w: &String| {
            !own.words.contains(w)
                && given
                    .iter()
                    .any(|g| g.value != value && g.words.contains(w))
        };
        (!words.iter().any(|w| own.words.contains(w)) && words.iter().any(others_only))
            .then(|| (&text[claim_toks[i].start..end], own.phrase))
    })
}
