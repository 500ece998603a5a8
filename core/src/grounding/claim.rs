//! One claim of the answer judged against the sources (DESIGN §2.1). [`Request`] holds what
//! every claim of an answer is judged against (the sources and their index, the prompt's keys,
//! what its question asks); [`Request::judge`] reads a claim's keys ([`ClaimView`]), finds them
//! in the sources, aligns the claim to its best two sentences ([`Alignment`]) and tries the
//! contradiction rules, a method each, in this order:
//! 1. [`Request::entity_conflicts`]: a name, number or date that the aligned sentence states
//!    otherwise (the entity and number swaps of FactCC, Kryscinski et al. 2020);
//! 2. [`Request::unit_swap`]: a number the sources state in another unit of its dimension;
//! 3. [`Request::clause_name_conflict`], when nothing else conflicts: a name swapped within the
//!    clause that states the rest of the claim;
//! 4. [`Request::polarity`]: a clause negated against an affirmed one, or the reverse;
//! 5. [`Request::direction`]: a change stated in the other direction (rose against fell);
//! 6. [`Request::slot_swap`], when nothing else conflicts: the first swap within one slot of the
//!    aligned sentences (a recombined date, a number, a value stated of another name, an "of"
//!    name or a life span, a singled-out class, an exception, a rank, an agent, a pronoun of the
//!    other gender);
//! 7. an abstention that a sentence of the sources answers ([`answering_sentence`]).

use super::*;
use std::cell::OnceCell;
use std::ops::Range;

/// What every claim of one answer is judged against, built once per audit by
/// [`analyse_tokens`]: the sources, their index and the request's lower-case vocabulary, the
/// prompt's keys, and what its question asks.
pub(super) struct Request<'r, 'a> {
    /// The sources.
    context: &'a str,
    /// Their tokens.
    context_tokens: &'r [Token<'a>],
    /// Their inverted index of key tokens.
    index: &'r SourceIndex<'a>,
    /// Words the request writes in lower case ([`LowerVocab`]).
    lower_vocab: &'r LowerVocab<'a>,
    /// Every key of the prompt: a claim's key the prompt holds counts as given.
    prompt_keys: FastSet<Cow<'a, str>>,
    /// The (month, day) of each calendar date ([`calendar_dates`]) the prompt states in a
    /// sentence that does not end in "?": the user's own dates ("My daughter was born on 2
    /// September 2020."), which an answer restates (`recombined_date`). A date the prompt only
    /// asks about ("Does the sale end on 15 January?") is the answer's to state, and may be a
    /// false premise.
    prompt_dates: Vec<(&'static str, u8)>,
    /// The same dates with the weekday written right before each, if any ("Friday 28 June":
    /// ("june", 28, Some(5)), a [`WEEKDAYS`] index): what a date the answer counts days or
    /// working days from may be ([`shown_date_offsets`]).
    given_dates: Vec<(&'static str, u8, Option<usize>)>,
    /// The values of the prompt's number keys, the user's own numbers, which a claim may apply
    /// a rule of the sources to (`difference_from_given`); read when a claim first needs them.
    prompt_numbers: OnceCell<Vec<f64>>,
    /// The user's own amounts of money: each of the prompt the sources do not hold ("My basket
    /// is £138"). A running total may start from one the answer does not restate
    /// (`accumulated_sums`).
    given_amounts: Vec<f64>,
    /// Every amount of money the prompt states, once each ("for the £9,250"): what a
    /// percentage of a source line the answer applies may be of ([`named_line_results`]).
    prompt_amounts: Vec<f64>,
    /// The prompt's numbers with the word after each ("3 full days": (3, "full")), the user's
    /// counts ([`numbers_with_units`], [`named_line_results`]).
    prompt_counts: Vec<(f64, String)>,
    /// The total, in its dimension's base unit, of the prompt's quantities of each dimension
    /// that it states two or more of, none of them written in parts or as a clock time
    /// ("about 30 min to get to work and maybe 45 min coming back": 75 minutes): what an
    /// answer that adds up the user's own measures states ([`Request::read_answer`]).
    given_totals: Vec<(crate::quantity::Dimension, f64)>,
    /// The prompt's extensive quantities (durations, lengths, masses, volumes, areas), each
    /// once, in its dimension's base unit, none written in parts, as a clock time, or as a
    /// time since something or an age ("I'm 15 months into my contract"): what the rest of a
    /// term the answer states takes away ([`remainders_of_given`]).
    given_measures: Vec<GivenMeasure>,
    /// Those of them the user has been through: "into" or "through" among the two tokens
    /// after the unit ("I'm 15 months into my contract"): what the rest of a term takes away
    /// ([`remainders_of_given`]).
    given_elapsed: Vec<GivenMeasure>,
    /// The prompt's counts per a period, each as (count, periods in a year): "I take 2 regular
    /// meds each month" (2, 12) ([`counts_per`]); what a count restated per another period
    /// starts from ([`counts_per_period`]).
    given_counts: Vec<(f64, f64)>,
    /// The prompt's counts with the words that qualify each ([`given_qualifiers`]: "10 hours on
    /// weekdays and 4 at weekends"): what a count the answer gives another's qualifier swaps
    /// ([`given_count_swap`]).
    given_qualifiers: Vec<GivenQualifier<'a>>,
    /// The times of day the prompt states and those it moves by a duration
    /// it states with a direction ([`clock_offsets`]: "2pm–5pm … an hour before … half an hour
    /// after": 13.0 and 17.5).
    given_clock: (Vec<f64>, Vec<f64>),
    /// The same of the sources, read when an answer first restates a count per another period.
    source_counts: OnceCell<Vec<(f64, f64)>>,
    /// The lines of the sources that price what they name ([`priced_lines`]), read when an
    /// answer first writes an amount of money that nothing else derives.
    priced_lines: OnceCell<Vec<PricedLine>>,
    /// The byte offsets in the answer of its numbers that its shown arithmetic derives from
    /// numbers of the sources and the user's ([`shown_products`]) and the results of the equations
    /// it writes out ([`stated_equations`]; [`Request::read_answer`]).
    shown_arithmetic: Vec<usize>,
    /// The names of the prompt's question (its last speaker turn in a dialogue, `question_of`):
    /// the sentences from the question's start on.
    question_names: FastSet<Cow<'a, str>>,
    /// The ids of the question's words the sources hold: what a claim without words of its own
    /// (a bare date) is an answer about.
    question_words: Vec<u32>,
    /// The ids of the prompt's names the sources hold, sorted, each once: what may name the
    /// section of a sectioned source the user asks about ([`Request::section`]).
    prompt_names: Vec<u32>,
    /// The question: the prompt's (`question_of`), or without a prompt the last one asked inside
    /// the context (`question_in`).
    question: &'a str,
    /// Its tokens, made when a rule first reads them (`life_span_swap`, `rank_swap`,
    /// `agent_swap`).
    question_toks: OnceCell<Vec<Token<'a>>>,
    /// The ids the sources give the question's content keys ([`Request::question_ids`]), made
    /// on first use: the off-question rule and the answer's features both read them.
    question_ids: OnceCell<Vec<u32>>,
    /// The sources' tables, key-value, labelled and item lines, each parsed on first use
    /// (`tables::Layout`) for every claim's table checks.
    layout: Layout<'a>,
    /// Its last sentence that asks, tokenised, when it is a yes/no question (`polar_question`),
    /// for a bare "Yes." or "No, it is not." answer, which claims the question's proposition
    /// (QA2D's declarative form of a question and its answer, Demszky et al. 2018).
    polar: Option<Vec<Token<'a>>>,
    /// The keys of that yes/no question that no other sentence of the prompt states, when it
    /// asks whether its proposition holds ([`asks_proposition`]): "Does the hotel have a
    /// spa?" presents "the hotel has a spa" for confirmation and presupposes none of it
    /// (Karttunen 1977, "Syntax and semantics of questions"; a wh-question presupposes its
    /// proposition, a polar question does not), so an answer that restates it ("Yes, the
    /// hotel has a spa.") is not given its words by the question: the sources must state them.
    asked_proposition: FastSet<Cow<'a, str>>,
    /// Whether the answer is one claim span ([`Request::read_answer`]).
    single_claim: bool,
    /// Whether it asks for a count, a measure or a date and for nothing else (`asks_only_value`).
    asks_no_name: bool,
    /// Whether it is a wh-question (`AskedQuestion::asks_wh`).
    asks_wh: bool,
    /// The noun of a "which …" or "what …" question ("Which river …?": "river", `asked_noun`).
    asked_noun: Option<String>,
    /// What it asks for (a name, a date, a count: `expected_kinds`), read when a claim abstains
    /// and for `GroundingFeatures::answer_type_match`.
    asked_kinds: Option<&'static [KeyKind]>,
    /// What number answers it, when it asks for a count or a measure (`asked_measure`).
    measure: Option<Measure>,
    /// The sources' "of" slots, read on the first claim with one (`of_slot_name_swap`).
    source_slots: OnceCell<Vec<OfSlot<'r, 'a>>>,
    /// The calendar dates of the sources, each with the sentence that states it, found when a
    /// claim first states a date.
    source_dates: OnceCell<Vec<(u32, CalendarDate)>>,
    /// The month-and-year dates of the sources ([`month_years`]), each with the sentence that
    /// states it, found when a claim first states one.
    source_month_years: OnceCell<Vec<(u32, MonthYear)>>,
    /// The sources' first pronoun of each gender ([`first_pronouns`]), found when a claim is
    /// first judged by its pronouns.
    source_pronouns: OnceCell<[Option<&'r Token<'a>>; 2]>,
    /// Whether the sources write a count from two to twelve in words ("two small moons",
    /// "Three results were flagged"), as prose counts things; read when a claim first counts
    /// its own list (`counts_own_list`).
    source_word_counts: OnceCell<bool>,
    /// The sentences of the sources that hold a word of [`EXCEPTIONS`], in order, found when a
    /// claim is first judged by `asked_case_excepted`.
    excepting: OnceCell<Vec<u32>>,
}

/// Sentence-weight maps ([`SourceIndex::best_continued`]) reused from claim to claim.
#[derive(Default)]
pub(super) struct Scratch {
    /// The whole claim's sentence weights; after the claims, the question's.
    pub(super) scores: FastMap<u32, f64>,
    /// One clause's sentence weights (entity anchoring, a clause stated apart).
    clause_scores: FastMap<u32, f64>,
}

/// What the claims of one answer add up to, for [`GroundingFeatures`].
#[derive(Default)]
pub(super) struct Tally {
    /// Claims contradicted; of them, by a name, number or date found nowhere in the sources;
    /// claims whose polarity disagrees with their sources.
    pub(super) contradicted: usize,
    pub(super) novel_conflicts: usize,
    pub(super) neg_mismatch: usize,
    /// Key tokens of the claims that the prompt does not hold, and of them those the sources
    /// hold.
    pub(super) new_total: usize,
    pub(super) new_found: usize,
    /// The id and kind of each such token the sources hold, and the kind of each they lack.
    new_keys: Vec<(u32, KeyKind)>,
    new_missing_kinds: Vec<KeyKind>,
    /// Every key id of the answer found in the sources.
    answer_ids: Vec<u32>,
    /// Sum and number of the entity anchoring ratios (`entity_anchor_mean`).
    pub(super) anchor_sum: f64,
    pub(super) anchor_n: usize,
}

/// How the sources bear on one claim ([`Request::judge`]; the fields of [`Claim`] but its
/// offsets and text).
pub(super) struct Judged {
    /// Share in [0,1] of its key tokens found in the prompt or the sources.
    pub(super) support: f64,
    /// Share in [0,1] found in the prompt or its two best-aligned sentences.
    pub(super) aligned_support: f64,
    /// Supported, unsupported or contradicted.
    pub(super) status: ClaimStatus,
    /// The sentence it aligns to, or the one stating what it contradicts.
    pub(super) source: Option<SourceSpan>,
    /// `"said" vs "stated"` pairs.
    pub(super) conflicts: Vec<String>,
    /// Whether its conflict lies within it, so that `source` states none of it
    /// ([`Request::contradicts_itself`]).
    pub(super) contradicts_itself: bool,
}

/// One claim's keys and where the sources hold them.
struct ClaimView<'v, 'a> {
    /// The claim's text and tokens: the answer sentence's, or for a bare yes/no answer the
    /// question's (`polar`).
    text: &'a str,
    toks: &'v [Token<'a>],
    /// Its keys, negations included.
    keys: &'v [Key<'a>],
    /// Its content keys: no negation, each norm once.
    content: Vec<&'v Key<'a>>,
    /// The id the sources give each content key ([`SourceIndex::claim_ids`], an article's
    /// "one": [`SourceIndex::one_by_article`]).
    ids: Vec<Option<u32>>,
    /// Whether the prompt holds each content key, or the claim derives it (a number of years
    /// between its year and one of the sources', a percentage of its own numbers).
    in_prompt: Vec<bool>,
    /// Whether it holds a key of a yes/no question's proposition that the sources do not state
    /// (`Request::asked_proposition`, "spa" of "Does the hotel have a spa?").
    asks_unstated: bool,
    /// The ids found, in claim order.
    known: Vec<u32>,
    /// Share in [0,1] of the content keys the sources or the prompt hold.
    support: f64,
    /// The run of the name the claim opens with, its subject (`NO_RUN` for none), and the ids
    /// of that name the sources hold.
    subject_run: u32,
    subject_ids: Vec<u32>,
    /// Whether the claim is the question's proposition (a bare yes/no answer), and whether "No"
    /// flips it.
    polar: bool,
    flip: bool,
    /// Whether it is negated (after the flip).
    negated: bool,
    /// Its clauses ([`clause_ranges`]), numbers ([`number_at`]) and calendar dates
    /// ([`calendar_dates`]), each found when a rule first needs them.
    clauses: ClaimClauses,
    numbers: OnceCell<Vec<Cow<'a, str>>>,
    dates: OnceCell<Vec<CalendarDate>>,
}

/// A claim aligned to the sources: its best sentence and its best two.
struct Alignment<'r, 'a> {
    /// The best sentence: conflicts are judged against it.
    s: u32,
    /// The best two, best first.
    top_ids: Vec<u32>,
    /// Their tokens.
    aligned: Vec<&'r [Token<'a>]>,
    /// Per content key, whether the best sentence holds it (a key of the prompt counts as held,
    /// but a name of the question the passage states must be in the sentence).
    in_sent: Vec<bool>,
    /// Share in [0,1] of the content keys the best sentence holds (`in_sent`).
    local_support: f64,
    /// Share in [0,1] held by the prompt or the best two.
    aligned_support: f64,
    /// The claim's words (ids of its word keys the sources hold; for a claim without any, its
    /// question's), and those the best sentence holds and lacks, found when a date needs them.
    words: OnceCell<(bool, Vec<u32>, Vec<u32>)>,
}

