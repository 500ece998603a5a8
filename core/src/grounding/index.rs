//! The sources indexed once: an inverted index of their key tokens over their sentences
//! ([`SourceIndex`]).

use super::*;

/// The context indexed for alignment: its sentences' key tokens as ids, an inverted index and
/// idf weights.
pub(super) struct SourceIndex<'a> {
    pub(super) spans: Vec<(usize, usize)>,
    /// Key-token ids of every sentence, one after the other: sentence `s` holds
    /// `sent_ids[sent_at[s]..sent_at[s + 1]]`, sorted and deduplicated (one allocation for all
    /// sentences, not one per sentence: a 100 000-character source has about a thousand).
    pub(super) sent_ids: Vec<u32>,
    /// Kind of each key token, parallel to `sent_ids`.
    pub(super) sent_kinds: Vec<KeyKind>,
    /// [`Key::run`] of each key token in its sentence, parallel to `sent_ids` (a name stated
    /// twice in a sentence keeps its first).
    pub(super) sent_runs: Vec<u32>,
    /// The first name id of each inflection stem that differs from its name ("alli" for
    /// "allied"), and the id of each capitalised word the sources key as an ordinary word for
    /// opening a sentence or clause ("librari" for "Floor 2: Library"), for
    /// [`SourceIndex::id_of`].
    pub(super) name_stems: FastMap<String, u32>,
    /// The id of each amount of money, pence or percentage the sources write with two decimal
    /// places, the second a zero ("£53.20", "53.20p", "2.50%"), keyed by its one-place form
    /// ("53.2"): the same amount, as a text may write it ([`SourceIndex::id_of`]). Only such
    /// amounts: "Version 1.10" is no "Version 1.1", nor "2.50 metres" "2.5 kg".
    pub(super) tenths: FastMap<String, u32>,
    /// Where each sentence's ids start in `sent_ids`; one more entry than sentences.
    pub(super) sent_at: Vec<usize>,
    /// Whether each sentence holds a negation.
    pub(super) sent_neg: Vec<bool>,
    /// Whether each sentence holds a negation other than a "without" before a gerund, which
    /// denies only its own clause ([`without_gerund`]), or a negative implicative, which denies
    /// only the verb after it ("…was completed in 2001, but the label refused to release it";
    /// [`NEGATIVE_IMPLICATIVES`]): the sentence's polarity as a whole.
    pub(super) sent_neg_main: Vec<bool>,
    /// Whether each sentence is a question the next sentence answers "No" ([`answered_no`]):
    /// it states its denial, so it counts as negated in `sent_neg` and `sent_neg_main` too.
    pub(super) sent_answered_no: Vec<bool>,
    /// Whether each sentence refers back to another by a pronoun (it, he, she, they, its, …).
    pub(super) sent_refers_back: Vec<bool>,
    /// For each key-token id, how the sources state it: [`STATED_AFFIRMED`] when some
    /// occurrence is outside a "no" phrase, [`STATED_DENIED`] when some is inside one
    /// ([`denied_by_no`]).
    pub(super) stated: Vec<u8>,
    /// Whether each sentence opens with such a pronoun ("Its elevation …", "He was born …"):
    /// its subject is the previous sentence's.
    pub(super) sent_opens_back: Vec<bool>,
    /// Whether each sentence's subject refers to an entity named before it: it opens with a
    /// pronoun of [`BACK_REFERENCES`], with one right after a fronted adverbial that names
    /// nothing ("At seventeen, he joined …"), or with a definite description
    /// ([`opens_with_description`]).
    pub(super) sent_subject_elsewhere: Vec<bool>,
    /// The [`Key::run`] of each sentence's subject when it is a name: the run of the first name
    /// among its first two key tokens ("The Normans were …", "Mount Everest, on …": a
    /// sentence-initial "Mount" reads as a word), else [`NO_RUN`] ("In 1884 he emigrated …").
    pub(super) sent_subject: Vec<u32>,
    pub(super) vocab: FastMap<Cow<'a, str>, u32>,
    pub(super) norms: Vec<Cow<'a, str>>,
    /// Value and id of every number and date key token, in id order.
    pub(super) numbers: Vec<(f64, u32)>,
    /// Every number read with its unit (`Key::qty`), its id and its sentence, in order of the
    /// text.
    pub(super) quantities: Vec<(Quantity, u32, u32)>,
    /// Sentences holding each key-token id, in increasing order: id `i` occurs in
    /// `postings[post_at[i]..post_at[i + 1]]` (compressed sparse rows: one allocation, not one
    /// per distinct word).
    pub(super) postings: Vec<u32>,
    /// Where each id's sentences start in `postings`; one more entry than ids.
    pub(super) post_at: Vec<usize>,
    pub(super) idf: Vec<f64>,
    /// [`year_gaps`], [`number_gaps`], [`percent_shares`], [`date_gaps`] and
    /// [`counted_years`] of every sentence, one after the other (`Grounding::source_gaps`).
    pub(super) gaps: Vec<u32>,
    /// The numbers [`computed_numbers`] yields, when the question asks for a computation, and
    /// [`scaled_numbers`], when the request scales the sources (`Grounding::source_computed`);
    /// empty otherwise.
    pub(super) computed: Vec<f64>,
    /// The years of the sources ([`SourceIndex::years`]), sorted, found on first use.
    pub(super) years: std::cell::OnceCell<Vec<u32>>,
    /// The ids of the names of the sources (a key of [`KeyKind::Name`] where the sources first
    /// state it), sorted by normal form, found on first use ([`SourceIndex::clipped_name`]).
    pub(super) names_by_norm: std::cell::OnceCell<Vec<u32>>,
    /// The key tokens of every sentence as [`sentence_keys`] reads them from its own words
    /// (without anything the index appends after them: hyphenated parts, joined names,
    /// initialisms, months of numeric dates and lone days, clause labels, gaps, headings' keys,
    /// scaled and computed numbers), one after the other: sentence `s` holds
    /// `own_keys[own_at[s]..own_at[s + 1]]`.
    /// Read once here for every rule that looks at an aligned sentence's keys
    /// ([`SourceIndex::own_keys`]), instead of keying the sentence again per claim.
    own_keys: Vec<Key<'a>>,
    /// Where each sentence's keys start in `own_keys`; one more entry than sentences.
    own_at: Vec<usize>,
}