/// Whether a claim (its tokens `toks`) to a wh-question is a bare answer without a verb (the
/// caller asks [`AskedQuestion::asks_wh`]): at most six tokens,
/// none an auxiliary or modal ([`AUXILIARIES`]), a past form ([`past_verb`]) or a lower-case
/// word after the first ending in "s" (a verb's third person, "Rita runs it"); `marked` (a
/// negation, or a yes/no answer) makes it none. Such a phrase ("2006", "Leopold Mozart",
/// "sister company") fills the question's slot and states no polarity of its own: a negation
/// in the sentence that names it ("Kalitta Charters is not a subsidiary but a sister company
/// of …") is the sources' way of saying it, not a denial of the answer, so
/// [`polarity_mismatch`] does not judge it. (On the original dev QA rows, every bare answer
/// whose only conflict was a negation mismatch was a correct one: 22 of 22.)
fn verbless_answer(toks: &[Token<'_>], marked: bool) -> bool {
    !marked
        && toks.len() <= 6
        && toks.iter().enumerate().all(|(i, t)| {
            let third_person =
                i > 0 && t.raw.ends_with('s') && t.raw.bytes().all(|b| b.is_ascii_lowercase());
            !(AUXILIARIES.contains(&lower_cow(t.raw).as_ref()) || past_verb(t.raw) || third_person)
        })
}

/// The most tokens between a percentage of the sources and the word it is the rate of
/// ([`Request::rates_named`]: "VAT, which will be added at 20%", six).
const RATE_NAME_SPAN: usize = 6;

/// Words that may stand between a charge's name and its rate ([`Request::rates_named`]: "VAT
/// is charged at 20%", "VAT, which will be added at 20%").
const RATE_TIES: &[&str] = &[
    "at", "of", "is", "are", "charged", "rate", "a", "an", "the", "which", "will", "be", "added",
    "payable",
];

/// Words that say prices hold a charge already ([`Request::rates_named`]: "All prices include
/// VAT", "inc. VAT at 20%", "gross of VAT", "VAT at 20% already applied").
const INCLUSION_WORDS: &[&str] = &[
    "include",
    "includes",
    "included",
    "including",
    "inclusive",
    "inc",
    "incl",
    "gross",
    "applied",
];

/// What contradicts a claim, as the rules find it.
#[derive(Default)]
struct Conflicts {
    /// `"said" vs "stated"` pairs, in the order found ([`Claim::conflicts`]).
    list: Vec<String>,
    /// The sentence stating the first conflicting name, number or date.
    sentence: Option<u32>,
    /// Whether a name, number or date found nowhere in the sources conflicts.
    novel: bool,
    /// Whether the conflict lies within the claim ([`Request::contradicts_itself`]): no source
    /// sentence states it.
    itself: bool,
}

/// What a rule of [`Request::slot_swap`] finds: the conflict (`"said" vs "stated"`) and, when
/// the rule knows it, the sentence that states it.
type Swap = Option<(String, Option<u32>)>;

/// A conflict as [`Claim::conflicts`] lists it: `"said" vs "stated"`.
fn versus(said: &str, stated: &str) -> String {
    format!("\"{said}\" vs \"{stated}\"")
}

/// `text` with each bracket that sets an amount aside ("(not the £250 standard excess)":
/// "(not", a determiner or a number, and a number before the bracket closes;
/// [`subclausal_not`]) blanked with spaces, so that byte offsets stay; a bracket the text
/// ends in before it closes (a claim's span) is blanked to the end. Borrowed when it holds
/// none.
pub(super) fn without_asides(text: &str) -> Cow<'_, str> {
    if !text.contains("(not ") {
        return Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    let mut from = 0;
    while let Some(at) = text[from..].find("(not ").map(|k| from + k) {
        let rest = &text[at + 5..];
        // The bracket's bytes: to its ")" (included), or to the end of the text.
        let end = rest.find(')').map_or(text.len(), |k| at + 5 + k + 1);
        let inside = &text[at + 5..end];
        let next = inside.split_whitespace().next().unwrap_or("");
        let aside = (next.starts_with(|c: char| c.is_ascii_digit() || "£$€".contains(c))
            || ASIDE_DETERMINERS
                .iter()
                .any(|d| next.eq_ignore_ascii_case(d)))
            && inside.bytes().any(|b| b.is_ascii_digit());
        if aside && !inside.contains('\n') {
            out.replace_range(at..end, &" ".repeat(end - at));
            from = end;
        } else {
            from = at + 5;
        }
    }
    Cow::Owned(out)
}

impl<'r, 'a> Request<'r, 'a> {
    /// Reads the prompt's keys and its question (`prompt` and its tokens) against the sources
    /// (`context`, its tokens and its `index`).
    pub(super) fn new(
        (prompt, prompt_tokens): (&'a str, &[Token<'a>]),
        (context, context_tokens): (&'a str, &'r [Token<'a>]),
        index: &'r SourceIndex<'a>,
        lower_vocab: &'r LowerVocab<'a>,
    ) -> Self {
        // The prompt's keys, and the names of its question (its last speaker turn in a dialogue,
        // `question_span`): the sentences from the question's start on.
        let question_from = question_span(prompt).0;
        let mut prompt_keys: FastSet<Cow<'_, str>> = FastSet::default();
        let question = if prompt.trim().is_empty() {
            question_in(context)
        } else {
            question_of(prompt)
        };
        // Its last sentence that asks, when it is a yes/no question ("Answer using the passage
        // below. … Was it …?"), tokenised once; and its text when it asks whether its
        // proposition holds. (With no prompt the question is the context's and no sentence
        // of the prompt holds it: `asked_proposition` is then empty.)
        let asking = question_in(question);
        let polar = polar_question(asking);
        let polar_text = polar
            .as_deref()
            .filter(|toks| asks_proposition(toks))
            .map(|_| asking);
        // The keys of the prompt's sentences other than its yes/no question's.
        let mut stated_keys: FastSet<Cow<'_, str>> = FastSet::default();
        let mut question_names: FastSet<Cow<'_, str>> = FastSet::default();
        // The ids of the question's words the sources hold: what a claim without words of its own
        // (a bare date) is an answer about.
        let mut question_words: Vec<u32> = Vec::new();
        let mut prompt_names: Vec<u32> = Vec::new();
        let mut prompt_dates = Vec::new();
        let mut given_dates = Vec::new();
        for sp in sentence_spans(prompt) {
            let toks = span_tokens(prompt_tokens, sp);
            // A question's dates are no premise ("Was it released on 5 May?"), but for those of
            // the conditional clause it opens with: "if", "when", "assuming" or "suppose" as its
            // first word, then the user ("I", "we", "my" …), then the date before the first
            // comma ("If I book 6 passes on 20 August, what's the total?"). Not "When does the 5
            // May deadline close, …" nor "Can you check if the deadline is 5 May, …".
            let question = prompt[sp.0..sp.1].trim_end().ends_with('?');
            let premise = |d: &CalendarDate| {
                let opens = toks.first().is_some_and(|t| {
                    ["if", "when", "assuming", "suppose", "supposing"]
                        .iter()
                        .any(|w| t.raw.eq_ignore_ascii_case(w))
                });
                let user = toks.get(1).is_some_and(|t| {
                    ["i", "we", "my", "our", "i'm", "we're"]
                        .iter()
                        .any(|w| t.raw.eq_ignore_ascii_case(w))
                });
                let comma = prompt[sp.0..sp.1].find(',').map(|c| sp.0 + c);
                opens && user && comma.is_some_and(|c| d.span.1 <= c)
            };
            for d in calendar_dates(prompt, toks)
                .iter()
                .filter(|d| !question || premise(d))
            {
                prompt_dates.push((d.month, d.day));
                given_dates.push((d.month, d.day, weekday_before(prompt, toks, d.span.0)));
            }
            let ks = sentence_keys(prompt, sp, toks, lower_vocab).0;
            let polar_sentence = polar_text.is_some_and(|q| prompt[sp.0..sp.1].trim() == q.trim());
            for k in ks.into_iter().filter(|k| !k.negation) {
                if !polar_sentence {
                    stated_keys.insert(k.norm.clone());
                }
                if k.kind == KeyKind::Name && sp.1 > question_from {
                    question_names.insert(k.norm.clone());
                }
                if k.kind == KeyKind::Word && sp.1 > question_from {
                    question_words.extend(index.id_of(&k));
                }
                if k.kind == KeyKind::Name {
                    prompt_names.extend(index.id_of(&k));
                }
                prompt_keys.insert(k.norm);
            }
        }
        prompt_names.sort_unstable();
        prompt_names.dedup();
        let t = prompt_tokens;
        let mut prompt_amounts: Vec<f64> = (0..t.len())
            .filter(|&j| t[j].is_number && money_at(prompt, &t[j]))
            .filter_map(|j| number_value(&number_key(t, j)))
            .collect();
        prompt_amounts.sort_unstable_by(f64::total_cmp);
        prompt_amounts.dedup();
        let given_amounts: Vec<f64> = prompt_amounts
            .iter()
            .copied()
            .filter(|&v| !index.states_number(v))
            .collect();
        // (Only extensive measures add up: not speeds or temperatures; nor a time since
        // something, "20 days ago", nor an age; a measure said twice counts once.)
        use crate::quantity::Dimension;
        let mut given_totals: Vec<(Dimension, f64, usize)> = Vec::new();
        let mut seen: Vec<(Dimension, f64)> = Vec::new();
        let mut given_elapsed: Vec<(Dimension, f64)> = Vec::new();
        for (i, q) in crate::quantity::quantities(prompt, t) {
            let extensive = q.dimension().is_extensive();
            let since = t[i + 1..].iter().take(2).any(|w| {
                ["ago", "old", "late"]
                    .iter()
                    .any(|x| w.raw.eq_ignore_ascii_case(x))
            });
            if q.compound() || !extensive || since || seen.contains(&(q.dimension(), q.base)) {
                continue;
            }
            seen.push((q.dimension(), q.base));
            let through = t[i + 1..].iter().take(3).any(|w| {
                ["into", "through"]
                    .iter()
                    .any(|x| w.raw.eq_ignore_ascii_case(x))
            });
            if through {
                given_elapsed.push((q.dimension(), q.base));
            }
            match given_totals
                .iter_mut()
                .find(|(d, _, _)| *d == q.dimension())
            {
                Some((_, total, n)) => (*total, *n) = (*total + q.base, *n + 1),
                None => given_totals.push((q.dimension(), q.base, 1)),
            }
        }
        let given_measures = seen;
        let given_totals = given_totals
            .into_iter()
            .filter(|&(_, _, n)| n >= 2)
            .map(|(d, total, _)| (d, total))
            .collect();
        let asked_proposition = if polar_text.is_some() {
            prompt_keys
                .iter()
                .filter(|k| !stated_keys.contains(*k))
                .cloned()
                .collect()
        } else {
            FastSet::default()
        };
        let asked = AskedQuestion::new(question);
        Request {
            context,
            context_tokens,
            index,
            lower_vocab,
            prompt_keys,
            prompt_dates,
            given_dates,
            question_names,
            question_words,
            prompt_names,
            question,
            question_toks: OnceCell::new(),
            question_ids: OnceCell::new(),
            layout: Layout::of(context),
            polar,
            asked_proposition,
            single_claim: false,
            asks_no_name: asked.asks_only_value(),
            asks_wh: asked.asks_wh(),
            asked_noun: asked_noun(question),
            asked_kinds: asked.expected_kinds(),
            measure: asked.measure,
            source_slots: OnceCell::new(),
            source_dates: OnceCell::new(),
            source_month_years: OnceCell::new(),
            prompt_numbers: OnceCell::new(),
            given_amounts,
            prompt_amounts,
            prompt_counts: numbers_with_units(prompt, prompt_tokens),
            given_totals,
            given_measures,
            given_elapsed,
            given_counts: counts_per(prompt, prompt_tokens),
            given_qualifiers: given_qualifiers(prompt, prompt_tokens),
            given_clock: clock_offsets(prompt, prompt_tokens, &[]),
            source_counts: OnceCell::new(),
            priced_lines: OnceCell::new(),
            shown_arithmetic: Vec::new(),
            source_pronouns: OnceCell::new(),
            source_word_counts: OnceCell::new(),
            excepting: OnceCell::new(),
        }
    }

    /// The question's tokens, made on first use.
    fn question_toks(&self) -> &[Token<'a>] {
        self.question_toks.get_or_init(|| tokens(self.question))
    }

    /// Reads what the answer `text` (its tokens `toks`, its sentences the byte spans `spans`)
    /// derives across its sentences before its claims are judged one by one: the numbers its
    /// shown arithmetic computes from numbers of the sources and the user's
    /// ([`shown_products`]), the days it counts between its dates ([`shown_date_gaps`]), the
    /// time between its times of day ([`shown_clock_gaps`]), a measure one source sentence's
    /// two measures differ or sum to, one restated beside it ([`shown_measure_differences`]:
    /// "paid for 7.5 hours" after "the 30-minute unpaid break" of an 8-hour shift), the dates it counts days or
    /// weeks from its others ([`shown_date_offsets`]), the results of the equations it writes out correctly over
    /// known operands ([`stated_equations`]) with the operands of later equations that
    /// restate them, the differences it states between known numbers it wrote before
    /// ([`shown_differences`]), the results a bracket after them computes
    /// ([`bracketed_results`]), totals of the results before them ([`totals_of_shown`]) and
    /// amounts restated per another period ([`per_period_restatements`]), and shares of derived
    /// amounts and what is left of them ([`share_of_derived`]), and derived numbers stated
    /// again ([`restated_results`]), which a claim states as given.
    pub(super) fn read_answer(&mut self, text: &str, toks: &[Token<'_>], spans: &[(usize, usize)]) {
        self.single_claim = spans.len() == 1;
        // A bare decimal below 2 multiplied by ("× 0.20", "0.20 ×", "× 1.25") that the sources
        // state as a percentage ("20%", or one added, "+ 25%", below) on a line of its own
        // line's words is shown, so an operand: a weight written as a fraction. Not money or a
        // quantity ("0.5 mg" is no "50%").
        let value_of = |j: usize| number_value(&number_key(toks, j));
        let multiplied = |j: usize| {
            let times = |g: &str| g.contains(['×', '*']) || g == "x";
            (j > 0 && times(gap(text, toks, j - 1, j)))
                || (j + 1 < toks.len() && times(gap(text, toks, j, j + 1)))
        };
        let fractions: Vec<(usize, f64)> = (0..toks.len())
            .filter(|&j| {
                toks[j].is_number
                    && !is_percentage(text, toks, j)
                    && !money_at(text, &toks[j])
                    && crate::quantity::part_alone(text, toks, j).is_none()
                    && multiplied(j)
            })
            .filter_map(|j| value_of(j).map(|v| (j, v)))
            .filter(|&(_, v)| v > 0.0 && v < 2.0 && v != 1.0)
            .collect();
        // The sources' percentages, each with the words of its line ("| Midterm exam | 25% |").
        // (A percentage taken off is read with its own sentence's words, `cuts` ". " too:
        // "Sibling discount: 15% off the fee for a second child. Early-bird discount: 10% off …"
        // on one line are two rules.)
        let words_within = |t: &str, at: usize, cuts: &[&str]| -> Vec<String> {
            let from = cuts
                .iter()
                .filter_map(|c| t[..at].rfind(c).map(|n| n + c.len()))
                .max()
                .unwrap_or(0);
            let to = cuts
                .iter()
                .filter_map(|c| t[at..].find(c).map(|n| at + n))
                .min()
                .unwrap_or(t.len());
            t[from..to]
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| w.len() >= 4)
                .map(str::to_lowercase)
                .filter(|w| !crate::text::is_stopword_raw(w))
                .collect()
        };
        let line_words = |t: &str, at: usize| words_within(t, at, &["\n"]);
        // (And whether the percentage is taken off, "15% off", so that its complement weighs
        // what is left: "£195 × 0.85" for "Sibling discount: 15% off the fee"; or added, "base
        // rate + 25%", so that one plus it is the multiplier: "£12.80 × 1.25".)
        let percents: Vec<(f64, Vec<String>, bool, bool)> = if fractions.is_empty() {
            Vec::new()
        } else {
            let (ctx, ct) = (self.context, self.context_tokens);
            (0..ct.len())
                .filter(|&j| ct[j].is_number && is_percentage(ctx, ct, j))
                .filter_map(|j| {
                    let is_at = |k: usize, ws: &[&str]| {
                        ct.get(k)
                            .is_some_and(|t| ws.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
                    };
                    let off = is_at(j + 1, &["off"]);
                    let added = (j > 0
                        && (gap(ctx, ct, j - 1, j).trim() == "+"
                            || is_at(j - 1, &["plus", "extra", "additional"])))
                        || is_at(j + 1, &["extra", "uplift", "premium", "surcharge"]);
                    let words = if off {
                        words_within(ctx, ct[j].start, &["\n", ". "])
                    } else {
                        line_words(ctx, ct[j].start)
                    };
                    number_value(&number_key(ct, j)).map(|p| (p, words, off, added))
                })
                .collect()
        };
        // A weight is the sources' percentage, or what is left after one taken off, when the
        // line stating it shares a word with the weight's own line ("- Midterm: 70 × 0.25" and
        // "| Midterm exam | 25% |"; "£195 × 0.85" and "Sibling discount: 15% off the fee"): a
        // weight of another row ("Midterm: 70 × 0.35" against "| Research project | 35% |") is
        // not.
        let held = |v: f64| self.holds_number(v);
        // The answer's quantities, read once for every reading below that needs them.
        let quantities = crate::quantity::quantities(text, toks);
        let mut shown: Vec<usize> = fractions
            .iter()
            .filter(|&&(j, v)| {
                let own = line_words(text, toks[j].start);
                // (A complement only from the "off" line that shares the most words: "£195 ×
                // 0.90" is not the early-bird line's 10% when the sibling line says 15%.)
                let shared = |words: &[String]| words.iter().filter(|w| own.contains(w)).count();
                let most = |added: bool| {
                    percents
                        .iter()
                        .filter(|(_, _, off, plus)| if added { *plus } else { *off })
                        .map(|(_, words, ..)| shared(words))
                        .max()
                        .unwrap_or(0)
                };
                percents.iter().any(|(p, words, off, added)| {
                    let n = shared(words);
                    n > 0
                        && ((p / 100.0 - v).abs() <= 1e-9
                            || (*off && n == most(false) && (1.0 - p / 100.0 - v).abs() <= 1e-9)
                            || (*added && n == most(true) && (1.0 + p / 100.0 - v).abs() <= 1e-9))
                })
            })
            .map(|&(j, _)| j)
            .collect();
        shown.extend(shown_products(text, toks, spans, &quantities, held));
        shown.extend(shown_date_gaps(text, toks, spans, &self.prompt_dates));
        shown.extend(shown_clock_gaps(text, toks, spans));
        shown.extend(shown_measure_differences(
            toks,
            spans,
            &quantities,
            (self.context, self.context_tokens, &self.index.spans),
        ));
        // Times of day moved by a duration stated with its direction ("from 1pm to 5:30pm" for
        // "2pm–5pm" with "an hour before … and half an hour after": `shown_clock_offsets`): the
        // user's times by the user's durations, and by the sources' when the user gives one
        // time; the sources' by their own. (Not by the answer's own durations: a wrong time
        // that states its own gap is no result.)
        // (The sources are read only for an answer that writes a time of day.)
        let answer_times = day_times(&quantities);
        if !answer_times.is_empty() {
            let (prompt_times, prompt_moved) = &self.given_clock;
            let (source_times, source_moved) =
                clock_offsets(self.context, self.context_tokens, prompt_times);
            let mut moved = prompt_moved.clone();
            moved.extend(source_moved);
            let mut stated = prompt_times.clone();
            stated.extend(source_times);
            shown.extend(shown_clock_offsets(&answer_times, &stated, &moved));
        }
        let held_date = |month: &'static str, day: u8| {
            self.prompt_dates.contains(&(month, day))
                || self
                    .stated_dates()
                    .iter()
                    .any(|(_, c)| (c.month, c.day) == (month, day))
        };
        shown.extend(shown_date_offsets(
            text,
            toks,
            spans,
            &self.given_dates,
            held_date,
            held,
        ));
        // The total of the user's own measures of one dimension ("30 min … 45 min": "75
        // minutes at 20p a minute"), written in that dimension and used as a total: priced or
        // multiplied after it ("at", "×", "@" within three words) or called one ("in total",
        // "combined", "altogether", "round trip" among the four words before or after it).
        if !self.given_totals.is_empty() {
            let said = |range: std::ops::Range<usize>, words: &[&str]| {
                toks[range.start.min(toks.len())..range.end.min(toks.len())]
                    .iter()
                    .any(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
            };
            let used = |j: usize| {
                said(j + 1..j + 4, &["at", "@"])
                    || (j + 2..(j + 4).min(toks.len()))
                        .any(|k| gap(text, toks, k - 1, k).contains(['×', '*']))
                    || said(
                        j.saturating_sub(4)..j + 5,
                        &["total", "combined", "altogether", "round"],
                    )
            };
            shown.extend((0..toks.len()).filter(|&j| {
                toks[j].is_number
                    && used(j)
                    && crate::quantity::part_alone(text, toks, j).is_some_and(|q| {
                        !q.compound()
                            && self.given_totals.iter().any(|&(d, total)| {
                                d == q.dimension()
                                    && (q.base - total).abs() <= 1e-9 * total.abs().max(1.0)
                            })
                    })
            }));
        }
        // A number is known when the sources or the user hold it, or arithmetic read so far
        // derives it (`shown`: a product above, an equation's result, a difference …), or it is
        // a share of a stated amount ("2.75% … on £170 … £4.68"). Each reading below takes what
        // the ones before it derived.
        let known = |shown: &[usize], j: usize, v: f64| {
            held(v) || shown.contains(&j) || percent_of_stated(text, toks, j, held)
        };
        // Every reading takes what the ones before it derived, so a chain (a difference whose
        // result an equation later multiplies, "920 miles (29,332 − 28,412), 170 over the
        // 750-mile allowance, so 170 × £0.22 = £37.40") is read to its end: the readings
        // repeat until a round derives nothing new (each only adds, so this ends).
        shown.sort_unstable();
        shown.dedup();
        let given = &self.given_amounts;
        loop {
            let before = shown.len();
            for e in stated_equations(text, toks, |j, v| known(&shown, j, v)) {
                shown.push(e.result);
                shown.extend(e.restated);
            }
            let differences =
                shown_differences(text, toks, &quantities, |j, v| known(&shown, j, v));
            shown.extend(differences);
            let bracketed = bracketed_results(text, toks, |j, v| known(&shown, j, v));
            shown.extend(bracketed);
            // A total of amounts known or derived before it, then an amount restated per another
            // period ("Total … for the year: £10,792.00 (about £899.33 per month)":
            // `totals_of_shown`, `per_period_restatements`).
            let totals = totals_of_shown(text, toks, spans, |j, v| known(&shown, j, v));
            shown.extend(totals);
            let per_period = per_period_restatements(
                text,
                toks,
                spans,
                |j, v| known(&shown, j, v),
                |j| shown.contains(&j),
            );
            shown.extend(per_period);
            // A fraction in words of a known amount ("half your deposit back … the deposit is
            // 14 × £20 = £280, so you'd be refunded £140": `fractions_of_known`).
            let fractions = fractions_of_known(
                text,
                toks,
                spans,
                |j, v| known(&shown, j, v),
                |p, written, noun| {
                    let tolerance = if written { 0.0 } else { SHARE_TOLERANCE };
                    self.states_rate_of(p, tolerance, noun)
                },
            );
            shown.extend(fractions);
            // A known amount split into equal parts ("… = £360.75 for the season. … three
            // equal instalments of £120.25": `instalments_of_total`).
            let split = instalments_of_total(text, toks, spans, |j| shown.contains(&j));
            shown.extend(split);
            // The rest of a term the user is some way into ("I'm 15 months into my 24-month
            // contract": "With 9 months of your 24-month term left": `remainders_of_given`).
            let rest = remainders_of_given(
                text,
                toks,
                spans,
                |j, v| known(&shown, j, v),
                (&self.given_measures, &self.given_elapsed),
            );
            shown.extend(rest);
            // A count restated per another period ("Two items a month is 24 items a year":
            // `counts_per_period`).
            let counts = counts_per_period(
                text,
                toks,
                spans,
                |j| shown.contains(&j),
                |v, per| {
                    let stated = |c: &[(f64, f64)]| c.contains(&(v, per));
                    stated(&self.given_counts)
                        || stated(
                            self.source_counts
                                .get_or_init(|| counts_per(self.context, self.context_tokens)),
                        )
                },
            );
            shown.extend(counts);
            // A rate restated over a count the answer names ("£37.80 a day or £151.20" after
            // "the four days": `rates_over_counts`).
            let over_counts = rates_over_counts(text, toks, spans, |j, v| known(&shown, j, v));
            shown.extend(over_counts);
            // An amount priced one way, doubled for a journey both ways ("€50 per direction …
            // on a return trip €100": `round_trip_doubles`).
            let both_ways = round_trip_doubles(text, toks, spans, self.context_tokens, |j, v| {
                known(&shown, j, v)
            });
            shown.extend(both_ways);
            // A share of a derived amount, or what is left of it ("20% of £3,951 = £790.20,
            // leaving £3,160.80", £3,951 an equation's result: `share_of_derived`), twice: a
            // share's remainder may be derived from a share derived so.
            for _ in 0..2 {
                let derived_values: Vec<(usize, f64)> = shown
                    .iter()
                    .filter_map(|&j| value_of(j).map(|v| (j, v)))
                    .collect();
                let mut more = share_of_derived(text, toks, spans, held, &derived_values);
                more.retain(|j| !shown.contains(j));
                if more.is_empty() {
                    break;
                }
                shown.extend(more);
            }
            // An amount with a percentage added on ("£4,760, or £5,712 including VAT", the
            // sources' VAT at 20%: `inclusive_amounts`).
            let inclusive = inclusive_amounts(
                text,
                toks,
                spans,
                |j, v| known(&shown, j, v),
                |w| self.rates_named(w),
            );
            shown.extend(inclusive);
            // A known amount less a fixed amount taken off ("which leaves £2,588, and after the
            // £10 admin fee you'd get back about £2,578": `fees_deducted`).
            let net = fees_deducted(
                text,
                toks,
                spans,
                |j, v| known(&shown, j, v),
                |v| self.states_deducted(v),
            );
            shown.extend(net);
            // Twice a fare the answer prices each way, for both legs ("£115 each way … the
            // outbound and return together come to £230": `return_fares`).
            // (The fare may be a sum of held amounts the sentence shows: "£65 … plus a £50
            // supplement …, so £115 each way".)
            let fares = return_fares(text, toks, spans, |j, v| {
                known(&shown, j, v) || sum_of_stated(text, toks, j, held)
            });
            shown.extend(fares);
            // An amount computed from the amount or percentage of the source line its words
            // name, that operand not written ("Three full days is £204" against "Full day: £68";
            // "You'd pay £3,700 at registration" of £9,250 against "Instalment 1: 40% – due at
            // registration": `named_line_results`).
            if (0..toks.len())
                .any(|j| toks[j].is_number && !shown.contains(&j) && money_at(text, &toks[j]))
            {
                let lines = self.priced_lines.get_or_init(|| {
                    priced_lines(self.context, self.context_tokens, self.source_sentences())
                });
                let named = named_line_results(
                    text,
                    toks,
                    spans,
                    lines,
                    (
                        &self.prompt_counts,
                        &self.prompt_amounts,
                        &self.given_qualifiers,
                    ),
                    |j, v| known(&shown, j, v),
                );
                shown.extend(named);
            }
            // Then products over derived numbers too ("180 miles over … at £0.30 a mile comes to
            // £54.00", 180 a difference), sums of derived numbers ("… = 29.5, which adds up to
            // 67.0") and totals of them, derived numbers stated again ("works out at 67.0: …") and
            // differences of derived numbers: `shown_products`, `sums_of_derived`,
            // `totals_of_shown`, `restated_results`, `shown_differences`.
            let derived_values: Vec<f64> = shown.iter().filter_map(|&j| value_of(j)).collect();
            let products = shown_products(text, toks, spans, &quantities, |v| {
                held(v) || derived_values.contains(&v)
            });
            shown.extend(products);
            let sums = sums_of_derived(text, toks, spans, |j| shown.contains(&j));
            shown.extend(sums);
            // Totals again, of results those products derived ("£4.50 for the two", "£4.00",
            // "Total: £8.50").
            let totals = totals_of_shown(text, toks, spans, |j, v| held(v) || shown.contains(&j));
            shown.extend(totals);
            // A total itemised after a colon ("about £93.91 for the month: £15.96 …, £56.80 …
            // and £21.15 …": `breakdown_totals`).
            let itemised =
                breakdown_totals(text, toks, spans, |j, v| held(v) || shown.contains(&j));
            shown.extend(itemised);
            // Running totals and balances of known numbers ("plus the £15.00 service fee, making
            // £40.20"; "it'll use 9 credits and leave you with 21"), one of them the answer's
            // or the user's own.
            let user = |v: f64| self.prompt_numbers().contains(&v) && !self.index.states_number(v);
            let running = accumulated_sums(text, toks, spans, (held, user), given, |j| {
                shown.contains(&j) || percent_of_stated(text, toks, j, held)
            });
            shown.extend(running);
            let again = restated_results(text, toks, spans, |j| shown.contains(&j));
            shown.extend(again);
            // Percentages of derived numbers ("£2,800 a year … about 6.67% of your salary").
            let derived_values: Vec<f64> = shown.iter().filter_map(|&j| value_of(j)).collect();
            let shares: Vec<usize> = (0..toks.len())
                .filter(|&j| toks[j].is_number && !shown.contains(&j))
                .filter(|&j| {
                    ratio_percent_of_derived(text, toks, j, |v| {
                        held(v) || derived_values.contains(&v)
                    })
                })
                .collect();
            shown.extend(shares);
            // And differences of what was derived since ("So Kestrel would save you about £19.30"
            // after two totals).
            let differences = shown_differences(text, toks, &quantities, |j, v| {
                held(v) || shown.contains(&j)
            });
            shown.extend(differences);
            shown.sort_unstable();
            shown.dedup();
            if shown.len() == before {
                break;
            }
        }
        shown.sort_unstable();
        shown.dedup();
        self.shown_arithmetic = shown.into_iter().map(|i| toks[i].start).collect();
    }

    /// Whether the sources state a percentage within `tolerance` percentage points of `p` in
    /// a sentence that names `noun` (any case, a plural "s" aside): a fraction in words the
    /// answer restates, "half your deposit" of "50% of the deposit refunded", within
    /// [`SHARE_TOLERANCE`]; a percentage it writes, exactly ([`fractions_of_known`]).
    /// The token ranges (into the sources' tokens) of the source sentences, in order.
    fn source_sentences(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let ct = self.context_tokens;
        self.index.spans.iter().map(move |&(from, to)| {
            ct.partition_point(|t| t.start < from)..ct.partition_point(|t| t.start < to)
        })
    }

    /// Whether a source sentence states the amount of money `v` and says it is taken off (a
    /// word of [`DEDUCTING_VERBS`]: "An administration fee of £10 is deducted from each
    /// refund"): a fee, charge or deposit [`fees_deducted`] may take off an amount.
    fn states_deducted(&self, v: f64) -> bool {
        let (ctx, ct) = (self.context, self.context_tokens);
        let said = |lo: usize, hi: usize, words: &[&str]| {
            ct[lo..hi]
                .iter()
                .any(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
        };
        // (Not a sentence that also adds, refunds or returns an amount: "is added to your bill
        // and your discount is withheld", "… and refunded on return".)
        self.source_sentences()
            .any(|std::ops::Range { start: lo, end: hi }| {
                said(lo, hi, DEDUCTING_VERBS)
                    && !said(lo, hi, ADDING_WORDS)
                    && (lo..hi).any(|j| {
                        ct[j].is_number
                            && money_at(ctx, &ct[j])
                            && number_value(&number_key(ct, j)) == Some(v)
                    })
            })
    }

    fn states_rate_of(&self, p: f64, tolerance: f64, noun: &str) -> bool {
        let (ctx, ct) = (self.context, self.context_tokens);
        let stem = noun.trim_end_matches(['s', 'S']);
        self.source_sentences()
            .any(|std::ops::Range { start: lo, end: hi }| {
                ct[lo..hi].iter().any(|t| {
                    t.raw
                        .trim_end_matches(['s', 'S'])
                        .eq_ignore_ascii_case(stem)
                }) && (lo..hi).any(|j| {
                    ct[j].is_number
                        && is_percentage(ctx, ct, j)
                        && number_value(&number_key(ct, j))
                            .is_some_and(|r| (r - p).abs() <= tolerance + 1e-9)
                })
            })
    }

    /// The percentages the sources state as the rate of the word `w` (any case): right before
    /// it ("20% VAT") or after it with only words of [`RATE_TIES`] between, at most
    /// [`RATE_NAME_SPAN`] tokens on ("VAT, which will be added at 20%"): the rate of what an
    /// amount "including VAT" adds ([`inclusive_amounts`]). None when a sentence naming it
    /// says prices hold it already ("All prices include VAT", "inc. VAT at 20%", "gross of
    /// VAT"), nor the "12.5%" of "VAT and a 12.5% service charge".
    fn rates_named(&self, w: &str) -> Vec<f64> {
        let (ctx, ct) = (self.context, self.context_tokens);
        let is = |t: &Token<'_>, xs: &[&str]| xs.iter().any(|x| t.raw.eq_ignore_ascii_case(x));
        let mut out = Vec::new();
        for std::ops::Range { start: lo, end: hi } in self.source_sentences() {
            let names: Vec<usize> = (lo..hi).filter(|&k| is(&ct[k], &[w])).collect();
            if names.is_empty() {
                continue;
            }
            // (The words right before a naming too: "inc." may end a sentence.)
            let from = names[0].saturating_sub(3).min(lo);
            if ct[from..hi].iter().any(|t| is(t, INCLUSION_WORDS)) {
                return Vec::new();
            }
            let tied = |k: usize, j: usize| {
                j + 1 == k
                    || (j > k
                        && j - k <= RATE_NAME_SPAN
                        && ct[k + 1..j].iter().all(|t| is(t, RATE_TIES)))
            };
            out.extend(
                (lo..hi)
                    .filter(|&j| ct[j].is_number && is_percentage(ctx, ct, j))
                    .filter(|&j| names.iter().any(|&k| tied(k, j)))
                    .filter_map(|j| number_value(&number_key(ct, j))),
            );
        }
        out
    }

    /// Whether the sources or the user (the prompt's numbers) hold the value `v`: an operand of
    /// arithmetic an answer shows.
    fn holds_number(&self, v: f64) -> bool {
        self.index.states_number(v) || self.prompt_numbers().contains(&v)
    }

    /// The byte offsets in the answer of the numbers its shown arithmetic derives
    /// ([`Request::read_answer`]).
    pub(super) fn shown_arithmetic(&self) -> &[usize] {
        &self.shown_arithmetic
    }

    /// The values of the prompt's number keys ([`Request::prompt_numbers`]), parsed once.
    fn prompt_numbers(&self) -> &[f64] {
        self.prompt_numbers.get_or_init(|| {
            self.prompt_keys
                .iter()
                .filter_map(|k| k.parse::<f64>().ok().filter(|v| v.is_finite()))
                .collect()
        })
    }

    /// A month and year the claim states together ("She fled in July 1939") that no sentence
    /// of the sources states together, when a sentence holding at least half of the words of
    /// the date's clause segment ([`clause_segments`]) that the sources hold states that month
    /// with another year ("she fled Germany in July 1938"): a month with its year is one
    /// value, as a month with its day is ([`calendar_dates`]; TimeML's TIMEX3 value,
    /// Pustejovsky et al. 2003), and the year of another date ("in Nature in February 1939")
    /// does not state it. Pushes the first such conflict (`"1939" vs "1938"`) to `found`, with
    /// the rival's sentence, when no rule before it found one.
    fn month_year_swap(&self, view: &ClaimView<'_, 'a>, found: &mut Conflicts) {
        if !found.list.is_empty() || view.polar {
            return;
        }
        let claimed = month_years(view.text, view.toks);
        if claimed.is_empty() {
            return;
        }
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        let stated = self.source_month_years.get_or_init(|| {
            let mut out = Vec::new();
            for (t, &sp) in index.spans.iter().enumerate() {
                let toks = span_tokens(context_tokens, sp);
                out.extend(
                    month_years(context, toks)
                        .into_iter()
                        .map(|d| (t as u32, d)),
                );
            }
            out
        });
        let mut segments: Option<Vec<u32>> = None;
        for d in claimed {
            if stated
                .iter()
                .any(|(_, s)| (s.month, s.year) == (d.month, d.year))
            {
                continue;
            }
            let segments = segments.get_or_insert_with(|| clause_segments(view.text, view.toks));
            let words: Vec<u32> = view
                .content
                .iter()
                .zip(&view.ids)
                .filter(|(k, _)| {
                    k.kind == KeyKind::Word && segments[k.at as usize] == segments[d.at]
                })
                .filter_map(|(_, id)| *id)
                .collect();
            let rival = stated.iter().find(|(t, s)| {
                let held = words.iter().filter(|&&w| index.has(*t, w)).count();
                s.month == d.month && s.year != d.year && held >= 1 && 2 * held >= words.len()
            });
            if let Some((t, s)) = rival {
                found
                    .list
                    .push(versus(&d.year.to_string(), &s.year.to_string()));
                found.sentence = found.sentence.or(Some(*t));
                return;
            }
        }
    }

    /// The calendar dates of the sources, each with the sentence that states it, found on first
    /// use.
    fn stated_dates(&self) -> &[(u32, CalendarDate)] {
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        self.source_dates.get_or_init(|| {
            // A day of the month written alone ("fixed Monday the 20th") is a date of the
            // month of the last date told before it (`day_of_month_alone`, as the index keys
            // it).
            let mut last_month: Option<&'static str> = None;
            let mut out = Vec::new();
            for (t, &sp) in index.spans.iter().enumerate() {
                let toks = span_tokens(context_tokens, sp);
                let dates = calendar_dates(context, toks);
                for i in (0..toks.len()).filter(|&i| day_of_month_alone(context, toks, i)) {
                    let start = toks[i].start;
                    let month = dates
                        .iter()
                        .rev()
                        .find(|c| c.span.1 <= start)
                        .map(|c| c.month)
                        .or(last_month);
                    if let (Some(month), Some(day)) = (month, day_at(toks, i)) {
                        let span = (start, start + toks[i].raw.len());
                        out.push((t as u32, CalendarDate { month, day, span }));
                    }
                }
                if let Some(c) = dates.last() {
                    last_month = Some(c.month);
                }
                out.extend(dates.into_iter().map(|c| (t as u32, c)));
            }
            out
        })
    }

    /// Judges the claim `toks` (tokens of the byte span `sp` of the answer `text`; `first`:
    /// whether it is the answer's first sentence; `states_more`: whether the answer says
    /// anything beyond conversational formulas, `phatic`): `None` when it states nothing to
    /// judge (a formula, or no key token), else how the sources bear on it. Adds its counts to
    /// `tally`.
    pub(super) fn judge(
        &self,
        (text, sp, toks): (&'a str, (usize, usize), &[Token<'a>]),
        first: bool,
        states_more: bool,
        scratch: &mut Scratch,
        tally: &mut Tally,
    ) -> Option<Judged> {
        let (index, context, lower_vocab, question) =
            (self.index, self.context, self.lower_vocab, self.question);
        let (mut ks, _) = sentence_keys(text, sp, toks, lower_vocab);
        // The weekday of a date the claim states is no key of its own (`dated_weekdays`).
        let weekdays = dated_weekdays(text, toks);
        ks.retain(|k| k.kind != KeyKind::Month || !weekdays.contains(&(k.at as usize)));
        // Nor is a count of the items the answer lists after it (`counts_own_list`), unless the
        // question asks for a number ("How many moons does Mars have?": "three moons: Phobos,
        // Deimos and Titan" answers it with its count, against the sources' "two") or states
        // one ("… passes through what three English counties?": "four counties: …"), or the
        // sources count things in words, as prose does ("Mars has two small moons"): then the
        // count is theirs to confirm or contradict. A table's digits count nothing of a list.
        let asks_number = || {
            self.asked_kinds
                .is_some_and(|kinds| kinds.contains(&KeyKind::Number))
                || self.prompt_keys.iter().any(|k| number_value(k).is_some())
        };
        let source_counts = || {
            *self.source_word_counts.get_or_init(|| {
                self.context_tokens.iter().any(|t| {
                    NUMBER_WORDS[2..=12]
                        .iter()
                        .any(|(w, _)| t.raw.eq_ignore_ascii_case(w))
                })
            })
        };
        ks.retain(|k| {
            k.kind != KeyKind::Number
                || !counts_own_list(text, toks, k.at as usize)
                || asks_number()
                || source_counts()
        });
        // The claim's text and tokens: the answer sentence's, or for a bare yes/no answer the
        // question's, with its polarity flipped by "No".
        let (mut claim_text, mut claim_toks) = (text, toks);
        // (A question's proposition is judged by its polarity alone: its names and numbers are
        // the question's, not the answer's.)
        let (mut flip, mut polar_claim) = (false, false);
        if let (true, Some(q_toks)) = (first, &self.polar) {
            // The reply word after a sentence adverb or interjection ("Surprisingly, no!",
            // "Oh yes, …", `reply_opener`), which is no key of the claim.
            let at = claim_toks
                .iter()
                .take(2)
                .take_while(|t| reply_opener(t.raw))
                .count();
            let reply = claim_toks.get(at).map(|t| lower_cow(t.raw));
            let bare = ks.iter().all(|k| k.negation || (k.at as usize) < at);
            if bare && matches!(reply.as_deref(), Some("yes" | "no")) {
                flip = reply.as_deref() == Some("no");
                polar_claim = true;
                (claim_text, claim_toks) = (question, &q_toks[..]);
                ks = sentence_keys(question, (0, question.len()), q_toks, lower_vocab).0;
            }
        }
        // A conversational formula ("Sure!", "Good luck with your report!") states no fact.
        if !polar_claim && states_more && phatic(claim_toks) {
            return None;
        }
        let (asked_kinds, measure) = (self.asked_kinds, self.measure);
        // An abstention ("The passage does not say when it opened.") to a question that asks
        // for a name, a date or a count, when a sentence of the sources answers it
        // (`answering_sentence`), is contradicted by that sentence (below, when no other
        // conflict is found). One the sources do not answer is judged as any claim is: whether
        // they are silent cannot be told from word overlap on a multi-hop question (HaluEval's
        // questions all have an answer in their knowledge; read as silent, "Tory Dickson's
        // father is not known." rose from 0.001 to 0.708). An abstention without a contrast
        // only: "I do not know when they were released, but The Sea Inside is a mystery"
        // states more than the sources' silence.
        let abstention_answered = match (polar_claim, asked_kinds) {
            (false, Some(kinds)) => abstains_alone(claim_toks)
                .then(|| answering_sentence(index, (question, lower_vocab), kinds, measure))
                .flatten(),
            _ => None,
        };
        let view = ClaimView::read(
            self,
            (claim_text, claim_toks),
            &ks,
            (flip, polar_claim),
            tally,
        )?;
        // The three best sentences: the first two are the claim's alignment, the third lets
        // entity anchoring find the best sentence without a given token in O(1) in most cases.
        let top3 = index.best_continued(&view.known, &view.subject_ids, 3, &mut scratch.scores);
        let top = &top3[..top3.len().min(2)];
        self.anchor(&view, &top3, scratch, tally);
        // A name, number or date that neither the sources nor the prompt state leaves the
        // claim unsupported however many of its words they hold ("…, opening in 2029").
        let names_novel_entity = view
            .content
            .iter()
            .zip(&view.ids)
            .zip(&view.in_prompt)
            .any(|((k, id), p)| id.is_none() && !*p && ENTITY_KINDS.contains(&k.kind));
        let mut status = if view.support >= SUPPORTED_AT && !names_novel_entity {
            ClaimStatus::Supported
        } else {
            ClaimStatus::Unsupported
        };
        let (mut aligned_support, mut source, mut found) =
            (view.support, None, Conflicts::default());
        if let Some(&(s, _)) = top.first() {
            let al = self.align(&view, top, s);
            aligned_support = al.aligned_support;
            self.entity_conflicts(&view, &al, &mut scratch.clause_scores, &mut found);
            self.month_year_swap(&view, &mut found);
            self.unit_swap(&view, &al, &mut found);
            self.clause_name_conflict(&view, &al, &mut found);
            self.polarity(&view, &al, &mut found, tally);
            self.deontic(&view, &al, &mut found, tally);
            self.direction(&view, &al, &mut found);
            if found.list.is_empty() {
                if let Some(conflict) = self.contradicts_itself(&view) {
                    found.list.push(conflict);
                    found.itself = true;
                } else if let Some((conflict, t)) = self.slot_swap(&view, &al) {
                    found.list.push(conflict);
                    found.sentence = found.sentence.or(t);
                } else if let Some((conflict, t)) =
                    first.then(|| self.off_question(&view)).flatten()
                {
                    found.list.push(conflict);
                    found.sentence = Some(t);
                } else if let Some((conflict, t)) =
                    first.then(|| self.alternative_pick(&view)).flatten()
                {
                    found.list.push(conflict);
                    found.sentence = Some(t);
                } else if let Some((conflict, t)) = (!view.polar)
                    .then(|| {
                        comparative_measure_conflict(
                            (view.text, view.toks),
                            (context, self.context_tokens),
                            index,
                        )
                    })
                    .flatten()
                {
                    found.list.push(conflict);
                    found.sentence = Some(t);
                }
            }
            // A contradicted claim cites the sentence that states what it contradicts; one
            // that contradicts itself, the sentence it aligns to.
            source = Some(index.source_span(context, found.sentence.unwrap_or(s)));
        }
        if let (true, Some((s, key))) = (found.list.is_empty(), &abstention_answered) {
            found.list.push(format!("\"not stated\" vs \"{key}\""));
            source = Some(index.source_span(context, *s));
        }
        if !found.list.is_empty() {
            status = ClaimStatus::Contradicted;
            tally.contradicted += 1;
            tally.novel_conflicts += usize::from(found.novel);
        }
        Some(Judged {
            support: view.support,
            aligned_support,
            status,
            source,
            conflicts: found.list,
            contradicts_itself: found.itself,
        })
    }

    /// Entity anchoring (`GroundingFeatures::entity_anchor_mean`), clause by clause: an entity
    /// is anchored by the rest of its own clause, so a claim that joins two source sentences
    /// ("… originated in the Ethiopian highlands, though it was first traded in Yemen") has
    /// each name stand where its clause is said. A claim of one clause uses the claim's `top3`
    /// and sentence weights (`scratch.scores`); each clause of several scores the sentences
    /// again by its own ids, and one that says nothing else the sources hold ("…, but in
    /// Charlotte") is elliptical: the whole claim anchors its entity. Adds each ratio to
    /// `tally`.
    fn anchor(
        &self,
        view: &ClaimView<'_, 'a>,
        top3: &[(u32, f64)],
        scratch: &mut Scratch,
        tally: &mut Tally,
    ) {
        let index = self.index;
        let (content, ids, in_prompt) = (&view.content, &view.ids, &view.in_prompt);
        let subject_ids = &view.subject_ids[..];
        let Scratch {
            scores,
            clause_scores,
        } = scratch;
        let anchored = |k: &&Key, id: &Option<u32>, p: &bool| {
            id.is_some() && !*p && ENTITY_KINDS.contains(&k.kind)
        };
        let any_anchored = content
            .iter()
            .zip(ids)
            .zip(in_prompt)
            .any(|((k, id), p)| anchored(k, id, p));
        let clauses: &[Range<usize>] = if any_anchored { view.clauses() } else { &[] };
        for r in clauses {
            let in_clause = |k: &&Key| clauses.len() == 1 || r.contains(&(k.at as usize));
            let keyed = || content.iter().zip(ids).zip(in_prompt);
            if !keyed().any(|((k, id), p)| in_clause(k) && anchored(k, id, p)) {
                continue;
            }
            let (clause_top3, clause_subject);
            let (whole_top3, whole_scores) = (top3, &*scores);
            // The clause's sentence weights, with the claim's subject names when the clause
            // holds them (`SourceIndex::best_continued`), as anchoring reads them.
            let (top3, scores, subject) = if clauses.len() == 1 {
                (whole_top3, whole_scores, subject_ids)
            } else {
                let clause_ids = view.clause_ids_of(r);
                clause_subject = subject_ids
                    .iter()
                    .copied()
                    .filter(|e| clause_ids.contains(e))
                    .collect::<Vec<u32>>();
                clause_top3 = index.best_continued(&clause_ids, &clause_subject, 3, clause_scores);
                (&clause_top3[..], &*clause_scores, &clause_subject[..])
            };
            for ((k, id), p) in keyed() {
                if !(in_clause(k) && anchored(k, id, p)) {
                    continue;
                }
                let e = id.unwrap_or_default();
                let ratio = index.anchoring(e, subject, top3, scores).or_else(|| {
                    (clauses.len() > 1)
                        .then(|| index.anchoring(e, subject_ids, whole_top3, whole_scores))
                        .flatten()
                });
                if let Some(ratio) = ratio {
                    tally.anchor_sum += ratio;
                    tally.anchor_n += 1;
                }
            }
        }
    }

    /// Aligns `view` to its best sentence `s` and best two `top` (sentence, weight).
    fn align(&self, view: &ClaimView<'_, 'a>, top: &[(u32, f64)], s: u32) -> Alignment<'r, 'a> {
        let (index, question_names) = (self.index, &self.question_names);
        let (content, ids, in_prompt) = (&view.content, &view.ids, &view.in_prompt);
        let (subject_run, subject_ids) = (view.subject_run, &view.subject_ids);
        // A name of the question that the passage also states is judged as the claim's
        // own: the sentence that carries the claim must hold it ("The iPhone is made by
        // Samsung" against "The Galaxy S series is made by Samsung"). Other tokens of the
        // prompt count as held (an answer restates its question; a reply may name what
        // earlier turns of a dialogue did).
        let in_sent: Vec<bool> = content
            .iter()
            .zip(ids)
            .zip(in_prompt)
            .map(|((k, id), p)| match id {
                Some(id)
                    if subject_run != NO_RUN
                        && k.kind == KeyKind::Name
                        && k.run == subject_run
                        && index.continues_subject(s, subject_ids) =>
                {
                    true
                }
                Some(id) if question_names.contains(&k.norm) => index.has(s, *id),
                Some(id) => *p || index.has(s, *id),
                None => *p,
            })
            .collect();
        // Aligned support: the best two sentences together (a claim may join two sentences
        // about one subject); conflicts are judged against the best one alone.
        let top_ids: Vec<u32> = top.iter().map(|&(t, _)| t).collect();
        let aligned_support = view.share_in(index, &top_ids);
        // Local support counts the claim's own proposition: a parenthetical ("the new release
        // date (8 April)") is an aside, content apart from what the clause asserts (Potts
        // 2005, "The Logic of Conventional Implicatures"), often told by another sentence.
        let (first, last) = (view.toks.first(), view.toks.last());
        let from = first.map_or(0, |t| t.start);
        let to = last.map_or(0, |t| t.start + t.raw.len());
        let asides = parenthesised_spans(view.text.get(from..to).unwrap_or(""));
        let in_aside = |k: &Key<'_>| {
            let at = view.toks[k.at as usize].start - from;
            asides.iter().any(|r| r.contains(&at))
        };
        let (held, counted) = content
            .iter()
            .zip(&in_sent)
            .filter(|(k, _)| !in_aside(k))
            .fold((0usize, 0usize), |(h, n), (_, b)| {
                (h + usize::from(*b), n + 1)
            });
        let local_support = if counted == 0 {
            in_sent.iter().filter(|b| **b).count() as f64 / content.len() as f64
        } else {
            held as f64 / counted as f64
        };
        let aligned = top_ids
            .iter()
            .map(|&t| span_tokens(self.context_tokens, index.spans[t as usize]))
            .collect();
        Alignment {
            s,
            top_ids,
            aligned,
            in_sent,
            local_support,
            aligned_support,
            words: OnceCell::new(),
        }
    }

    /// Whether the claim's number at content key `i` is stated in a sentence that holds the
    /// scope the claim opens with (`opening_scope`: "On Sundays …"), while the best sentence
    /// opens with the same preposition and another scope ("On weekdays …"): the best sentence
    /// is about another case, the number the claim's own case's.
    fn scoped_elsewhere(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>, i: usize) -> bool {
        let (index, s) = (self.index, al.s);
        let Some((scope, prep, _)) = opening_scope(view.text, view.toks) else {
            return false;
        };
        let Some(theirs) = opening_scope(self.context, al.aligned[0]) else {
            return false;
        };
        let scope_id = view
            .content
            .iter()
            .zip(&view.ids)
            .find(|(k, _)| k.at as usize == scope)
            .and_then(|(_, id)| *id);
        let (Some(scope_id), Some(number)) = (scope_id, view.ids[i]) else {
            return false;
        };
        prep.eq_ignore_ascii_case(theirs.1)
            && !index.has(s, scope_id)
            && index
                .posting(number)
                .iter()
                .any(|&t| t != s && index.has(t, scope_id))
    }

    /// The claim's words as [`Alignment::words`] holds them: whether it has none (then the
    /// question's stand for them), those the aligned sentence holds and those it lacks.
    fn claim_words<'w>(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &'w Alignment<'_, 'a>,
    ) -> &'w (bool, Vec<u32>, Vec<u32>) {
        al.words.get_or_init(|| {
            let mut words: Vec<u32> = view
                .content
                .iter()
                .zip(&view.ids)
                .filter(|(k, _)| k.kind == KeyKind::Word)
                .filter_map(|(_, id)| *id)
                .collect();
            if words.is_empty() {
                words.clone_from(&self.question_words);
            }
            let (in_s, not_in_s): (Vec<u32>, Vec<u32>) =
                words.iter().partition(|&&w| self.index.has(al.s, w));
            (words.is_empty(), in_s, not_in_s)
        })
    }

    /// Whether the claim's name that content key `i` is, which the aligned sentence lacks, a
    /// sentence of the same subject states: one that names the claim's subject (its opening
    /// name, [`ClaimView::subject_ids`]) or continues it ([`SourceIndex::continues_subject`]:
    /// "He was born in Guadalajara, Jalisco" after "Guillermo del Toro Gómez (born 9 October
    /// 1964) is a Mexican filmmaker"), and that holds every word of the claim the aligned
    /// sentence holds ("born"). The claim joins two sentences about one subject ("Guillermo
    /// del Toro was born in Guadalajara in 1964"), as a date does in
    /// [`Request::day_stated_elsewhere`]; a sentence of another subject with the claim's verb
    /// and name is a bridge question's wrong hop and stays a rival.
    fn name_stated_of_subject(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        i: usize,
    ) -> bool {
        let (index, subject) = (self.index, &view.subject_ids[..]);
        let Some(id) = view.ids[i] else {
            return false;
        };
        if subject.is_empty() || subject.contains(&id) {
            return false;
        }
        // A lower-case word between two capitalised ones is a particle of a name ("del" of
        // "Guillermo del Toro"), keyed as a word but no part of the claim's predicate.
        let toks = view.toks;
        let capital = |j: usize| toks[j].raw.starts_with(char::is_uppercase);
        let in_name =
            |at: usize| at > 0 && at + 1 < toks.len() && capital(at - 1) && capital(at + 1);
        let words: Vec<u32> = view
            .content
            .iter()
            .zip(&view.ids)
            .filter(|(k, _)| k.kind == KeyKind::Word && !in_name(k.at as usize))
            .filter_map(|(_, id)| id.filter(|&w| index.has(al.s, w)))
            .collect();
        !words.is_empty()
            && index.posting(id).iter().any(|&t| {
                t != al.s
                    && words.iter().all(|&w| index.has(t, w))
                    && (subject.iter().all(|&e| index.has(t, e))
                        || index.continues_subject(t, subject))
            })
    }

    /// Whether the day of the claim's date that content key `i` is, a sentence other than the
    /// aligned one states with its month, with all of the claim's words the aligned one holds
    /// and one more of the others ([`Alignment::words`]; see [`Request::entity_conflicts`]).
    fn day_stated_elsewhere(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        i: usize,
    ) -> bool {
        let (index, s, content, claim_toks) = (self.index, al.s, &view.content, view.toks);
        let claim_dates = || view.dates();
        let at = claim_toks[content[i].at as usize].start;
        let Some(d) = claim_dates()
            .iter()
            .find(|d| d.span.0 <= at && at < d.span.1)
        else {
            return false;
        };
        let (no_words, words_in_s, words_not_in_s) = self.claim_words(view, al);
        self.stated_dates().iter().any(|&(t, c)| {
            t != s
                && (c.month, c.day) == (d.month, d.day)
                && words_in_s.iter().all(|&w| index.has(t, w))
                && (*no_words || words_not_in_s.iter().any(|&w| index.has(t, w)))
        })
    }

    /// A name, number or date of the claim that the aligned sentence lacks, and that it states
    /// otherwise: a conflict per kind of key ([`ENTITY_KINDS`]; [`Request::kind_conflict`]),
    /// with the sentence that states it. `clause_scores` holds a clause's sentence weights.
    fn entity_conflicts(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        clause_scores: &mut FastMap<u32, f64>,
        found: &mut Conflicts,
    ) {
        if view.polar {
            return;
        }
        // The claim's ids, sorted: a sentence's key of the claim is no rival.
        let mut claim_ids = view.known.clone();
        claim_ids.sort_unstable();
        for &kind in &ENTITY_KINDS {
            if let Some((conflict, stated_in, novel)) =
                self.kind_conflict(view, al, kind, &claim_ids, clause_scores)
            {
                found.novel |= novel;
                found.sentence = found.sentence.or(Some(stated_in));
                found.list.push(conflict);
            }
        }
    }

    /// The conflict of a key of `kind` that the aligned sentence lacks (`"said" vs "stated"`),
    /// the sentence that states the rival, and whether the claim's key is found nowhere in the
    /// sources (novel); `claim_ids` are the claim's ids, sorted.
    fn kind_conflict(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        kind: KeyKind,
        claim_ids: &[u32],
        clause_scores: &mut FastMap<u32, f64>,
    ) -> Option<(String, u32, bool)> {
        let (index, prompt_keys) = (self.index, &self.prompt_keys);
        let (content, ids, in_sent) = (&view.content, &view.ids, &al.in_sent);
        let (s, local_support) = (al.s, al.local_support);
        let named_by_part = |i: usize| {
            self.named_by_part(view, al, i) || attested_aside(index, self.context_tokens, view, i)
        };
        let day_stated_elsewhere = |i: usize| self.day_stated_elsewhere(view, al, i);
        let missing: Vec<(usize, bool)> = content
            .iter()
            .enumerate()
            .filter(|(i, k)| {
                // A name named by a part of its run, a number of an aside told by its own
                // sentence: not missing.
                let attested = || match kind {
                    KeyKind::Name => named_by_part(*i),
                    KeyKind::Number => attested_aside_number(index, view, *i),
                    _ => false,
                };
                k.kind == kind && !in_sent[*i] && !attested()
            })
            .map(|(i, _)| (i, ids[i].is_none()))
            .collect();
        // A day the claim says a schedule leaves out ("no Sunday hours are listed",
        // `closed_weekdays`) is missing from a sentence that lists opening days (a business
        // record's hours) by being left out; one that names closed days ("It is closed on
        // Mondays") states which.
        let missing = if kind == KeyKind::Month {
            let closed = closed_weekdays(view.toks);
            let sent = span_tokens(self.context_tokens, index.spans[s as usize]);
            let names_closing = sent.iter().any(|t| {
                t.raw.eq_ignore_ascii_case("closed") || t.raw.eq_ignore_ascii_case("except")
            }) || index.sent_neg[s as usize];
            missing
                .into_iter()
                .filter(|&(i, _)| names_closing || !closed.contains(&(content[i].at as usize)))
                .collect()
        } else {
            missing
        };
        if missing.is_empty() {
            return None;
        }
        // The sentence's tokens of this kind that neither the claim nor the prompt holds. For
        // a name of the claim that the sources state elsewhere, a name the sentence holds only
        // from a heading above it is no rival: a heading names a section and states nothing in
        // the sentence's place ("SkyLark Airways – Checked Baggage Allowance" over "Overweight
        // bags … in Economy: €50 per bag" swaps nothing of the claim's "Economy Classic",
        // which another line states). A name found nowhere is still judged against them, as
        // is a number (a changelog's version states which release an item is of).
        let any_novel = missing.iter().any(|m| m.1);
        let others_in = |t: u32| -> Vec<u32> {
            let (sent_ids, sent_kinds) = index.sentence(t);
            let own_names = std::cell::OnceCell::new();
            let written = |id: u32| {
                kind != KeyKind::Name
                    || any_novel
                    || own_names
                        .get_or_init(|| {
                            let sp = index.spans[t as usize];
                            let sent = span_tokens(self.context_tokens, sp);
                            // (Its keys of any kind, and its words' own forms: a name the
                            // index keys from a word opening the sentence, "Kind of Blue", is
                            // written there too.)
                            let mut own: Vec<String> = index
                                .own_keys(t)
                                .iter()
                                .map(|k| k.norm.to_string())
                                .collect();
                            own.extend(sent.iter().flat_map(|t| {
                                t.raw.split('-').map(|w| {
                                    normal_form(fold_diacritics(lower_cow(w))).into_owned()
                                })
                            }));
                            own
                        })
                        .iter()
                        .any(|n| *n == index.norms[id as usize])
            };
            sent_ids
                .iter()
                .zip(sent_kinds)
                .filter(|(id, k)| {
                    **k == kind
                        && claim_ids.binary_search(id).is_err()
                        && !prompt_keys.contains(&index.norms[**id as usize])
                        && written(**id)
                })
                .map(|(id, _)| *id)
                .collect()
        };
        let novel = missing.iter().find(|m| m.1).map(|m| m.0);
        // The day of a date the sources state whole (month and day) in another sentence
        // that is the claim's own for it: that sentence holds every word of the claim
        // the aligned one holds, and a word of the claim the aligned one lacks (a bare
        // "July 20th, 1969." is read with its question's words: "When did Apollo 11
        // land …?" asks for the date of "landed"). The claim joins two sentences:
        // "Apollo 11 landed on July 20, 1969" against "Apollo 11 launched on July 16,
        // 1969. … landed the lunar module Eagle on July 20 …"; "launched on July 20"
        // still conflicts. (Any name, number or year so stated elsewhere: on the dev
        // QA rows 147 hallucinated answers lost a conflict and no correct one; years
        // and numbers alone, 9 and none — a bridge question's wrong hop is a sentence
        // with the claim's verb and value and another subject.)
        //
        // A number stated under the claim's own scope in another sentence, when the best
        // sentence opens with another scope (`scoped_elsewhere`): "On Sundays the last bus
        // leaves … at 22:10" is not contradicted by "On weekdays the last bus leaves … at
        // 23:40" when "On Saturdays and Sundays the last departure is at 22:10".
        //
        // A name stated by a sentence of the claim's subject with the claim's words the
        // aligned one holds (`name_stated_of_subject`): the claim joins the two.
        let all_missing = |stated: &dyn Fn(usize) -> bool| missing.iter().all(|&(i, _)| stated(i));
        let stated_elsewhere = novel.is_none()
            && match kind {
                KeyKind::Number => {
                    all_missing(&day_stated_elsewhere)
                        || all_missing(&|i| self.scoped_elsewhere(view, al, i))
                }
                KeyKind::Name => all_missing(&|i| self.name_stated_of_subject(view, al, i)),
                _ => false,
            };
        if stated_elsewhere {
            return None;
        }
        let (mut other, stated_in) =
            self.rivals(view, al, (kind, novel), &others_in, clause_scores);
        let i = novel.unwrap_or(missing[0].0);
        // A name found nowhere stands in the place of a name of the aligned sentence only when
        // its own clause is about what that sentence states: another key of the clause, when
        // it has one outside the name's run, is there (a clause after the first, below). "In Spain you'd be charged standard PAYG rates …, so it's worth … using
        // Wi-Fi" adds advice beside "PAYG roaming in Europe is charged at standard rates"; it
        // swaps nothing of it.
        if kind == KeyKind::Name && novel.is_some() && stated_in == s {
            let clauses = view
                .clauses
                .get_or_init(|| clause_ranges(view.text, view.toks));
            let at = content[i].at as usize;
            // (A clause after the first that is no relative clause: one that opens with "that",
            // "which" or "who" says more of what the clause before it names, "… a Sci-Fi film
            // that stars Bill Murray", and the first carries the claim's subject.)
            let relative = |r: &Range<usize>| {
                view.toks.get(r.start).is_some_and(|t| {
                    ["that", "which", "who", "whom", "whose", "where"]
                        .iter()
                        .any(|w| t.raw.eq_ignore_ascii_case(w))
                })
            };
            if let Some(r) = clauses
                .iter()
                .skip(1)
                .find(|r| r.contains(&at) && !relative(r))
            {
                // (A clause of the name alone, "Yes, Bitches Brew, which …", says nothing
                // else to judge by.)
                let mates = || {
                    (0..content.len())
                        .filter(|&j| j != i && r.contains(&(content[j].at as usize)))
                        .filter(|&j| content[j].run != content[i].run || content[i].run == NO_RUN)
                };
                if mates().next().is_some() && !mates().any(|j| in_sent[j]) {
                    return None;
                }
            }
        }
        self.drop_same_entities(view, (kind, i), stated_in, &mut other);
        if other.is_empty() {
            return None;
        }
        // A name, number or date swapped for another one of the sources counts when the
        // sentence alone carries most of the claim (≥ 60 % of its key tokens); below that
        // the claim may join two sentences about one subject. A name is judged so only
        // against a self-contained sentence: one that refers back by a pronoun ("It was
        // completed in 1889") names its subject elsewhere.
        // A number of the sources swapped for another one is the same quantity with
        // another value: when the claim states it with a unit, only a number of that
        // unit and thing in the sentence replaces it (`same_unit_number`): "employs
        // 1,200 people" is not swapped by "revenue grew by 12%".
        // Such a number of the claim's unit and thing in the sentence is what the claim says
        // of it, however little else of a long claim the sentence carries ("Construction
        // begins in 2026, with the line … carrying about 40,000 weekday riders" against "…
        // to carry about 18,000 riders on an average weekday").
        let mut same_quantity = false;
        if novel.is_none() && kind == KeyKind::Number {
            let norm = &content[missing[0].0].norm;
            let quantities = claim_quantities(view.toks, norm);
            if !quantities.is_empty() {
                let claim = (view.toks, view.numbers(), norm.as_ref(), &quantities);
                match same_unit_number(index, claim, self.context_tokens, &[s], false) {
                    Some((_, id)) => (other, same_quantity) = (vec![id], true),
                    None => return None,
                }
            }
        }
        if let (KeyKind::Name, Some(i)) = (kind, novel) {
            self.keep_names_in_slot(view, i, stated_in, &mut other);
            self.keep_attributive_rivals(view, i, stated_in, &mut other);
            if other.is_empty() {
                return None;
            }
        }
        let self_contained = kind != KeyKind::Name || !index.sent_refers_back[s as usize];
        (novel.is_some() || same_quantity || (local_support >= 0.6 && self_contained)).then(|| {
            let conflict = versus(&content[i].norm, &index.norms[other[0] as usize]);
            (conflict, stated_in, novel.is_some())
        })
    }

    /// Whether the claim's name `i`, which the best sentence lacks, is there all the same: the
    /// sentence names it by another part of the claim's run, which a run of the sources holds
    /// whole: "Born in Manhattan, Hyland
    /// attended …" names the "Sarah Hyland" of "Sarah Jane Hyland is …". The part
    /// stands alone in the sentence and is no ordinary word (a surname, not the
    /// "Dog" of "Bavarian Mountain Dog"), and names one entity of the sources.
    fn named_by_part(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>, i: usize) -> bool {
        let index = self.index;
        let (content, ids, in_sent, s) = (&view.content, &view.ids, &al.in_sent, al.s);
        let (Some(id), run) = (ids[i], content[i].run) else {
            return false;
        };
        run != NO_RUN
            && (0..content.len()).any(|j| {
                j != i
                    && content[j].run == run
                    && in_sent[j]
                    && !crate::lexicon::is_common_word(&content[j].norm)
                    && ids[j].is_some_and(|mate| {
                        // Every longer run of the sources with the part holds the
                        // name, and one does: "Petrino" alone is ambiguous beside
                        // "Paul Petrino" and "Vincent Petrino".
                        let longer = |t: u32| {
                            let members: Vec<u32> = index.run_members(t, mate).collect();
                            (members.len() >= 2).then(|| members.contains(&id))
                        };
                        let runs = index.posting(mate).iter().filter_map(|&t| longer(t));
                        index.run_members(s, mate).count() == 1
                            && runs.clone().all(|holds| holds)
                            && runs.clone().any(|holds| holds)
                    })
            })
    }

    /// The rivals of the claim's key of `kind` (`novel`: its index when the sources lack it)
    /// and the sentence that states them: the keys of that kind of the best sentence that
    /// neither the claim nor the prompt holds (`others_in`), else of the sentence the steps
    /// below find.
    fn rivals(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        (kind, novel): (KeyKind, Option<usize>),
        others_in: &impl Fn(u32) -> Vec<u32>,
        clause_scores: &mut FastMap<u32, f64>,
    ) -> (Vec<u32>, u32) {
        let (index, context_tokens) = (self.index, self.context_tokens);
        let (claim_text, claim_toks) = (view.text, view.toks);
        let (content, claim_clauses) = (&view.content, &view.clauses);
        let (s, top_ids) = (al.s, &al.top_ids);
        let claim_numbers = || view.numbers();
        let clause_ids_of = |r: &Range<usize>| view.clause_ids_of(r);
        // A number stated as approximate with a unit ("about nine points more", "about
        // 2.7 kilometres") that no number of the sources rounds to (`SourceIndex::id_of`)
        // is often derived or converted from them: it conflicts only with a number of
        // its own unit ("about 60 percent" against "54.3 percent"), not with any number
        // of the sentence.
        let approx_quantities = novel
            .filter(|&i| kind == KeyKind::Number && content[i].approx)
            .map(|i| (i, claim_quantities(claim_toks, &content[i].norm)))
            .filter(|(_, q)| !q.is_empty());
        let (mut other, mut stated_in) = match &approx_quantities {
            Some((i, q)) => {
                let claim = (claim_toks, claim_numbers(), content[*i].norm.as_ref(), q);
                let found = same_unit_number(index, claim, context_tokens, &[s], true);
                (found.map(|(_, id)| vec![id]).unwrap_or_default(), s)
            }
            None => (others_in(s), s),
        };
        // A name, number or date found nowhere in the sources conflicts with one the
        // aligned span states in its place: the best sentence, or else the second of
        // the claim's two aligned sentences when that one continues a subject named
        // elsewhere (it refers back by a pronoun): "The Eiffel Tower was completed in
        // 1899" against "The Eiffel Tower is a … tower. It was completed in 1889".
        if other.is_empty() && novel.is_some() && approx_quantities.is_none() {
            if let Some(&t) = top_ids
                .get(1)
                .filter(|&&t| index.sent_refers_back[t as usize])
            {
                (other, stated_in) = (others_in(t), t);
            }
        }
        // … or the sentence that states the rest of its own clause, when the claim joins
        // clauses the sources state apart: every other key of that clause the sources
        // hold, at least two, or one for a name ("It was written and directed by Steven Spielberg, and
        // Leonardo DiCaprio plays a thief …" against "… written and directed by
        // Christopher Nolan. It stars Leonardo DiCaprio as a thief …"; "It was directed by
        // Steven Spielberg, and it won four Academy Awards" against "… directed by
        // Christopher Nolan. … The film won four Academy Awards.").
        if let (true, None, Some(i)) = (other.is_empty(), &approx_quantities, novel) {
            let clauses = claim_clauses.get_or_init(|| clause_ranges(claim_text, claim_toks));
            let at = content[i].at as usize;
            let clause_ids = clauses
                .iter()
                .find(|r| clauses.len() > 1 && r.contains(&at))
                .map(clause_ids_of)
                .filter(|c| c.len() >= 2 || kind == KeyKind::Name && !c.is_empty());
            if let Some(clause_ids) = clause_ids {
                let best = index.best(&clause_ids, 1, clause_scores);
                // (A word the claim writes as an ordinary word is held as one: "keeping mobile
                // data off and using Wi-Fi" does not restate the clause of a title "Volta
                // Mobile – Roam Abroad Add-ons".)
                let clause = clauses.iter().find(|r| r.contains(&at));
                let holds_as_written = |t: u32| {
                    let (sent_ids, sent_kinds) = index.sentence(t);
                    content.iter().zip(&view.ids).all(|(k, id)| {
                        let Some(id) = *id else { return true };
                        !clause.is_some_and(|r| r.contains(&(k.at as usize)))
                            || k.kind != KeyKind::Word
                            || sent_ids
                                .iter()
                                .zip(sent_kinds)
                                .any(|(x, kind)| *x == id && *kind == KeyKind::Word)
                    })
                };
                if let Some(&(t, _)) = best.first().filter(|(t, _)| {
                    *t != s
                        && clause_ids.iter().all(|&id| index.has(*t, id))
                        && holds_as_written(*t)
                }) {
                    (other, stated_in) = (others_in(t), t);
                }
            }
        }
        // A number found nowhere conflicts with another number of the same unit in
        // either aligned sentence ("ten years in prison" against "…sentenced to five
        // years in prison", when the claim joins that sentence with another).
        // (A number stated as approximate or as a bound without a unit, "over 25,000",
        // is left to the rounding of `SourceIndex::id_of`.)
        let exact = novel.filter(|&i| !content[i].approx || approx_quantities.is_some());
        if let (true, KeyKind::Number, Some(i)) = (other.is_empty(), kind, exact) {
            let norm = &content[i].norm;
            let quantities = claim_quantities(claim_toks, norm);
            if let Some((t, id)) = same_unit_number(
                index,
                (claim_toks, claim_numbers(), norm, &quantities),
                context_tokens,
                top_ids,
                false,
            ) {
                (other, stated_in) = (vec![id], t);
            }
        }
        (other, stated_in)
    }

    /// Drops from `other`, the rivals in sentence `stated_in` of the claim's key `i` of `kind`,
    /// those that are no other value of that key: another label's number, a weekday for a month
    /// (or the reverse), a name of the claim's own entity.
    fn drop_same_entities(
        &self,
        view: &ClaimView<'_, 'a>,
        (kind, i): (KeyKind, usize),
        stated_in: u32,
        other: &mut Vec<u32>,
    ) {
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        let (claim_text, claim_toks, ks, content) =
            (view.text, view.toks, view.keys, &view.content);
        let sent = span_tokens(context_tokens, index.spans[stated_in as usize]);
        // A number named by a label ("Python 3.12", "PEP 695", "Boeing 747") is an
        // identifier of the thing the label names: another label's number is another
        // thing, not the value swapped. A number after a locator noun ("section 4", "page
        // 12") identifies a part: only another number of that locator swaps it, not a
        // quantity of the sentence ("see section 4" against "at least 12 months' continuous
        // service").
        if kind == KeyKind::Number && !other.is_empty() {
            let norm = &content[i].norm;
            let rival = |o: u32| index.norms[o as usize].as_ref();
            if let Some(label) = number_label(claim_text, claim_toks, norm) {
                other.retain(|&o| {
                    number_label(context, sent, rival(o))
                        .is_none_or(|l| l.eq_ignore_ascii_case(label))
                });
            }
            if let Some(locator) = number_locator(claim_text, claim_toks, norm) {
                other.retain(|&o| {
                    number_locator(context, sent, rival(o)).is_some_and(|l| l == locator)
                });
            }
            // A bound written after its number that the claim's identifier keeps is no other
            // value: "CS 301 … require junior standing" against "All courses numbered 300 and
            // above require junior standing" (`keeps_trailing_bound`; every place the sentence
            // states it so). Only for a number a label names (`labelled_number`: "CS 301",
            // "Room 214"): a quantity the claim states ("You must be 25 to rent a car" against
            // "Drivers 21 and over") is a threshold of its own, and neither for a claim that
            // states a bound itself ("a minimum of 18": `states_bound`).
            let at = content[i].at as usize;
            let value = number_value(norm)
                .filter(|_| labelled_number(claim_toks, at) && !states_bound(claim_toks, at));
            if let Some(v) = value {
                other.retain(|&o| {
                    let r = rival(o);
                    let Some(b) = number_value(r) else {
                        return true;
                    };
                    let mut places = number_places(sent, r).peekable();
                    let bounds_kept = places.peek().is_some()
                        && places.all(|j| keeps_trailing_bound(sent, j, b, v));
                    !bounds_kept
                });
            }
        }
        // A version ("3.8.1", a number with no value) is swapped only by another version:
        // not by the "30" of a release heading's "2025-04-30".
        if kind == KeyKind::Number && !other.is_empty() && number_value(&content[i].norm).is_none()
        {
            other.retain(|&o| number_value(&index.norms[o as usize]).is_none());
        }
        // A time of day is swapped only by another time of day: "checked in by 10:40" (20
        // minutes before the 11:00 sailing) is not contradicted by "closes 10 minutes before
        // departure" ([`times_of_day`]).
        if kind == KeyKind::Number
            && !other.is_empty()
            && times_of_day(claim_text, claim_toks).contains(&(content[i].at as usize))
        {
            let clocks = times_of_day(context, sent);
            other.retain(|&o| {
                let norm = &index.norms[o as usize];
                number_places(sent, norm).any(|j| clocks.contains(&j))
            });
        }
        // An amount of money is swapped only by another amount of money when the sentence
        // writes amounts with a currency sign (`money_at`): "from £182,450.17 to £177,322.30"
        // is not contradicted by the "01" of "Balance brought forward (01/01/2023)
        // £182,450.17", nor "£10,792.00" by the "25" of a "2024/25 tax year". (A sentence that
        // writes none, "Deluxe room: 180 EUR per night", keeps its rivals; the end of a range
        // whose start is money is money: "from £20 to 25", "£10–15".)
        if kind == KeyKind::Number
            && !other.is_empty()
            && money_at(claim_text, &claim_toks[content[i].at as usize])
        {
            let signed = |j: usize| sent[j].is_number && money_at(context, &sent[j]);
            let range_end = |j: usize| {
                let joined = |a: usize| {
                    matches!(gap(context, sent, a, j).trim(), "-" | "–" | "—")
                        || (a + 2 == j
                            && ["to", "and"]
                                .iter()
                                .any(|w| sent[a + 1].raw.eq_ignore_ascii_case(w)))
                };
                sent[j].is_number && (j.saturating_sub(2)..j).any(|a| signed(a) && joined(a))
            };
            let money: Vec<usize> = (0..sent.len())
                .filter(|&j| signed(j) || range_end(j))
                .collect();
            if !money.is_empty() {
                other.retain(|&o| {
                    let norm = &index.norms[o as usize];
                    number_places(sent, norm).any(|j| money.contains(&j))
                });
            }
            // And an amount not by a rate per a unit (`money_rate`): "the £193.46" is not
            // contradicted by "91 days × £0.1150/day = £10.47". (A rate of the claim keeps its
            // rivals: the sources write rates in more ways than a unit after a slash or
            // "per", "£180,000-a-week".)
            if !may_be_rate(claim_text, claim_toks, content[i].at as usize) {
                other.retain(|&o| {
                    let norm = &index.norms[o as usize];
                    number_places(sent, norm).any(|j| !money_rate(context, sent, j))
                });
            }
        }
        // A day of a date is swapped only by a number that can be a day (a whole number from 1
        // to 31), and a number that is no day by no part of a date written in digits, nor, when
        // it is money or has a unit, by a clock, nor by a number glued to a month's abbreviation
        // or a version's "v": "Thursday 20 February" is not contradicted by a booking reference
        // "LH-30917", nor "200 miles per rental day" by the "03" or the "10" of "Fri 14/03/2025
        // 10:00", nor an amount by the "25" of "Kestrel Fixed Dec25". (A rival the sentence
        // does not write as a number, a fraction in words or a heading's number, stays.)
        if kind == KeyKind::Number && !other.is_empty() {
            let at = content[i].at as usize;
            let in_digits = |text: &str, toks: &[Token<'_>], j: usize| {
                (j.saturating_sub(1)..=j)
                    .any(|d| crate::text::numeric_date_months(text, toks, d) != [None, None])
            };
            let claim_day = names_month(claim_toks, at + 1)
                || (at > 0 && names_month(claim_toks, at - 1))
                || in_digits(claim_text, claim_toks, at);
            let measured = money_at(claim_text, &claim_toks[at])
                || crate::quantity::quantities(claim_text, claim_toks)
                    .iter()
                    .any(|(j, q)| *j == at && q.dimension().is_measure());
            let clocks = times_of_day(context, sent);
            // A whole count of a named thing ("two Day Passes", a capitalised word right after
            // it) is no measure: an amount of money or a quantity of a dimension ("valid for
            // 60 days", "€180") counts something else and swaps nothing of it. A count of the
            // sentence's own kind ("won 3 Grammy Awards" against "5 Grammy Awards") still does.
            let counts_name = !measured
                && !claim_day
                && number_value(&content[i].norm).is_some_and(|v| v.fract() == 0.0 && v < 1000.0)
                && claim_toks.get(at + 1).is_some_and(|n| {
                    !n.is_number
                        && n.raw.starts_with(char::is_uppercase)
                        && claim_text.get(claim_toks[at].start + claim_toks[at].raw.len()..n.start)
                            == Some(" ")
                });
            let measures: Vec<usize> = if counts_name {
                crate::quantity::quantities(context, sent)
                    .into_iter()
                    .filter(|(_, q)| q.dimension().is_measure())
                    .map(|(j, _)| j)
                    .collect()
            } else {
                Vec::new()
            };
            let measure =
                |j: usize| counts_name && (measures.contains(&j) || money_at(context, &sent[j]));
            // A count of others joined "with you" ("get four or more colleagues to register
            // with you", the pair at most [`WITH_USER_GAP`] tokens after it) counts the user
            // too: the sources' count of people one more ("5 or more people", a word of
            // [`PEOPLE_WORDS`] within three tokens after it) is that same group, no rival.
            let with_user = claim_toks
                .get(at + 1..(at + WITH_USER_GAP).min(claim_toks.len()))
                .is_some_and(|after| has_word_pair(after, WITH_USER_PHRASES));
            let claim_count = number_value(&content[i].norm).filter(|v| v.fract() == 0.0);
            let user_added = |norm: &str| {
                with_user
                    && !measured
                    && claim_count.is_some_and(|c| number_value(norm) == Some(c + 1.0))
                    && number_places(sent, norm).any(|j| {
                        sent[j + 1..(j + 4).min(sent.len())]
                            .iter()
                            .any(|t| PEOPLE_WORDS.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
                    })
            };
            // The letters a number is glued after name a month or a version ("Dec25", "v4").
            let glued = |j: usize| {
                let before = &context[..sent[j].start];
                let word = &before[before.trim_end_matches(char::is_alphabetic).len()..];
                !word.is_empty()
                    && (crate::text::abbreviation_month(word).is_some()
                        || word.eq_ignore_ascii_case("v"))
            };
            other.retain(|&o| {
                let norm = &index.norms[o as usize];
                if claim_day {
                    return number_value(norm)
                        .is_some_and(|v| v.fract() == 0.0 && (1.0..=31.0).contains(&v));
                }
                if user_added(norm) {
                    return false;
                }
                let mut places = number_places(sent, norm).peekable();
                places.peek().is_none()
                    || places.any(|j| {
                        !(glued(j)
                            || in_digits(context, sent, j)
                            || measure(j)
                            || (measured && clocks.contains(&j)))
                    })
            });
        }
        // A weekday is no swap for a month, nor a month for a weekday: "construction
        // starting in March" does not conflict with "voted on Tuesday" (both are
        // `KeyKind::Month`, the calendar names of a date). A weekday against a
        // sentence that states full dates is judged by their weekdays
        // ([`full_date_weekdays`]): "aired on a Saturday" against "aired on May 5,
        // 2013" (a Sunday) conflicts with the date's month.
        if kind == KeyKind::Month && !other.is_empty() {
            let norm = content[i].norm.as_ref();
            let is_weekday = |o: &u32| WEEKDAYS.contains(&index.norms[*o as usize].as_ref());
            match WEEKDAYS.iter().position(|w| *w == norm) {
                Some(w) => {
                    let days = full_date_weekdays(context, sent);
                    if days.is_empty() || days.iter().any(|d| d.2 == w) {
                        other.retain(is_weekday);
                    }
                }
                None => other.retain(|o| !is_weekday(o)),
            }
        }
        // A name of a run the claim names by part of it is that same entity.
        // So is a name of a run whose word the claim uses as a definite description
        // ("the reef" for "the Great Barrier Reef", "the tower" for "the Eiffel Tower").
        // Nor a name whose word the claim writes itself in lower case: "using Wi-Fi" swaps
        // nothing of "Volta Mobile" in a claim that says "keeping mobile data off".
        if kind == KeyKind::Name && !other.is_empty() {
            other.retain(|&o| {
                let rival = index.norms[o as usize].as_ref();
                !claim_toks.iter().any(|t| {
                    !t.is_number
                        && t.raw.starts_with(|c: char| c.is_lowercase())
                        && normal_form(lower_cow(t.raw)) == rival
                })
            });
        }
        if kind == KeyKind::Name && !other.is_empty() {
            let claim_runs = name_runs(ks, index);
            let described = definite_descriptions(claim_toks);
            other.retain(|&o| {
                !index.names_claim_entity(stated_in, o, &claim_runs)
                    && !index
                        .run_members(stated_in, o)
                        .any(|m| described.iter().any(|d| *d == index.norms[m as usize]))
            });
        }
    }

    /// Keeps in `other` (the rivals in sentence `stated_in` of the claim's novel name `i`) the
    /// names it stands in the place of, when it is a detail beside the answer.
    ///
    /// In the answer to a question that asks for a count, a measure or a date ("How
    /// tall is Kilimanjaro?", `asks_only_value`), or that names, as the sentence
    /// does, an entity of the kind a "which" question asks for (below), a name found
    /// nowhere is a detail beside the answer, not the answer: it stands in the place
    /// of a name of the sentence only when one of its neighbouring words is that
    /// name's (`in_name_slot`). "… near the border with Kenya" adds a place beside
    /// "the highest mountain in Africa"; "the highest mountain in Kenya" swaps it. A
    /// claim that is its name alone is judged as before, and so is every name
    /// otherwise: in a bridge question's answer ("Fiona Shaw is from the United
    /// Kingdom.") the supported name is the bridge and the novel one the answer.
    fn keep_names_in_slot(
        &self,
        view: &ClaimView<'_, 'a>,
        i: usize,
        stated_in: u32,
        other: &mut Vec<u32>,
    ) {
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        let (prompt_keys, question_names) = (&self.prompt_keys, &self.question_names);
        let (asks_no_name, asked_noun) = (self.asks_no_name, &self.asked_noun);
        let (claim_text, claim_toks, content, ids) =
            (view.text, view.toks, &view.content, &view.ids);
        let kind = KeyKind::Name;
        let claim_run = run_extent(content.iter().copied(), content[i]);
        let bare = content.iter().all(|k| {
            let at = k.at as usize;
            claim_run.0 <= at && at <= claim_run.1
        });
        if !bare && (asks_no_name || asked_noun.is_some()) {
            let sp = index.spans[stated_in as usize];
            let sent = span_tokens(context_tokens, sp);
            let sent_keys = index.own_keys(stated_in);
            // The claim names first, as the sentence does, an entity of the kind
            // the question asks for, the kind's noun another word of the
            // sentence's name ("Which river …?": "the Amazon", which the sentence
            // calls "the Amazon River"): the answer is there, and a novel name
            // after it is a detail.
            let answers_as_asked = asked_noun.as_deref().is_some_and(|noun| {
                (0..content.len()).any(|j| {
                    let at = content[j].at as usize;
                    content[j].kind == KeyKind::Name
                        && at < claim_run.0
                        && ids[j].is_some_and(|id| index.has(stated_in, id))
                        && !question_names.contains(&content[j].norm)
                        && !prompt_keys.contains(&content[j].norm)
                        && sent_keys
                            .iter()
                            .filter(|k| k.kind == KeyKind::Name && k.norm == content[j].norm)
                            .any(|k| {
                                let (lo, hi) = run_extent(sent_keys, k);
                                (lo..=hi)
                                    .any(|t| t != k.at as usize && is_noun_form(sent[t].raw, noun))
                            })
                })
            });
            if asks_no_name || answers_as_asked {
                other.retain(|&o| {
                    sent_keys
                        .iter()
                        .filter(|k| k.kind == kind && k.norm == index.norms[o as usize])
                        .any(|k| {
                            in_name_slot(
                                (claim_text, claim_toks, claim_run),
                                (context, sent, run_extent(sent_keys, k)),
                            )
                        })
                });
            }
        }
    }

    /// Keeps in `other` (the rivals in sentence `stated_in` of the claim's novel name `i`) only
    /// names used or formed as adjectives, when the claim's name is one ([`attributive_name`], formed as
    /// an adjective, [`adjectival_form`]) and no demonym (a demonym is keyed as its place and
    /// compared with places), and the sentence holds the noun it describes: "A Victorian
    /// footbridge" describes the bridge's age or style, as "A 19th-century footbridge over the
    /// River Eamont" does; it takes the place of "Georgian" in "a Georgian footbridge", not of
    /// the river's name.
    fn keep_attributive_rivals(
        &self,
        view: &ClaimView<'_, 'a>,
        i: usize,
        stated_in: u32,
        other: &mut Vec<u32>,
    ) {
        let (claim_toks, content) = (view.toks, &view.content);
        let extent = run_extent(content.iter().copied(), content[i]);
        let word = to_lower(claim_toks[extent.0].raw);
        if !(attributive_name(view.text, claim_toks, extent) && adjectival_form(&word))
            || demonym_place(&word).is_some()
        {
            return;
        }
        let (index, context) = (self.index, self.context);
        let sp = index.spans[stated_in as usize];
        let sent = span_tokens(self.context_tokens, sp);
        // Only when the sentence describes the thing the name describes: what else stands
        // before that noun there is what the name may restate.
        let described = claim_toks[extent.1 + 1].raw;
        if !sent.iter().any(|t| t.raw.eq_ignore_ascii_case(described)) {
            return;
        }
        let sent_keys = index.own_keys(stated_in);
        other.retain(|&o| {
            sent_keys
                .iter()
                .filter(|k| k.kind == KeyKind::Name && k.norm == index.norms[o as usize])
                .any(|k| {
                    let run = run_extent(sent_keys, k);
                    attributive_name(context, sent, run)
                        || (run.0 == run.1 && adjectival_form(&to_lower(sent[run.0].raw)))
                })
        });
    }

    /// A number the sources state, but in another unit of the same dimension ("2,737 feet"
    /// against "2,737 metres", `Quantity::unit_swapped`): every quantity of the sources with
    /// that number is so, none of them does the claim restate, and one stands in an aligned
    /// sentence (a small number, "two", is often stated elsewhere of something else: "two days
    /// before" does not swap "from two months old"); or the best sentence states it of the same
    /// thing in another unit only (`unit_swapped_of_same_thing`: "2 tablespoons of fine sea
    /// salt" against "2 tsp fine sea salt", whatever other sentence says "2 tbsp of the oil").
    fn unit_swap(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>, found: &mut Conflicts) {
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        let (claim_text, claim_toks, content, ids, polar_claim) =
            (view.text, view.toks, &view.content, &view.ids, view.polar);
        let top_ids = &al.top_ids;
        let Conflicts {
            list: conflicts,
            sentence: conflict_sentence,
            ..
        } = found;
        for (k, id) in content.iter().zip(ids).filter(|_| !polar_claim) {
            let (Some(q), Some(id)) = (k.qty, *id) else {
                continue;
            };
            // A part of a compound is swapped only when it is read alone too: the "45
            // minutes" of "2 hours 45 minutes" is no "45 hours" against "allow at least 45
            // minutes" (`part_alone`); the whole is compared as written, "70 years, 126 days"
            // restating "70 years, 126 days".
            let alone = q
                .compound()
                .then(|| crate::quantity::part_alone(claim_text, claim_toks, k.at as usize))
                .flatten();
            let swapped = |sq: &crate::quantity::Quantity| {
                q.unit_swapped(sq) && alone.is_none_or(|a| a.unit_swapped(sq))
            };
            let mut stated = index.quantities.iter().filter(|(_, i, _)| *i == id);
            let Some(&(_, _, t)) = stated.clone().find(|(_, _, t)| top_ids.contains(t)) else {
                continue;
            };
            // Cited as written: "2,737 feet" vs "2,737 metres".
            let written = |in_text: &str, toks: &[Token<'_>]| {
                number_places(toks, &k.norm)
                    .find_map(|j| written_at(in_text, toks, j))
                    .unwrap_or(&k.norm)
                    .to_string()
            };
            let (t, stated_as) = if stated.all(|(sq, _, _)| swapped(sq)) {
                let sent = span_tokens(context_tokens, index.spans[t as usize]);
                (t, written(context, sent))
            } else {
                // The sources state it in the claim's unit too, of something else: swapped
                // still when the best sentence states it of the same thing in another unit
                // (`unit_swapped_of_same_thing`).
                let sent = span_tokens(context_tokens, index.spans[al.s as usize]);
                let swapped = (0..claim_toks.len())
                    .find(|&j| number_at(claim_toks, j).is_some_and(|n| n == k.norm))
                    .and_then(|at| {
                        unit_swapped_of_same_thing(
                            (claim_text, claim_toks),
                            at,
                            &q,
                            &k.norm,
                            (context, sent),
                        )
                    });
                let Some(j) = swapped else {
                    continue;
                };
                (
                    al.s,
                    written_at(context, sent, j).unwrap_or(&k.norm).to_string(),
                )
            };
            conflicts.push(versus(&written(claim_text, claim_toks), &stated_as));
            *conflict_sentence = conflict_sentence.or(Some(t));
        }
    }

    /// A name swapped within the best sentence, for another of the clause that states the rest
    /// of the claim (`clause_name_swap`), when no other conflict was found.
    fn clause_name_conflict(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        found: &mut Conflicts,
    ) {
        if found.list.is_empty() && al.local_support >= 0.6 && !view.polar {
            let sent = span_tokens(self.context_tokens, self.index.spans[al.s as usize]);
            if let Some((said, stated)) = clause_name_swap(
                (view.text, view.toks),
                (self.context, sent),
                self.lower_vocab,
            ) {
                found.list.push(versus(&said, &stated));
                found.sentence = found.sentence.or(Some(al.s));
            }
        }
    }

    /// Polarity, judged per clause of the aligned sentences (`polarity_mismatch`); or a word
    /// the claim affirms that the sources state only in a "no" phrase. Counts the mismatch in
    /// `tally`.
    fn polarity(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        found: &mut Conflicts,
        tally: &mut Tally,
    ) {
        let (index, context, context_tokens, lower_vocab) = (
            self.index,
            self.context,
            self.context_tokens,
            self.lower_vocab,
        );
        let (claim_text, claim_toks, flip, negated, polar_claim) =
            (view.text, view.toks, view.flip, view.negated, view.polar);
        let (content, ids, claim_clauses) = (&view.content, &view.ids, &view.clauses);
        let (s, top_ids, local_support) = (al.s, &al.top_ids, al.local_support);
        let share_in = |sentences: &[u32]| view.share_in(index, sentences);
        let Conflicts {
            list: conflicts,
            sentence: conflict_sentence,
            ..
        } = found;
        let candidates: Vec<u32> = top_ids
            .iter()
            .copied()
            .filter(|&t| t == s || share_in(&[t]) >= 0.6)
            .collect();
        // A word the claim names that the sources state only in a "no" phrase ("two
        // firefighters were injured" against "No injuries were reported"; "arson" in "no
        // evidence of arson"): they deny it wherever they name it, whichever sentence the rest
        // of the claim aligns to.
        let denied = || {
            content.iter().zip(ids).find_map(|(k, id)| {
                id.filter(|&id| {
                    k.kind == KeyKind::Word
                        && index.only_denied(id)
                        && !privative_before(claim_toks, k.at as usize)
                })
            })
        };
        // A yes/no question that names such a word, itself not negated ("Was the fire caused
        // by arson?" against "Investigators found no evidence of arson"), has the sources'
        // answer "no": a "No" agrees with them whatever the other clauses of the aligned
        // sentences affirm ("The fire was caused by an electrical fault"), a "Yes" affirms what
        // they deny.
        if polar_claim && negated == flip {
            if let Some(id) = denied() {
                if !flip {
                    tally.neg_mismatch += 1;
                    conflicts.push("affirmed vs negated".to_string());
                    *conflict_sentence = conflict_sentence.or(index.posting(id).first().copied());
                }
                return;
            }
        }
        // A denial of a yes/no question's proposition that the sources never state ("No, the
        // hotel does not have a spa" against sources that list a pool and a gym): they are
        // silent on it, neither entailing nor contradicting it (the "neutral" of natural
        // language inference, MacCartney and Manning 2009), so an affirmed sentence that shares
        // its other words does not contradict it; its support says what they lack.
        let denies_unstated = view.asks_unstated && (negated || flip);
        if local_support >= 0.6
            && !denies_unstated
            && !(self.asks_wh && verbless_answer(claim_toks, negated || polar_claim))
            && polarity_mismatch(
                index,
                (claim_text, claim_toks, flip),
                claim_clauses,
                (context, context_tokens),
                lower_vocab,
                &candidates,
                negated,
            )
        {
            tally.neg_mismatch += 1;
            conflicts.push(if negated {
                "negated vs affirmed".to_string()
            } else {
                "affirmed vs negated".to_string()
            });
        } else if !negated && !polar_claim && conflicts.is_empty() {
            if let Some(id) = denied() {
                tally.neg_mismatch += 1;
                conflicts.push("affirmed vs negated".to_string());
                *conflict_sentence = conflict_sentence.or(index.posting(id).first().copied());
            }
        }
    }

    /// A verb the claim permits that an aligned sentence prohibits, or the other way round
    /// (`deontic_verbs`: "Ibuprofen can be taken with it" against "Do not take this medicine
    /// with other NSAIDs, such as ibuprofen"), when that sentence holds every other word, name
    /// and number of the verb's clause that the sources hold, at least one: what is permitted
    /// or prohibited is the same ("Paracetamol can be taken with it" is not what "Do not take
    /// this medicine with … ibuprofen" forbids; the sources name paracetamol elsewhere); and
    /// the sentence neither states the verb with the claim's force too (a permission, or an
    /// imperative that opens a clause: "Take it with food; do not take it on an empty
    /// stomach") nor the other side of a condition of the claim's clause
    /// ([`CONDITION_OPPOSITES`]: "Children over 12 can ride" is not denied by "Children under
    /// 12 cannot ride"). Counted in `tally` as a polarity mismatch; not judged when another
    /// rule has found a conflict.
    fn deontic(
        &self,
        view: &ClaimView<'_, 'a>,
        al: &Alignment<'_, 'a>,
        found: &mut Conflicts,
        tally: &mut Tally,
    ) {
        if !found.list.is_empty() {
            return;
        }
        let said = deontic_verbs(view.text, view.toks);
        for &(v, force) in &said {
            let clause = view.clauses().iter().find(|r| r.contains(&v));
            let in_clause = |k: usize| clause.is_none_or(|r| r.contains(&k));
            let others: Vec<u32> = view
                .content
                .iter()
                .zip(&view.ids)
                .filter(|(k, _)| {
                    let at = k.at as usize;
                    at != v
                        && matches!(
                            k.kind,
                            KeyKind::Word | KeyKind::Name | KeyKind::Number | KeyKind::Year
                        )
                        && in_clause(at)
                })
                .filter_map(|(_, id)| *id)
                .collect();
            if others.is_empty() {
                continue;
            }
            let lemma = verb_lemma(view.toks[v].raw);
            let claim_conditions: Vec<usize> = (0..view.toks.len())
                .filter(|&k| in_clause(k))
                .filter_map(|k| condition_side(view.toks[k].raw))
                .collect();
            for (&t, &stoks) in al.top_ids.iter().zip(&al.aligned) {
                if !others.iter().all(|&id| self.index.has(t, id)) {
                    continue;
                }
                // The other side of a condition of the claim's clause ("under" for "over").
                let theirs: Vec<usize> =
                    stoks.iter().filter_map(|t| condition_side(t.raw)).collect();
                if claim_conditions
                    .iter()
                    .any(|c| theirs.contains(&(c ^ 1)) && !theirs.contains(c))
                {
                    continue;
                }
                // Only the other force: a sentence that permits and forbids the verb ("Other
                // people can use their nicknames, but I can't use my real name") is read clause
                // by clause by the polarity rule, not here.
                let (mut same, mut other) = (false, false);
                for &(w, f) in &deontic_verbs(self.context, stoks) {
                    if verb_lemma(stoks[w].raw) == lemma {
                        same |= f == force;
                        other |= f != force;
                    }
                }
                // An imperative of the verb is a permission ("Take it with food; …").
                same |= force == Deontic::Permitted
                    && (0..stoks.len()).any(|k| {
                        opens_clause(self.context, stoks, k) && verb_lemma(stoks[k].raw) == lemma
                    });
                let opposed = other && !same;
                if opposed {
                    tally.neg_mismatch += 1;
                    found.list.push(match force {
                        Deontic::Permitted => "permitted vs prohibited".to_string(),
                        Deontic::Prohibited => "prohibited vs permitted".to_string(),
                    });
                    found.sentence = found.sentence.or(Some(t));
                    return;
                }
            }
        }
    }

    /// A change the claim states in the other direction than the aligned sentences (rose
    /// against fell, `direction_conflict`), judged against the two together, so gated on what
    /// they hold of the claim ([`DIRECTION_CLAUSE_SUPPORT`]).
    fn direction(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>, found: &mut Conflicts) {
        if !view.polar {
            let claim_supported = al.aligned_support >= DIRECTION_CLAUSE_SUPPORT;
            // The sentence before an aligned one that opens with a pronoun referring back.
            let before = |k: usize| {
                let t = *al.top_ids.get(k)? as usize;
                if !self.index.sent_opens_back[t] {
                    return None;
                }
                let sp = *self.index.spans.get(t.checked_sub(1)?)?;
                Some(span_tokens(self.context_tokens, sp))
            };
            if let Some((said, stated)) = direction_conflict(
                (view.text, view.toks, &view.clauses),
                (self.context, &al.aligned, before),
                claim_supported,
            ) {
                found.list.push(versus(said, stated));
            }
        }
    }

    /// The first swap within one slot of the aligned sentences, for a claim that is no yes/no
    /// answer (a "Yes" is judged by the universal rules only, [`Request::exception`]): each rule in turn, the first that finds one gives the conflict and, when it
    /// knows it, the sentence that states it.
    fn slot_swap(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        // A "Yes" affirms its question's proposition, a universal one too ("Is it open every
        // day?" against "… daily, except on Mondays"); the other rules read the answer's own
        // names and numbers, which a bare reply has none of.
        if view.polar {
            return if view.flip {
                None
            } else {
                self.exception(view, al)
            };
        }
        self.recombined_date(view, al)
            .or_else(|| self.table_cell(view))
            .or_else(|| self.superseded(view))
            .or_else(|| self.weekday(view, al))
            .or_else(|| self.section(view, al))
            .or_else(|| self.number_slot_swap(view, al))
            .or_else(|| self.parallel_number_swap(view, al))
            .or_else(|| self.bracketed_alternative(view, al))
            .or_else(|| self.bound(view, al))
            .or_else(|| self.given_count(view))
            .or_else(|| self.dated_event(view, al))
            .or_else(|| self.name_value(view, al))
            .or_else(|| self.of_slot_or_life_span(view, al))
            .or_else(|| self.class_swap(view, al))
            .or_else(|| self.exception(view, al))
            .or_else(|| self.rank(view, al))
            .or_else(|| self.agent(view, al))
            .or_else(|| self.place_or_scope(view, al))
            .or_else(|| self.pronoun(view, al))
    }

    /// A date the sources never state, recombined from theirs: a date of an aligned sentence
    /// has its month or its day, not both ("Jan 15" against "from 2 January until 15
    /// February"; `calendar_dates`). Gated on what the two aligned sentences hold. A date the
    /// prompt states is the user's, which the answer restates ("with a 2 September 2020
    /// birthday" to "born on 2 September 2020"), not one it takes from the sources. Nor is a
    /// date the claim places inside a range of the sources' it writes itself ("12 November
    /// falls in the winter season (1 November – 31 March)"): it is compared with the range,
    /// whose ends are no rivals of it ([`inside_own_range`]).
    fn recombined_date(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.aligned_support < 0.6 {
            return None;
        }
        for &d in view.dates() {
            if self.prompt_dates.contains(&(d.month, d.day)) {
                continue;
            }
            let stated = self.stated_dates();
            let by_sources = |c: &CalendarDate| {
                stated
                    .iter()
                    .any(|(_, s)| (s.month, s.day) == (c.month, c.day))
            };
            if inside_own_range(view.text, view.dates(), &d, by_sources) {
                continue;
            }
            if stated
                .iter()
                .any(|(_, c)| (c.month, c.day) == (d.month, d.day))
            {
                continue;
            }
            // A day of the month written alone ("by the 14th") has the month of the last
            // date told before it, which the sources infer, not state: it supports a claim's
            // date but is no rival ("14 June" of a meeting on 3 June, after "the 1 July
            // release" came up).
            let inferred = |c: &CalendarDate| {
                self.context[c.span.0..c.span.1]
                    .trim_end_matches(|ch: char| ch.is_ascii_alphabetic())
                    .bytes()
                    .all(|b| b.is_ascii_digit())
            };
            let rival = stated.iter().find(|(t, c)| {
                al.top_ids.contains(t) && ((c.month == d.month) != (c.day == d.day)) && !inferred(c)
            });
            if let Some(&(t, c)) = rival {
                let said = &view.text[d.span.0..d.span.1];
                return Some((versus(said, &self.context[c.span.0..c.span.1]), Some(t)));
            }
        }
        None
    }

    /// A conflict within the claim itself, whatever sentence it aligns to, for a claim that
    /// is no yes/no answer: a weekday it gives a full date of its own that the calendar gives
    /// another (`misdated_weekday`: "12 October 2025 falls on a Saturday", a Sunday), or a
    /// value it calls high, low or normal that the reference range it restates places
    /// elsewhere (`reference_range_swap`: "97 mg/dL — slightly high (range 70–99)"). No source
    /// sentence states what it contradicts ([`Claim::contradicts_itself`]).
    fn contradicts_itself(&self, view: &ClaimView<'_, 'a>) -> Option<String> {
        if view.polar {
            return None;
        }
        let (said, stated) = misdated_weekday(view.text, view.toks, &[self.context, self.question])
            .or_else(|| reference_range_swap(view.text, view.toks))?;
        Some(versus(&said, &stated))
    }

    /// A value of a table taken from another cell than the one the question asks for
    /// (`table_cell_swap`: "09:42", the York arrival, for when the 09:15 from Leeds gets into
    /// Newcastle; "£30", Basic's joining fee, for Plus's).
    /// A configuration's or spec sheet's value likewise taken from another key's line
    /// (`key_value_swap`: "90 days", full backups' retention, for incremental backups' 14).
    /// A column's header put on a cell under another column (`table_header_swap`: "in Room
    /// A" for a talk in the programme's "Room B" column), read in the claim's own sentence.
    /// Values of a list's labelled lines swapped between two labels the claim names
    /// (`labelled_value_swap`: "42% on 200 mg and 31% on 400 mg" against "- 200 mg: … (31%)",
    /// "- 400 mg: … (42%)"). An item of a list put under another label than its own
    /// (`labelled_item_swap`: "Canada is in Zone 1" against "Zone 2 (USA, Canada, …)").
    fn table_cell(&self, view: &ClaimView<'_, 'a>) -> Swap {
        // (A negated claim denies a header of the cell: "Priya Natarajan is not in Room A".)
        let span = match (view.toks.first(), view.toks.last()) {
            (Some(a), Some(b)) => &view.text[a.start..b.start + b.raw.len()],
            _ => "",
        };
        let own = if view.negated { "" } else { span };
        // An alternative the answer sets aside ("(not the £250 standard excess)") is no value
        // it states.
        let (text, own, span) = (
            without_asides(view.text),
            without_asides(own),
            without_asides(span),
        );
        let layout = &self.layout;
        let (said, stated) = table_cell_swap(layout, self.question, &text)
            .or_else(|| key_value_swap(layout, self.question, &text))
            .or_else(|| table_header_swap(layout, &own))
            .or_else(|| labelled_value_swap(layout, &span))
            .or_else(|| labelled_item_swap(layout, &own))?;
        Some((versus(&said, &stated), None))
    }

    /// A value the sources say was changed, stated as the value now (`superseded_value_swap`:
    /// "Default `fetchTimeout`: 30 seconds" for "What's the default fetch timeout now?"
    /// against "Default `fetchTimeout` raised from 30s to 60s"); the changing sentence is
    /// cited.
    fn superseded(&self, view: &ClaimView<'_, 'a>) -> Swap {
        let (said, stated, sentence) = superseded_value_swap(
            self.question_toks(),
            (view.text, view.toks),
            (self.context, self.context_tokens, &self.index.spans),
        )?;
        Some((versus(said, stated), Some(sentence as u32)))
    }

    /// A value the claim puts on a day of the week that the best sentence gives for other days
    /// only (`weekday_swap`: "The last Saturday sailing is at 18:30" against "18:30 … 19:35 Fri
    /// & Sun only"); or a time of day of the claim that the best sentence does not hold and
    /// the one source sentence stating it (by value: "9pm" is "21:00") gives for other days ("Tuesday 22 April from 9:00am" against "Saturday: 9:00am – 5:30pm",
    /// aligned to another line of opening hours). Not for a claim that dates by another day
    /// ("the following morning", "reopens", a holiday).
    fn weekday(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        let swap = |sent: &[Token<'a>]| {
            weekday_swap(
                (view.text, view.toks),
                (self.question, self.question_toks()),
                (self.context, sent),
            )
        };
        let sent = *al.aligned.first()?;
        if let Some((said, stated)) = swap(sent) {
            return Some((versus(&said, &stated), Some(al.s)));
        }
        // Times compared by value, "9pm" as "21:00" and not as "9:00am".
        let times_in = |text: &str, toks: &[Token<'_>]| -> Vec<f64> {
            crate::quantity::quantities(text, toks)
                .into_iter()
                .filter(|(_, q)| q.dimension() == crate::quantity::Dimension::TimeOfDay)
                .map(|(_, q)| q.base)
                .collect()
        };
        // The claim's times the best sentence does not hold, when the claim names a weekday
        // and no day relative to another ("the following morning", "reopens").
        let aligned_times = times_in(self.context, sent);
        let mut times = times_in(view.text, view.toks);
        times.retain(|t| !aligned_times.contains(t));
        let relative = view.toks.iter().any(|t| {
            [
                "next",
                "following",
                "tomorrow",
                "reopens",
                "holiday",
                "holidays",
            ]
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
        });
        if times.is_empty() || relative || !view.toks.iter().any(names_weekday) {
            return None;
        }
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        for time in &times {
            let mut holding = index.spans.iter().enumerate().filter(|(_, &sp)| {
                times_in(context, span_tokens(context_tokens, sp)).contains(time)
            });
            if let (Some((t, &sp)), None) = (holding.next(), holding.next()) {
                if let Some((said, stated)) = swap(span_tokens(context_tokens, sp)) {
                    return Some((versus(&said, &stated), Some(t as u32)));
                }
            }
        }
        None
    }

    /// A value taken from another section of a sectioned source than the one the user names
    /// (Zone A's "Food and garden waste (brown bin): Wednesday" for a user on Harbour Estate,
    /// which the heading "Zone B (south of Mill Road, including Harbour Estate)" puts in Zone
    /// B, whose "Food and garden waste (brown bin): Thursday" answers). The claim states one
    /// name, number or date the prompt does not (its value), found in the sources; the best
    /// sentence lacks a name of the prompt that a parallel sentence holds from its heading
    /// only (a section heading is said of every line under it, [`plain_headings`],
    /// [`markdown_headings`]); parallel: it writes every word the best sentence writes (at
    /// least two) and, in place of the claim's value, another of its kind. What holds in one
    /// section is stated of another: the entity swap of FactCC (Kryscinski et al. 2020) on the
    /// scope a heading sets, as `scope_swap` is on the scope a sentence opens with.
    fn section(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if self.prompt_names.is_empty() {
            return None;
        }
        let index = self.index;
        // The claim's value: its one name, number or date the prompt does not state.
        let mut value = None;
        for ((k, id), p) in view.content.iter().zip(&view.ids).zip(&view.in_prompt) {
            if *p || !ENTITY_KINDS.contains(&k.kind) {
                continue;
            }
            if value.is_some() {
                return None;
            }
            value = Some((*k, (*id)?));
        }
        let (key, said) = value?;
        // The best sentence in a section the prompt names (one of several it names: "I live on
        // Harbour Estate but work in Zone A"), or no sentence of a named section parallel:
        // cheap tests first, the sentences' own keys after.
        let states_value = |n: u32| index.posting(n).iter().any(|&t| index.has(t, said));
        if self.prompt_names.iter().any(|&n| index.has(al.s, n))
            || self.prompt_names.iter().all(|&n| states_value(n))
        {
            return None;
        }
        // A key as written (a name of several words in its normal form).
        let written = |k: &Key<'_>, toks: &[Token<'_>]| match toks.get(k.at as usize) {
            Some(t) if k.kind != KeyKind::Name || k.run == NO_RUN => t.raw.to_string(),
            _ => k.norm.to_string(),
        };
        // A sentence's own keys (not its headings') with their ids, and its tokens.
        let own = |t: u32| {
            let sp = index.spans[t as usize];
            let sent = span_tokens(self.context_tokens, sp);
            let ids = index
                .own_keys(t)
                .iter()
                .filter(|k| !k.negation)
                .filter_map(|k| Some((index.id_of(k)?, k)))
                .collect::<Vec<(u32, &Key<'_>)>>();
            (ids, sent)
        };
        let (best, _) = own(al.s);
        let words: Vec<u32> = best
            .iter()
            .filter(|(_, k)| k.kind == KeyKind::Word)
            .map(|&(id, _)| id)
            .collect();
        if words.len() < 2 || !best.iter().any(|&(id, _)| id == said) {
            return None;
        }
        for &name in &self.prompt_names {
            // The named section states the claim's value somewhere (a bare answer aligned to
            // another row that writes it): no swap.
            if states_value(name) {
                continue;
            }
            for &t in index.posting(name) {
                if !words.iter().all(|&w| index.has(t, w)) {
                    continue;
                }
                let (theirs, sent) = own(t);
                if theirs.iter().any(|&(id, _)| id == name) {
                    continue;
                }
                let rival = theirs
                    .iter()
                    .find(|(id, k)| k.kind == key.kind && !best.iter().any(|(b, _)| b == id));
                if let Some((_, k)) = rival {
                    return Some((versus(&written(key, view.toks), &written(k, sent)), Some(t)));
                }
            }
        }
        None
    }

    /// A number the best sentence states in another slot, and another number in the claim's
    /// slot (`slot_number_swap`: "It reopened in 2015" against "closed … in 2015 and reopened
    /// in 2019"), or in another quantity's (`quantity_number_swap`), or two counts swapped
    /// (`counted_noun_swap`).
    fn number_slot_swap(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.local_support < 0.6 {
            return None;
        }
        let sent = span_tokens(self.context_tokens, self.index.spans[al.s as usize]);
        let claim = (view.text, view.toks);
        let (said, stated) = slot_number_swap(claim, (self.context, sent))
            .or_else(|| quantity_number_swap(claim, (self.context, sent)))
            .or_else(|| counted_noun_swap(claim, (self.context, sent)))
            .or_else(|| {
                let sentences = self.source_sentences().map(|r| &self.context_tokens[r]);
                clause_quantity_swap(claim, (self.context, sent), sentences, self.lower_vocab)
            })?;
        Some((versus(said, stated), Some(al.s)))
    }

    /// A number taken from a parallel sentence: the claim states one number, which the best
    /// sentence holds while lacking a word of the claim, and the other aligned sentence holds
    /// every other word of the claim the sources hold and states one number, another one (and
    /// neither sentence states a year or a date).
    /// "Incoming domestic wire: $16" against "Incoming domestic wire: $15. … Incoming
    /// international wire: $16." (the values of a list or a table swapped between its rows:
    /// FactCC's number swap, Kryscinski et al. 2020, across two sentences that differ in one
    /// qualifier: the best sentence lacks exactly one of the claim's words and holds one of its
    /// own that neither the claim nor the other sentence holds). Each of the two
    /// sentences states one number only, so which number goes with which words is not in doubt.
    fn parallel_number_swap(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        let index = self.index;
        let (content, ids, in_prompt) = (&view.content, &view.ids, &view.in_prompt);
        // A sentence's numbers; None when it states a year or a date too.
        let numbers = |t: u32| {
            let (sent_ids, kinds) = index.sentence(t);
            if kinds
                .iter()
                .any(|k| matches!(k, KeyKind::Year | KeyKind::Month))
            {
                return None;
            }
            Some(
                sent_ids
                    .iter()
                    .zip(kinds)
                    .filter(|(_, k)| **k == KeyKind::Number)
                    .map(|(id, _)| *id)
                    .collect::<Vec<u32>>(),
            )
        };
        let mut claim_number = None;
        let mut words = Vec::new();
        for ((k, id), p) in content.iter().zip(ids).zip(in_prompt) {
            match (k.kind, id) {
                (KeyKind::Number, Some(id)) if claim_number.is_none() && !*p => {
                    claim_number = Some(*id);
                }
                (KeyKind::Number | KeyKind::Year | KeyKind::Month, _) => return None,
                (_, Some(id)) => words.push(*id),
                (_, None) => {}
            }
        }
        let number = claim_number?;
        if words.len() < 2 || numbers(al.s).as_deref() != Some(&[number][..]) {
            return None;
        }
        let &other = al.top_ids.iter().find(|&&t| t != al.s)?;
        let lacking = words.iter().filter(|&&w| !index.has(al.s, w)).count();
        if lacking != 1 || !words.iter().all(|&w| index.has(other, w)) {
            return None;
        }
        // The best sentence's own qualifier, a word neither the claim nor the other sentence
        // holds ("international"): without one, the word it lacks may qualify another clause of
        // the claim ("The first train leaves at 6:00, but later on weekends" against "The first
        // train leaves at 6:00. On weekends, … at 8:00.").
        let (best_ids, best_kinds) = index.sentence(al.s);
        let qualified = best_ids.iter().zip(best_kinds).any(|(&id, &k)| {
            k == KeyKind::Word && !view.known.contains(&id) && !index.has(other, id)
        });
        if !qualified {
            return None;
        }
        match numbers(other)?[..] {
            [stated] if stated != number => Some((
                versus(&index.norms[number as usize], &index.norms[stated as usize]),
                Some(other),
            )),
            _ => None,
        }
    }

    /// The unlabelled value given to a bracketed alternative's label
    /// (`bracketed_alternative_swap`: "Set your fan oven to 180°C" against "Heat the oven to
    /// 180°C (160°C fan, gas 4)"), against either aligned sentence, when the two hold most of
    /// the claim.
    fn bracketed_alternative(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.aligned_support < 0.5 {
            return None;
        }
        al.top_ids.iter().zip(&al.aligned).find_map(|(&t, sent)| {
            let sp = self.index.spans[t as usize];
            if !crate::text::has_byte(&self.context[sp.0..sp.1], b'(') {
                return None;
            }
            let (said, stated) =
                bracketed_alternative_swap((view.text, view.toks), (self.context, sent))?;
            Some((versus(said, stated), Some(t)))
        })
    }

    /// A bound's number changed (`bound_number_swap`: "up to ten days" against "Up to five
    /// unused days …"), against the best sentence, when the two aligned sentences hold most of
    /// the claim.
    fn bound(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.aligned_support < 0.5 {
            return None;
        }
        let sent = span_tokens(self.context_tokens, self.index.spans[al.s as usize]);
        let (said, stated) = bound_number_swap(
            (view.text, view.toks),
            (self.context, self.context_tokens, sent),
        )?;
        Some((versus(said, stated), Some(al.s)))
    }

    /// A count of the user's given another of the user's counts' qualifier
    /// (`given_count_swap`: "£3.20 for the 4 weekday hours" asked "10 hours on weekdays and 4
    /// at weekends"); no sentence of the sources states it, the prompt does.
    fn given_count(&self, view: &ClaimView<'_, 'a>) -> Swap {
        let (said, stated) = given_count_swap(&self.given_qualifiers, (view.text, view.toks))?;
        Some((versus(said, stated), None))
    }

    /// A year the claim dates an event by that an aligned sentence dates by another
    /// (`dated_event_swap`: "It opened in 1964" against "It opened to traffic in May 1937. …
    /// the longest span until 1964"). Gated on the two aligned sentences holding the claim.
    fn dated_event(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.aligned_support < 0.6 {
            return None;
        }
        let (said, stated, n) =
            dated_event_swap((view.text, view.toks), (self.context, &al.aligned))?;
        Some((versus(said, stated), al.top_ids.get(n).copied()))
    }

    /// A number or year the claim states of a name that an aligned sentence states of another
    /// (`name_value_swap`: "Peru, with about 60% of the forest." against "… Brazil, with 60% of
    /// the rainforest, followed by Peru with 13%"), with that sentence.
    fn name_value(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.local_support < 0.6 {
            return None;
        }
        let claimed = claimed_values((view.text, view.keys, view.toks))?;
        al.top_ids.iter().find_map(|&t| {
            let sp = self.index.spans[t as usize];
            let sent = span_tokens(self.context_tokens, sp);
            let sent_keys = self.index.own_keys(t);
            let (said, stated) = name_value_swap(&claimed, (self.context, sent_keys, sent))?;
            Some((versus(&said, &stated), Some(t)))
        })
    }

    /// A name in another name's "of" slot of an aligned sentence (`of_slot_name_swap`: "the
    /// daughter of Charles Babbage" against "the daughter of the poet Lord Byron"), or a life
    /// span's birth year given as the death year, or the reverse (`life_span_swap`: "She died
    /// in 1815" against "Ada Lovelace (1815–1852)").
    fn of_slot_or_life_span(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        let claim = (view.text, view.toks);
        let sources = (self.context, self.context_tokens);
        let (said, stated) = of_slot_name_swap(claim, sources, &self.source_slots, &al.aligned)
            .or_else(|| life_span_swap(claim, self.question_toks(), (self.context, &al.aligned)))?;
        Some((versus(said, stated), None))
    }

    /// The class a claim singles one out of, changed (`singled_out_class`: "the first person to
    /// win" against "the first woman to win").
    fn class_swap(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        let (said, stated) =
            singled_out_class((view.text, view.toks), (self.context, &al.aligned))?;
        Some((versus(said, stated), None))
    }

    /// A universal claim against an exception of the sentence that carries it
    /// (`universal_excepted`: "open every day" against "open daily, except on Mondays"), or
    /// against the restriction of its kind there (`universal_restricted`: "All employees
    /// receive …" against "Employees who have completed 12 months … are eligible for …"), or a
    /// rule stated of the case the request asks about, which the sentence excepts
    /// (`asked_case_excepted`: "Opened items are accepted", asked about earbuds, against "…,
    /// except in-ear products (earbuds …)").
    fn exception(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        let universal = (al.local_support >= 0.6)
            .then(|| {
                universal_excepted(view.toks, al.aligned[0])
                    .or_else(|| universal_restricted(view.toks, al.aligned[0]))
            })
            .flatten();
        if let Some((said, stated)) = universal {
            return Some((versus(said, stated), None));
        }
        // Any sentence of the sources that states an exception (the first 8, found by the
        // index), gated on the rule's words the claim restates: the rest of a claim may align
        // it with other sentences ("… within the 30-day window, … within 5–7 business days").
        if self.prompt_keys.is_empty() {
            return None;
        }
        let asked = |w: &str| self.prompt_keys.contains(w);
        let excepting = self.excepting.get_or_init(|| {
            let mut ids: Vec<u32> = EXCEPTIONS
                .iter()
                .filter_map(|w| {
                    self.index
                        .vocab
                        .get(normal_form(Cow::Borrowed(*w)).as_ref())
                })
                .flat_map(|&id| self.index.posting(id).iter().copied())
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        });
        let (word, excepted) = excepting.iter().take(8).find_map(|&t| {
            let sent = span_tokens(self.context_tokens, self.index.spans[t as usize]);
            asked_case_excepted(view.toks, (self.context, sent), asked)
        })?;
        Some((
            versus("without an exception", &format!("{word} {excepted}")),
            None,
        ))
    }

    /// A rank of a superlative changed (`rank_swap`: "Jupiter." for "What is the
    /// second-largest planet?" against "Jupiter is the largest planet").
    fn rank(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        let (said, stated) = rank_swap(
            (view.text, view.toks),
            (self.question, self.question_toks()),
            (self.context, &al.aligned),
        )?;
        Some((versus(&said, &stated), None))
    }

    /// A verb's agent swapped for the one the sources name (`agent_swap`: "Wilbur Wright
    /// piloted it" against "Orville piloted the first flight"; a participle's, read through its
    /// clause's subject, `participle_frame`), with the sentence that names it.
    fn agent(&self, view: &ClaimView<'_, 'a>, _al: &Alignment<'_, 'a>) -> Swap {
        let (index, context, context_tokens) = (self.index, self.context, self.context_tokens);
        let (claim_text, claim_toks, ks) = (view.text, view.toks, view.keys);
        for (k, id) in view.content.iter().zip(&view.ids) {
            let (Some(id), KeyKind::Word) = (*id, k.kind) else {
                continue;
            };
            let at = k.at as usize;
            let frame = if claim_toks.get(at).is_some_and(|t| past_verb(t.raw)) {
                verb_frame(claim_text, claim_toks, ks, at)
            } else {
                participle_frame(claim_text, claim_toks, ks, at)
            };
            let Some(frame) = frame else {
                continue;
            };
            // The sentences holding any form of the verb ("written" for "wrote"), in order.
            let mut holding = index.posting(id).to_vec();
            for form in other_past_forms(claim_toks[at].raw) {
                if let Some(&other) = index.vocab.get(form) {
                    holding.extend_from_slice(index.posting(other));
                }
            }
            holding.sort_unstable();
            holding.dedup();
            // Keyed one by one: the first frame with an unnamed agent ends the search.
            let sentences = holding.iter().map(|&t| {
                let sp = index.spans[t as usize];
                let toks = span_tokens(context_tokens, sp);
                (toks, index.own_keys(t))
            });
            let swapped = agent_swap(
                (claim_toks, at, frame),
                self.question_toks(),
                (context, context_tokens),
                sentences,
            );
            if let Some((said, stated, n)) = swapped {
                return Some((versus(&said, &stated), Some(holding[n])));
            }
        }
        None
    }

    /// A common noun of a place slot ("in the mitochondria") that the sources state elsewhere,
    /// swapped for the one the best sentence puts there (`place_noun_swap`), when that sentence
    /// states the rest of the claim (every other content key of the claim the sources hold, at
    /// least two of them) and the question asks "where": the slot is then the answer. Without
    /// such a question a place slot is as often reworded ("in a jail" for "in a cell", "on
    /// treats" for "on rewarding themselves": 7 correct summaries and 1 hallucinated one of the
    /// dev rows were contradicted so).
    ///
    /// So too the scope a claim opens with, or a calendar scope anywhere in it (`scope_swap`:
    /// "On Sundays the last bus leaves … at 23:40" against "On weekdays the last bus leaves …
    /// at 23:40"; "The library opens at 9 am on Saturdays" against "… at 9 am on weekdays"),
    /// asked "where" or not.
    fn place_or_scope(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        // The sourced keys the best sentence itself states or lacks (a key of the question
        // counts as lacking: "On Sundays …" asked about Sundays is still said of them).
        let in_best = |i: usize| view.ids[i].map(|id| self.index.has(al.s, id));
        let missing: Vec<usize> = (0..view.content.len())
            .filter(|&i| in_best(i) == Some(false))
            .collect();
        let held = (0..view.content.len())
            .filter(|&i| in_best(i) == Some(true))
            .count();
        let (&[i], true) = (&missing[..], held >= 2) else {
            return None;
        };
        if !matches!(view.content[i].kind, KeyKind::Word | KeyKind::Month) {
            return None;
        }
        let (claim, at) = ((view.text, view.toks), view.content[i].at as usize);
        let asks_where = || {
            self.question_toks()
                .iter()
                .any(|t| t.raw.eq_ignore_ascii_case("where"))
        };
        let (said, stated) =
            scope_swap(claim, at, (self.context, al.aligned[0])).or_else(|| {
                let place = view.content[i].kind == KeyKind::Word && asks_where();
                place
                    .then(|| {
                        place_noun_swap(
                            claim,
                            at,
                            (self.context, self.context_tokens, al.aligned[0]),
                        )
                    })
                    .flatten()
            })?;
        Some((versus(said, stated), Some(al.s)))
    }

    /// A personal pronoun of the other gender than the sources use (`gender_swap`: "he joined
    /// the company" against "She had joined the company"), for a claim the two aligned
    /// sentences otherwise state; cites the sentence with the sources' pronoun.
    fn pronoun(&self, view: &ClaimView<'_, 'a>, al: &Alignment<'_, 'a>) -> Swap {
        if al.aligned_support < 0.6 {
            return None;
        }
        let sources = *self
            .source_pronouns
            .get_or_init(|| first_pronouns(self.context_tokens));
        let (said, stated) = gender_swap(view.toks, sources)?;
        let at = sources.into_iter().flatten().next()?.start;
        let t = self
            .index
            .spans
            .iter()
            .position(|&(a, b)| a <= at && at < b);
        Some((versus(&said, &stated), t.map(|t| t as u32)))
    }

    /// The ids the sources give the keys of the question's sentences (names, numbers and
    /// words; each as often as the question writes it).
    fn question_ids(&self) -> &[u32] {
        self.question_ids.get_or_init(|| {
            let (question, lower_vocab) = (self.question, self.lower_vocab);
            sentence_spans(question)
                .into_iter()
                .flat_map(|sp| keys(question, sp, lower_vocab))
                .filter_map(|k| self.index.vocab.get(&k.norm).copied())
                .collect()
        })
    }

    /// A bare answer to a wh-question (the first claim, whose content keys outside the prompt
    /// are all names, numbers or dates the sources state, one of a kind the question asks for
    /// when it says, [`Request::asked_kinds`]) that the sources state only off the question, against the
    /// entity of its kind the question's best sentence states ([`off_question_rival`]): the
    /// conflict and that sentence.
    fn off_question(&self, view: &ClaimView<'_, 'a>) -> Option<(String, u32)> {
        if view.polar || !self.asks_wh {
            return None;
        }
        let mut answer = Vec::new();
        let mut said = None;
        for ((k, id), p) in view.content.iter().zip(&view.ids).zip(&view.in_prompt) {
            if *p {
                continue;
            }
            if !ENTITY_KINDS.contains(&k.kind) {
                return None;
            }
            answer.push(((*id)?, k.kind));
            said = said.or(Some(k.norm.as_ref()));
        }
        if let Some(kinds) = self.asked_kinds {
            if !answer.iter().any(|(_, k)| kinds.contains(k)) {
                return None;
            }
        }
        let request = (self.context, self.context_tokens);
        let q_ids = self.question_ids();
        let (rival, t) = off_question_rival(self.index, request, q_ids, (&answer, &view.known))?;
        Some((versus(said?, &self.index.norms[rival as usize]), t))
    }

    /// The conflict of a first claim that answers an alternative question in time ("Who was
    /// born first, A or B?") with the option the sources date the other way
    /// ([`alternative_pick_conflict`]), or one of property ("Which band describes themselves
    /// as a \"minimalist rock trio\", A or B?") with the option whose passage does not state
    /// it ([`alternative_property_conflict`]), and the sentence that answers for the other
    /// option.
    fn alternative_pick(&self, view: &ClaimView<'_, 'a>) -> Option<(String, u32)> {
        if view.polar {
            return None;
        }
        let question = (self.question, self.question_toks());
        let source = (self.context, self.context_tokens);
        alternative_pick_conflict(question, view.toks, source, self.index)
            .or_else(|| alternative_property_conflict(question, view.toks, source, self.index))
    }

    /// The answer-level features read from the claims' new tokens (`tally`) and the question:
    /// `answer_question_alignment`, `answer_question_proximity` and `answer_type_match` of `f`,
    /// for the answer `text`. `scores` is reused for the question's sentence weights.
    pub(super) fn answer_features(
        &self,
        text: &str,
        tally: &Tally,
        scores: &mut FastMap<u32, f64>,
        f: &mut GroundingFeatures,
    ) {
        let (index, context, context_tokens, question) =
            (self.index, self.context, self.context_tokens, self.question);
        let (new_total, new_keys, new_missing_kinds, answer_ids) = (
            tally.new_total,
            &tally.new_keys,
            &tally.new_missing_kinds,
            &tally.answer_ids,
        );
        let asked_kinds = self.asked_kinds;
        // Question alignment: the sentences that best match the question should hold the answer.
        // Without a prompt, a question asked inside the context ("…? ") is the question.
        let q_ids = self.question_ids();
        if !q_ids.is_empty() && new_total > 0 {
            // Each new token scores the question alignment of the best-matching sentence that holds
            // it, relative to the best-matching sentence overall (0 when the passage lacks it).
            let firsts = index.best(q_ids, 3, scores);
            bridge_hops(index, q_ids, &firsts, scores);
            let top = scores.values().copied().fold(0.0, f64::max);
            if top > 0.0 {
                // (Summed by `fold`, not `sum`, whose empty sum is −0.0, printed as such in the
                // features.)
                let mut sum = 0.0;
                // Within the best sentence, the answer's names, numbers and dates should stand
                // nearer the question's words than the sentence's other ones of their kind: the
                // best of them (the one that answers; the others may add detail, "… while working
                // at St Mary's Hospital in London").
                let mut nearest = None;
                let mut keyed: Vec<KeyedSentence<'_, '_>> = Vec::new();
                for &(id, kind) in new_keys {
                    // The best-matching sentence holding the token (the first of equals).
                    let score = |s: &u32| scores.get(s).copied().unwrap_or(0.0);
                    let best = index
                        .posting(id)
                        .iter()
                        .copied()
                        .max_by(|a, b| score(a).total_cmp(&score(b)).then(b.cmp(a)));
                    let w = best.map_or(0.0, |s| score(&s).max(0.0));
                    sum += w / top;
                    let Some(s) = best.filter(|_| w > 0.0 && ENTITY_KINDS.contains(&kind)) else {
                        continue;
                    };
                    // Each sentence is keyed once, however many of the answer's tokens it holds.
                    let at = match keyed.iter().position(|(t, ..)| *t == s) {
                        Some(at) => at,
                        None => {
                            let sp = index.spans[s as usize];
                            let toks = span_tokens(context_tokens, sp);
                            let ks = index.own_keys(s);
                            let segments = clause_segments(context, toks);
                            keyed.push((s, ks, life_span(context, toks), segments));
                            keyed.len() - 1
                        }
                    };
                    let (_, ks, span, segments) = &keyed[at];
                    let judged = question_proximity(
                        index,
                        ks,
                        (*span, segments),
                        (q_ids, answer_ids),
                        (id, kind),
                    );
                    if let Some(p) = judged {
                        nearest = Some(nearest.map_or(p, |n: f64| n.max(p)));
                    }
                }
                f.answer_question_alignment = sum / new_total as f64;
                if let Some(p) = nearest {
                    f.answer_question_proximity = p;
                }
                // A table's cell is read by its row and its column's header, not by its
                // distance from the question's words in the row (`states_asked_cell`).
                if f.answer_question_proximity < 1.0
                    && states_asked_cell(&self.layout, question, text)
                {
                    f.answer_question_proximity = 1.0;
                }
            }
        }
        if let Some(kinds) = asked_kinds {
            let any_new = new_total > 0;
            let typed = new_keys
                .iter()
                .map(|k| k.1)
                .chain(new_missing_kinds.iter().copied())
                .any(|k| kinds.contains(&k));
            f.answer_type_match = if !any_new {
                0.5
            } else if typed {
                1.0
            } else {
                0.0
            };
        }
    }
}

impl<'v, 'a> ClaimView<'v, 'a> {
    /// Reads the claim `claim_text` (its tokens `claim_toks` and keys `ks`; `flip`: a "No"
    /// reply, `polar_claim`: the question's proposition) against the request: the ids the
    /// sources give its content keys, what the prompt gives, its support and its subject.
    /// `None` for a claim without content keys. Adds its new tokens to `tally`.
    fn read(
        req: &Request<'_, 'a>,
        (claim_text, claim_toks): (&'a str, &'v [Token<'a>]),
        ks: &'v [Key<'a>],
        (flip, polar_claim): (bool, bool),
        tally: &mut Tally,
    ) -> Option<Self> {
        let (index, context, context_tokens, prompt_keys) =
            (req.index, req.context, req.context_tokens, &req.prompt_keys);
        let negated = ks.iter().any(|k| k.negation) != flip;
        let content: Vec<&Key> = ks.iter().filter(|k| !k.negation).collect();
        let mut seen = FastSet::default();
        let content: Vec<&Key> = content
            .into_iter()
            .filter(|k| seen.insert(k.norm.as_ref()))
            .collect();
        if content.is_empty() {
            return None;
        }
        let mut ids = index.claim_ids(&content);
        index.one_by_article(&content, claim_toks, (context, context_tokens), &mut ids);
        let known: Vec<u32> = ids.iter().flatten().copied().collect();
        tally.answer_ids.extend(&known);
        // A number the claim derives from a year it states and a year of the sources ("She
        // joined in 2015, four years before becoming CFO" against "… in 2015. … CFO in 2019")
        // is given as a prompt's token is: `year_gaps` pairs the years of one source sentence,
        // this the claim's own years with the sources'. So is a percentage it derives from two
        // numbers it states that the sources hold ("84 of the 120 members, or 70 percent",
        // `ratio_percent`), a total of two or three of them ("€20: €12 for the adult and €8
        // for the senior", `sum_of_stated`), and a product or a quotient the answer shows over
        // its sentences ("7.5 ml … 4 doses … 30 ml a day", `shown_products`) or writes out
        // ("5 days × 250 km = 1,250 km", `stated_equations`).
        let claim_years: Vec<u32> = content
            .iter()
            .zip(&ids)
            .filter(|(k, id)| k.kind == KeyKind::Year && id.is_some())
            .filter_map(|(k, _)| k.norm.parse().ok())
            .collect();
        // A number the sources or the user hold (the operands of a ratio or a total the claim
        // computes: "the 2.75% fee … on £170 comes to about £4.68" for "roughly £170").
        let held = |v: f64| req.holds_number(v);
        // A word that names a total ("£12.80 in total", "Altogether that's £51.50") within
        // four tokens of a number the answer's shown arithmetic derives names that arithmetic,
        // not something the sources must state ("avoid the charge altogether" names none).
        let derived: Vec<usize> = content
            .iter()
            .filter(|k| {
                k.kind == KeyKind::Number
                    && req
                        .shown_arithmetic
                        .contains(&claim_toks[k.at as usize].start)
            })
            .map(|k| k.at as usize)
            .collect();
        let names_total = |at: usize| {
            TOTAL_WORDS
                .iter()
                .any(|w| claim_toks[at].raw.eq_ignore_ascii_case(w))
                && derived.iter().any(|&d| d.abs_diff(at) <= 4)
        };
        let in_prompt: Vec<bool> = content
            .iter()
            .zip(&ids)
            .map(|(k, id)| {
                prompt_keys.contains(&k.norm)
                    || (id.is_none() && k.kind == KeyKind::Word && names_total(k.at as usize))
                    || (id.is_none()
                        && k.kind == KeyKind::Number
                        && !claim_years.is_empty()
                        && k.norm.parse::<u32>().is_ok_and(|d| {
                            d > 0
                                && index
                                    .years()
                                    .iter()
                                    .any(|&y| claim_years.iter().any(|&c| c.abs_diff(y) == d))
                        }))
                    || (id.is_none()
                        && k.kind == KeyKind::Number
                        && !polar_claim
                        && req
                            .shown_arithmetic
                            .contains(&claim_toks[k.at as usize].start))
                    || (id.is_none()
                        && k.kind == KeyKind::Number
                        && (ratio_percent(claim_text, claim_toks, k.at as usize, held)
                            || sum_of_stated(claim_text, claim_toks, k.at as usize, held)
                            || percent_of_stated(claim_text, claim_toks, k.at as usize, held)
                            || difference_from_given(
                                claim_text,
                                claim_toks,
                                k.at as usize,
                                held,
                                req.prompt_numbers(),
                            )))
            })
            .collect();
        // The keys of a yes/no question's proposition that the sources do not state
        // (`Request::asked_proposition`): the question gives them to the alignment, as any
        // word of the prompt, but not to the claim's support, which is the share of its
        // proposition the sources state. Not for a bare "Yes."/"No." that the answer gives
        // reasons for after it: it is judged by its polarity, its support by its reasons'
        // sentences.
        let unstated: Vec<bool> = content
            .iter()
            .zip(&ids)
            .map(|(k, id)| {
                id.is_none()
                    && req.asked_proposition.contains(&k.norm)
                    && !states_frequency(index, &k.norm)
            })
            .collect();
        // (What a denial is neutral on is a thing the question names, not a verb the sources
        // may restate by another: a name, or a word of a noun phrase a determiner opens, "a
        // spa", "any pets"; "Do I need to file Schedule B?" against "Use Schedule B if …" is
        // judged by polarity.)
        let thing = |k: &Key<'_>| {
            let at = k.at as usize;
            k.kind == KeyKind::Name
                || (at.saturating_sub(2)..at).any(|j| {
                    ["a", "an", "any", "some", "the"]
                        .iter()
                        .any(|d| claim_toks[j].raw.eq_ignore_ascii_case(d))
                })
        };
        let asks_unstated = content.iter().zip(&unstated).any(|(k, u)| *u && thing(k));
        let reasons_follow = polar_claim && !req.single_claim;
        // An abstention ("The information does not mention a spa.") to a yes/no question
        // whose thing no sentence of the sources states is what they support: their silence
        // is told here by the thing's absence, not guessed from word overlap (SQuAD 2.0's
        // unanswerable questions, Rajpurkar, Jia and Liang 2018). Every key of it is given.
        let silent = asks_unstated && !polar_claim && abstains_alone(claim_toks);
        let given = |j: usize| silent || (in_prompt[j] && (reasons_follow || !unstated[j]));
        let found = (0..ids.len())
            .filter(|&j| ids[j].is_some() || given(j))
            .count();
        let support = found as f64 / content.len() as f64;
        for (j, (k, id)) in content.iter().zip(&ids).enumerate() {
            if !given(j) {
                tally.new_total += 1;
                if let Some(id) = id {
                    tally.new_found += 1;
                    tally.new_keys.push((*id, k.kind));
                } else {
                    tally.new_missing_kinds.push(k.kind);
                }
            }
        }
        // The name the claim opens with, its subject, is held by a sentence whose subject
        // refers to an entity named before it (`SourceIndex::continues_subject`): "The
        // company was founded in 1987 by …" states "Northwind Traders was founded in 1987
        // by …" when an earlier sentence names Northwind Traders; "He posts …" anchors
        // "Roman Atwood posts …" after "Roman Atwood is …".
        let subject_run = ks
            .iter()
            .find(|k| !k.negation)
            .filter(|k| {
                k.kind == KeyKind::Name
                    && (k.at == 0 || (k.at == 1 && claim_toks[0].raw.eq_ignore_ascii_case("the")))
            })
            .map_or(NO_RUN, |k| k.run);
        // The ids of the claim's subject names that the sources state.
        let subject_ids: Vec<u32> = content
            .iter()
            .zip(&ids)
            .filter(|(k, _)| {
                subject_run != NO_RUN && k.kind == KeyKind::Name && k.run == subject_run
            })
            .filter_map(|(_, id)| *id)
            .collect();
        Some(ClaimView {
            text: claim_text,
            toks: claim_toks,
            keys: ks,
            content,
            ids,
            in_prompt,
            asks_unstated,
            known,
            support,
            subject_run,
            subject_ids,
            polar: polar_claim,
            flip,
            negated,
            clauses: OnceCell::new(),
            numbers: OnceCell::new(),
            dates: OnceCell::new(),
        })
    }

    /// The claim's clauses ([`clause_ranges`]), found on first use.
    fn clauses(&self) -> &[Range<usize>] {
        self.clauses
            .get_or_init(|| clause_ranges(self.text, self.toks))
    }

    /// The claim's numbers ([`number_at`]), found on first use.
    fn numbers(&self) -> &[Cow<'a, str>] {
        self.numbers.get_or_init(|| {
            (0..self.toks.len())
                .filter_map(|i| number_at(self.toks, i))
                .collect()
        })
    }

    /// The claim's calendar dates ([`calendar_dates`]), found on first use.
    fn dates(&self) -> &[CalendarDate] {
        self.dates
            .get_or_init(|| calendar_dates(self.text, self.toks))
    }

    /// The ids the sources give the keys of a clause of the claim (a range of its tokens).
    fn clause_ids_of(&self, r: &Range<usize>) -> Vec<u32> {
        self.content
            .iter()
            .zip(&self.ids)
            .filter(|(k, _)| r.contains(&(k.at as usize)))
            .filter_map(|(_, id)| *id)
            .collect()
    }

    /// The share in [0,1] of the claim's key tokens that the prompt or one of `sentences`
    /// holds.
    fn share_in(&self, index: &SourceIndex<'_>, sentences: &[u32]) -> f64 {
        let held = self
            .ids
            .iter()
            .zip(&self.in_prompt)
            .filter(|(id, p)| {
                **p || id.is_some_and(|id| sentences.iter().any(|&t| index.has(t, id)))
            })
            .count();
        held as f64 / self.content.len() as f64
    }
}

/// Whether the claim's number `i` (a key of `view.content`) stands in round brackets with a
/// name of the claim, and a sentence of the sources (`index`) holds both: the bracket is an
/// aside about another subject ("Mateo Ruiz was top scorer with 21 goals (Leon Abara had 19,
/// though he led the league scoring with 17)"), told by its own sentence ("Leon Abara was the
/// club's top league scorer with 17 goals"), not by the one the claim aligns to (Potts 2005,
/// "The Logic of Conventional Implicatures", as [`attested_aside`]).
fn attested_aside_number(index: &SourceIndex<'_>, view: &ClaimView<'_, '_>, i: usize) -> bool {
    let (Some(number), toks) = (view.ids[i], view.toks) else {
        return false;
    };
    let Some(tok) = toks.get(view.content[i].at as usize) else {
        return false;
    };
    let Some(aside) = parenthesised_spans(view.text)
        .into_iter()
        .find(|r| r.contains(&tok.start))
    else {
        return false;
    };
    view.content
        .iter()
        .zip(&view.ids)
        .filter(|(k, _)| {
            k.kind == KeyKind::Name
                && toks
                    .get(k.at as usize)
                    .is_some_and(|t| aside.contains(&t.start))
        })
        .filter_map(|(_, id)| *id)
        .any(|name| index.posting(name).iter().any(|&t| index.has(t, number)))
}

/// Whether the claim's name `i` (a key of `view.content`) is an attested apposition: it stands
/// in round brackets right after another key of the claim ("CS 301 (Algorithms)", "MATH 240
/// (Linear Algebra)"), a number or a name, and a sentence of the sources (`index`, tokens
/// `context_tokens`) writes the name right after it ("CS 301 Algorithms — Prerequisites: …").
/// The bracket names the key before it a second way, an aside apart from what the clause
/// asserts (Potts 2005, "The Logic of Conventional Implicatures"): the sentence the claim
/// aligns to need not hold it, as it need not hold the title of every course it lists.
fn attested_aside(
    index: &SourceIndex<'_>,
    context_tokens: &[Token<'_>],
    view: &ClaimView<'_, '_>,
    i: usize,
) -> bool {
    let (Some(id), toks) = (view.ids[i], view.toks) else {
        return false;
    };
    let at = view.content[i].at as usize;
    let Some(tok) = toks.get(at) else {
        return false;
    };
    // The bracket that holds the name, as an offset of the claim's text.
    let Some(open) = parenthesised_spans(view.text)
        .into_iter()
        .find(|r| r.contains(&tok.start))
        .map(|r| r.start - 1)
    else {
        return false;
    };
    // The token right before the bracket, and the claim's key there.
    let Some(before) = toks[..at]
        .iter()
        .rposition(|t| t.start + t.raw.len() <= open)
    else {
        return false;
    };
    // The sentence writes the name right after the key, as a title after its code ("CS 301
    // Algorithms", "CS 301 (Algorithms)"): one sentence that merely holds both ("Core
    // courses: CS 301 Algorithms, CS 310 Operating Systems") gives "CS 301 (Operating
    // Systems)" no support.
    let (mate_raw, name_raw) = (toks[before].raw, tok.raw);
    let follows = |sent: &[Token<'_>]| {
        (0..sent.len()).any(|k| {
            sent[k].raw.eq_ignore_ascii_case(mate_raw)
                && sent
                    .get(k + 1)
                    .is_some_and(|n| n.raw.eq_ignore_ascii_case(name_raw))
        })
    };
    view.content
        .iter()
        .zip(&view.ids)
        .filter(|(k, _)| {
            k.at as usize == before && matches!(k.kind, KeyKind::Number | KeyKind::Name)
        })
        .filter_map(|(_, id)| *id)
        .any(|mate| {
            index.posting(mate).iter().any(|&t| {
                index.has(t, id) && follows(span_tokens(context_tokens, index.spans[t as usize]))
            })
        })
}

/// The byte ranges of `text` inside round brackets, each without its brackets (a bracket
/// opened and closed on one level; an unclosed one encloses nothing).
pub(super) fn parenthesised_spans(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match c {
            '(' => open = Some(i + 1),
            ')' => {
                if let Some(o) = open.take() {
                    out.push(o..i);
                }
            }
            _ => {}
        }
    }
    out
}

/// The most tokens after a claim's count within which "with you" joins the user to it
/// ([`Request::drop_same_entities`]: in "four or more colleagues to register with you" the
/// pair ends six tokens after "four").
const WITH_USER_GAP: usize = 10;

/// Word pairs that join the user to a group counted before them ("… colleagues to register
/// with you", "besides yourself"; [`Request::drop_same_entities`]), lower case.
const WITH_USER_PHRASES: &[(&str, &str)] = &[
    ("with", "you"),
    ("with", "yourself"),
    ("besides", "you"),
    ("besides", "yourself"),
    ("plus", "you"),
    ("plus", "yourself"),
];

/// Words that count people, after a number of the sources ("5 or more people"): a group the
/// user may be one of (a count "with you" one less names it), lower case.
const PEOPLE_WORDS: &[&str] = &[
    "people",
    "persons",
    "guests",
    "members",
    "adults",
    "participants",
    "attendees",
    "travellers",
    "travelers",
    "passengers",
    "employees",
    "colleagues",
    "delegates",
    "players",
];

/// Whether the date `d` of a claim (`text`, its dates `dates`) lies strictly inside a range of
/// two of its other dates written one after the other and joined by a dash or "to", "until",
/// "through" or "till" ("12 November falls in the winter season (1 November – 31 March)"),
/// both ends stated by the sources (`by_sources`); a range may run over the year's end, as
/// that one does. Years are not compared ([`Request::recombined_date`]).
fn inside_own_range(
    text: &str,
    dates: &[CalendarDate],
    d: &CalendarDate,
    by_sources: impl Fn(&CalendarDate) -> bool,
) -> bool {
    let ordinal =
        |c: &CalendarDate| crate::text::month_index(c.month).map(|m| m * 32 + usize::from(c.day));
    let Some(x) = ordinal(d) else {
        return false;
    };
    dates.windows(2).any(|w| {
        let (a, b) = (&w[0], &w[1]);
        let joined = text
            .get(a.span.1..b.span.0)
            .map(str::trim)
            .is_some_and(|g| {
                ["-", "–", "—", "to", "until", "through", "till"]
                    .iter()
                    .any(|j| g.eq_ignore_ascii_case(j))
            });
        let (Some(lo), Some(hi)) = (ordinal(a), ordinal(b)) else {
            return false;
        };
        let inside = if lo <= hi {
            lo < x && x < hi
        } else {
            x > lo || x < hi
        };
        joined && d.span != a.span && d.span != b.span && inside && by_sources(a) && by_sources(b)
    })
}

/// Time nouns with their adverbs of frequency in "-ly", each stating "every" one of them
/// ("daily" is "every day"; [`states_frequency`]).
const FREQUENCY_ADVERBS: &[(&str, &str)] = &[
    ("day", "daily"),
    ("week", "weekly"),
    ("month", "monthly"),
    ("year", "yearly"),
    ("hour", "hourly"),
    ("night", "nightly"),
    ("quarter", "quarterly"),
    ("fortnight", "fortnightly"),
];

/// Whether the sources state the time noun `norm` by its adverb of frequency ("open daily"
/// states the "day" of "open every day"; "billed monthly" the "month" of "every month"):
/// derivational morphology the light normal form leaves apart (Quirk et al. 1985, *A
/// Comprehensive Grammar of the English Language*, §7.51, adverbs of frequency).
fn states_frequency(index: &SourceIndex<'_>, norm: &str) -> bool {
    FREQUENCY_ADVERBS
        .iter()
        .find(|(noun, _)| *noun == norm)
        .is_some_and(|(_, adverb)| index.vocab.contains_key(*adverb))
}