impl<'a> SourceIndex<'a> {
    /// Indexes the sentences of `context` (its [`tokens`] `context_tokens`). A sentence whose
    /// capitalised names spell one of `initialisms` (lower-cased letters, sorted; see
    /// [`spelled_initialisms`])
    /// also holds that initialism as a name key, so "U.S" in an answer finds "United States"; a
    /// hyphenated name also holds its parts as name keys.
    ///
    /// `computed`: the question asks for a number computed from the sources
    /// ([`asks_computation`]); each sentence then also holds the results of
    /// [`computed_numbers`] for its numbers (`SourceIndex::computed`). `scale`: the factor
    /// the request scales the sources by and the sources' count, if stated ([`scale_factor`]); each
    /// sentence then also holds its scalable numbers times it ([`scalable_numbers`],
    /// [`scaled_numbers`]), and so does `SourceIndex::computed`.
    pub(super) fn build(
        context: &'a str,
        context_tokens: &[Token<'a>],
        lower_vocab: &LowerVocab<'_>,
        initialisms: &[String],
        computed: bool,
        scale: Option<(f64, Option<f64>)>,
    ) -> SourceIndex<'a> {
        let spans = source_sentence_spans(context);
        let date_order = crate::text::numeric_date_order(context, context_tokens);
        let scalable = if scale.is_some() {
            scalable_numbers(context, context_tokens, &spans)
        } else {
            Vec::new()
        };
        let passage_numbers = if computed {
            passage_numbers(context, context_tokens, &spans)
        } else {
            Vec::new()
        };
        let mut computed_all: Vec<f64> = Vec::new();
        let mut vocab: FastMap<Cow<'a, str>, u32> =
            FastMap::with_capacity_and_hasher(context_tokens.len(), Default::default());
        let mut norms = Vec::new();
        let mut sent_ids: Vec<u32> = Vec::new();
        let mut sent_kinds: Vec<KeyKind> = Vec::new();
        let mut sent_runs: Vec<u32> = Vec::new();
        let mut sent_at: Vec<usize> = Vec::with_capacity(spans.len() + 1);
        sent_at.push(0);
        let mut own_keys: Vec<Key<'a>> = Vec::new();
        let mut own_at: Vec<usize> = Vec::with_capacity(spans.len() + 1);
        own_at.push(0);
        let mut sent_neg = Vec::with_capacity(spans.len());
        let mut sent_neg_main = Vec::with_capacity(spans.len());
        let mut sent_refers_back = Vec::with_capacity(spans.len());
        let mut sent_opens_back = Vec::with_capacity(spans.len());
        let mut sent_subject = Vec::with_capacity(spans.len());
        let mut sent_subject_elsewhere = Vec::with_capacity(spans.len());
        let mut pairs: Vec<(u32, KeyKind, u32)> = Vec::new();
        let mut stated: Vec<u8> = Vec::new();
        let mut name_stems: FastMap<String, u32> = FastMap::default();
        let mut gaps_all = Vec::new();
        let mut quantities = Vec::new();
        // The dates of the sentence before and the last year told so far (`date_gaps`,
        // `counted_years`).
        let (mut dates_before, mut last_year): (Vec<f64>, Option<u32>) = (Vec::new(), None);
        let mut last_month: Option<Cow<'a, str>> = None;
        // The headings above the current sentence, one per level at most, each with its keys,
        // read once (`markdown_headings`, `plain_headings`, `lead_in_headings`; a document's
        // label line, `document_breaks`, ends them all).
        let mut headings = markdown_headings(context);
        headings.extend(plain_headings(context));
        headings.extend(lead_in_headings(context));
        let breaks = document_breaks(context);
        let first_break = breaks.first().map_or(usize::MAX, |h| h.line);
        headings.extend(breaks);
        // A document's label line ends the sections before it before its own title opens one.
        headings.sort_unstable_by_key(|h| (h.line, h.level));
        let mut next_heading = 0;
        let mut heading_stack: Vec<(Heading, Vec<Key<'a>>)> = Vec::new();
        // The clause number of the current line and where the line ends
        // (`opens_with_clause_number`).
        let mut clause_label: Option<(usize, Key<'a>)> = None;
        for (n_sent, &sp) in spans.iter().enumerate() {
            while let Some(&h) = headings.get(next_heading).filter(|h| h.line <= sp.0) {
                // A document's label line ends the sections of the document before it, not
                // a title above every document ([`document_breaks`]).
                heading_stack.retain(|(above, _)| {
                    if h.level == DOCUMENT_LEVEL {
                        above.line < first_break
                    } else {
                        above.level < h.level && above.until > h.line
                    }
                });
                let h_toks = span_tokens(context_tokens, h.text);
                let (mut keys, _) = sentence_keys(context, h.text, h_toks, lower_vocab);
                // A lead-in that denies or excepts ("Not covered:", "Do not use with:",
                // "Except on Sundays:") says of its items what they are not: its words are no
                // keys of theirs.
                if h.level == LEAD_IN_LEVEL
                    && (negates(context, h_toks)
                        || h_toks.iter().any(|t| {
                            EXCEPTIONS
                                .iter()
                                .chain(&["unless", "avoid", "without"])
                                .any(|w| t.raw.eq_ignore_ascii_case(w))
                        }))
                {
                    keys.clear();
                }
                heading_stack.push((h, keys));
                next_heading += 1;
            }
            let toks = span_tokens(context_tokens, sp);
            let (mut ks, refers_back) = sentence_keys(context, sp, toks, lower_vocab);
            // The sentence's own keys are the first `own` of `ks`: what follows only appends.
            let own = ks.len();
            // A hyphenated name ("Skłodowska-Curie") also holds its parts: an answer may name
            // her "Marie Curie"; a compound that prefixes a name holds the name
            // ("non-English-language": "English", "pre-Columbian").
            for t in toks.iter().filter(|t| crate::text::has_byte(t.raw, b'-')) {
                let name = t.raw.chars().next().is_some_and(char::is_uppercase);
                ks.extend(
                    t.raw
                        .split('-')
                        .filter(|p| name || p.chars().next().is_some_and(char::is_uppercase))
                        .filter(|p| p.chars().nth(1).is_some() && !crate::text::is_stopword_raw(p))
                        .map(|p| {
                            // A demonym is its place's key, as in `sentence_keys`.
                            let lower = lower_cow(p);
                            let place = demonym_place(&lower).map_or(lower, Cow::Borrowed);
                            Key::name(normal_form(fold_diacritics(place)))
                        }),
                );
            }
            // Names joined by an en dash ("the Lincoln–Douglas debates", "the Michelson–Morley
            // experiment": two tokens) also hold the name hyphenated, as an answer may write
            // it with a hyphen ("the Lincoln-Douglas debates"; one token, one key). Not a
            // range of months or weekdays ("27 October – Friday 31 October", "Mon–Fri").
            let calendar = |t: &Token<'_>| {
                names_weekday(t)
                    || crate::text::WEEKDAY_ABBREVIATIONS
                        .iter()
                        .any(|(a, _)| t.raw.eq_ignore_ascii_case(a))
                    || crate::text::MONTH_NAMES
                        .iter()
                        .any(|m| t.raw.eq_ignore_ascii_case(m))
            };
            for w in toks.windows(2) {
                if capitalised(&w[0])
                    && capitalised(&w[1])
                    && gap(context, w, 0, 1) == "–"
                    && !calendar(&w[0])
                    && !calendar(&w[1])
                {
                    let joined = joined_lower(w[0].raw, '-', w[1].raw);
                    ks.push(Key::name(normal_form(fold_diacritics(Cow::Owned(joined)))));
                }
            }
            // An initialism that is a stop word in capitals ("WHO", "US": `stopword_initialism`),
            // which `sentence_keys` passes over as a stop word, holds its letters: the key an
            // answer's spelled-out name finds ("World Health Organization", `analyse_tokens`).
            // (Capitals first: lower-casing every capitalised word of a long source to test it
            // for a stop word would allocate per token.)
            ks.extend(
                (0..toks.len())
                    .filter(|&i| stopword_initialism(toks, i))
                    .filter(|&i| crate::text::is_stopword_raw(toks[i].raw))
                    .filter_map(|i| initialism_letters(toks[i].raw))
                    .map(|l| Key::name(Cow::Owned(l))),
            );
            // A state's postal code where an address writes it — after a comma ("Ann Arbor,
            // MI") or as a whole quoted value (`"state": "AZ"` in a business record) — also
            // holds the state's name, the key of an answer's "Michigan" (each word of "New
            // York" for "NY"). Elsewhere two capitals are as often an initialism ("DC Comics").
            let address_code = |t: &&Token<'_>| {
                let before = context[..t.start].trim_end_matches(' ');
                let after = &context[t.start + t.raw.len()..];
                t.raw.len() == 2
                    && (before.ends_with(',') || (before.ends_with('"') && after.starts_with('"')))
            };
            ks.extend(
                toks.iter()
                    .filter(address_code)
                    .filter_map(|t| us_state_of_code(t.raw))
                    .flat_map(str::split_whitespace)
                    .map(|w| Key::name(Cow::Borrowed(w))),
            );
            // Initials written apart ("J. K. Rowling": single letters, which are not keyed)
            // also hold their letters joined, the key of an answer's "J.K." or "JK".
            let initial =
                |t: &Token<'_>| t.raw.len() == 1 && t.raw.as_bytes()[0].is_ascii_uppercase();
            let mut k = 0;
            while k < toks.len() {
                // The run of initials from token k to token e, one "." after each.
                let mut e = k;
                if initial(&toks[k]) {
                    while e + 1 < toks.len()
                        && initial(&toks[e + 1])
                        && gap(context, toks, e, e + 1) == "."
                    {
                        e += 1;
                    }
                }
                if e > k
                    && toks.get(e + 1).is_some_and(capitalised)
                    && gap(context, toks, e, e + 1) == "."
                {
                    let letters: String = toks[k..=e]
                        .iter()
                        .map(|t| t.raw.to_ascii_lowercase())
                        .collect();
                    ks.push(Key::name(Cow::Owned(letters)));
                }
                k = e + 1;
            }
            if !initialisms.is_empty() {
                let spelled = spelled_initialisms(context, toks);
                ks.extend(
                    initialisms
                        .iter()
                        .filter(|l| spelled.contains(*l) || spells_long_form(toks, l))
                        .map(|l| Key::name(Cow::Owned(l.clone()))),
                );
            }
            // The months of its dates in digits ("13/03/2025": March; one that reads both
            // ways, "11/03/2025", in the order the sources' other dates show, else none:
            // `numeric_date_months`, `numeric_date_order`) are stated as a month's name is:
            // an answer's "13 March" names no month the sentence lacks.
            for j in 0..toks.len() {
                let month = match crate::text::numeric_date_months(context, toks, j) {
                    [Some(d), Some(m)] => date_order.map(|day_first| if day_first { d } else { m }),
                    [d, m] => d.or(m),
                };
                if let Some(m) = month {
                    let name = crate::text::MONTH_NAMES[m];
                    if !ks
                        .iter()
                        .any(|k| k.kind == KeyKind::Month && k.norm == name)
                    {
                        ks.push(Key {
                            kind: KeyKind::Month,
                            ..Key::name(Cow::Borrowed(name))
                        });
                    }
                }
            }
            // The spans between its years, the differences between its whole numbers, the
            // shares its percentages state, the days between its dates and those of the
            // sentence before, and the years it counts from the last one told ("Four years
            // later") are stated too (`year_gaps`, `number_gaps`, `percent_shares`,
            // `date_gaps`, `counted_years`), as words: found by an answer's number, never a
            // number of the sentence that conflicts with one.
            let mut dates: Vec<f64> = Vec::new();
            for q in ks.iter().filter_map(|k| k.qty) {
                if q.dimension() == crate::quantity::Dimension::Date && !dates.contains(&q.base) {
                    dates.push(q.base);
                }
            }
            let mut gaps = year_gaps(toks);
            for d in number_gaps(toks)
                .into_iter()
                .chain(percent_shares(context, toks))
                .chain(date_gaps(&dates, &dates_before))
                .chain(counted_years(toks, &mut last_year))
            {
                if !gaps.contains(&d) {
                    gaps.push(d);
                }
            }
            ks.extend(gaps.iter().map(|d| Key::word(Cow::Owned(d.to_string()))));
            gaps_all.extend(gaps);
            // The numbers a computation asked for yields from this sentence's numbers, as
            // words, as the gaps above are.
            // So are the quantities of a request that scales the sources (`scale_factor`: a
            // recipe for 6 people that serves 4).
            if let Some(f) = scale {
                let results = scaled_numbers(&scalable, n_sent, f);
                ks.extend(
                    results
                        .iter()
                        .map(|(_, norm)| Key::word(Cow::Owned(norm.clone()))),
                );
                computed_all.extend(results.into_iter().map(|(v, _)| v));
            }
            if !passage_numbers.is_empty() {
                let results = computed_numbers(&passage_numbers, n_sent);
                ks.extend(
                    results
                        .iter()
                        .map(|(_, norm)| Key::word(Cow::Owned(norm.clone()))),
                );
                computed_all.extend(results.into_iter().map(|(v, _)| v));
            }
            // The headings of its section are stated of it too, as keys it holds without
            // writing them ("- Read gzip-compressed input" under "## [2.3.0] - 2023-01-09";
            // a heading's own line, which starts before its text ends, is not under it). A
            // heading names a section and states nothing of its own: a subheading's line does
            // not hold the headings above it ("### Added" under "## [4.2.0] - 2024-06-03" is
            // no sentence that adds anything in 4.2.0; its items are).
            // A lead-in's list has ended ([`Heading::until`]).
            heading_stack.retain(|(h, _)| h.until > sp.0);
            let is_heading = heading_stack.last().is_some_and(|(h, _)| sp.0 < h.text.1);
            for (h, keys) in heading_stack.iter().filter(|_| !is_heading) {
                if sp.0 >= h.text.1 {
                    ks.extend(keys.iter().filter(|k| !k.negation).map(|k| Key {
                        at: 0,
                        run: NO_RUN,
                        ..k.clone()
                    }));
                }
            }
            // A clause number that opens a line numbers every sentence of that line ("7.2 A
            // grace period of 29 minutes applies. If the Vehicle is returned more than 29
            // minutes after …": "under clause 7.2" cites the second as well as the first).
            // A line ends its label, and so does a clause number opening a sentence inside it
            // ("7.2 … applies. 7.3 A one-way fee …", clauses run together on one line).
            let numbered = toks
                .first()
                .is_some_and(|t| t.is_number && dotted_number(t.raw));
            if clause_label.as_ref().is_some_and(|(end, _)| sp.0 >= *end) || numbered {
                clause_label = None;
            }
            if let Some((_, k)) = &clause_label {
                ks.push(k.clone());
            } else if opens_with_clause_number(context, toks) {
                let line_end = context[sp.0..]
                    .find('\n')
                    .map_or(context.len(), |e| sp.0 + e);
                clause_label = ks
                    .iter()
                    .find(|k| k.kind == KeyKind::Number && k.at == 0)
                    .map(|k| {
                        let label = Key {
                            at: 0,
                            run: NO_RUN,
                            qty: None,
                            ..k.clone()
                        };
                        (line_end, label)
                    });
            }
            // A day of the month written alone ("gets fixed Monday the 20th", "if the build
            // lands on the 15th") is of the month of the last date told before it, which the
            // sentence holds without writing (anaphoric temporal expressions are anchored to
            // the reference time the text has set: TimeML's TIMEX3 anchoring, Pustejovsky et
            // al. 2003).
            let month_here = ks
                .iter()
                .rev()
                .find(|k| {
                    k.kind == KeyKind::Month && crate::text::MONTH_NAMES.contains(&k.norm.as_ref())
                })
                .map(|k| k.norm.clone());
            match month_here {
                Some(m) => last_month = Some(m),
                None => {
                    if let Some(m) = last_month
                        .as_ref()
                        .filter(|_| (0..toks.len()).any(|i| day_of_month_alone(context, toks, i)))
                    {
                        ks.push(Key {
                            kind: KeyKind::Month,
                            run: NO_RUN,
                            ..Key::name(m.clone())
                        });
                    }
                }
            }
            dates_before = dates;
            sent_refers_back.push(refers_back);
            // A yes/no question no reply answers asserts nothing: no keys, its own or those
            // its heading and layout give it.
            if unanswered_polar(context, &spans, n_sent) {
                ks.clear();
            }
            let opens_back = toks.first().is_some_and(|t| {
                let lower = lower_cow(t.raw);
                BACK_REFERENCES.contains(&lower.as_ref())
            });
            sent_opens_back.push(opens_back);
            // … or a pronoun right after a fronted adverbial that names nothing: "At seventeen
            // or eighteen years of age, he joined Plato's Academy …", "In 1884, she emigrated …".
            let fronted_back = (1..toks.len())
                .find(|&j| gap(context, toks, j - 1, j) == ",")
                .is_some_and(|j| {
                    BACK_REFERENCES.contains(&lower_cow(toks[j].raw).as_ref())
                        && !ks
                            .iter()
                            .any(|k| k.kind == KeyKind::Name && (k.at as usize) < j)
                });
            sent_subject_elsewhere
                .push(opens_back || fronted_back || opens_with_description(context, toks));
            sent_subject.push(
                ks.iter()
                    .take(2)
                    .find(|k| k.kind == KeyKind::Name)
                    .map_or(NO_RUN, |k| k.run),
            );
            sent_neg.push(ks.iter().any(|k| k.negation));
            sent_neg_main.push(ks.iter().any(|k| {
                let at = k.at as usize;
                k.negation
                    && !toks[at].raw.eq_ignore_ascii_case("without")
                    && !implicative_at(toks, at)
            }));
            pairs.clear();
            for k in ks.iter().filter(|k| !k.negation) {
                // A key seen before is looked up without copying it (`entry` takes its key by
                // value: a lower-cased name is a String).
                let id = match vocab.get(&k.norm) {
                    Some(&id) => id,
                    None => {
                        let id = norms.len() as u32;
                        // A name written in another inflection ("the Allies" for "the Allied
                        // Powers") is found by the stem they share (`SourceIndex::id_of`).
                        if k.kind == KeyKind::Name {
                            if let Some(stem) = changed_stem(&k.norm) {
                                name_stems.entry(stem).or_insert(id);
                            }
                        }
                        norms.push(k.norm.clone());
                        stated.push(0);
                        vocab.insert(k.norm.clone(), id);
                        id
                    }
                };
                stated[id as usize] |=
                    if k.kind == KeyKind::Word && denied_by_no(context, toks, k.at as usize) {
                        STATED_DENIED
                    } else {
                        STATED_AFFIRMED
                    };
                // A capitalised word keyed as an ordinary word for opening the sentence or a
                // clause ("Floor 2: Library, Study rooms") is what a claim naming it mid-sentence
                // ("The Library is …", keyed as the name "library") means; a name whose stem is
                // itself finds it by its norm already, any other by this stem.
                if k.kind == KeyKind::Word
                    && opens_line_or_colon_clause(context, &toks[k.at as usize])
                {
                    name_stems
                        .entry(norms[id as usize].to_string())
                        .or_insert(id);
                }
                if let Some(q) = k.qty {
                    quantities.push((q, id, (sent_at.len() - 1) as u32));
                }
                pairs.push((id, k.kind, k.run));
            }
            pairs.sort_by_key(|p| p.0);
            pairs.dedup_by_key(|p| p.0);
            sent_ids.extend(pairs.iter().map(|p| p.0));
            sent_kinds.extend(pairs.iter().map(|p| p.1));
            sent_runs.extend(pairs.iter().map(|p| p.2));
            sent_at.push(sent_ids.len());
            ks.truncate(own);
            own_keys.extend(ks);
            own_at.push(own_keys.len());
        }
        // Postings by a counting sort of (id, sentence) on id; sentences come in increasing
        // order, and the sort is stable, so each id's sentences stay in increasing order.
        let mut post_at = vec![0usize; norms.len() + 1];
        for &id in &sent_ids {
            post_at[id as usize + 1] += 1;
        }
        for i in 0..norms.len() {
            post_at[i + 1] += post_at[i];
        }
        let mut postings = vec![0u32; sent_ids.len()];
        let mut next = post_at.clone();
        for (si, w) in sent_at.windows(2).enumerate() {
            for &id in &sent_ids[w[0]..w[1]] {
                postings[next[id as usize]] = si as u32;
                next[id as usize] += 1;
            }
        }
        let n = spans.len().max(1) as f64;
        let idf = post_at
            .windows(2)
            .map(|w| (1.0 + n / (w[1] - w[0]).max(1) as f64).ln())
            .collect();
        let tenths = amounts_in_tenths(context, context_tokens, &vocab);
        // A question the next sentence answers "No" states its denial (an FAQ's "Q: Do you
        // ship to Norway?\nA: No. …"), as a negated sentence does.
        let sent_answered_no: Vec<bool> = (0..spans.len())
            .map(|t| answered_no(context, &spans, t))
            .collect();
        for (t, &no) in sent_answered_no.iter().enumerate() {
            sent_neg[t] |= no;
            sent_neg_main[t] |= no;
        }
        let numbers = (0..norms.len() as u32)
            .filter(|&id| {
                norms[id as usize]
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'.')
            })
            .filter_map(|id| number_value(&norms[id as usize]).map(|v| (v, id)))
            .collect();
        SourceIndex {
            spans,
            numbers,
            quantities,
            sent_ids,
            sent_kinds,
            sent_runs,
            name_stems,
            tenths,
            sent_at,
            sent_neg,
            sent_neg_main,
            sent_answered_no,
            sent_refers_back,
            stated,
            sent_opens_back,
            sent_subject_elsewhere,
            sent_subject,
            vocab,
            norms,
            postings,
            post_at,
            idf,
            gaps: gaps_all,
            computed: computed_all,
            years: std::cell::OnceCell::new(),
            names_by_norm: std::cell::OnceCell::new(),
            own_keys,
            own_at,
        }
    }

    /// The key tokens of sentence `s` (an index into [`SourceIndex::spans`]) as
    /// [`sentence_keys`] reads them: `sentence_keys(context, spans[s], its tokens,
    /// lower_vocab).0` for the context and vocabulary the index was built from, read once.
    ///
    /// # Panics
    /// If `s` is no sentence of the index.
    pub(super) fn own_keys(&self, s: u32) -> &[Key<'a>] {
        let s = s as usize;
        &self.own_keys[self.own_at[s]..self.own_at[s + 1]]
    }

    /// Whether a number or date key of the sources has the value `v` ([`SourceIndex::numbers`]).
    pub(super) fn states_number(&self, v: f64) -> bool {
        self.numbers.iter().any(|&(n, _)| n == v)
    }

    /// The id of key token `k`: its own, or for a number stated as approximate the first
    /// number of the sources that rounds to it (`text::rounds_to`: "about 20,000" is found as
    /// "21,196"; a bound's on its side, [`Key::bound`]: "over 2,000" is not found as
    /// "1,500"), for a decade the first year of the sources in it ("1870s" by "1876"), for a
    /// name the name of the sources with the same inflection stem ("Allies" by "Allied"), for
    /// a number with a unit the first quantity of the sources it restates in another unit
    /// (`Quantity::restates`: "2.7 kilometres" by "2,737 metres"), for a share in words a
    /// number of the sources within [`SHARE_TOLERANCE`] of it ("a quarter" by "24 per cent");
    /// None when the sources lack it.
    pub(super) fn id_of(&self, k: &Key<'_>) -> Option<u32> {
        // The value a bound is stated of, read once for every number compared with it.
        let bound_at = k.bound.and_then(|_| number_value(&k.norm));
        self.vocab
            .get(&k.norm)
            .copied()
            .or_else(|| {
                k.approx
                    .then(|| {
                        self.numbers
                            .iter()
                            .find(|(v, _)| {
                                in_decade(*v, &k.norm)
                                    || (rounds_to(*v, &k.norm)
                                        && k.bound.is_none_or(|b| {
                                            bound_at.is_some_and(|n| b.admits(*v, n))
                                        }))
                            })
                            .map(|&(_, id)| id)
                    })
                    .flatten()
            })
            .or_else(|| {
                // A share in words is a rounded percentage: "a quarter" of "24 per cent".
                let share = number_value(&k.norm).filter(|_| k.share)?;
                self.numbers
                    .iter()
                    .find(|(v, _)| (v - share).abs() <= SHARE_TOLERANCE)
                    .map(|&(_, id)| id)
            })
            .or_else(|| {
                // An amount written with one decimal place where the sources write two, the
                // second a zero ("53.2p" for "53.20p per day"): the same number of pence or
                // pounds. (Keys keep "2.50" as written: [`crate::text::number_key`].)
                self.tenths.get(k.norm.as_ref()).copied()
            })
            .or_else(|| {
                let q = k.qty?;
                self.quantities
                    .iter()
                    .find(|(s, _, _)| q.restates(s))
                    .map(|&(_, id, _)| id)
            })
            .or_else(|| {
                // A name in another inflection than the sources' ("Allies" for "Allied").
                if k.kind != KeyKind::Name {
                    return None;
                }
                self.name_stems.get(&changed_stem(&k.norm)?).copied()
            })
    }

    /// The sentences holding key-token `id`, in increasing order.
    pub(super) fn posting(&self, id: u32) -> &[u32] {
        &self.postings[self.post_at[id as usize]..self.post_at[id as usize + 1]]
    }

    /// The key-token ids of sentence `s` (sorted) and their kinds.
    /// The years the sources state (`KeyKind::Year` keys), each once, found on first use.
    pub(super) fn years(&self) -> &[u32] {
        self.years.get_or_init(|| {
            let mut years: Vec<u32> = self
                .sent_ids
                .iter()
                .zip(&self.sent_kinds)
                .filter(|(_, k)| **k == KeyKind::Year)
                .filter_map(|(id, _)| self.norms[*id as usize].parse().ok())
                .collect();
            years.sort_unstable();
            years.dedup();
            years
        })
    }

    pub(super) fn sentence(&self, s: u32) -> (&[u32], &[KeyKind]) {
        let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
        (&self.sent_ids[r.clone()], &self.sent_kinds[r])
    }

    /// The sentences sharing the most idf weight with `ids` (best first, at most `k`, score > 0);
    /// `scores` is left holding every sentence's shared weight (with `k` = 0, that is all it computes).
    pub(super) fn best(
        &self,
        ids: &[u32],
        k: usize,
        scores: &mut FastMap<u32, f64>,
    ) -> Vec<(u32, f64)> {
        self.best_continued(ids, &[], k, scores)
    }

    /// [`SourceIndex::best`], where a sentence that continues `subject` (the claim's subject
    /// names, all of one run, among `ids`) as its own subject ([`SourceIndex::continues_subject`]:
    /// "He is best known for his vlogs" after "Roman Atwood is …") also shares the weight of
    /// those names it lacks: it states them by a pronoun or a description (centering, Grosz et
    /// al. 1995).
    pub(super) fn best_continued(
        &self,
        ids: &[u32],
        subject: &[u32],
        k: usize,
        scores: &mut FastMap<u32, f64>,
    ) -> Vec<(u32, f64)> {
        scores.clear();
        for &id in ids {
            let w = self.idf[id as usize];
            for &s in self.posting(id) {
                *scores.entry(s).or_default() += w;
            }
        }
        if !subject.is_empty() {
            for (&s, sc) in scores.iter_mut() {
                if self.continues_subject(s, subject) {
                    for &e in subject.iter().filter(|&&e| !self.has(s, e)) {
                        *sc += self.idf[e as usize];
                    }
                }
            }
        }
        if k == 0 {
            return Vec::new();
        }
        // The k best by a strict order (weight descending, then sentence ascending): a selection
        // then a sort of those k, not a sort of every sentence that shares a word.
        let order = |a: &(u32, f64), b: &(u32, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
        let mut v: Vec<(u32, f64)> = scores.iter().map(|(&s, &w)| (s, w)).collect();
        if v.len() > k {
            v.select_nth_unstable_by(k - 1, order);
            v.truncate(k);
        }
        v.sort_by(order);
        v
    }

    /// Entity anchoring of key `e` in a claim (or clause) whose sentence weights are `scores`
    /// (from [`SourceIndex::best_continued`] with the same `subject`) and whose three best sentences are `top3`: the weight the best
    /// sentence holding `e` shares with the rest of the claim (its score less `e`'s own idf),
    /// over the larger of that and the best sentence lacking `e`'s score, in [0,1]; `None` when
    /// no sentence shares anything with the rest. `top3` is in score order, so the best sentence
    /// holding `e` is the first of `top3` that holds it (else a walk of its posting: every
    /// sentence holding it is scored), and the best without it the first of `top3` that lacks it
    /// (else, when all three hold it, a scan of the scores). For a name of the claim's
    /// `subject` (its names' ids, [`SourceIndex::best_continued`]), a sentence that continues
    /// it as its subject ([`SourceIndex::continues_subject`]: "He posts …" after "Roman Atwood
    /// is …") holds it too.
    pub(super) fn anchoring(
        &self,
        e: u32,
        subject: &[u32],
        top3: &[(u32, f64)],
        scores: &FastMap<u32, f64>,
    ) -> Option<f64> {
        let (w, post) = (self.idf[e as usize], self.posting(e));
        let states = |s: &u32| post.binary_search(s).is_ok();
        let continues = |s: &u32| subject.contains(&e) && self.continues_subject(*s, subject);
        let lacks = |s: &u32| !(states(s) || continues(s));
        let holding = match top3.iter().find(|(s, _)| !lacks(s)) {
            Some(&(_, sc)) => (sc - w).max(0.0),
            None => post
                .iter()
                .filter_map(|s| scores.get(s))
                .map(|sc| sc - w)
                .fold(0.0f64, f64::max),
        };
        let without = match top3.iter().find(|(s, _)| lacks(s)) {
            Some(&(_, sc)) => sc,
            None if top3.len() < 3 => 0.0,
            None => scores
                .iter()
                .filter(|(s, _)| lacks(s))
                .map(|(_, &sc)| sc)
                .fold(0.0f64, f64::max),
        };
        let any = holding.max(without);
        (any > 1e-9).then(|| (holding / any).clamp(0.0, 1.0))
    }

    /// Sentence `s` of `context` (the text this index was built from) as a claim's aligned
    /// source span, with character offsets.
    pub(super) fn source_span(&self, context: &str, s: u32) -> SourceSpan {
        let (ss, se) = self.spans[s as usize];
        let start = context[..ss].chars().count();
        SourceSpan {
            start,
            end: start + context[ss..se].chars().count(),
            text: context[ss..se].to_string(),
        }
    }

    /// Whether sentence `s` continues the claim's subject, names `ids` (one run of a claim), as
    /// its own subject: its subject refers to an entity named before it
    /// ([`SourceIndex::sent_subject_elsewhere`]), and the sentence before has every one of `ids`
    /// in its subject or continues it so in turn ("Paris is … . Its population is … . It
    /// hosts …"): the subject continues the previous sentence's center (Grosz et al. 1995), not
    /// any entity named earlier ("Salisbury Heights is a suburb … . The City of Tea Tree Gully
    /// is … . The city has …" is no sentence about Salisbury Heights; "D.C. Cab is a film
    /// starring Max Gail, Adam Baldwin, … . He most notably …" is none about Adam Baldwin).
    /// A subject that shares only part of the name ("Rameez Hasan" against "Wasim Hasan Raja
    /// … . His younger brother …") is another entity.
    pub(super) fn continues_subject(&self, s: u32, ids: &[u32]) -> bool {
        let mut t = s as usize;
        while !ids.is_empty() && t > 0 && self.sent_subject_elsewhere[t] {
            t -= 1;
            if ids.iter().all(|&id| self.subject_is(t, id)) {
                return true;
            }
        }
        false
    }

    /// Whether name `id` is of the run of sentence `t`'s subject ([`SourceIndex::sent_subject`]).
    pub(super) fn subject_is(&self, t: usize, id: u32) -> bool {
        let run = self.sent_subject[t];
        let (ids, at) = (
            &self.sent_ids[self.sent_at[t]..self.sent_at[t + 1]],
            self.sent_at[t],
        );
        run != NO_RUN
            && ids
                .binary_search(&id)
                .is_ok_and(|j| self.sent_runs[at + j] == run)
    }

    /// Whether the sources state key token `id` only inside a "no" phrase ("No injuries were
    /// reported"): they deny it wherever they name it.
    pub(super) fn only_denied(&self, id: u32) -> bool {
        self.stated[id as usize] == STATED_DENIED
    }

    /// Whether sentence `sentence` holds key-token `id`.
    pub(super) fn has(&self, sentence: u32, id: u32) -> bool {
        self.sentence(sentence).0.binary_search(&id).is_ok()
    }

    /// The one name of the sources that `clip` (a name's normal form) begins and is at least
    /// twice as long as: a clipping of it ("the Met" for "the Metropolitan Museum of Art";
    /// Bauer 1983, *English Word-formation*, §10.3, clipping). None when no name of the
    /// sources, or more than one, begins so. A name is a key of [`KeyKind::Name`] where the
    /// sources first state it. A clipping keeps a syllable or two of a longer word: a name
    /// that lacks only a few letters of another is another name ("Aberdeen" is not
    /// "Aberdeenshire", "Weekend" not "Weekender").
    pub(super) fn clipped_name(&self, clip: &str) -> Option<u32> {
        let names = self.names_by_norm.get_or_init(|| {
            let mut names: Vec<u32> = (0..self.norms.len() as u32)
                .filter(|&id| {
                    self.posting(id).first().is_some_and(|&s| {
                        let (ids, kinds) = self.sentence(s);
                        ids.binary_search(&id)
                            .is_ok_and(|j| kinds[j] == KeyKind::Name)
                    })
                })
                .collect();
            names.sort_unstable_by(|&a, &b| self.norms[a as usize].cmp(&self.norms[b as usize]));
            names
        });
        // The names that begin with `clip` are one run of the sorted list.
        let from = names.partition_point(|&id| self.norms[id as usize].as_ref() < clip);
        let mut found = names[from..]
            .iter()
            .copied()
            .take_while(|&id| self.norms[id as usize].starts_with(clip))
            .filter(|&id| self.norms[id as usize].len() >= 2 * clip.len());
        match (found.next(), found.next()) {
            (Some(id), None) => Some(id),
            _ => None,
        }
    }

    /// Whether name `id` of sentence `s` is a word of a run of capitalised names there that a
    /// claim names by part of it: one of `claim_runs` (the ids of each run of the claim's names)
    /// lies wholly within the run. "the Eagle" names the "Apollo Lunar Module Eagle" of the
    /// sentence, so its "Apollo" is no other name; "Michelle Obama" does not name "Barack Obama".
    /// Whether names `a` and `b` are the whole of one run of capitalised words ([`Key::run`])
    /// of some sentence ("Mary Shelley"; not "Manchester City F.C.", whose "City" a claim's
    /// "United" must not be read as a middle name of).
    pub(super) fn in_one_run(&self, a: u32, b: u32) -> bool {
        self.posting(a)
            .iter()
            .filter(|s| self.posting(b).binary_search(s).is_ok())
            .any(|&s| {
                let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
                let (ids, runs) = (&self.sent_ids[r.clone()], &self.sent_runs[r]);
                let run_of = |id: u32| ids.binary_search(&id).ok().map(|j| runs[j]);
                run_of(a).is_some_and(|ra| {
                    ra != NO_RUN
                        && run_of(b) == Some(ra)
                        && runs.iter().filter(|&&x| x == ra).count() == 2
                })
            })
    }

    /// The ids of the names in the run of capitalised names that holds `id` in sentence `s`
    /// (`id` itself among them; none when `s` does not hold it or holds it outside a run).
    pub(super) fn run_members(&self, s: u32, id: u32) -> impl Iterator<Item = u32> + '_ {
        let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
        let (ids, runs) = (&self.sent_ids[r.clone()], &self.sent_runs[r]);
        let run = ids
            .binary_search(&id)
            .ok()
            .map(|at| runs[at])
            .filter(|&run| run != NO_RUN);
        ids.iter()
            .zip(runs)
            .filter(move |(_, &r)| Some(r) == run)
            .map(|(&m, _)| m)
    }

    pub(super) fn names_claim_entity(
        &self,
        s: u32,
        id: u32,
        claim_runs: &[Vec<Option<u32>>],
    ) -> bool {
        let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
        let (ids, runs) = (&self.sent_ids[r.clone()], &self.sent_runs[r]);
        let Ok(at) = ids.binary_search(&id) else {
            return false;
        };
        let run = runs[at];
        run != NO_RUN
            && claim_runs.iter().any(|c| {
                !c.is_empty()
                    && c.iter().all(|cid| {
                        cid.is_some_and(|cid| ids.binary_search(&cid).is_ok_and(|j| runs[j] == run))
                    })
            })
    }

    /// The ids the sources give the content keys of a claim (`content`, one per distinct key,
    /// negations left out), aligned with it: each key's own ([`SourceIndex::id_of`]), then,
    /// for a key the sources lack, the id of the form they state it in: a run of names by its
    /// initials, a unit word by the number it follows, a middle name, a shortened given name or
    /// a clipped name by the full name (the steps below, in this order; each reads the ids the
    /// steps before it found). `None` for a key the sources do not state in any of these forms.
    pub(super) fn claim_ids(&self, content: &[&Key<'_>]) -> Vec<Option<u32>> {
        let mut ids: Vec<Option<u32>> = content.iter().map(|k| self.id_of(k)).collect();
        self.name_run_by_initials(content, &mut ids);
        self.unit_word_by_number(content, &mut ids);
        self.middle_name(content, &mut ids);
        self.shortened_given_name(content, &mut ids);
        self.clipped_name_of_claim(content, &mut ids);
        ids
    }

    /// The number one of a claim stated by an indefinite article in the sources: "1 tbsp
    /// butter" against "… and a tablespoon of butter", "1 hour" against "an hour". A claim's
    /// number 1 (`content`, its keys; `ids`, [`SourceIndex::claim_ids`]) that the sources lack,
    /// followed by a word that is a word the sources state right after "a" or "an", or names
    /// the same unit ([`article_noun`] of `context`, tokens `context_tokens`), is found as that
    /// word, and so is the claim's word. Left alone otherwise: a "1" against a sentence that states
    /// no such phrase is judged as any number is.
    pub(super) fn one_by_article(
        &self,
        content: &[&Key<'_>],
        claim_toks: &[Token<'_>],
        (context, context_tokens): (&str, &[Token<'_>]),
        ids: &mut [Option<u32>],
    ) {
        for i in 0..content.len() {
            if ids[i].is_some() || content[i].kind != KeyKind::Number || content[i].norm != "1" {
                continue;
            }
            let next = content[i].at as usize + 1;
            let Some(tok) = claim_toks.get(next) else {
                continue;
            };
            let stated = article_noun(&lower_cow(tok.raw), context, context_tokens).and_then(|t| {
                // Keyed as `sentence_keys` keys it: a unit by its symbol, a word by its stem.
                let noun = lower_cow(context_tokens[t].raw);
                let norm = match unit_symbol(&noun) {
                    Some(symbol) => Cow::Borrowed(symbol),
                    None => inflection_stem(normal_form(fold_diacritics(noun))),
                };
                self.vocab.get(norm.as_ref()).copied()
            });
            if let Some(id) = stated {
                ids[i] = Some(id);
                let word = (0..content.len())
                    .find(|&j| content[j].kind == KeyKind::Word && content[j].at as usize == next);
                if let Some(w) = word {
                    ids[w] = ids[w].or(Some(id));
                }
            }
        }
    }

    /// A run of two to six names, one of them at least lacking from the sources, whose
    /// initials spell an initialism the sources hold ("United States" against "the U.S.
    /// state of Texas", "European Union" against "the EU") is that entity: each of its names
    /// the sources lack is found as the initialism, as a source run that spells an
    /// initialism of the answer is ([`SourceIndex::build`]).
    fn name_run_by_initials(&self, content: &[&Key<'_>], ids: &mut [Option<u32>]) {
        for i in 0..content.len() {
            let run = content[i].run;
            if content[i].kind != KeyKind::Name
                || run == NO_RUN
                || content[..i].iter().any(|k| k.run == run)
            {
                continue;
            }
            let members: Vec<usize> = (i..content.len())
                .filter(|&j| content[j].run == run)
                .collect();
            if !(2..=6).contains(&members.len())
                || members.iter().any(|&j| content[j].kind != KeyKind::Name)
                || members.iter().all(|&j| ids[j].is_some())
            {
                continue;
            }
            let initials: String = members
                .iter()
                .filter_map(|&j| content[j].norm.chars().next())
                .collect();
            if let Some(&id) = self.vocab.get(initials.as_str()) {
                for &j in &members {
                    ids[j] = ids[j].or(Some(id));
                }
            }
        }
    }

    /// The unit word of a number found only as a quantity the sources state in another unit
    /// ("2,700 metres" for "2.7 kilometres", `SourceIndex::id_of`) is stated with it: found
    /// as that number.
    fn unit_word_by_number(&self, content: &[&Key<'_>], ids: &mut [Option<u32>]) {
        for j in 0..content.len() {
            if ids[j].is_some() || content[j].kind != KeyKind::Word {
                continue;
            }
            if crate::quantity::unit_symbol(&content[j].norm) != Some(content[j].norm.as_ref()) {
                continue;
            }
            let restated = content.iter().zip(ids.iter()).find(|(n, id)| {
                n.qty.is_some()
                    && id.is_some()
                    && (1..=2).contains(&content[j].at.wrapping_sub(n.at))
                    && !self.vocab.contains_key(&n.norm)
            });
            if let Some((_, &id)) = restated {
                ids[j] = id;
            }
        }
    }

    /// A name the sources lack inside a run whose first and last names a run of the sources
    /// holds ("Mary Wollstonecraft Shelley" for "Mary Shelley", "John Fitzgerald Kennedy"
    /// for "John F. Kennedy") is a middle name of that entity: found as its last name.
    fn middle_name(&self, content: &[&Key<'_>], ids: &mut [Option<u32>]) {
        for i in 0..content.len() {
            let run = content[i].run;
            if ids[i].is_some() || content[i].kind != KeyKind::Name || run == NO_RUN {
                continue;
            }
            let members: Vec<usize> = (0..content.len())
                .filter(|&j| content[j].run == run && content[j].kind == KeyKind::Name)
                .collect();
            let (Some(&first), Some(&last)) = (members.first(), members.last()) else {
                continue;
            };
            if let (true, Some(a), Some(b)) = (first < i && i < last, ids[first], ids[last]) {
                if self.in_one_run(a, b) {
                    ids[i] = Some(b);
                }
            }
        }
    }

    /// A name the sources lack that opens its run and begins a longer name of a run of the
    /// sources holding every other name of its own run ("Tim Roth" for "Timothy Simon
    /// Roth", "Chris Evans" for "Christopher Evans"; at least three letters) is that given
    /// name shortened: found as it.
    fn shortened_given_name(&self, content: &[&Key<'_>], ids: &mut [Option<u32>]) {
        for i in 0..content.len() {
            let (run, norm) = (content[i].run, content[i].norm.as_ref());
            if ids[i].is_some()
                || content[i].kind != KeyKind::Name
                || run == NO_RUN
                || norm.chars().nth(2).is_none()
                || content[..i].iter().any(|k| k.run == run)
            {
                continue;
            }
            let rest: Vec<u32> = (0..content.len())
                .filter(|&j| j != i && content[j].run == run && content[j].kind == KeyKind::Name)
                .map(|j| ids[j])
                .collect::<Option<_>>()
                .unwrap_or_default();
            let Some(&anchor) = rest.first() else {
                continue;
            };
            ids[i] = self.posting(anchor).iter().find_map(|&s| {
                let members: Vec<u32> = self.run_members(s, anchor).collect();
                rest.iter()
                    .all(|r| members.contains(r))
                    .then(|| {
                        members.iter().copied().find(|&m| {
                            let full = self.norms[m as usize].as_ref();
                            full.len() > norm.len() && full.starts_with(norm)
                        })
                    })
                    .flatten()
            });
        }
    }

    /// A name the sources lack, alone in its run and of three letters or more, that begins
    /// exactly one name of the sources is a clipping of it (`SourceIndex::clipped_name`:
    /// "The Met is on Fifth Avenue" against "The Metropolitan Museum of Art is …").
    fn clipped_name_of_claim(&self, content: &[&Key<'_>], ids: &mut [Option<u32>]) {
        for i in 0..content.len() {
            let (run, norm) = (content[i].run, content[i].norm.as_ref());
            if ids[i].is_none()
                && content[i].kind == KeyKind::Name
                && norm.chars().nth(2).is_some()
                && (run == NO_RUN
                    || !content
                        .iter()
                        .enumerate()
                        .any(|(j, k)| j != i && k.run == run))
            {
                ids[i] = self.clipped_name(norm);
            }
        }
    }
}

/// Whether sentence `toks` (of `context`) opens with the clause number of its line: a
/// number of two or more dotted parts ("7.2", "12.1.4", a contract's or a policy's clause)
/// first on the line, then a space and a capitalised word ("7.2 A grace period of 29 minutes
/// applies."). Such a number labels the line as a heading labels its section
/// ([`SourceIndex::build`] gives it to each sentence of the line); a bare "7." is a list item's
/// number, and a decimal inside a sentence is a value.
fn opens_with_clause_number(context: &str, toks: &[Token<'_>]) -> bool {
    let Some(t) = toks.first().filter(|t| t.is_number) else {
        return false;
    };
    let line_start = context[..t.start].trim_end_matches([' ', '\t']);
    let after = &context[t.start + t.raw.len()..];
    let opens_line = line_start.is_empty() || line_start.ends_with('\n');
    let then_word =
        after.starts_with(' ') && after.trim_start().starts_with(|c: char| c.is_uppercase());
    // A number with a unit is a quantity ("1.5 L water"), no clause.
    dotted_number(t.raw) && opens_line && then_word && written_at(context, toks, 0).is_none()
}

/// Whether `raw` is a number of two or more dotted parts of digits ("7.2", "12.1.4").
fn dotted_number(raw: &str) -> bool {
    raw.contains('.')
        && raw
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `tok` of `context` is a capitalised word opening a line (after a list bullet, if
/// any) or a clause after a colon ("Floor 2: Library, Study rooms"): the place where a
/// document's lists and tables write an item's name with the capital of a line's first word.
fn opens_line_or_colon_clause(context: &str, tok: &Token<'_>) -> bool {
    tok.raw.chars().next().is_some_and(char::is_uppercase)
        && context[..tok.start]
            .trim_end_matches([' ', '\t', '-', '*', '•', '–'])
            .chars()
            .next_back()
            .is_none_or(|c| c == ':' || c == '\n')
}

/// [`SourceIndex::tenths`] of `context` (its [`tokens`] `toks`; `vocab` its key ids): each number
/// written with two decimal places, the second a zero ("53.20"), that is money (a currency sign
/// before it, [`money_at`]), pence ("53.20p", "53.20 pence") or a percentage ("2.50%", "2.50 per
/// cent"), keyed by its one-place form ("53.2") with the id of its own key.
fn amounts_in_tenths<'a>(
    context: &str,
    toks: &[Token<'_>],
    vocab: &FastMap<Cow<'a, str>, u32>,
) -> FastMap<String, u32> {
    let mut out = FastMap::default();
    for (i, t) in toks.iter().enumerate().filter(|(_, t)| t.is_number) {
        let digits: String = t.raw.chars().filter(|&c| c != ',').collect();
        let Some(tenths) = digits.strip_suffix('0').filter(|d| {
            d.split_once('.').is_some_and(|(int, frac)| {
                !int.is_empty()
                    && frac.len() == 1
                    && d.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            })
        }) else {
            continue;
        };
        let after = &context[t.start + t.raw.len()..];
        let word_at =
            |j: usize, w: &str| toks.get(j).is_some_and(|n| n.raw.eq_ignore_ascii_case(w));
        let unit = after.starts_with('p') && !after[1..].starts_with(char::is_alphabetic)
            || after.starts_with('%')
            || word_at(i + 1, "pence")
            || word_at(i + 1, "percent")
            || word_at(i + 1, "per") && word_at(i + 2, "cent");
        if !(unit || money_at(context, t)) {
            continue;
        }
        if let Some(&id) = vocab.get(digits.as_str()) {
            out.entry(tenths.to_string()).or_insert(id);
        }
    }
    out
}

/// Whether source sentence `t` (byte spans `spans` of `context`) is a question that the next
/// sentence answers "No" ("Q: Do you ship to Norway?\nA: No. We ship to EU countries …",
/// after an optional label such as "A:" or "Answer:"; "No" then punctuation or the end, not
/// "No one …"). A question asserts nothing of its own; with its polar answer it makes one
/// proposition (Groenendijk and Stokhof 1984, *Studies on the Semantics of Questions*): the
/// question's content, denied when the answer is "No", as a list of frequently asked
/// questions states it ([`SourceIndex::sent_answered_no`]).
pub(super) fn answered_no(context: &str, spans: &[(usize, usize)], t: usize) -> bool {
    asked_at(context, spans, t) && replies(context, spans, t + 1, "no")
}

/// Whether source sentence `t` (byte spans `spans` of `context`) ends in a question mark.
fn asked_at(context: &str, spans: &[(usize, usize)], t: usize) -> bool {
    let (s, e) = spans[t];
    context[s..e].trim_end().ends_with('?') || context[e..].starts_with('?')
}

/// Whether source sentence `t` opens, after an optional label ("A:", "Answer:"), with the
/// reply particle `word` ("no", "yes") and then punctuation or its end ("No one …" is no
/// reply).
fn replies(context: &str, spans: &[(usize, usize)], t: usize, word: &str) -> bool {
    spans.get(t).is_some_and(|&(ns, ne)| {
        let next = context[ns..ne].trim_start();
        let body = label_at(next).map_or(next, |(_, b)| next[b..].trim_start());
        let after = body.get(word.len()..).map(|r| r.chars().next());
        body.get(..word.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(word))
            && after
                .is_some_and(|c| c.is_none_or(|c| matches!(c, '.' | ',' | '!' | ';' | '—' | '–')))
    })
}

/// Whether source sentence `t` (byte spans `spans` of `context`) is a yes/no question
/// ([`polar_question`], after an optional label such as "Q:") that the next sentence does not
/// answer "Yes" or "No": it asserts nothing (a polar question presupposes none of its
/// proposition; Karttunen 1977, "Syntax and semantics of questions"; Groenendijk and Stokhof
/// 1984), so its words are no keys of the sources ([`SourceIndex::build`]). "Do you ship to
/// Norway?\nWe currently ship to EU countries and the UK only." states no shipping to Norway;
/// with "Yes." or "No." after it, the pair states the proposition or its denial
/// ([`answered_no`]). A wh-question keeps its keys: it presupposes its proposition ("When did
/// the museum open?" states that it opened).
pub(super) fn unanswered_polar(context: &str, spans: &[(usize, usize)], t: usize) -> bool {
    if !asked_at(context, spans, t) {
        return false;
    }
    let (s, e) = spans[t];
    // (The span may end before its "?".)
    let e = e + usize::from(context[e..].starts_with('?'));
    let text = context[s..e].trim_start();
    let body = label_at(text).map_or(text, |(_, b)| text[b..].trim_start());
    polar_question(body.trim_end()).is_some()
        && !replies(context, spans, t + 1, "yes")
        && !replies(context, spans, t + 1, "no")
}
