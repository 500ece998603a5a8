//! Number words, percentages, fractions, gaps between numbers and a claim's quantities
//! ([`number_word`], [`claim_quantities`], [`same_unit_number`]).

use super::*;

/// Number words normalised to digits, so that "twelve" and "12" match.
pub(super) const NUMBER_WORDS: &[(&str, &str)] = &[
    ("zero", "0"),
    ("one", "1"),
    ("two", "2"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("eight", "8"),
    ("nine", "9"),
    ("ten", "10"),
    ("eleven", "11"),
    ("twelve", "12"),
    ("thirteen", "13"),
    ("fourteen", "14"),
    ("fifteen", "15"),
    ("sixteen", "16"),
    ("seventeen", "17"),
    ("eighteen", "18"),
    ("nineteen", "19"),
    ("twenty", "20"),
    ("thirty", "30"),
    ("forty", "40"),
    ("fifty", "50"),
    ("sixty", "60"),
    ("seventy", "70"),
    ("eighty", "80"),
    ("ninety", "90"),
    // Ordinals name their number ("fourth" = "4th"); "first" and "second" are left out, as
    // "one" is: they are far more often ordinary words ("at first", "a second").
    ("third", "3"),
    ("fourth", "4"),
    ("fifth", "5"),
    ("sixth", "6"),
    ("seventh", "7"),
    ("eighth", "8"),
    ("ninth", "9"),
    ("tenth", "10"),
    ("eleventh", "11"),
    ("twelfth", "12"),
    ("hundred", "100"),
    ("thousand", "1000"),
    ("million", "1000000"),
    ("billion", "1000000000"),
];

/// The shortest and longest words of [`NUMBER_WORDS`], in bytes.
pub(super) const NUMBER_WORD_MIN_LEN: usize = 3;
pub(super) const NUMBER_WORD_MAX_LEN: usize = 9;

/// The shapes of the number words: for each length (from [`NUMBER_WORD_MIN_LEN`]) and first
/// letter, a bit per last letter that some number word of that length and first letter ends
/// with. A word of another shape is no number word ("the": no three-letter number word starts
/// with "t" and ends with "e").
pub(super) const NUMBER_WORD_SHAPES: [[u32; 26]; NUMBER_WORD_MAX_LEN - NUMBER_WORD_MIN_LEN + 1] = {
    let mut shapes = [[0u32; 26]; NUMBER_WORD_MAX_LEN - NUMBER_WORD_MIN_LEN + 1];
    let mut i = 0;
    while i < NUMBER_WORDS.len() {
        let w = NUMBER_WORDS[i].0.as_bytes();
        let (first, last) = ((w[0] - b'a') as usize, w[w.len() - 1] - b'a');
        shapes[w.len() - NUMBER_WORD_MIN_LEN][first] |= 1 << last;
        i += 1;
    }
    shapes
};

/// The digits of a number word of [`NUMBER_WORDS`] ("twelve" → "12", "fourth" → "4"; lower
/// case), None for other words. Callers leave "one" out where it is more often a pronoun.
pub(crate) fn number_word(lower: &str) -> Option<&'static str> {
    // Hashed, built on first use: this runs for every word of the sources.
    static DIGITS_OF: std::sync::OnceLock<FastMap<String, String>> = std::sync::OnceLock::new();
    DIGITS_OF
        .get_or_init(|| {
            let mut map: FastMap<String, String> = NUMBER_WORDS
                .iter()
                .map(|&(w, d)| (w.to_string(), d.to_string()))
                .collect();
            // "twenty-one" … "ninety-nine", "twenty-first" … "ninety-ninth".
            for (tens, t) in NUMBER_WORDS.iter().filter(|(w, _)| w.ends_with("ty")) {
                for (i, (unit, ordinal)) in UNIT_WORDS.iter().enumerate() {
                    let value = (t.parse::<u32>().unwrap_or(0) + i as u32 + 1).to_string();
                    map.insert(format!("{tens}-{unit}"), value.clone());
                    map.insert(format!("{tens}-{ordinal}"), value);
                }
            }
            map
        })
        .get(lower)
        .map(String::as_str)
}

/// The cardinal and ordinal words of one to nine, which follow a tens word in a compound
/// number word ("fifty-six", "twenty-first").
pub(super) const UNIT_WORDS: [(&str, &str); 9] = [
    ("one", "first"),
    ("two", "second"),
    ("three", "third"),
    ("four", "fourth"),
    ("five", "fifth"),
    ("six", "sixth"),
    ("seven", "seventh"),
    ("eight", "eighth"),
    ("nine", "ninth"),
];

/// The value of two number words written apart that form one number: a tens word and a unit
/// word after it ("fifty six" → "56"), None for other pairs. Both in lower case.
pub(crate) fn spaced_number_words(tens: &str, unit: &str) -> Option<String> {
    let t: u32 = number_word(tens)
        .filter(|_| tens.ends_with("ty"))?
        .parse()
        .ok()?;
    let i = UNIT_WORDS
        .iter()
        .position(|(c, o)| *c == unit || *o == unit)?;
    Some((t + i as u32 + 1).to_string())
}

/// Scale words that multiply the number word written before them ("fifteen hundred", "two
/// million"), with their power of ten.
pub(super) const WORD_SCALES: &[(&str, u32)] = &[
    ("hundred", 2),
    ("thousand", 3),
    ("million", 6),
    ("billion", 9),
    ("trillion", 12),
];

/// The power of ten of the scale word `toks[j]` ([`WORD_SCALES`]) when a number word stands
/// right before it, one space apart ("fifteen hundred"), None otherwise.
pub(crate) fn word_scale_at(toks: &[Token<'_>], j: usize) -> Option<u32> {
    let (t, prev) = (toks.get(j)?, toks.get(j.checked_sub(1)?)?);
    let power = WORD_SCALES
        .iter()
        .find(|(w, _)| t.raw.eq_ignore_ascii_case(w))?
        .1;
    (t.start == prev.start + prev.raw.len() + 1
        && !prev.is_number
        && may_be_number_word(prev.raw)
        && number_word_at(toks, j - 1).is_some())
    .then_some(power)
}

/// The value of the number word `toks[i]` (whose digits are `digits`) times the scale word after
/// it ("fifteen hundred" → "1500", "two million" → "2000000"), None when none follows: one
/// number, as "1,500" and "2 million" are ([`number_key`]).
pub(crate) fn scaled_number_word(toks: &[Token<'_>], i: usize, digits: &str) -> Option<String> {
    let power = word_scale_at(toks, i + 1)?;
    let mut value = String::with_capacity(digits.len() + power as usize);
    value.push_str(digits);
    value.extend(std::iter::repeat_n('0', power as usize));
    Some(value)
}

/// Whether `raw` (any case) has the shape of a number word ([`NUMBER_WORD_SHAPES`]): its
/// length, first and last letter, or a hyphen (a compound, "fifty-six"). False for most words ("the", "and"), which need no lower-casing
/// and no hash to be told from a number word.
pub(crate) fn may_be_number_word(raw: &str) -> bool {
    if crate::text::has_byte(raw, b'-') {
        // A compound ("fifty-six"), looked up whole.
        return true;
    }
    let b = raw.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return false;
    };
    let shapes = NUMBER_WORD_SHAPES.get(b.len().wrapping_sub(NUMBER_WORD_MIN_LEN));
    let f = first.to_ascii_lowercase().wrapping_sub(b'a') as usize;
    let l = last.to_ascii_lowercase().wrapping_sub(b'a') as u32;
    shapes
        .and_then(|s| s.get(f))
        .is_some_and(|m| l < 26 && m & (1 << l) != 0)
}

/// The key of the word "percent", which "%" after a number and "per cent" also state.
pub(super) const PERCENT: &str = "percent";

/// True when a percent sign follows number token `t` of `text` (at most spaces between: "52%",
/// "52 %").
pub(super) fn percent_sign_after(text: &str, t: &Token<'_>) -> bool {
    text[t.start + t.raw.len()..]
        .trim_start_matches(' ')
        .starts_with('%')
}

/// Whether the number `toks[i]` (offsets in `text`) is a percentage: "%", "percent" or "per
/// cent" follows it.
pub(crate) fn is_percentage(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    percent_marker(text, toks, i).is_some()
}

/// Whether the percentage at `toks[i]` (offsets in `text`) is a ratio of two other numbers of
/// the same text that `stated` holds (the sources state them): 100 × a / b for some a < b,
/// to the whole percent ("84 of the 120 members, or 70 percent"). Only the text's own numbers
/// are paired, as a writer derives a share from the part and the whole it names: a share of
/// any two numbers of the sources would match a wrong percentage by chance (84, 30 and 6 of
/// 120 give 70, 25 and 5 percent).
pub(crate) fn ratio_percent(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    stated: impl Fn(f64) -> bool,
) -> bool {
    percent_of_pair(text, toks, i, stated, 0.5)
}

/// Whether the percentage at `toks[i]` is 100 × a / b, within `tolerance` percent, for two
/// other numbers a < b of the text that `stated` holds ([`stated_numbers_besides`]).
fn percent_of_pair(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    stated: impl Fn(f64) -> bool,
    tolerance: f64,
) -> bool {
    let Some(p) = Some(i)
        .filter(|&i| is_percentage(text, toks, i))
        .and_then(|i| number_value(&number_key(toks, i)))
    else {
        return false;
    };
    let values = stated_numbers_besides(text, toks, i, stated);
    values.iter().any(|&a| {
        values
            .iter()
            .any(|&b| a < b && (100.0 * a / b - p).abs() <= tolerance)
    })
}

/// Whether the percentage at `toks[i]` (offsets in `text`) is a ratio of two other numbers of
/// the text that `known` holds, derived ones too ([`Request::read_answer`]: "You'd hit the cap
/// by contributing £2,800 a year … about 6.67% of your salary", £2,800 a quotient the answer
/// shows, £42,000 the user's): as [`ratio_percent`], but to the places the percentage is
/// written with (half a percent for a whole one), derived operands making more pairs.
pub(crate) fn ratio_percent_of_derived(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    known: impl Fn(f64) -> bool,
) -> bool {
    percent_of_pair(
        text,
        toks,
        i,
        known,
        half_last_place(places_written(toks, i)),
    )
}

/// The value of the number token `toks[i]` (offsets in `text`) when it is positive and no
/// percentage: an amount or a count that [`sum_of_stated`], [`percent_of_stated`] and
/// [`difference_from_given`] may find computed.
fn positive_amount(text: &str, toks: &[Token<'_>], i: usize) -> Option<f64> {
    Some(i)
        .filter(|&i| toks[i].is_number && !is_percentage(text, toks, i))
        .and_then(|i| number_value(&number_key(toks, i)))
        .filter(|&v| v > 0.0)
}

/// The value of the amount of money `toks[i]` (a currency sign before it, [`money_at`]), when
/// positive: an operand of [`inclusive_amounts`], [`per_period_restatements`] and
/// [`fractions_of_known`].
fn money_amount(text: &str, toks: &[Token<'_>], i: usize) -> Option<f64> {
    money_at(text, &toks[i])
        .then(|| positive_amount(text, toks, i))
        .flatten()
}

/// The nearest amount of money before `toks[n]` in its sentence (of the byte spans `spans`),
/// with its token: the operand of [`inclusive_amounts`], [`per_period_restatements`] and
/// [`fractions_of_known`].
fn money_before(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    n: usize,
) -> Option<(usize, f64)> {
    let s = sentence_at(spans, toks[n].start)?;
    (0..n)
        .rev()
        .take_while(|&j| sentence_at(spans, toks[j].start) == Some(s))
        .find_map(|j| money_amount(text, toks, j).map(|a| (j, a)))
}

/// The positive values of the numbers of `toks` other than `toks[i]` and other than
/// percentages, in text order, that `keep` accepts, at most [`NUMBER_GAPS_MAX`] of them: the
/// operands [`ratio_percent`] and [`sum_of_stated`] try.
fn stated_numbers_besides(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    keep: impl Fn(f64) -> bool,
) -> Vec<f64> {
    (0..toks.len())
        .filter(|&j| j != i && toks[j].is_number && !is_percentage(text, toks, j))
        .filter_map(|j| number_value(&number_key(toks, j)))
        .filter(|&v| v > 0.0 && keep(v))
        .take(NUMBER_GAPS_MAX)
        .collect()
}

/// Whether the number `toks[i]` is the sum of two or three other numbers of `toks` that the
/// sources state (`stated`: whether a value is one of theirs): a total the text computes and
/// shows ("€20 — €12 for the adult ticket and €8 for the senior ticket" against "adults €12,
/// seniors €8"). Percentages are neither sums nor summands; at most [`NUMBER_GAPS_MAX`] stated
/// numbers are tried, as [`ratio_percent`] does.
pub(crate) fn sum_of_stated(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    stated: impl Fn(f64) -> bool,
) -> bool {
    let Some(total) = positive_amount(text, toks, i) else {
        return false;
    };
    let values = stated_numbers_besides(text, toks, i, |v| v < total && stated(v));
    let equal = |s: f64| (s - total).abs() <= 1e-9 * total;
    (0..values.len()).any(|a| {
        (a + 1..values.len()).any(|b| {
            equal(values[a] + values[b])
                || (b + 1..values.len()).any(|c| equal(values[a] + values[b] + values[c]))
        })
    })
}

/// Whether the number `toks[i]` (no percentage) is a percentage of another number of `toks`,
/// or what is left of it after that percentage, both operands stated in the text and held by
/// the sources (`stated`), to the places `toks[i]` is written with: a charge the text computes
/// and shows ("a 15% restocking fee … on your $89 order that's $13.35", and "$75.65 back"
/// after it). As with [`ratio_percent`], only the text's own operands are paired: any two
/// numbers of the sources would match a wrong amount by chance.
pub(crate) fn percent_of_stated(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    stated: impl Fn(f64) -> bool,
) -> bool {
    let Some(n) = positive_amount(text, toks, i) else {
        return false;
    };
    let places = places_written(toks, i);
    let tolerance = half_last_place(places);
    let percents: Vec<f64> = (0..toks.len())
        .filter(|&j| j != i && toks[j].is_number && is_percentage(text, toks, j))
        .filter_map(|j| number_value(&number_key(toks, j)))
        .filter(|&p| p > 0.0 && p < 100.0 && stated(p))
        .take(NUMBER_GAPS_MAX)
        .collect();
    if percents.is_empty() {
        return false;
    }
    let values = stated_numbers_besides(text, toks, i, &stated);
    percents.iter().any(|&p| {
        values.iter().any(|&a| {
            let part = a * p / 100.0;
            (part - n).abs() <= tolerance || (a - part - n).abs() <= tolerance
        })
    })
}

/// Half a unit of the last of `places` decimal places (at most six), with room for floating
/// point: how far a computed value may be from a number written to those places that it
/// rounds to ("13.35" → 0.005, "13" → 0.5).
fn half_last_place(places: usize) -> f64 {
    0.5 * 10f64.powi(-(places.min(6) as i32)) + 1e-9
}

/// The decimal places the number token `toks[i]` is keyed with ([`number_key`]: "13.35" → 2,
/// "13" → 0): the places a computed value is compared to ([`half_last_place`]).
fn places_written(toks: &[Token<'_>], i: usize) -> usize {
    number_key(toks, i)
        .split_once('.')
        .map_or(0, |(_, f)| f.len())
}

/// The indices of the tokens of `toks` that state the number keyed `norm` ([`number_at`]).
pub(super) fn number_places<'t, 'a: 't>(
    toks: &'t [Token<'a>],
    norm: &'t str,
) -> impl Iterator<Item = usize> + 't {
    (0..toks.len()).filter(move |&j| number_at(toks, j).is_some_and(|k| k == norm))
}

/// Whether the token `toks[j]` is a month's name, any case ([`crate::text::month_index`]):
/// a number beside one is a day of the month, no quantity.
pub(super) fn names_month(toks: &[Token<'_>], j: usize) -> bool {
    toks.get(j)
        .is_some_and(|t| crate::text::month_index(t.raw).is_some())
}

/// The sentence of the byte spans `spans` (in order, not overlapping) that holds byte `at`.
fn sentence_at(spans: &[(usize, usize)], at: usize) -> Option<usize> {
    let s = spans.partition_point(|&(_, end)| end <= at);
    spans.get(s).filter(|&&(start, _)| start <= at).map(|_| s)
}

/// Whether a currency sign stands right before the token `t` of `text` (spaces between): an
/// amount of money ([`Measure::Money`]: "£1,249", "$ 15").
pub(super) fn money_at(text: &str, t: &Token<'_>) -> bool {
    // (Its spaces trimmed once, not once per sign: this runs for every number of an answer in
    // several readings.)
    let before = text[..t.start].trim_end_matches(' ');
    CURRENCY_SIGNS.iter().any(|c| before.ends_with(c))
}

/// The value of `first` and then each operand with the operator before it ([`equation_operator`]:
/// "×", "*", "÷", "/", "+", "−", "-", "–"), read left to right; None when the operators are not
/// all of one precedence (× and ÷, or + and −), when one is no arithmetic operator, or on a
/// division by zero: the arithmetic of [`stated_equations`] and [`bracketed_results`].
fn fold_operands(first: f64, rest: &[(f64, char)]) -> Option<f64> {
    let multiplicative = |op: char| matches!(op, '×' | '*' | '÷' | '/');
    let precedence = multiplicative(rest.first()?.1);
    rest.iter().try_fold(first, |acc, &(v, op)| {
        if multiplicative(op) != precedence {
            return None;
        }
        match op {
            '×' | '*' => Some(acc * v),
            '÷' | '/' if v != 0.0 => Some(acc / v),
            '+' => Some(acc + v),
            '−' | '-' | '–' => Some(acc - v),
            _ => None,
        }
    })
}

/// Counts in words that [`shown_products`] reads as operands, from two: "Two cats … €250 per
/// animal, so €500" (not "one", which derives nothing, nor ordinals).
const SHOWN_COUNT_WORDS: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
];

/// The most operands [`shown_products`] pairs for one result: the nearest ones before it.
const SHOWN_OPERANDS_MAX: usize = 12;

/// What a number of an answer measures, for the dimensional check of [`shown_products`]: a
/// count (a bare number, or one of a noun that is no unit: "4 doses"), an amount of money (a
/// currency sign before it), or a quantity of a [`crate::quantity::Dimension`]
/// (`quantity::quantities`).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Measure {
    Count,
    Money,
    Of(crate::quantity::Dimension),
}

/// Words that name a price per a unit between "at" and its amount ([`rate_per`]: "4.5 hours
/// at the weekend rate of £35"), lower case.
const RATE_NAMES: &[&str] = &["rate", "price", "tariff", "charge", "cost"];

/// Words that make a named price a flat amount, no rate per a unit ([`rate_per`]: "at the
/// family ticket price of £54", "at the admin charge of £40"), lower case.
const FLAT_PRICE_WORDS: &[&str] = &[
    "total",
    "flat",
    "fixed",
    "family",
    "admin",
    "administration",
    "booking",
    "deposit",
    "one",
    "off",
    "group",
    "package",
];

/// Adjectives of a period a named rate is per, with the unit they name ([`rate_per`]: "5 days
/// at the weekly rate of £60" is no price per day), lower case.
const RATE_PERIODS: &[(&str, &str)] = &[
    ("hourly", "hour"),
    ("daily", "day"),
    ("nightly", "night"),
    ("weekly", "week"),
    ("monthly", "month"),
    ("annual", "year"),
    ("yearly", "year"),
];

/// The most words between "at" and the amount it prices when a word of [`RATE_NAMES`] names
/// the rate ([`rate_per`]: "at the weekend rate of £35").
const RATE_NAME_GAP: usize = 5;

/// The [`Measure`] after "per" (or "a", "an", "each", "every", or a slash) when the number
/// `toks[i]` (offsets in `text`, its measure `kind`) is a rate ("50 mg per ml": a volume; "£1
/// per day": a duration; "£12 per person": a count), None when it is none: the word after its
/// unit, or right after it, is no such marker. A number after the slash is a quotient written
/// out ("250 mg/5 ml"), no rate. An amount of money after a quantity and "at" is a price per
/// its unit ("12 litres at £2.10": a volume).
fn rate_per(text: &str, toks: &[Token<'_>], i: usize, kind: Measure) -> Option<Measure> {
    let at = if matches!(kind, Measure::Of(_)) {
        i + 2
    } else {
        i + 1
    };
    let marker = |j: usize| {
        toks.get(j).is_some_and(|t| {
            !t.is_number && RATE_MARKERS.iter().any(|w| t.raw.eq_ignore_ascii_case(w))
        })
    };
    let denominator = if marker(at) {
        toks.get(at + 1)?
    } else if at >= 1 && at < toks.len() && gap(text, toks, at - 1, at) == "/" {
        toks.get(at)?
    } else {
        // An amount after "at" and a quantity is a price per that quantity's unit ("12
        // litres at £2.10", "5 days at £38.00"), a rate named between them too ("4.5 hours at
        // the weekend rate of £35": no number between, a word of RATE_NAMES among them).
        let is_any = |j: usize, ws: &[&str]| ws.iter().any(|w| toks[j].raw.eq_ignore_ascii_case(w));
        // (Not a rate per another period, "5 days at the weekly rate of £60", nor a flat
        // amount, "at the family ticket price of £54": FLAT_PRICE_WORDS, RATE_PERIODS.)
        let unit_word = |k: usize| {
            k.checked_sub(1)
                .map(|u| toks[u].raw.to_ascii_lowercase())
                .unwrap_or_default()
        };
        let named = |k: usize| {
            let unit = unit_word(k);
            let unit = unit.trim_end_matches('s');
            (k + 1..i).all(|j| !toks[j].is_number)
                && (k + 1..i).any(|j| is_any(j, RATE_NAMES))
                && !(k + 1..i).any(|j| is_any(j, FLAT_PRICE_WORDS))
                && (k + 1..i).all(|j| {
                    RATE_PERIODS
                        .iter()
                        .all(|(adj, per)| !toks[j].raw.eq_ignore_ascii_case(adj) || *per == unit)
                })
        };
        let at = (i.saturating_sub(RATE_NAME_GAP + 1)..i)
            .rev()
            .find(|&k| toks[k].raw.eq_ignore_ascii_case("at") && (k + 1 == i || named(k)))?;
        let unit = at.checked_sub(1).map(|j| &toks[j])?;
        let counted = at >= 2 && toks[at - 2].is_number && !unit.is_number;
        return (kind == Measure::Money && counted)
            .then(|| crate::quantity::unit_dimension(unit.raw))
            .flatten()
            .map(Measure::Of);
    };
    if denominator.is_number {
        // A rate per one unit of money ("10 points per £1").
        let per_pound = denominator.raw == "1" && money_at(text, denominator);
        return per_pound.then_some(Measure::Money);
    }
    Some(crate::quantity::unit_dimension(denominator.raw).map_or(Measure::Count, Measure::Of))
}

/// The indices of the number tokens of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that are the product or the quotient of two numbers before them
/// in their sentence or the sentence before it, or, for an amount or a quantity (no bare
/// count: "covers 2 people (£24, against £12 for an adult)"), after them in their sentence
/// ("£2.25 per book, so £4.50 for the two"), each held by the sources or the user (`held`)
/// or itself so derived exactly, and whose measures agree (dimensional analysis): an amount
/// times a count ("each dose is 7.5 ml. At up to 4 doses in 24 hours, that's a maximum of 30
/// ml a day"), a rate times what it is per ("7.5 ml at 50 mg per ml is 375 mg"; "£1 per day
/// for 4 days: £4"), an amount over a count or over what a rate is per ("250 mg in every 5
/// ml (50 mg per ml)"), or a ratio of two like measures, a count. This is arithmetic the answer
/// shows, as [`sum_of_stated`] and [`percent_of_stated`] read a total and a share; a number of
/// another value, or of measures that do not multiply to it ("24 hours × 50 mg" is no dose in
/// mg), is the answer's own. A whole number must be the exact result; one with decimals the
/// result rounded to the places it is written with. A count written as a word from two to
/// twelve ("two animals") is an operand too, never a result. An amount in pence is a hundredth
/// of a result in pounds ("40 kWh at the 26.40p day rate would be £10.56", [`pence_at`]).
/// Years, times of day, numbers next to a
/// month's name, citation and list markers, percentages, 0 and 1 are neither operands nor
/// results; a result equal to an operand is no computation. As with [`ratio_percent`], only
/// the text's own numbers are paired, at most [`SHOWN_OPERANDS_MAX`] of the nearest: any two
/// numbers of the sources would give a wrong amount by chance. `quantities` are those of
/// `toks` (`quantity::quantities(text, toks)`, read once by the caller, which calls this
/// again as more numbers are derived).
pub(crate) fn shown_products(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    quantities: &[(usize, crate::quantity::Quantity)],
    held: impl Fn(f64) -> bool,
) -> Vec<usize> {
    // Each token's sentence, and its value and measure when it may be an operand or a result.
    let sentence: Vec<usize> = toks
        .iter()
        .map(|t| sentence_at(spans, t.start).unwrap_or(usize::MAX))
        .collect();
    let mut value: Vec<Option<(f64, Measure)>> = vec![None; toks.len()];
    for (i, t) in toks.iter().enumerate() {
        // A count in words ("Two cats are allowed"), two to twelve, is a count operand.
        if !t.is_number {
            value[i] = SHOWN_COUNT_WORDS
                .iter()
                .position(|w| t.raw.eq_ignore_ascii_case(w))
                .map(|p| ((p + 2) as f64, Measure::Count));
            continue;
        }
        // (A number next to a month's name is a day of a date.)
        let day = || names_month(toks, i + 1) || (i > 0 && names_month(toks, i - 1));
        if crate::text::has_byte(t.raw, b':')
            || day()
            || year_at(toks, i).is_some()
            || is_percentage(text, toks, i)
            || is_citation_marker(text, toks, i)
            || is_list_marker(text, toks, i)
        {
            continue;
        }
        let kind = match quantities.iter().find(|(j, _)| *j == i) {
            Some((_, q)) => Measure::Of(q.dimension()),
            None if money_at(text, t) || pence_at(text, t) => Measure::Money,
            None => Measure::Count,
        };
        value[i] = number_value(&number_key(toks, i))
            .filter(|&v| v > 0.0 && v != 1.0 && v.is_finite())
            .map(|v| (v, kind));
    }
    let rates: Vec<Option<Measure>> = (0..toks.len())
        .map(|i| value[i].and_then(|(_, k)| rate_per(text, toks, i, k)))
        .collect();
    // a × b = n: an amount times a count, or a rate times what it is per.
    let product = |(ka, ra): (Measure, Option<Measure>),
                   (kb, rb): (Measure, Option<Measure>),
                   kn: Measure| {
        (ka == kn && kb == Measure::Count && rb.is_none())
            || (ka == kn && ra == Some(kb))
            || (kb == kn && ka == Measure::Count && ra.is_none())
            || (kb == kn && rb == Some(ka))
    };
    // a / b = n: an amount over a count, an amount over what the rate n is per, a ratio of
    // like measures, or an amount over a rate of it per the measure of n.
    let quotient = |(ka, _): (Measure, Option<Measure>),
                    (kb, rb): (Measure, Option<Measure>),
                    (kn, rn): (Measure, Option<Measure>)| {
        (ka == kn && kb == Measure::Count && rb.is_none())
            || (ka == kn && rn == Some(kb))
            || (kn == Measure::Count && rn.is_none() && ka == kb && rb.is_none())
            || (kb == ka && rb == Some(kn))
    };
    let mut known: Vec<bool> = value
        .iter()
        .map(|v| v.is_some_and(|(v, _)| held(v)))
        .collect();
    let mut out = Vec::new();
    for i in 0..toks.len() {
        let (Some((n, kn)), false, s) = (value[i], known[i], sentence[i]) else {
            continue;
        };
        if s == usize::MAX || !toks[i].is_number {
            continue;
        }
        let places = places_written(toks, i);
        let equal = |r: f64| {
            if places == 0 {
                (r - n).abs() <= 1e-9 * n
            } else {
                (r - n).abs() <= half_last_place(places)
            }
        };
        // An amount in pence (or cents) is a hundredth of a result in pounds ("40 kWh at the
        // 26.40p day rate would be £10.56").
        let in_pounds = kn == Measure::Money && !pence_at(text, &toks[i]);
        let operand = |j: usize| {
            let scale = if in_pounds && pence_at(text, &toks[j]) {
                0.01
            } else {
                1.0
            };
            Some(j)
                .filter(|&j| known[j])
                .and_then(|j| value[j].map(|(v, k)| (v * scale, (k, rates[j]))))
                .filter(|&(v, _)| v != n)
        };
        // The nearest before it, then those after it in its sentence ("so £4.50 for the two").
        let mut operands: Vec<(f64, (Measure, Option<Measure>))> = (0..i)
            .rev()
            .take_while(|&j| sentence[j] == s || Some(sentence[j]) == s.checked_sub(1))
            .filter_map(operand)
            .take(SHOWN_OPERANDS_MAX)
            .collect();
        // (A count's too, up to the first rate per one unit of money after it in its
        // sentence: "125 points on the £12.50 ticket (10 per £1)".)
        let after_end = if kn == Measure::Count {
            (i + 1..toks.len())
                .take_while(|&j| sentence[j] == s)
                .find(|&j| known[j] && rates[j] == Some(Measure::Money))
                .map_or(i + 1, |j| j + 1)
        } else {
            toks.len()
        };
        operands.extend(
            (i + 1..after_end)
                .take_while(|&j| sentence[j] == s)
                .filter_map(operand)
                .take(SHOWN_OPERANDS_MAX),
        );
        let derived = operands.iter().enumerate().any(|(x, &(a, ma))| {
            operands.iter().enumerate().any(|(y, &(b, mb))| {
                x != y
                    && ((equal(a * b) && product(ma, mb, kn))
                        || (equal(a / b) && quotient(ma, mb, (kn, rates[i]))))
            })
        });
        if derived {
            // Only an exact result is an operand of another: a rounded one would carry its
            // rounding on.
            known[i] = operands.iter().any(|&(a, _)| {
                operands
                    .iter()
                    .any(|&(b, _)| (a * b - n).abs() <= 1e-9 * n || (a / b - n).abs() <= 1e-9 * n)
            });
            out.push(i);
        }
    }
    out
}

/// The first day of each month in a year of 365 days, counted from 1 January (day 0).
const MONTH_STARTS: [u32; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/// The indices of the number tokens of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that count the days between two calendar dates the answer
/// states before them, in their sentence or the one before ([`calendar_dates`]): a day count
/// the answer shows ("The £2,000 was due by 31 January 2025. Paying on 20 March makes it 48
/// days late"), as [`shown_products`] reads a product. The number is whole, 1 to 400, and a
/// "day" or "days" follows it; the later date's day of the year less the earlier's, in a year
/// of 365 or 366 days (the dates carry no year here: either counts), a year later when the
/// later date's month comes first ("20 December … 5 January": 16). One of the two may be the
/// user's date when the prompt states one only (`given`: month and day of each date the prompt
/// states), after the answer's when "before" follows the count and before it after "after"
/// ("We've got a table on Saturday 22 Nov" … "Tuesday 18 November is four days before your
/// booking"); the count may be a number word. The dates are judged as claims of
/// their own.
pub(crate) fn shown_date_gaps(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    given: &[(&'static str, u8)],
) -> Vec<usize> {
    let mut out = Vec::new();
    if !text.contains("day") {
        return out;
    }
    let day_of_year = |month: &str, day: u8| {
        let m = crate::text::month_index(month)?;
        // A date after February falls a day later in a leap year.
        Some((MONTH_STARTS[m] + u32::from(day) - 1, m >= 2))
    };
    // (Only the user's one date: with two, a count from the wrong one is the error to find.)
    let given: Vec<(u32, bool)> = match given {
        [(m, d)] => day_of_year(m, *d).into_iter().collect(),
        _ => Vec::new(),
    };
    let sentence_of = |at: usize| sentence_at(spans, at);
    let dates: Vec<(usize, Option<usize>, u32, bool)> = calendar_dates(text, toks)
        .into_iter()
        .filter_map(|d| {
            let (day, leaps) = day_of_year(d.month, d.day)?;
            Some((d.span.0, sentence_of(d.span.0), day, leaps))
        })
        .collect();
    if dates.len() + usize::from(!given.is_empty()) < 2 {
        return out;
    }
    // The days from one day of the year to a later one, in a year of 365 days or a leap year.
    let gap_is = |(x, xl): (u32, bool), (y, yl): (u32, bool), n: u32| {
        [0u32, 1].iter().any(|&leap| {
            let (x, y) = (x + leap * u32::from(xl), y + leap * u32::from(yl));
            let gap = if y >= x { y - x } else { y + 365 + leap - x };
            gap == n
        })
    };
    for (i, t) in toks.iter().enumerate() {
        let days_after = toks.get(i + 1).is_some_and(|n| {
            n.raw.eq_ignore_ascii_case("days") || n.raw.eq_ignore_ascii_case("day")
        });
        let Some(n) = days_after
            .then(|| count_at(toks, i))
            .flatten()
            .filter(|n| n.fract() == 0.0 && (1.0..=400.0).contains(n))
            .map(|n| n as u32)
        else {
            continue;
        };
        let Some(s) = sentence_of(t.start) else {
            continue;
        };
        let near: Vec<&(usize, Option<usize>, u32, bool)> = dates
            .iter()
            .filter(|d| d.0 < t.start && (d.1 == Some(s) || d.1 == s.checked_sub(1)))
            .collect();
        // The earlier-written date first, the later one in the same year or the next; the
        // user's date after the answer's when "before" follows the count ("Tuesday 18 November
        // is four days before your booking"), before it after "after", else either side.
        let word = |w: &str| {
            toks.get(i + 2)
                .is_some_and(|t| t.raw.eq_ignore_ascii_case(w))
        };
        let (before, after) = (word("before"), word("after"));
        let counts = near.iter().any(|a| {
            let a_ = (a.2, a.3);
            near.iter().any(|b| a.0 < b.0 && gap_is(a_, (b.2, b.3), n))
                || given
                    .iter()
                    .any(|&g| (!after && gap_is(a_, g, n)) || (!before && gap_is(g, a_, n)))
        });
        if counts {
            out.push(i);
        }
    }
    out
}

/// Whether the number `toks[i]` (offsets in `text`) is written as a rate per a unit of
/// measure: a slash or "per" right after it, then a unit ([`crate::quantity::unit_dimension`]:
/// "£0.1150/day", "45p per mile", "£150,000 per week"). A price per a thing counted ("£15
/// per person") is no such rate: "The ticket costs £12" restates or swaps it. Read by
/// [`Request::drop_same_entities`]: an amount of money is swapped only by one of its kind.
pub(super) fn money_rate(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let unit = |j: usize| {
        toks.get(j)
            .is_some_and(|t| !t.is_number && crate::quantity::unit_dimension(t.raw).is_some())
    };
    toks.get(i + 1).is_some_and(|next| {
        (gap(text, toks, i, i + 1) == "/" && unit(i + 1))
            || (next.raw.eq_ignore_ascii_case("per") && unit(i + 2))
    })
}

/// Whether the amount `toks[i]` of a claim (offsets in `text`) may be a rate: written as one
/// ([`money_rate`]), or with "a", "an", "each" or "every" and a unit after it ("£0.40 a
/// mile", "£2.50 an hour"), or in a claim that names a rate's period ("the daily standing
/// charge is £0.12"). Looser than [`money_rate`], which reads the sources' side: a claim of a
/// rate keeps its rivals.
pub(super) fn may_be_rate(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let per_unit = toks.get(i + 1).is_some_and(|next| {
        ["a", "an", "each", "every"]
            .iter()
            .any(|w| next.raw.eq_ignore_ascii_case(w))
            && toks
                .get(i + 2)
                .is_some_and(|t| crate::quantity::unit_dimension(t.raw).is_some())
    });
    money_rate(text, toks, i)
        || per_unit
        || toks.iter().any(|t| {
            [
                "daily", "hourly", "weekly", "monthly", "annual", "annually", "yearly", "rate",
                "rates",
            ]
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
        })
}

/// Words that mark a time of day as an end of a span ([`shown_clock_gaps`]: "from the 8:30am
/// gun", "until 12:20pm"), lower case.
const SPAN_BOUNDS: &[&str] = &["from", "since", "until", "till", "to", "between", "by"];

/// The indices of the number tokens of `toks` (an answer's, whose sentences are the byte spans
/// `spans`) whose quantity is the difference or the sum of two quantities of
/// one extensive dimension (duration, length, mass, volume, area) that one sentence of the
/// sources states (`source`: the sources' text, tokens and sentence spans), one of which the
/// answer's sentence restates: "Unpaid break: 30 minutes per 8-hour shift" and "After the
/// 30-minute unpaid break you're paid for 7.5 hours" (8 h − 30 min); "Economy: 1 bag up to
/// 23 kg … over by 4 kg" is no such pair unless one sentence states both. Exact in the
/// dimension's base unit; neither operand nor the result written in parts or as a clock time.
/// The words of the claim are judged as any claim's are (the answer may apply the wrong line's
/// pair); this only says the number is derived, not stated. `quantities` are the answer's
/// (`quantity::quantities` of its text and `toks`), read once by the caller.
pub(crate) fn shown_measure_differences(
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    quantities: &[(usize, crate::quantity::Quantity)],
    source: (&str, &[Token<'_>], &[(usize, usize)]),
) -> Vec<usize> {
    use crate::quantity::Quantity;
    let extensive = |q: &Quantity| !q.compound() && q.dimension().is_extensive();
    let mut out = Vec::new();
    let answer: Vec<(usize, Quantity)> = quantities
        .iter()
        .filter(|(_, q)| extensive(q))
        .copied()
        .collect();
    if answer.len() < 2 {
        return out;
    }
    let (context, ctx_toks, ctx_spans) = source;
    // The sources' extensive quantities, each with its sentence.
    let stated: Vec<(Option<usize>, Quantity)> = crate::quantity::quantities(context, ctx_toks)
        .into_iter()
        .filter(|(_, q)| extensive(q))
        .map(|(i, q)| (sentence_at(ctx_spans, ctx_toks[i].start), q))
        .collect();
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0);
    for (j, q) in &answer {
        let sentence = sentence_at(spans, toks[*j].start);
        let derived = answer.iter().any(|(k, operand)| {
            k != j
                && sentence.is_some()
                && sentence_at(spans, toks[*k].start) == sentence
                && operand.dimension() == q.dimension()
                && !close(operand.base, q.base)
                && stated.iter().any(|(s, b)| {
                    s.is_some()
                        && close(b.base, operand.base)
                        && stated.iter().any(|(t, a)| {
                            t == s
                                && a.dimension() == q.dimension()
                                && (close(a.base - b.base, q.base)
                                    || close(a.base + b.base, q.base))
                        })
                })
        });
        // (A stated quantity is no derived one: the sources state "7.5 hours" too.)
        if derived && !stated.iter().any(|(_, a)| close(a.base, q.base)) {
            out.push(*j);
        }
    }
    out
}

/// The indices of the number tokens of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that state a duration the answer shows as the time between the
/// two times of day it writes nearest to it in its sentence and the one before: "Cut-offs run
/// from the 8:30am gun … so that's 3 hours 50 minutes" after "The Dam Bridge cut-off is
/// 12:20pm", to the precision the duration is written with
/// ([`crate::quantity::Quantity::spans_between`]). Only the nearest two: "The 7:15 and 8:45
/// trains … 10:15 … each take 1 hour 30 minutes" states no gap between departures.
/// One of the two is written as an end of a span ([`SPAN_BOUNDS`], or a dash before it):
/// times of a list ("Trains leave at 7:15, 8:45 and 10:15; each takes 1 hour 30 minutes")
/// bound nothing. Every number of a compound duration ("3" and "50") is shown. The times are
/// judged as claims of their own, as [`shown_date_gaps`] leaves its dates.
pub(crate) fn shown_clock_gaps(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
) -> Vec<usize> {
    use crate::quantity::Dimension;
    let mut out = Vec::new();
    if !text.contains(':') {
        return out;
    }
    let quantities = crate::quantity::quantities(text, toks);
    let sentence_of = |i: usize| sentence_at(spans, toks[i].start);
    let times: Vec<(usize, Option<usize>, &crate::quantity::Quantity)> = quantities
        .iter()
        .filter(|(_, q)| q.dimension() == Dimension::TimeOfDay)
        .map(|(i, q)| (*i, sentence_of(*i), q))
        .collect();
    if times.len() < 2 {
        return out;
    }
    // Whether the time `toks[j]` is written as an end of a span: a word of
    // [`SPAN_BOUNDS`] among the three before it ("from the 8:30am gun"), or a dash right
    // before it ("8:30–12:20").
    let bounds = |j: usize| {
        (j > 0 && matches!(gap(text, toks, j - 1, j).trim(), "-" | "–" | "—"))
            || toks[j.saturating_sub(3)..j]
                .iter()
                .any(|t| SPAN_BOUNDS.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    for (i, q) in quantities
        .iter()
        .filter(|(_, q)| q.dimension() == Dimension::Duration)
    {
        let Some(s) = sentence_of(*i) else {
            continue;
        };
        let mut near: Vec<&(usize, Option<usize>, &crate::quantity::Quantity)> = times
            .iter()
            .filter(|t| t.1 == Some(s) || t.1 == s.checked_sub(1))
            .collect();
        near.sort_by_key(|t| t.0.abs_diff(*i));
        if let [a, b, ..] = near[..] {
            if (bounds(a.0) || bounds(b.0)) && q.spans_between(a.2, b.2) {
                out.push(*i);
            }
        }
    }
    out
}

/// Words that make the days after them working days ([`shown_date_offsets`]: "10 working
/// days", "5 business days"), lower case.
const WORKING_DAY_WORDS: &[&str] = &["working", "business"];

/// The [`WEEKDAYS`] index of the weekday written right before the token at byte `at` of
/// `text` (a comma or an abbreviation's full stop between at most), whole or shortened:
/// "Friday 12 July", "Friday, 12 July", "Fri 12 July", "Thurs. 11 July".
pub(crate) fn weekday_before(text: &str, toks: &[Token<'_>], at: usize) -> Option<usize> {
    let first = toks.partition_point(|t| t.start < at);
    let w = first.checked_sub(1)?;
    let raw = toks[w].raw;
    // (Abbreviated as dates and schedules write them: [`crate::text::WEEKDAY_ABBREVIATIONS`].)
    let short = || {
        crate::text::WEEKDAY_ABBREVIATIONS
            .iter()
            .find(|(abbr, _)| raw.eq_ignore_ascii_case(abbr))
            .and_then(|(_, day)| weekday_index(day))
    };
    matches!(gap(text, toks, w, first), "" | "," | ".")
        .then(|| weekday_index(raw).or_else(short))
        .flatten()
}

/// The number of working days (Monday to Friday) among the `gap` days after a day of the
/// weekday `from` ([`WEEKDAYS`] index), the last of them included.
fn working_days_after(from: usize, gap: u32) -> u32 {
    (1..=gap)
        .filter(|&i| !matches!((from + i as usize) % 7, 0 | 6))
        .count() as u32
}

/// The indices of the tokens of `toks` (offsets in `text`, an answer whose sentences are the
/// byte spans `spans`) that write a calendar date the answer shows as a whole number of days
/// or weeks after or before another date: one it states in its sentence or the one before,
/// or one of the user's (`given`: month, day and the weekday written before it, if any), held
/// by the sources or the user (`held_date`, by month name and day), with that duration written
/// in the date's sentence and its number held too (`held_number`: "one week" for the sources'
/// "1 week"): "From 4 May, one week after her 2nd vaccination on 27 April" (27 April + 7
/// days; [`calendar_dates`], [`crate::quantity::quantities`]). A number of working days
/// ("within 10 working days … so by Friday 12 July", [`WORKING_DAY_WORDS`]) counts forward
/// Monday to Friday only, the result a working day, when a weekday is written right before the
/// date it counts from ("Friday 28 June"; one written before the result must agree); bank
/// holidays are not known here and are not counted out. The date's day and its month
/// (not its year) are derived, as [`shown_date_gaps`] derives a day count. "before",
/// "earlier" or "prior" in the sentence counts back only, "after" or "later" forward only.
/// In a year of 365 or 366 days (the dates carry no year here: either counts), across the
/// turn of the year too. A held date is no result; two dates the sources do not hold derive
/// nothing from each other.
pub(crate) fn shown_date_offsets(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    given: &[(&'static str, u8, Option<usize>)],
    held_date: impl Fn(&'static str, u8) -> bool,
    held_number: impl Fn(f64) -> bool,
) -> Vec<usize> {
    use crate::quantity::Dimension;
    let mut out = Vec::new();
    let sentence_of = |at: usize| sentence_at(spans, at);
    // Each date: (its date, sentence, day of the year, whether after February, weekday).
    type Dated = (CalendarDate, Option<usize>, u32, bool, Option<usize>);
    let day_of_year = |month: &str, day: u8| {
        let m = crate::text::month_index(month)?;
        Some((MONTH_STARTS[m] + u32::from(day) - 1, m >= 2))
    };
    let dates: Vec<Dated> = calendar_dates(text, toks)
        .into_iter()
        .filter_map(|d| {
            let (day, late) = day_of_year(d.month, d.day)?;
            let s = sentence_of(d.span.0);
            let weekday = weekday_before(text, toks, d.span.0);
            Some((d, s, day, late, weekday))
        })
        .collect();
    if dates.is_empty() || (dates.len() < 2 && given.is_empty()) {
        return out;
    }
    // The whole numbers of days the answer writes as durations whose number the sources or
    // the user hold, with their sentences; and of working days.
    let days: Vec<(Option<usize>, u32)> = crate::quantity::quantities(text, toks)
        .into_iter()
        .filter(|(i, q)| {
            let value = count_at(toks, *i);
            q.dimension() == Dimension::Duration && value.is_some_and(&held_number)
        })
        .filter_map(|(i, q)| {
            let d = q.base / 86_400.0;
            (d.fract() == 0.0 && (1.0..=400.0).contains(&d))
                .then(|| (sentence_of(toks[i].start), d as u32))
        })
        .collect();
    let is = |k: usize, words: &[&str]| {
        toks.get(k)
            .is_some_and(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    let working: Vec<(Option<usize>, u32)> = (0..toks.len().saturating_sub(2))
        .filter(|&k| is(k + 1, WORKING_DAY_WORDS) && is(k + 2, &["day", "days"]))
        .filter_map(|k| {
            let n = count_at(toks, k).filter(|&n| held_number(n))?;
            (n.fract() == 0.0 && (1.0..=260.0).contains(&n))
                .then(|| (sentence_of(toks[k].start), n as u32))
        })
        .collect();
    let said = |s: usize, words: &[&str]| {
        tokens_in(toks, spans[s].0, spans[s].1)
            .any(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    // The user's dates, as bases of any sentence.
    let users: Vec<(&'static str, u8, u32, bool, Option<usize>)> = given
        .iter()
        .filter_map(|&(m, d, w)| day_of_year(m, d).map(|(day, late)| (m, d, day, late, w)))
        .collect();
    for (a, sa, da, la, wa) in &dates {
        let Some(s) = sa.filter(|_| !held_date(a.month, a.day)) else {
            continue;
        };
        let in_sentence = |list: &[(Option<usize>, u32)]| -> Vec<u32> {
            list.iter()
                .filter(|(ds, _)| *ds == Some(s))
                .map(|&(_, n)| n)
                .collect()
        };
        let (offsets, work) = (in_sentence(&days), in_sentence(&working));
        if offsets.is_empty() && work.is_empty() {
            continue;
        }
        let (back, forward) = (
            said(s, &["before", "earlier", "prior"]),
            said(s, &["after", "later"]),
        );
        // The bases: the answer's other held dates in this sentence or the one before, and
        // the user's.
        let bases = dates
            .iter()
            .filter(|(b, sb, ..)| {
                b.span != a.span
                    && held_date(b.month, b.day)
                    && (*sb == Some(s) || *sb == s.checked_sub(1))
            })
            .map(|(b, _, db, lb, wb)| (b.month, b.day, *db, *lb, *wb))
            .chain(users.iter().copied());
        let derived =
            bases
                .filter(|&(m, d, ..)| (m, d) != (a.month, a.day))
                .any(|(_, _, db, lb, wb)| {
                    [0u32, 1].iter().any(|&leap| {
                        let (x, y) = (db + leap * u32::from(lb), da + leap * u32::from(*la));
                        let year = 365 + leap;
                        let after = (y + year - x) % year;
                        let before = (x + year - y) % year;
                        let calendar = offsets
                            .iter()
                            .any(|&n| (n == after && !back) || (n == before && !forward));
                        // Working days forward, from the base's weekday (the result's, when written,
                        // must agree: the answer's own weekday fixes nothing).
                        let from = match (wb, *wa) {
                            (Some(b), Some(r)) => ((b + after as usize) % 7 == r).then_some(b),
                            (b, _) => b,
                        };
                        let working = !back
                            && from.is_some_and(|f| {
                                !matches!((f + after as usize) % 7, 0 | 6)
                                    && work.contains(&working_days_after(f, after))
                            });
                        calendar || working
                    })
                });
        if derived {
            out.extend(
                (0..toks.len())
                    .filter(|&j| toks[j].start >= a.span.0 && toks[j].start < a.span.1)
                    .filter(|&j| year_at(toks, j).is_none()),
            );
        }
    }
    out
}

/// Words right after a duration that count it back from a time of day ("an hour before",
/// "30 minutes early"; [`clock_offsets`]), lower case.
const CLOCK_BACK_WORDS: &[&str] = &["before", "beforehand", "earlier", "prior", "early"];

/// Words right after a duration that count it on from a time of day ("half an hour after",
/// "20 minutes later"; [`clock_offsets`]), lower case.
const CLOCK_ON_WORDS: &[&str] = &["after", "afterwards", "afterward", "later"];

/// Words before a duration, within [`CLOCK_NEGATION_SPAN`] tokens, that deny it is needed
/// ([`clock_offsets`]: "Foot passengers do not need to arrive an hour before"), lower case.
const CLOCK_NEGATIONS: &[&str] = &["not", "no", "never", "don't", "doesn't", "needn't", "nor"];

/// How many tokens before a duration [`clock_offsets`] looks for a word of
/// [`CLOCK_NEGATIONS`].
const CLOCK_NEGATION_SPAN: usize = 6;

/// The times of day `text` (its tokens `toks`) moves by a duration it states with a
/// direction, in hours after midnight: a duration ([`crate::quantity::quantities`], or "an
/// hour", "half an hour", "a quarter of an hour" in words) with a word of [`CLOCK_BACK_WORDS`]
/// or [`CLOCK_ON_WORDS`] among the three after it, none of [`CLOCK_NEGATIONS`] among the
/// [`CLOCK_NEGATION_SPAN`] before it, moves the time it is said of: counted back, the start of
/// the one range of times the text writes ("2pm–5pm", "from 10am to 2pm"), or its one time
/// when it writes no range; counted on, the range's end or the one time ("Party is 2pm–5pm but
/// I'll need an hour before to set up and half an hour after to tidy": 13.0 and 17.5; "My
/// flight leaves at 14:10" with the sources' "Check-in closes 45 minutes before departure":
/// read with `base`, the times of day of another text when this one writes none). A text of
/// two or more times and no one range moves none: which time a duration is said of is not
/// read. Returned with the times of day the text states (hours, [`day_times`]), from one
/// reading of its quantities. Read by [`shown_clock_offsets`].
pub(crate) fn clock_offsets(text: &str, toks: &[Token<'_>], base: &[f64]) -> (Vec<f64>, Vec<f64>) {
    use crate::quantity::Dimension;
    let is = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let quantities = crate::quantity::quantities(text, toks);
    let times = day_times(&quantities);
    let hours: Vec<f64> = times.iter().map(|&(_, h)| h).collect();
    // The time a duration is said of, back or on.
    let (start, end) = match times.as_slice() {
        [] => match base {
            [one] => (*one, *one),
            _ => return (hours, Vec::new()),
        },
        [(_, one)] => (*one, *one),
        [(a, x), (b, y)]
            if b - a <= 3
                && (gap(text, toks, *b - 1, *b).contains(['-', '–', '—'])
                    || (a + 1..*b).any(|k| ["to", "until", "till"].iter().any(|w| is(k, w)))) =>
        {
            (*x, *y)
        }
        _ => return (hours, Vec::new()),
    };
    // Each duration as (its last token, hours).
    let mut durations: Vec<(usize, f64)> = quantities
        .iter()
        .filter(|(_, q)| q.dimension() == Dimension::Duration)
        .map(|(i, q)| (i + 1, q.base / 3600.0))
        .collect();
    for k in 1..toks.len() {
        if is(k, "hour") && ["an", "a", "one"].iter().any(|w| is(k - 1, w)) {
            let hours = if k >= 2 && is(k - 2, "half") {
                0.5
            } else if k >= 3 && is(k - 2, "of") && is(k - 3, "quarter") {
                0.25
            } else {
                1.0
            };
            durations.push((k, hours));
        }
    }
    let mut out = Vec::new();
    for (last, hours) in durations {
        let denied = (last.saturating_sub(CLOCK_NEGATION_SPAN)..last)
            .any(|k| CLOCK_NEGATIONS.iter().any(|w| is(k, w)));
        if denied || hours <= 0.0 || hours >= 24.0 {
            continue;
        }
        let moved = (last + 1..last + 4).find_map(|k| {
            if CLOCK_BACK_WORDS.iter().any(|w| is(k, w)) {
                Some((start - hours).rem_euclid(24.0))
            } else if CLOCK_ON_WORDS.iter().any(|w| is(k, w)) {
                Some((end + hours).rem_euclid(24.0))
            } else {
                None
            }
        });
        if let Some(t) = moved.filter(|t| !out.contains(t)) {
            out.push(t);
        }
    }
    (hours, out)
}

/// The times of day among `quantities` ([`crate::quantity::quantities`] of a text), each
/// with its token and its value in hours after midnight.
pub(crate) fn day_times(quantities: &[(usize, crate::quantity::Quantity)]) -> Vec<(usize, f64)> {
    quantities
        .iter()
        .filter(|(_, q)| q.dimension() == crate::quantity::Dimension::TimeOfDay)
        .map(|(i, q)| (*i, q.base))
        .collect()
}

/// The tokens of the answer's times of day (`times`: token and hours after midnight,
/// [`day_times`]) that are one of `moved` (the user's or the sources' times moved by a
/// duration they state with its direction, [`clock_offsets`]) and none of `stated` (the
/// times they state): "you'd need the hall from 1pm to 5:30pm" for a party "2pm–5pm" with "an
/// hour before to set up and half an hour after to tidy". A time moved the wrong way, from the
/// other end of the range, or by another duration is not found.
pub(crate) fn shown_clock_offsets(
    times: &[(usize, f64)],
    stated: &[f64],
    moved: &[f64],
) -> Vec<usize> {
    let same = |a: f64, b: f64| (a - b).rem_euclid(24.0).min((b - a).rem_euclid(24.0)) < 1e-6;
    times
        .iter()
        .filter(|&&(_, h)| !stated.iter().any(|&t| same(t, h)) && moved.iter().any(|&t| same(t, h)))
        .map(|&(i, _)| i)
        .collect()
}

/// Comparatives that mark the number before them (and its unit) as a difference between two
/// values ("3 hours longer", "$150 cheaper"; [`shown_differences`]), lower case.
pub(super) const DIFFERENCE_COMPARATIVES: &[&str] = &[
    "more", "less", "fewer", "longer", "shorter", "cheaper", "dearer", "pricier", "higher",
    "lower", "heavier", "lighter", "bigger", "larger", "smaller", "later", "earlier", "faster",
    "slower", "older", "younger", "ahead", "behind", "extra",
];

/// Verbs of change that, with a comparative, mark a number after "by" as a difference
/// ("rose by 3 hours", "lighter … by 230 g"; [`shown_differences`]), lower case.
const DIFFERENCE_VERBS: &[&str] = &[
    "up",
    "down",
    "increased",
    "decreased",
    "rose",
    "fell",
    "dropped",
    "grew",
    "reduced",
    "raised",
    "exceeds",
    "differ",
    "differs",
    "beats",
    "beat",
    "won",
    "leads",
    "trails",
];

/// Units of measure outside `quantity`'s dimensions that [`shown_differences`] compares as
/// counts of themselves ("519 kWh … 438 kWh … 81 kWh more"), lower case: units, not count
/// nouns ("8 pills … 2 pills … 6 pills more" is a rule applied, not a difference shown).
const COUNTED_UNITS: &[&str] = &[
    "kwh", "mwh", "wh", "kw", "mw", "mah", "gb", "mb", "tb", "kb", "mbps", "gbps", "iu", "kcal",
    "kj", "pts",
];

/// A number [`shown_differences`] compares: its value, what it measures (a [`Measure`], and
/// for a count the hash of the unit word after it, else 0) and its value in its dimension's
/// base unit.
type Compared = (f64, (Measure, u64), f64);

/// The indices of the number tokens of `toks` (offsets in `text`, an answer) that state the
/// difference between the two nearest numbers before them in the answer of their measure,
/// both known (`known`: held by the sources or the user, or derived): a comparison the answer
/// shows, as [`shown_products`] reads a product ("| Battery | up to 15 h | up to 12 h | …
/// Corvano is rated 3 hours longer"; "| Price | $1,249 | $1,099 | … $150 cheaper"). The
/// number is marked as a difference: a comparative of [`DIFFERENCE_COMPARATIVES`] follows it
/// or its one-word unit, or "by" comes before it with a comparative or a verb of
/// [`DIFFERENCE_VERBS`] at most four words before ("Lighter: Corvano, by 230 g"). Its measure
/// is an amount of money, a quantity of one dimension (length, area, mass, duration, volume,
/// speed), compared in its base unit ("1.19 kg … 1.42 kg … by 230 g"; a "g" after a number
/// is read as grams, so it pairs with masses only; `quantity::quantities`), or a count of one
/// unit of [`COUNTED_UNITS`] written after each ("519 kWh … 438 kWh … 81 kWh more");
/// bare counts never are ("max 8 in 24 hours … 1 or 2 tablets … 7 more": any two of an
/// answer's counts give a small number by chance). The two operands may also be the "from a
/// to b" right after it ("went up by £30.58, from £141.50 to £172.08"), or the nearest before
/// it and the one right after its "than" ("£3,360 a year, which is £840 more than the
/// £2,520"). A whole difference must be exact, one with decimals the
/// difference rounded to its places. Which of the two is larger is not checked ("3 hours
/// shorter" for the longer one derives as "longer" does); the claim's words are judged as
/// any claim's are. Years, times of day, dates, temperatures and percentages are no operands.
/// `quantities` are those of `toks` (`quantity::quantities(text, toks)`, read once by the
/// caller, which calls this again as more numbers are derived).
pub(crate) fn shown_differences(
    text: &str,
    toks: &[Token<'_>],
    quantities: &[(usize, crate::quantity::Quantity)],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    use crate::quantity::Dimension;
    let mut out = Vec::new();
    let word_is = |j: usize, words: &[&str]| {
        toks.get(j)
            .is_some_and(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    // "over" or "under" right after a difference's unit marks it too ("180 miles over"), and
    // so does a verb of saving at most three words before it ("would save you about £19.30").
    const OVER_UNDER: &[&str] = &["over", "under"];
    const SAVING: &[&str] = &["save", "saves", "saving"];
    if !(0..toks.len()).any(|j| {
        word_is(j, DIFFERENCE_COMPARATIVES)
            || word_is(j, &["by"])
            || word_is(j, OVER_UNDER)
            || word_is(j, SAVING)
    }) {
        return out;
    }
    // Each number's value, what it measures (money, a dimension, or a count of a unit word
    // written after it, "519 kWh", told by the word's hash) and its value in the dimension's
    // base unit.
    let mut value: Vec<Option<Compared>> = vec![None; toks.len()];
    let unit_word = |j: usize| -> Option<u64> {
        let t = toks.get(j)?;
        let lower = t.raw.to_ascii_lowercase();
        COUNTED_UNITS.contains(&lower.as_str()).then(|| {
            // FNV-1a: one id per word, any case.
            lower.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
        })
    };
    for (i, t) in toks.iter().enumerate() {
        if !t.is_number
            || crate::text::has_byte(t.raw, b':')
            || names_month(toks, i + 1)
            || (i > 0 && names_month(toks, i - 1))
            || year_at(toks, i).is_some()
            || is_percentage(text, toks, i)
        {
            continue;
        }
        let Some(v) = number_value(&number_key(toks, i)).filter(|v| *v > 0.0 && v.is_finite())
        else {
            continue;
        };
        let measure = match quantities.iter().find(|(j, _)| *j == i) {
            Some((_, q))
                if matches!(
                    q.dimension(),
                    Dimension::Length
                        | Dimension::Area
                        | Dimension::Mass
                        | Dimension::Duration
                        | Dimension::Volume
                        | Dimension::Speed
                ) =>
            {
                (Measure::Of(q.dimension()), q.base)
            }
            Some(_) => continue,
            None if word_is(i + 1, &["g"]) => (Measure::Of(Dimension::Mass), v / 1000.0),
            None if money_at(text, t) => (Measure::Money, v),
            None => match unit_word(i + 1) {
                Some(w) => {
                    value[i] = Some((v, (Measure::Count, w), v));
                    continue;
                }
                None => continue,
            },
        };
        value[i] = Some((v, (measure.0, 0), measure.1));
    }
    for i in 0..toks.len() {
        let Some((n, kn, nb)) = value[i] else {
            continue;
        };
        let unit_words = usize::from(matches!(kn.0, Measure::Of(_)) || kn.1 != 0);
        let after_by = i > 0
            && word_is(i - 1, &["by"])
            && (i.saturating_sub(6)..i - 1)
                .any(|j| word_is(j, DIFFERENCE_COMPARATIVES) || word_is(j, DIFFERENCE_VERBS));
        let marked = word_is(i + 1 + unit_words, DIFFERENCE_COMPARATIVES)
            || (unit_words == 1 && word_is(i + 2, OVER_UNDER))
            || (i.saturating_sub(3)..i).any(|j| word_is(j, SAVING))
            || after_by;
        if !marked || known(i, n) {
            continue;
        }
        let places = places_written(toks, i);
        // In the difference's own unit: its base value over its value.
        let scale = nb / n;
        let equal = |d: f64| {
            let r = d / scale;
            if places == 0 {
                (r - n).abs() <= 1e-9 * n
            } else {
                (r - n).abs() <= half_last_place(places)
            }
        };
        // (Both stated per the same period, if any: "£120 a year" and "£15 a month" differ by
        // no £105. After "than" the second may leave its period to the first's: "£3,360 a
        // year, … £840 more than the £2,520 they're paying now".)
        let pair_with = |(x, a, ab): (usize, f64, f64), (y, b, bb): (usize, f64, f64), left| {
            let (px, py) = (period_after(text, toks, x), period_after(text, toks, y));
            known(x, a)
                && known(y, b)
                && ab != bb
                && (px == py || (left && py.is_none()))
                && equal((ab - bb).abs())
        };
        let pair = |x, y| pair_with(x, y, false);
        let of_measure = |j: usize| value[j].filter(|v| v.1 == kn).map(|(v, _, b)| (j, v, b));
        // The two nearest numbers of its measure before it, both known …
        let nearest: Vec<(usize, f64, f64)> = (0..i).rev().filter_map(of_measure).take(2).collect();
        // … or the two of a "from a to b" right after it ("went up by £30.58, from £141.50
        // to £172.08").
        let from_to = || {
            let from =
                (i + 1..(i + 4 + unit_words).min(toks.len())).find(|&k| word_is(k, &["from"]))?;
            let a = of_measure(from + 1)?;
            let to = (from + 2..(from + 5).min(toks.len())).find(|&k| word_is(k, &["to"]))?;
            Some((a, of_measure(to + 1)?))
        };
        // … or the two nearest that end their lines, results the answer compares ("total
        // £1,030.00 a year. / … total £1,010.70 a year. / So Kestrel would save you about
        // £19.30").
        let line_end = |j: usize| {
            let end = toks[j].start + toks[j].raw.len();
            let line = &text[end..text[end..].find('\n').map_or(text.len(), |e| end + e)];
            !line.chars().any(|c| c.is_ascii_digit())
        };
        let results: Vec<(usize, f64, f64)> = (0..i)
            .rev()
            .filter(|&j| line_end(j))
            .filter_map(of_measure)
            .take(2)
            .collect();
        // … or the nearest before it and the one right after its "than" ("that cap is
        // £3,360 a year, which is £840 more than the £2,520 they're paying now").
        let than = || {
            let than =
                (i + 1..(i + 3 + unit_words).min(toks.len())).find(|&k| word_is(k, &["than"]))?;
            let b = (than + 1..(than + 3).min(toks.len())).find_map(of_measure)?;
            Some((*nearest.first()?, b))
        };
        // … or the nearest before it and the one right after its "over" or "under" ("920
        // miles …, which is 170 miles over your 750-mile allowance").
        // The first is the greater after "over", the smaller after "under" ("170 miles under
        // your 750-mile allowance" after 920 miles is no difference of theirs).
        let over_what = || {
            let over = i + 1 + unit_words;
            if unit_words == 0 || !word_is(over, OVER_UNDER) {
                return None;
            }
            let b = (over + 1..(over + 4).min(toks.len())).find_map(of_measure)?;
            let a = *nearest.first()?;
            let above = toks[over].raw.eq_ignore_ascii_case("over");
            ((a.2 > b.2) == above).then_some((a, b))
        };
        let shown = match nearest[..] {
            [x, y] => pair(x, y),
            _ => false,
        } || than().is_some_and(|(x, y)| pair_with(x, y, true))
            || over_what().is_some_and(|(x, y)| pair_with(x, y, true))
            || match results[..] {
                [x, y] => pair(x, y),
                _ => false,
            }
            || from_to().is_some_and(|(x, y)| pair(x, y));
        if shown {
            out.push(i);
        }
    }
    out
}

/// The operator a gap between two tokens of an equation writes ([`stated_equations`]): the gap
/// without spaces, currency signs, percent signs and markdown emphasis ("**", "__") is one of
/// "×", "*", "÷", "+", "−" or "=", or "/", "-" or "–" with a space on a side ("5 days × 250 km",
/// "€98 + €60", "5% × £2,000", "= **€158**"; a dash or a slash with no space is a range or a
/// fraction, "8–10", "48/365"). None otherwise, and for a gap with a line break: a bullet
/// ("\n- ", "\n* ") opens a line, no operation.
fn equation_operator(gap: &str) -> Option<char> {
    if gap.contains('\n') {
        return None;
    }
    let gap = gap.replace("**", "").replace("__", "");
    let spaced = gap.starts_with(' ') || gap.ends_with(' ');
    let mut ops = gap.chars().filter(|c| {
        !c.is_whitespace() && *c != '%' && !CURRENCY_SIGNS.iter().any(|s| s.starts_with(*c))
    });
    let op = ops.next()?;
    if ops.next().is_some() {
        return None;
    }
    match op {
        '×' | '*' | '÷' | '+' | '−' | '=' => Some(op),
        '/' | '-' | '–' if spaced => Some(op),
        _ => None,
    }
}

/// Words right before a number that say it is what is left after a share ("leaving
/// £3,160.80"; [`share_of_derived`]), lower case.
const REMAINDER_WORDS: &[&str] = &["leaving", "left", "remaining", "remains", "after"];

/// Names of charges a percentage adds on, not takes off ([`share_of_derived`]: "less 20% VAT"
/// is no discount).
const ADDED_CHARGES: &[&str] = &[
    "vat",
    "tax",
    "fee",
    "fees",
    "charge",
    "surcharge",
    "interest",
    "service",
];

/// Words that name a percentage, among the three words after it, as one taken off
/// ([`share_of_derived`]: "the 10% sibling discount", "15% off"), lower case.
const DISCOUNT_NAMES: &[&str] = &["discount", "off", "reduction", "rebate"];

/// The indices of the number tokens of `toks` (offsets in `text`, sentences the byte spans
/// `spans`) that are a percentage of an amount the answer derived before them in their
/// sentence, or, after a word of [`REMAINDER_WORDS`] at most three words before them or with
/// "less" or "minus" right before the percentage or a name of [`DISCOUNT_NAMES`] among the
/// three words after it, and no number between it and the amount ("£126.00, less the 3%
/// discount (£3.78) = £122.22"; "£231, with the 10% sibling discount … down to £207.90"; not
/// of a charge of [`ADDED_CHARGES`]),
/// what is left of it after that percentage (`derived`: (token, value) of each derived number; the
/// percentage held by the sources or the user, `held`, and before them in their sentence), to
/// the places they are written with: "20% of £3,951 = £790.20, leaving £3,160.80", £3,951 an
/// equation's result, here or restated from an earlier sentence (the restated amount is then
/// derived too). A sentence with no such percentage takes the one of the sentence before it
/// when that one names a discount ("… so you get 15% off. At £42 a seat that's 24 × £42 =
/// £1,008, less £151.20"). As [`percent_of_stated`] does for amounts the sources hold, only the
/// answer's own operands are paired, and in one sentence.
pub(crate) fn share_of_derived(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    held: impl Fn(f64) -> bool,
    derived: &[(usize, f64)],
) -> Vec<usize> {
    let mut out = Vec::new();
    if derived.is_empty() || !(text.contains('%') || text.contains("percent")) {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    // The held percentages, with their tokens and sentences, read once.
    let percents: Vec<(usize, Option<usize>, f64)> = (0..toks.len())
        .filter(|&j| toks[j].is_number && is_percentage(text, toks, j))
        .filter_map(|j| number_value(&number_key(toks, j)).map(|p| (j, sentence(j), p)))
        .filter(|&(_, _, p)| p > 0.0 && p < 100.0 && held(p))
        .collect();
    if percents.is_empty() {
        return out;
    }
    for n in 0..toks.len() {
        if !toks[n].is_number || derived.iter().any(|&(d, _)| d == n) {
            continue;
        }
        let (Some(v), Some(s)) = (positive_amount(text, toks, n), sentence(n)) else {
            continue;
        };
        let places = places_written(toks, n);
        let tolerance = half_last_place(places);
        let remainder = (n.saturating_sub(3)..n).any(|k| {
            REMAINDER_WORDS
                .iter()
                .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
        });
        // The amounts: a derived number before it in its sentence, or one that restates an
        // earlier derived value there ("£4,050 − £99 = £3,951. … 20% of £3,951"), as
        // [`stated_equations`] reads a restated result as an operand.
        let amounts = (0..n).filter(|&d| sentence(d) == Some(s)).filter_map(|d| {
            let a = derived
                .iter()
                .find(|&&(e, _)| e == d)
                .map(|&(_, a)| a)
                .or_else(|| {
                    let a = toks[d]
                        .is_number
                        .then(|| number_value(&number_key(toks, d)))
                        .flatten()?;
                    derived.iter().any(|&(e, b)| e < d && b == a).then_some(a)
                })?;
            Some((d, a))
        });
        // The percentages of its sentence before it; with none, the one of the sentence
        // before when it names a discount ("… so you get 15% off. … = £1,008, less
        // £151.20"; a share of a noun, "50% of your tuition back", is read by its noun,
        // `named_line_results`).
        let own_percent = percents.iter().any(|&(j, ps, _)| j < n && ps == Some(s));
        let before: Vec<usize> = percents
            .iter()
            .filter(|&&(_, ps, _)| s > 0 && ps == Some(s - 1))
            .map(|&(j, _, _)| j)
            .filter(|&j| {
                (j + 1..(j + 4).min(toks.len())).any(|k| {
                    DISCOUNT_NAMES
                        .iter()
                        .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
                })
            })
            .collect();
        let percent_of = |j: usize, ps: Option<usize>| {
            j < n && (ps == Some(s) || (!own_percent && before.len() == 1 && before[0] == j))
        };
        let mut used = None;
        for (d, a) in amounts {
            let shown = percents
                .iter()
                .filter(|&&(j, ps, _)| percent_of(j, ps))
                .any(|&(j, _, p)| {
                    let part = a * p / 100.0;
                    // "£126.00, less the 3% discount (£3.78) = £122.22": "less" or "minus"
                    // right before the percentage (an article between), no number between it
                    // and the amount, and no charge named after it ("less the £500 deposit,
                    // with 20% VAT" adds VAT on).
                    let is = |k: usize, ws: &[&str]| {
                        ws.iter().any(|w| toks[k].raw.eq_ignore_ascii_case(w))
                    };
                    // Or a percentage named a discount ("the 10% sibling discount brings the
                    // second child down to £183.60").
                    let cue = (j >= 1 && is(j - 1, &["less", "minus"]))
                        || (j >= 2 && is(j - 1, &["the", "a"]) && is(j - 2, &["less", "minus"]))
                        || (j + 1..(j + 4).min(toks.len())).any(|k| is(k, DISCOUNT_NAMES));
                    let off = cue
                        && !(d + 1..j).any(|k| toks[k].is_number)
                        && !(j + 1 < toks.len() && is(j + 1, ADDED_CHARGES));
                    (part - v).abs() <= tolerance
                        || ((remainder || off) && (a - part - v).abs() <= tolerance)
                });
            if shown {
                used = Some(d);
                break;
            }
        }
        if let Some(d) = used {
            out.push(n);
            // A restated amount is derived too, as its computation shows.
            if !derived.iter().any(|&(e, _)| e == d) && !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// Words that open a fixed amount of money taken off the amount before them
/// ([`fees_deducted`]: "after the £10 admin fee", "less the £500 deposit", "minus £25"),
/// lower case.
const DEDUCTING_CUES: &[&str] = &["after", "less", "minus", "deducting"];

/// Names of what is always money taken off ([`fees_deducted`]: "after the £20 voucher"),
/// lower case.
const OFF_NAMES: &[&str] = &["deduction", "excess", "discount", "credit", "voucher"];

/// Names of charges that are taken off an amount only where the sources say so
/// ([`fees_deducted`]: "after the £10 admin fee" when "An administration fee of £10 is
/// deducted from each refund"; not a "£15 late payment charge, which is added to your
/// bill"), lower case.
const CHARGE_NAMES: &[&str] = &["fee", "fees", "charge", "charges", "deposit", "penalty"];

/// Words that say an amount is taken off another ([`fees_deducted`], read in the sources'
/// sentences), lower case.
pub(super) const DEDUCTING_VERBS: &[&str] = &[
    "deducted",
    "deduct",
    "deducts",
    "withheld",
    "subtracted",
    "less",
    "minus",
];

/// Words that say an amount is added on or given back ([`fees_deducted`]: a sentence of the
/// sources holding one does not say its fee is taken off), lower case.
pub(super) const ADDING_WORDS: &[&str] = &[
    "added", "add", "adds", "addition", "plus", "refunded", "returned", "repaid",
];

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that are a known amount less a fixed amount of money the answer
/// takes off it: after a word of [`DEDUCTING_CUES`], an article or possessive at most between,
/// a known amount (`known`: held by the sources or the user, or derived by arithmetic the
/// answer shows); after "after", followed within three words by a name of [`OFF_NAMES`], or
/// of [`CHARGE_NAMES`] when the sources say that amount is taken off (`said_deducted`, by its
/// value: "after the £10 admin fee" when "An administration fee of £10 is deducted from each
/// refund"); the result in the same sentence after it or before it ("which leaves £2,588, and
/// after the £10 admin fee you'd get back about £2,578"; "you'd get £2,578 back after the £10
/// fee"), equal to the nearest known amount of money before both, in that sentence or the one
/// before, minus the amount taken off, to the places the result is written with. A wrong
/// difference is not found, nor a difference taken from the wrong amount; the parts are judged
/// as numbers of their own.
pub(crate) fn fees_deducted(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
    said_deducted: impl Fn(f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    let is = |k: usize, ws: &[&str]| ws.iter().any(|w| toks[k].raw.eq_ignore_ascii_case(w));
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    // Each amount taken off: (its cue's token, its value).
    let deducted: Vec<(usize, f64)> = (0..toks.len())
        .filter(|&c| is(c, DEDUCTING_CUES))
        .filter_map(|c| {
            let f = (c + 1..(c + 3).min(toks.len())).find(|&k| toks[k].is_number)?;
            if !(c + 1..f).all(|k| is(k, &["the", "a", "an", "your", "their", "its"])) {
                return None;
            }
            let a = money_amount(text, toks, f).filter(|&a| known(f, a))?;
            let named = |names: &[&str]| (f + 1..(f + 4).min(toks.len())).any(|k| is(k, names));
            let off = named(OFF_NAMES) || (named(CHARGE_NAMES) && said_deducted(a));
            (off || !is(c, &["after"])).then_some((c, a))
        })
        .collect();
    if deducted.is_empty() {
        return out;
    }
    for (n, v, s) in unknown_amounts(text, toks, spans, &known) {
        let tolerance = half_last_place(places_written(toks, n)).max(1e-9 * v);
        let shown = deducted.iter().any(|&(c, fee)| {
            if sentence(c) != Some(s) {
                return false;
            }
            // The amount it is taken off: the nearest known one before the cue and the result.
            let first = c.min(n);
            (0..first)
                .rev()
                .take_while(|&j| sentence(j).is_some_and(|t| t + 1 >= s))
                .find_map(|j| money_amount(text, toks, j).filter(|&a| known(j, a)))
                .is_some_and(|a| (a - fee - v).abs() <= tolerance)
        });
        if shown {
            out.push(n);
        }
    }
    out
}

/// The most numbers a source line may state and still be read as pricing what it names
/// ([`priced_lines`]): a paragraph of figures names too many things to say which its amount is.
const PRICED_LINE_NUMBERS_MAX: usize = 6;

/// Words of a source line that say its amount is added to another ([`named_line_results`]:
/// "Next-day delivery: add £2.50 per parcel", "£50 supplement"), by stem ([`word_stem`]).
const ADD_ON_WORDS: &[&str] = &["add", "extra", "supplement", "surcharge", "plus"];

/// Words of an answer that add the amount a source line names to the amount before
/// ([`named_line_results`]: "Adding next-day delivery makes it £8.49"), by stem
/// ([`word_stem`]); with [`ADDING_WORDS`].
const ADDING_CUES: &[&str] = &["add", "with", "plus"];

/// Words of a source line that take its amount off ([`named_line_results`]: "£3 off",
/// "discount"), lower case.
const TAKING_OFF_WORDS: &[&str] = &["off", "discount", "less", "minus", "deducted", "reduction"];

/// A line of the sources that states an amount of money or a percentage and what it is of
/// ([`priced_lines`]): "Full day (8am–6pm): £68", "Instalment 2: 30% – due 31 January 2025".
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PricedLine {
    /// Its words of three letters or more that are no stop words, as stems ([`word_stem`]).
    words: Vec<String>,
    /// Its numbers that are neither money nor percentages, each with the stem of the word
    /// right after it (nothing between but a space or a hyphen; "" when none): ("45",
    /// "minute") of "45 minutes – £30".
    labels: Vec<(f64, String)>,
    /// The amounts of money it states.
    money: Vec<f64>,
    /// The percentages it states, in percent (0–100).
    percents: Vec<f64>,
    /// The stems of its words before its first number or separator (":", "|", a dash, a
    /// bracket): what it is a line of ("Off-peak monthly" of "Off-peak monthly | Mon–Fri |
    /// £60").
    head: Vec<String>,
    /// Its amounts priced per a unit, in pounds (pence divided by 100), each with the stem of
    /// its unit ("£6 per day": (6, "day"); "40p each": (0.4, "")).
    rates: Vec<(f64, String)>,
    /// Whether it states one amount of money (pence too): a row's one price.
    single: bool,
    /// Whether it says its amount is taken off ([`TAKING_OFF_WORDS`]: "Student discount: £3
    /// off").
    takes_off: bool,
    /// Whether it says its amount is added on (a word of [`ADD_ON_WORDS`] right before or
    /// after an amount of money).
    adds: bool,
}

/// The stems ([`word_stem`]) of the words of three letters or more of `toks[range]` that are no
/// stop words, number words nor "per", each once, and the numbers among them that are not `skip`, with the stem of the word right
/// after each (a space or a hyphen between; "" when none).
fn named_words(
    text: &str,
    toks: &[Token<'_>],
    range: std::ops::Range<usize>,
    skip: impl Fn(usize) -> bool,
) -> (Vec<String>, Vec<(f64, String)>) {
    let mut words = Vec::new();
    let mut labels = Vec::new();
    for k in range.clone() {
        let t = &toks[k];
        if t.is_number {
            if skip(k) {
                continue;
            }
            labels.extend(
                number_with_unit(text, toks, k, range.end).filter(|(_, unit)| !unit.is_empty()),
            );
        } else if number_word_at(toks, k).is_none() {
            // (Each part of a hyphenated word: "Off-peak", "next-day".)
            for part in t.raw.split('-') {
                if part.chars().count() >= 3
                    && part.chars().all(char::is_alphabetic)
                    && !crate::text::is_stopword_raw(part)
                    && !part.eq_ignore_ascii_case("per")
                {
                    let stem = word_stem(part);
                    if !words.contains(&stem) {
                        words.push(stem);
                    }
                }
            }
        }
    }
    (words, labels)
}

/// The value of the number `toks[k]` with the stem ([`word_stem`]) of the word right after
/// it, before token `end` (a space or a hyphen between; "" when none): (45, "minute") of
/// "45-minute lessons", (3, "full") of "3 full days".
fn number_with_unit(text: &str, toks: &[Token<'_>], k: usize, end: usize) -> Option<(f64, String)> {
    let v = count_at(toks, k)?;
    let unit = if k + 1 < end
        && !toks[k + 1].is_number
        && toks[k + 1].raw.chars().all(char::is_alphabetic)
        && !crate::text::is_stopword_raw(toks[k + 1].raw)
        && matches!(gap(text, toks, k, k + 1), "" | "-")
    {
        word_stem(toks[k + 1].raw)
    } else {
        String::new()
    };
    Some((v, unit))
}

/// The numbers and number words of `toks` (offsets in `text`) with the word after each
/// ([`number_with_unit`]):
/// the user's counts [`named_line_results`] may multiply by the line the count's word names.
pub(crate) fn numbers_with_units(text: &str, toks: &[Token<'_>]) -> Vec<(f64, String)> {
    (0..toks.len())
        .filter(|&k| toks[k].is_number || number_word_at(toks, k).is_some())
        .filter_map(|k| number_with_unit(text, toks, k, toks.len()))
        .collect()
}

/// The lines of the sources (`text`, its tokens `toks`, its sentences the token ranges
/// `sentences`, each cut again at line breaks) that state at least one amount of money or
/// percentage and at most [`PRICED_LINE_NUMBERS_MAX`] numbers, as [`PricedLine`]s: a price
/// list's, a rate card's or a schedule's rows, what [`named_line_results`] reads.
pub(crate) fn priced_lines(
    text: &str,
    toks: &[Token<'_>],
    sentences: impl Iterator<Item = std::ops::Range<usize>>,
) -> Vec<PricedLine> {
    let mut out = Vec::new();
    for sentence in sentences {
        let mut from = sentence.start;
        for k in sentence.start..=sentence.end {
            let breaks = k == sentence.end
                || (k > from
                    && text
                        .get(toks[k - 1].start + toks[k - 1].raw.len()..toks[k].start)
                        .is_some_and(|g| g.contains('\n')));
            if !breaks {
                continue;
            }
            let line = from..k;
            from = k;
            let numbers = line.clone().filter(|&j| toks[j].is_number).count();
            if numbers == 0 || numbers > PRICED_LINE_NUMBERS_MAX {
                continue;
            }
            // (An amount in pence or cents in its major unit: "Day unit rate: 28.40p per kWh"
            // prices a count of units in pounds.)
            let money: Vec<f64> = line
                .clone()
                .filter_map(|j| {
                    money_amount(text, toks, j).or_else(|| {
                        pence_at(text, &toks[j])
                            .then(|| positive_amount(text, toks, j))
                            .flatten()
                            .map(|v| v / 100.0)
                    })
                })
                .collect();
            // Each amount priced per a unit ("£6 per day", "£2.50/min", "40p each": the unit's
            // stem, "" for "each"), and how many amounts (pence too) the line states.
            let is = |k: usize, ws: &[&str]| {
                k < line.end && ws.iter().any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            };
            let priced = |j: usize| money_at(text, &toks[j]) || pence_at(text, &toks[j]);
            let rates: Vec<(f64, String)> = line
                .clone()
                .filter(|&j| toks[j].is_number && priced(j))
                .filter_map(|j| {
                    let v = number_value(&number_key(toks, j))?;
                    let v = if pence_at(text, &toks[j]) {
                        v / 100.0
                    } else {
                        v
                    };
                    let unit = |k: usize| (k < line.end).then(|| word_stem(toks[k].raw));
                    if is(j + 1, &["each"]) {
                        Some((v, String::new()))
                    } else if is(j + 1, &["per", "a", "an"]) {
                        unit(j + 2).map(|u| (v, u))
                    } else if j + 1 < line.end && gap(text, toks, j, j + 1).ends_with('/') {
                        unit(j + 1).map(|u| (v, u))
                    } else {
                        None
                    }
                })
                .collect();
            let amounts = line
                .clone()
                .filter(|&j| toks[j].is_number && priced(j))
                .count();
            let takes_off = line.clone().any(|j| is(j, TAKING_OFF_WORDS));
            let percents: Vec<f64> = line
                .clone()
                .filter(|&j| toks[j].is_number && is_percentage(text, toks, j))
                .filter_map(|j| number_value(&number_key(toks, j)))
                .filter(|&p| p > 0.0 && p < 100.0)
                .collect();
            if money.is_empty() && percents.is_empty() {
                continue;
            }
            let (words, labels) = named_words(text, toks, line.clone(), |j| {
                priced(j) || is_percentage(text, toks, j)
            });
            // (A word that adds next to an amount: "add £2.50", "£50 supplement"; not "Extra
            // large" naming a size.)
            let add_on = |k: usize| {
                toks.get(k).is_some_and(|t| {
                    t.raw.chars().all(char::is_alphabetic)
                        && ADD_ON_WORDS.contains(&word_stem(t.raw).as_str())
                })
            };
            let adds = line
                .clone()
                .filter(|&j| money_at(text, &toks[j]))
                .any(|j| (j > line.start && add_on(j - 1)) || (j + 1 < line.end && add_on(j + 1)));
            let head_end = (line.start..line.end)
                .find(|&j| {
                    toks[j].is_number
                        || (j > line.start
                            && gap(text, toks, j - 1, j).contains([':', '|', '–', '—', '(']))
                })
                .unwrap_or(line.end);
            let (head, _) = named_words(text, toks, line.start..head_end, |_| true);
            out.push(PricedLine {
                head,
                rates,
                single: amounts == 1,
                takes_off,
                words,
                labels,
                money,
                percents,
                adds,
            });
        }
    }
    out
}

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that the answer computes from the amount or percentage of the
/// source line ([`priced_lines`]: `lines`) its words name, without writing that operand. The
/// amount's phrase is its clause's words back to a comma, semicolon, colon or bracket, its
/// sentence's start or the end of the phrase of the amount of money before it, and up to four
/// words after it before any punctuation, amount of money or conjunction. The line is the one
/// sharing the most words with the phrase (a word by its stem, [`word_stem`]; a number with
/// the word after it, "45 minutes" of "45-minute lessons"; at least one), then one whose head
/// the phrase names whole ("six monthly tickets": "Monthly", not "Off-peak monthly"), then
/// the one with the greatest share of its own words shared; no line when two tie. The amount
/// is, to the places it is written with: a count times the line's amount ("Three full days is
/// £204" against "Full day (8am–6pm): £68"), the count the one integer 2–1000 written before
/// it in its sentence (else in the one before) that is known (`known`: held by the sources or
/// the user, or derived by arithmetic the answer shows) and no amount of money, percentage,
/// date, time of day or number naming a line's label with its unit, else the one count of the
/// user's (`given_counts`) whose word after it the phrase or the line names ("3 full days", not
/// "she is 2"), of several the one whose qualifier ([`GivenQualifier`], `qualified`) the phrase
/// names ("the night units" of "200 kWh in the day and 150 kWh at night"); the one known amount of money before it (in its sentence or the one before)
/// plus the line's amount, when the line puts a word that adds next to its amount
/// ([`ADD_ON_WORDS`]) or the phrase adds ([`ADDING_CUES`], [`ADDING_WORDS`]: "Adding next-day
/// delivery makes it £8.49" against "Next-day delivery: add £2.50 per parcel"); or the line's
/// percentage of the user's one amount of money (`given_amounts`: "You'd pay £3,700 at
/// registration" of "the £9,250" against "Instalment 1: 40% – due at registration"), not of one
/// the answer computes, which may be another noun's than the one the percentage is of ("50%
/// of the deposit" is no share of the set menu's total), and not when the amount's sentence
/// writes a share of its own. Rows of a table or list are read by the words that label them,
/// as table question answering reads a cell by its row (Pasupat and Liang 2015); another row's
/// amount, a slip in the product, or a count nobody states is not found.
pub(crate) fn named_line_results(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    lines: &[PricedLine],
    (given_counts, given_amounts, qualified): (&[(f64, String)], &[f64], &[GivenQualifier<'_>]),
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    if lines.is_empty() {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let is_money = |j: usize| money_at(text, &toks[j]);
    // The end of an amount's phrase: up to four words after it (its own phrase: stop words
    // aside, "for the 200 day units"; a phrase before another amount's: any four), in its
    // sentence, no punctuation, amount of money or conjunction between ("£330 and your
    // son's …").
    let phrase_end = |n: usize, own: bool| {
        let mut hi = n + 1;
        let mut words = 0;
        while hi < toks.len()
            && words < 4
            && sentence(hi) == sentence(n)
            && !(toks[hi].is_number && is_money(hi))
            && !["and", "or", "but", "then"]
                .iter()
                .any(|w| toks[hi].raw.eq_ignore_ascii_case(w))
            && gap(text, toks, hi - 1, hi).is_empty()
        {
            words += usize::from(
                !own || toks[hi].is_number || !crate::text::is_stopword_raw(toks[hi].raw),
            );
            hi += 1;
        }
        hi
    };
    for (n, v, s) in unknown_amounts(text, toks, spans, &known) {
        // The amount's phrase: back to the start of its clause (its sentence's start, a
        // comma, semicolon, colon or bracket) or the end of the phrase of the amount of money
        // before it, and up to four words after it ("on 31 January 2025"), no punctuation or
        // amount of money between.
        // (Not the bracket that opens the amount itself: "six monthly tickets (£570)".)
        let clause_break =
            |j: usize| j + 1 < n && gap(text, toks, j, j + 1).contains([',', ';', ':', '(', ')']);
        let lo = (0..n)
            .rev()
            .take_while(|&j| sentence(j) == Some(s) && !clause_break(j))
            .find(|&j| toks[j].is_number && is_money(j))
            .map_or_else(
                || {
                    (0..n)
                        .rev()
                        .take_while(|&j| sentence(j) == Some(s) && !clause_break(j))
                        .last()
                        .unwrap_or(n)
                },
                |j| phrase_end(j, false),
            );
        // (Not what a qualifier after it leaves out: "£545 before VAT", "£40 excluding
        // delivery" name no line the amount is computed with.)
        let own_end = phrase_end(n, true);
        let hi = (n + 1..own_end)
            .find(|&k| {
                EXCLUDING_WORDS
                    .iter()
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            })
            .unwrap_or(own_end);
        let (words, labels) = named_words(text, toks, lo..hi, |j| j == n || is_money(j));
        let shared = |line: &PricedLine| {
            line.words.iter().filter(|w| words.contains(w)).count()
                + line
                    .labels
                    .iter()
                    .filter(|(x, u)| !u.is_empty() && labels.contains(&(*x, u.clone())))
                    .count()
        };
        // The line: the most words shared, then one whose head the phrase names whole, then
        // the greatest share of its own words; one line only ("six monthly tickets" names
        // "Monthly", not "Off-peak monthly").
        let score = |line: &PricedLine| {
            let n = shared(line);
            let whole = !line.head.is_empty() && line.head.iter().all(|w| words.contains(w));
            (
                n,
                whole,
                n as f64 / (line.words.len() + line.labels.len()).max(1) as f64,
            )
        };
        let scores: Vec<(usize, bool, f64)> = lines.iter().map(score).collect();
        let best = scores
            .iter()
            .copied()
            .max_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.total_cmp(&b.2)))
            .unwrap_or((0, false, 0.0));
        if best.0 == 0 || scores.iter().filter(|&&x| x == best).count() != 1 {
            continue;
        }
        let Some(line) = scores.iter().position(|&x| x == best).map(|l| &lines[l]) else {
            continue;
        };
        let tolerance = half_last_place(places_written(toks, n)).max(1e-9 * v);
        let near = |x: f64| (x - v).abs() <= tolerance;
        // What it may be computed from: counts and amounts before it, in its sentence or the
        // one before.
        let before = (0..n)
            .rev()
            .take_while(|&j| sentence(j).is_some_and(|t| t + 1 >= s))
            .collect::<Vec<_>>();
        // The count: the one known count written before it (a number that names a line's
        // label with its unit, "45-minute", is none), else the one of the user's whose word
        // after it the phrase or the line names ("3 full days", not "she is 2").
        let labelled = |k: usize| {
            let unit = toks
                .get(k + 1)
                .filter(|t| !t.is_number && matches!(gap(text, toks, k, k + 1), "" | "-"))
                .map(|t| word_stem(t.raw));
            unit.is_some_and(|u| {
                count_at(toks, k).is_some_and(|v| {
                    lines
                        .iter()
                        .any(|l| l.labels.iter().any(|(x, w)| *x == v && *w == u))
                })
            })
        };
        let whole = |c: &f64| c.fract() == 0.0 && (2.0..=1000.0).contains(c);
        // (Those of its own sentence, else of the one before: "£540 for the six months. That's
        // £30 less than buying six monthly tickets (£570)".)
        let count_of = |k: usize| {
            let other = is_money(k)
                || (toks[k].is_number && is_percentage(text, toks, k))
                || date_or_clock_part(toks, k)
                || labelled(k);
            (!other)
                .then(|| count_at(toks, k).filter(|&c| known(k, c)))
                .flatten()
                .filter(whole)
        };
        let distinct = |mut counts: Vec<f64>| {
            counts.sort_unstable_by(f64::total_cmp);
            counts.dedup();
            counts
        };
        let counts_in = |sentence_index: usize| {
            distinct(
                before
                    .iter()
                    .filter(|&&k| sentence(k) == Some(sentence_index))
                    .filter_map(|&k| count_of(k))
                    .collect(),
            )
        };
        // (The one count of the amount's own phrase first, after it, then before it: "£56.80
        // for the 200 day units and £21.15 for the 150 night units".)
        let phrase_counts = |range: std::ops::Range<usize>| {
            distinct(range.filter_map(count_of).collect::<Vec<f64>>())
        };
        let mut counts = phrase_counts(n + 1..hi);
        if counts.len() != 1 {
            counts = phrase_counts(lo..n);
        }
        if counts.len() != 1 {
            counts = counts_in(s);
        }
        if counts.is_empty() && s > 0 {
            counts = counts_in(s - 1);
        }
        if counts.is_empty() {
            counts = given_counts
                .iter()
                .filter(|(c, w)| whole(c) && (words.contains(w) || line.words.contains(w)))
                .map(|&(c, _)| c)
                .collect();
            counts.sort_unstable_by(f64::total_cmp);
            counts.dedup();
            // (Of two or more, the one the phrase and the line name by a word the user
            // qualifies it with, not its unit: "£21.15 for the night units" at "Night unit
            // rate: …" of "a 30 day month … 200 kWh in the day and 150 kWh at night".)
            if counts.len() > 1 {
                let unit_of =
                    |c: f64, w: &String| given_counts.iter().any(|(g, u)| *g == c && u == w);
                let named: Vec<f64> = counts
                    .iter()
                    .copied()
                    .filter(|&c| {
                        qualified.iter().any(|q| {
                            q.value == c
                                && q.words.iter().any(|w| {
                                    !unit_of(c, w) && words.contains(w) && line.words.contains(w)
                                })
                        })
                    })
                    .collect();
                if named.len() == 1 {
                    counts = named;
                }
            }
        }
        let count = (counts.len() == 1).then(|| counts[0]);
        // The count's unit, as the answer writes it ("Three full days": "full"); a count of
        // the answer's in a unit the user counts otherwise is no count ("Four full days" for
        // the user's "3 full days").
        let unit = count.and_then(|c| {
            (n + 1..hi)
                .chain(before.iter().copied())
                .find(|&k| count_at(toks, k) == Some(c))
                .and_then(|k| number_with_unit(text, toks, k, toks.len()))
                .map(|(_, u)| u)
        });
        // (One of the user's own counts in a unit the line names is theirs whatever word
        // follows it: "the 200 day units" for "200 kWh in the day" beside "a 30 day month", the
        // line "Day unit rate: 28.40p per kWh".)
        let count = count.filter(|&c| {
            given_counts
                .iter()
                .any(|(g, w)| *g == c && line.words.contains(w))
                || unit.as_ref().is_none_or(|u| {
                    u.is_empty() || !given_counts.iter().any(|(g, w)| w == u && *g != c)
                })
        });
        // An amount is multiplied by the count when it is the line's one price, or priced per
        // the count's unit or "each" ("20p per minute" for a 35-minute ride; not the £1 to
        // unlock beside it).
        // (Or a count of what the line's head names, priced per its measure: "the 200 day
        // units" at "Day unit rate: 28.40p per kWh".)
        let per_count = |p: f64| {
            line.rates.iter().any(|(r, u)| {
                (r - p).abs() <= 1e-9
                    && (u.is_empty()
                        || unit
                            .as_ref()
                            .is_none_or(|c| c.is_empty() || c == u || line.head.contains(c)))
            }) || (line.single && !line.rates.iter().any(|(r, _)| (r - p).abs() <= 1e-9))
        };
        // The amount it adds to: the one known amount of money before it.
        let amounts: Vec<f64> = before
            .iter()
            .filter_map(|&k| money_amount(text, toks, k).filter(|&a| known(k, a)))
            .collect();
        let previous = (amounts.len() == 1).then(|| amounts[0]);
        // The amount a percentage is of: the user's one amount of money.
        let base = match given_amounts {
            [b] => Some(*b),
            _ => None,
        };
        let adding = (lo..n).any(|k| {
            let w = toks[k].raw;
            ADDING_WORDS.iter().any(|a| w.eq_ignore_ascii_case(a))
                || (w.chars().all(char::is_alphabetic)
                    && ADDING_CUES.contains(&word_stem(w).as_str()))
        });
        // Only an operand the answer does not write: its sentence's own amounts and shares are
        // the operands of the readings that pair the answer's numbers.
        let in_sentence = || (0..toks.len()).filter(|&k| sentence(k) == Some(s));
        let written: Vec<f64> = in_sentence()
            .filter_map(|k| money_amount(text, toks, k))
            .collect();
        let shares = in_sentence().any(|k| {
            (toks[k].is_number && is_percentage(text, toks, k)) || fraction_at(toks, k).is_some()
        });
        // (An amount a line takes off is taken off the amount before: "Student discount: £3
        // off".)
        let found = line
            .money
            .iter()
            .filter(|p| !written.contains(p))
            .any(|&p| {
                let after = if line.takes_off { -p } else { p };
                count.is_some_and(|c| per_count(p) && near(c * p))
                    || ((line.adds || adding || line.takes_off)
                        && previous.is_some_and(|a| near(a + after)))
            })
            || (!shares
                && base.is_some_and(|b| line.percents.iter().any(|&q| near(b * q / 100.0))));
        if found {
            out.push(n);
        }
    }
    out
}

/// Words after an amount of money that price one leg of a journey ([`return_fares`]: "£115
/// each way", "£40 one way", "£12 per leg"), lower case: the second word, with the first
/// before it.
const ONE_LEG: &[(&[&str], &str)] = &[
    (&["each", "one", "per"], "way"),
    (&["each", "per", "a"], "leg"),
    (&["each", "per"], "direction"),
];

/// Words that say a sentence prices both legs of a journey ([`return_fares`]), lower case.
const BOTH_LEGS: &[&str] = &["return", "round", "both", "outbound", "back"];

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that are twice a known amount (`known`: held by the sources or
/// the user, or derived by arithmetic the answer shows) the answer prices one leg of a
/// journey at ([`ONE_LEG`]: "£115 each way") in their sentence or the one before, when their
/// sentence speaks of both legs ([`BOTH_LEGS`]: "the outbound and return together come to
/// £230"), to the places they are written with. The nearest such amount before them only; a
/// wrong double, or a double of an amount not priced per leg, is not found.
pub(crate) fn return_fares(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    let is = |k: usize, ws: &[&str]| {
        toks.get(k)
            .is_some_and(|t| ws.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    let one_leg = |j: usize| {
        ONE_LEG
            .iter()
            .any(|(firsts, second)| is(j + 1, firsts) && is(j + 2, &[second]))
    };
    if !(0..toks.len()).any(|j| toks[j].is_number && one_leg(j)) {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    for (n, v, s) in unknown_amounts(text, toks, spans, &known) {
        let both = (0..toks.len()).any(|k| sentence(k) == Some(s) && is(k, BOTH_LEGS));
        let leg = (0..n)
            .rev()
            .take_while(|&j| sentence(j).is_some_and(|t| t + 1 >= s))
            .find_map(|j| {
                money_amount(text, toks, j)
                    .filter(|&a| known(j, a))
                    .map(|a| (j, a))
            });
        let tolerance = half_last_place(places_written(toks, n)).max(1e-9 * v);
        if both && leg.is_some_and(|(j, a)| one_leg(j) && (2.0 * a - v).abs() <= tolerance) {
            out.push(n);
        }
    }
    out
}

/// Words that say the amount of money before them has a percentage added on, and name what
/// after them ([`inclusive_amounts`]: "£5,712 including VAT", "£61.60 inc. service"); not
/// "plus", which says the amount before it excludes what it names ("£4,760 plus VAT").
const INCLUSIVE_WORDS: &[&str] = &["including", "inc", "incl", "inclusive"];

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that are a known amount before them in their sentence with a
/// percentage added on, when a word of [`INCLUSIVE_WORDS`] right after them names what adds
/// it ("70 × £68 = £4,760, or £5,712 including VAT", 20% VAT): the nearest amount of money
/// before them in their sentence, known (`known`: held by the sources or the user, or derived
/// by arithmetic the answer shows), times 1 + p/100 to the places they are written with, for
/// a percentage p the sources state of the name (`rates`: the sources' percentages stated
/// beside a word, any case, in a sentence that does not say its prices include it), and, when
/// the answer writes one between the word and the name ("including 20% VAT"), that one. Not a
/// name of [`DEDUCTION_WORDS`] ("including the 10% discount" takes off, not adds on).
pub(crate) fn inclusive_amounts(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
    rates: impl Fn(&str) -> Vec<f64>,
) -> Vec<usize> {
    let mut out = Vec::new();
    if !toks.iter().any(|t| {
        INCLUSIVE_WORDS
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
    }) {
        return out;
    }
    for n in 0..toks.len() {
        let Some(v) = money_amount(text, toks, n) else {
            continue;
        };
        let cue = toks.get(n + 1).is_some_and(|t| {
            INCLUSIVE_WORDS
                .iter()
                .any(|w| t.raw.eq_ignore_ascii_case(w))
        });
        if !cue || known(n, v) {
            continue;
        }
        // What adds the percentage: the first word after the cue that is no article, no "of"
        // and no number, within three tokens; and a percentage written before it.
        let mut written = None;
        let mut name = None;
        for k in n + 2..(n + 5).min(toks.len()) {
            let t = &toks[k];
            if t.is_number {
                if is_percentage(text, toks, k) {
                    written = number_value(&number_key(toks, k));
                }
                continue;
            }
            if ["the", "a", "of", "%"]
                .iter()
                .any(|w| t.raw.eq_ignore_ascii_case(w))
            {
                continue;
            }
            name = Some(t.raw);
            break;
        }
        let Some(name) = name.filter(|w| {
            w.chars().all(char::is_alphabetic)
                && !DEDUCTION_WORDS.iter().any(|d| w.eq_ignore_ascii_case(d))
        }) else {
            continue;
        };
        // A rate written with it must be the sources' rate of what it names.
        let mut percents = rates(name);
        if let Some(p) = written {
            percents.retain(|&r| r == p);
        }
        let Some((j, a)) = money_before(text, toks, spans, n) else {
            continue;
        };
        if !known(j, a) {
            continue;
        }
        let tolerance = half_last_place(places_written(toks, n));
        if percents
            .iter()
            .any(|&p| p > 0.0 && p < 100.0 && (a * (1.0 + p / 100.0) - v).abs() <= tolerance)
        {
            out.push(n);
        }
    }
    out
}

/// Words that say an amount of money adds up amounts before it ([`totals_of_shown`]).
pub(super) const TOTAL_WORDS: &[&str] = &[
    "total",
    "totals",
    "subtotal",
    "sub-total",
    "altogether",
    "overall",
];

/// [`TOTAL_WORDS`] as one automaton: whether a text holds any of them anywhere.
static TOTAL_WORD_SCAN: crate::text::AnyPhrase = crate::text::AnyPhrase::of(TOTAL_WORDS);

/// The most results before a total, nearest first, that [`totals_of_shown`] adds.
const TOTAL_OPERANDS_MAX: usize = 8;

/// Words that take an amount off rather than add it, or set it apart ([`totals_of_shown`]:
/// "less", "a £30 discount", "deposit paid").
const DEDUCTION_WORDS: &[&str] = &[
    "less",
    "minus",
    "discount",
    "off",
    "deduct",
    "deducted",
    "deduction",
    "refund",
    "credit",
    "saving",
    "savings",
    "voucher",
    "rebate",
    "relief",
    "allowance",
    "deposit",
    "paid",
];

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`), or of its bare numbers (no unit, percentage or year: "Total =
/// 77.0" of weighted marks; the run then of bare numbers too, as "amounts" below), that add up
/// every result of the run stated right before them,
/// when a word of [`TOTAL_WORDS`] stands before them in their sentence, or among the three
/// words after them ("£147.00 in total"): "Step 2 … = £7,540.00
/// / Step 3 … = £3,252.00 / Total income tax for the year: £10,792.00". A result is an amount
/// that ends its line or sentence (no number after it there); the run is the results of the
/// lines or sentences right before the total's, back to a line without one (a blank line
/// does not end it: the total may add up the results before or after it), a number that is
/// no amount of money, an amount not known (`known`: held by the sources or the user, or
/// derived by arithmetic the answer shows), one stated per another period than the total's
/// ([`period_after`]), one on a line with a word of [`DEDUCTION_WORDS`], or the
/// [`TOTAL_OPERANDS_MAX`]th. The total is their sum, to the places it is written with, of at
/// least two positive amounts; or the sum of every amount before it in its own sentence and
/// line, at least two, each known, none stated per another period, and no word of
/// [`DEDUCTION_WORDS`] among them ("= £146.00, plus … = £884.00, total £1,030.00 a year"),
/// which a colon or an equals sign right before the last number of the sentence may cue
/// instead of a total's word ("£8.00 for … and £4.80 for …: £12.80"),
/// with, when that sentence opens by adding ("Add", "Adding", "Plus"), the last amount of the
/// sentence before it, known, in a sentence that takes nothing off ("3 × £35 = £105. Add the
/// £20 kitchen fee and the £150 refundable deposit, and the total to pay is £275": a deposit
/// it adds is no amount set apart). As [`sum_of_stated`] does within a claim for amounts the
/// sources hold, across the answer's lines; the whole run is added, so a total that leaves
/// one of them out is not found, nor two amounts of a list that add up to it by chance ("£1,200,
/// materials £150 and the exam fee £90, so the total is £1,350": none ends a line).
pub(crate) fn totals_of_shown(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    if !text.contains([':', '=']) && !TOTAL_WORD_SCAN.occurs_in(text) {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    // An amount of money, zero too ("→ £0"); or, for a total that is no money, a bare number
    // (no money, no percentage, no unit, no year: "Total = 77.0" of weighted marks).
    let of_kind = |j: usize, in_money: bool| {
        let bare = || {
            !money_at(text, &toks[j])
                && crate::quantity::part_alone(text, toks, j).is_none()
                && year_at(toks, j).is_none()
        };
        (toks[j].is_number
            && !is_percentage(text, toks, j)
            && if in_money {
                money_at(text, &toks[j])
            } else {
                bare()
            })
        .then(|| number_value(&number_key(toks, j)))
        .flatten()
        .filter(|&v| v >= 0.0)
    };
    // The line of a byte offset: its start.
    let line_start = |at: usize| text[..at].rfind('\n').map_or(0, |n| n + 1);
    // Whether the number `toks[j]` ends its line or sentence.
    let ends = |j: usize| {
        let next = (j + 1..toks.len()).find(|&k| toks[k].is_number);
        next.is_none_or(|k| {
            sentence(k) != sentence(j) || line_start(toks[k].start) != line_start(toks[j].start)
        })
    };
    let deducted = |j: usize| {
        let from = line_start(toks[j].start);
        let to = text[from..].find('\n').map_or(text.len(), |e| from + e);
        tokens_in(toks, from, to).any(|t| {
            DEDUCTION_WORDS
                .iter()
                .any(|w| t.raw.eq_ignore_ascii_case(w))
        })
    };
    for n in 0..toks.len() {
        // (Only a number is a total: `of_kind` below.)
        if !toks[n].is_number {
            continue;
        }
        let in_money = money_at(text, &toks[n]);
        let money = |j: usize| of_kind(j, in_money);
        let (Some(v), Some(s)) = (money(n).filter(|&v| v > 0.0), sentence(n)) else {
            continue;
        };
        if known(n, v) {
            continue;
        }
        // The first token of its sentence: the sentence's tokens are the run from there (the
        // tokens before it are of other sentences).
        let first = toks.partition_point(|t| t.start < spans[s].0);
        // A word of TOTAL_WORDS before it in its sentence, or among the three words after it
        // ("That's up to £147.00 in total").
        let totalled = (first..toks.len().min(n + 4))
            .filter(|&k| k != n && sentence(k) == Some(s))
            .any(|k| {
                TOTAL_WORDS
                    .iter()
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            });
        // Or a colon or an equals sign right before it, the last number of its sentence
        // ("£8.00 for … and £4.80 for …: £12.80"): a total of its own sentence's amounts only.
        let cued = n > 0
            && gap(text, toks, n - 1, n).contains([':', '='])
            && !(n + 1..toks.len()).any(|k| toks[k].is_number && sentence(k) == Some(s));
        if !totalled && !cued {
            continue;
        }
        let own_line = line_start(toks[n].start);
        let period = period_after(text, toks, n);
        // The run, nearest first: (sum, positive amounts).
        let (mut sum, mut count) = (0.0, 0);
        // Where the last line or sentence taken (at first the total's) starts.
        let starts =
            |j: usize| line_start(toks[j].start).max(sentence(j).map_or(0, |t| spans[t].0));
        let mut after = starts(n);
        // The run as it stood before a blank line was crossed: a total of the lines after it
        // alone ("Deposit: £500", a blank line, "- Rent: £800 / - Bills: £100 / Total monthly:
        // £900").
        let mut before_blank: Option<(f64, usize)> = None;
        let candidates = (0..n).rev().filter(|&j| {
            toks[j].is_number
                && (line_start(toks[j].start) != own_line || sentence(j) != Some(s))
                && ends(j)
        });
        for (taken, j) in candidates.enumerate() {
            let end = toks[j].start + toks[j].raw.len();
            // A line between without a result ends the run; a blank one does not ("- DVD: … =
            // £4.00", a blank line, "Total: £8.50").
            let between = text[end..after.max(end)].split('\n');
            let worded = between
                .clone()
                .skip(1)
                .take(between.count().saturating_sub(2))
                .any(|l| !l.trim().is_empty());
            if worded || taken == TOTAL_OPERANDS_MAX {
                break;
            }
            if before_blank.is_none() && text[end..after.max(end)].matches('\n').count() > 1 {
                before_blank = Some((sum, count));
            }
            let Some(a) = money(j) else {
                break;
            };
            if !known(j, a) || deducted(j) || period_after(text, toks, j) != period {
                break;
            }
            sum += a;
            count += usize::from(a > 0.0);
            after = starts(j);
        }
        let tolerance = half_last_place(places_written(toks, n));
        // Or every amount of its own sentence and line before it: "= £146.00, plus … =
        // £884.00, total £1,030.00 a year".
        let own: Vec<usize> = (first..n)
            .filter(|&j| sentence(j) == Some(s) && line_start(toks[j].start) == own_line)
            .collect();
        let amounts: Vec<(usize, f64)> = own
            .iter()
            .filter_map(|&j| money(j).map(|a| (j, a)))
            .collect();
        // (Money only: bare numbers of one sentence add up by chance, "won 7 of 12 matches,
        // finishing on 19 points".)
        // A sentence that opens by adding ("Add the £20 kitchen fee and the £150 deposit, and
        // the total is £327.50") adds its amounts to the run's nearest result ("… = £157.50.").
        // (A deposit it adds is paid with the rest: "deposit" sets an amount apart only
        // where no verb adds it.)
        let adds_on = (first..n)
            .filter(|&k| sentence(k) == Some(s))
            .take(3)
            .any(|k| {
                ["add", "adding", "plus"]
                    .iter()
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            });
        // (The last amount of the sentence before, known, of the total's period, in a
        // sentence that takes nothing off.)
        let carried = s.checked_sub(1).filter(|_| adds_on).and_then(|p| {
            let j = (0..n)
                .rev()
                .find(|&j| sentence(j) == Some(p) && money(j).is_some())?;
            let a = money(j)?;
            // (A result: written after "=", a dash ("at £35 — £157.50") or a word that gives
            // one, "so", "comes to"; not a side item, "and the kitchen is £20"; and the last
            // number of its sentence.)
            let result = j > 0
                && (gap(text, toks, j - 1, j).contains(['=', '—', '–'])
                    || (j.saturating_sub(3)..j).any(|k| {
                        RESULT_CUES
                            .iter()
                            .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
                    }));
            if !result || (j + 1..n).any(|k| sentence(k) == Some(p) && toks[k].is_number) {
                return None;
            }
            let takes_off = (0..j)
                .rev()
                .take_while(|&k| sentence(k) == Some(p))
                .any(|k| {
                    DEDUCTION_WORDS
                        .iter()
                        .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
                });
            (known(j, a) && period_after(text, toks, j) == period && !takes_off).then_some(a)
        });
        let in_sentence = in_money
            && amounts.iter().filter(|(_, a)| *a > 0.0).count() + usize::from(carried.is_some())
                >= 2
            && amounts.iter().all(|&(j, a)| {
                known(j, a) && period_after(text, toks, j).is_none_or(|p| Some(p) == period)
            })
            && !own.iter().any(|&j| {
                DEDUCTION_WORDS
                    .iter()
                    .filter(|&&w| !(adds_on && w == "deposit"))
                    .any(|w| toks[j].raw.eq_ignore_ascii_case(w))
            })
            && (amounts.iter().map(|(_, a)| a).sum::<f64>() + carried.unwrap_or(0.0) - v).abs()
                <= tolerance;
        let adds_up = |(sum, count): (f64, usize)| count >= 2 && (sum - v).abs() <= tolerance;
        if (totalled && (adds_up((sum, count)) || before_blank.is_some_and(adds_up))) || in_sentence
        {
            out.push(n);
        }
    }
    out
}

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that a breakdown after them adds up: a colon after the amount
/// and its phrase, before any other number of its sentence, then at least two amounts of money
/// in the rest of the sentence, every one known (`known`: held by the sources or the user, or
/// derived by arithmetic the answer shows), none on a word of [`DEDUCTION_WORDS`], whose sum
/// is the amount to the places it is written with: "That would come to about £93.91 for the
/// month: £15.96 in standing charges …, £56.80 for the 200 day units and £21.15 for the 150
/// night units". The total stated first and then itemised, as [`totals_of_shown`] reads one
/// stated after its parts; a total that leaves out a part, or parts of which one is unknown,
/// is not found.
pub(crate) fn breakdown_totals(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    if !text.contains(':') {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    for (n, v, s) in unknown_amounts(text, toks, spans, &known) {
        let rest: Vec<usize> = (n + 1..toks.len())
            .take_while(|&k| sentence(k) == Some(s))
            .collect();
        // The colon: after the amount, before the sentence's next number.
        let Some(&first) = rest.iter().find(|&&k| toks[k].is_number) else {
            continue;
        };
        let colon = (n + 1..=first).any(|k| gap(text, toks, k - 1, k).contains(':'));
        if !colon {
            continue;
        }
        let parts: Vec<(usize, f64)> = rest
            .iter()
            .filter_map(|&k| money_amount(text, toks, k).map(|a| (k, a)))
            .collect();
        let deducted = rest.iter().any(|&k| {
            DEDUCTION_WORDS
                .iter()
                .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
        });
        if parts.len() < 2 || deducted || !parts.iter().all(|&(k, a)| known(k, a)) {
            continue;
        }
        let sum: f64 = parts.iter().map(|&(_, a)| a).sum();
        if (sum - v).abs() <= half_last_place(places_written(toks, n)).max(1e-9 * v) {
            out.push(n);
        }
    }
    out
}

/// The amounts of money of `toks` (offsets in `text`, an answer whose sentences are the byte
/// spans `spans`) that `known` does not hold, each with its value and the index of its
/// sentence: the results the readings of shown arithmetic look for an operation behind
/// ([`fees_deducted`], [`named_line_results`], [`return_fares`], [`breakdown_totals`]).
fn unknown_amounts<'a, 't: 'a>(
    text: &'a str,
    toks: &'a [Token<'t>],
    spans: &'a [(usize, usize)],
    known: &'a impl Fn(usize, f64) -> bool,
) -> impl Iterator<Item = (usize, f64, usize)> + 'a {
    (0..toks.len()).filter_map(move |n| {
        let v = money_amount(text, toks, n).filter(|&v| !known(n, v))?;
        Some((n, v, sentence_at(spans, toks[n].start)?))
    })
}

/// Words after an amount that name what it leaves out ([`named_line_results`]: "£545 before
/// VAT", "£40 excluding delivery", "£30 without the discount"), lower case.
const EXCLUDING_WORDS: &[&str] = &["before", "excluding", "excl", "without", "ex"];

/// Words right before an amount that give it as a result ([`totals_of_shown`]: "so £105",
/// "comes to £105", "making £105"), lower case.
const RESULT_CUES: &[&str] = &[
    "so",
    "comes",
    "making",
    "makes",
    "totalling",
    "gives",
    "giving",
];

/// Words that say a number adds up those before it, whatever it measures
/// ([`sums_of_derived`]: "which adds up to 67.0").
const SUM_WORDS: &[&str] = &["total", "totals", "altogether", "sum", "adds", "add"];

/// The indices of the number tokens of `toks` (offsets in `text`, an answer whose sentences are
/// the byte spans `spans`) that add up every number the answer derived before them in their
/// sentence (`derived`: results of arithmetic it shows), at least two, when a word of
/// [`SUM_WORDS`] stands between the last of them and the number: "15% × 68 = 10.2, 15% × 74 =
/// 11.1, 20% × 81 = 16.2 and 50% × 59 = 29.5, which adds up to 67.0", to the places it is
/// written with. Percentages are neither sums nor summands; as [`totals_of_shown`] does for
/// amounts of money across lines, for any measure within a sentence, and only of derived
/// numbers (a list of the sources' numbers adds up by chance more often).
pub(crate) fn sums_of_derived(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    derived: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let plain = |j: usize| {
        (toks[j].is_number && !is_percentage(text, toks, j))
            .then(|| number_value(&number_key(toks, j)))
            .flatten()
    };
    for n in 0..toks.len() {
        let (Some(v), Some(s)) = (plain(n), sentence(n)) else {
            continue;
        };
        if derived(n) {
            continue;
        }
        let parts: Vec<(usize, f64)> = (0..n)
            .filter(|&j| sentence(j) == Some(s) && derived(j))
            .filter_map(|j| plain(j).map(|a| (j, a)))
            .collect();
        let Some(&(last, _)) = parts.last() else {
            continue;
        };
        let said = (last + 1..n).any(|k| {
            SUM_WORDS
                .iter()
                .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
        });
        let tolerance = half_last_place(places_written(toks, n));
        let sum: f64 = parts.iter().map(|(_, a)| a).sum();
        if parts.len() >= 2 && said && (sum - v).abs() <= tolerance.max(1e-9 * v.abs()) {
            out.push(n);
        }
    }
    out
}

/// Whether the number `toks[j]` is part of a date (a month's name beside it) or a time of day
/// (a colon in it): no amount of a sum or a restatement ([`accumulated_sums`],
/// [`restated_results`]).
fn date_or_clock_part(toks: &[Token<'_>], j: usize) -> bool {
    names_month(toks, j + 1) || (j > 0 && names_month(toks, j - 1)) || toks[j].raw.contains(':')
}

/// Words that say the number after them accumulates those before it ([`accumulated_sums`]:
/// "plus the £15.00 service fee, making £40.20", "Together that's £77.60", "takes your bill
/// from £272.50 to £350.10", "plus 20% VAT (£1,088), giving £6,528").
const ACCUMULATION_WORDS: &[&str] = &[
    "making",
    "makes",
    "bringing",
    "brings",
    "takes",
    "taking",
    "giving",
    "gives",
    "together",
    "altogether",
];

/// Words that take an amount off the one before ([`accumulated_sums`]: a number after
/// "making" or "giving" in a sentence that holds one is no sum).
const SUBTRACTION_WORDS: &[&str] = &[
    "less",
    "minus",
    "off",
    "net",
    "excluding",
    "without",
    "away",
    "deduct",
    "deducted",
    "deducting",
    "deduction",
    "subtract",
    "subtracted",
    "subtracting",
    "discount",
    "refund",
    "refunded",
];

/// The most known numbers before a sum that [`accumulated_sums`] pairs: the nearest ones.
const ACCUMULATED_OPERANDS_MAX: usize = 6;

/// Words that say the number after them is what is left of the number before it once another
/// is taken away ([`accumulated_sums`]: "it'll use 9 credits and leave you with 21", "the
/// remaining £9,000"); not "after", which [`REMAINDER_WORDS`] reads after a share, and here
/// would take any two numbers before "after 14 days". "leave", "leaves" and "left" only before
/// "you", "over" or the number itself ([`balance_cue`]): not "annual leave" nor "left on 3 May".
const BALANCE_WORDS: &[&str] = &["leaving", "leaves", "leave", "left", "remaining", "remains"];

/// Whether `toks[k]` says that the number `toks[n]` after it is a balance ([`BALANCE_WORDS`]).
fn balance_cue(toks: &[Token<'_>], k: usize, n: usize) -> bool {
    let is = |t: &Token<'_>, w: &str| t.raw.eq_ignore_ascii_case(w);
    BALANCE_WORDS.iter().any(|w| is(&toks[k], w))
        && (["leaving", "remaining", "remains"]
            .iter()
            .any(|w| is(&toks[k], w))
            || k + 1 == n
            || ["you", "over"].iter().any(|w| is(&toks[k + 1], w)))
}

/// The indices of the number tokens of `toks` (offsets in `text`, an answer whose sentences are
/// the byte spans `spans`) that are the sum of two known numbers, one of them the answer's or
/// the user's own (derived by arithmetic the answer shows, `derived`; or an amount of money
/// held by the user alone, `user`), the other that or held by the sources or the user
/// (`held`), among the [`ACCUMULATED_OPERANDS_MAX`] nearest before them in their sentence or
/// the two before it, of the same measure (money alike, the same unit), when a word of
/// [`ACCUMULATION_WORDS`] stands among the six words before the number, and none of
/// [`SUBTRACTION_WORDS`] before it in its sentence after the last number there the answer
/// derived as what an amount comes to ("to" or a word of [`REMAINDER_WORDS`] right before
/// it: "down to £183.60"; not "a discount of £20.40"): a running total the
/// answer keeps ("Refuelling 12 litres at £2.10 comes to £25.20, plus the £15.00 service fee,
/// making £40.20. Together that's £77.60 extra, which takes your bill from £272.50 to
/// £350.10"), to the places it is written with. One part may be the user's amount the answer
/// does not restate (`given`: "My basket is £138" … "Adding the £15 hydrangea brings your
/// basket to £153"), when the prompt has only one such amount of money. Likewise a running
/// balance, after a word of [`BALANCE_WORDS`] at most three words before it in its sentence
/// ([`balance_cue`]): the difference of the nearest such number before it and another ("30
/// credits this month … it'll use 9 credits and leave you with 21"; "uses 9 credits plus 5 for
/// priority, leaving you with 21" drops a term and is not read). Not a percentage, a part of a
/// date or a time of day, nor a whole number below 10, which a pair of small counts gives by
/// chance; a sum equal to one of its parts is none, and so is a sum of two numbers the sources
/// hold, which a list adds up to by chance ("80 patients, of whom 30 responded … 110 took part
/// together" against 120 enrolled). The parts are judged as numbers of their own; a wrong sum
/// is not found.
pub(crate) fn accumulated_sums(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    (held, user): (impl Fn(f64) -> bool, impl Fn(f64) -> bool),
    given: &[f64],
    derived: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    let cue = |k: usize| {
        ACCUMULATION_WORDS
            .iter()
            .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
    };
    let balance = |k: usize| {
        BALANCE_WORDS
            .iter()
            .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
    };
    if !(0..toks.len()).any(|k| cue(k) || balance(k)) {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let plain = |j: usize| {
        (toks[j].is_number
            && !is_percentage(text, toks, j)
            && !date_or_clock_part(toks, j)
            && year_at(toks, j).is_none())
        .then(|| number_value(&number_key(toks, j)))
        .flatten()
    };
    // What a number measures: money or not, and its quantity's dimension and unit (the base
    // units per unit written: "4 years" is no operand of "26 days").
    let measure = |j: usize| {
        let q = crate::quantity::part_alone(text, toks, j);
        let unit = q.and_then(|q| plain(j).filter(|&v| v != 0.0).map(|v| q.base / v));
        (money_at(text, &toks[j]), q.map(|q| q.dimension()), unit)
    };
    let same = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.abs().max(y.abs()),
        (x, y) => x.is_none() && y.is_none(),
    };
    // The user's amount the answer does not restate, when the prompt has only one.
    let unrestated: Vec<f64> = given
        .iter()
        .copied()
        .filter(|&a| !(0..toks.len()).any(|j| plain(j) == Some(a)))
        .collect();
    for n in 0..toks.len() {
        let (Some(v), Some(s)) = (plain(n), sentence(n)) else {
            continue;
        };
        if held(v) || derived(n) || (v.fract() == 0.0 && v < 10.0) {
            continue;
        }
        // (Not a sum after a word that takes an amount off: "£4,760, less the £500 deposit,
        // giving £4,260"; a word before a part the answer derived is that part's: "the 10%
        // discount brings the second child down to £183.60, so together you'd pay £387.60".)
        let takes_off = (0..n)
            .rev()
            .take_while(|&k| {
                let result = toks[k].is_number
                    && derived(k)
                    && k > 0
                    && (toks[k - 1].raw.eq_ignore_ascii_case("to")
                        || REMAINDER_WORDS
                            .iter()
                            .any(|w| toks[k - 1].raw.eq_ignore_ascii_case(w)));
                sentence(k) == Some(s) && !result
            })
            .any(|k| {
                SUBTRACTION_WORDS
                    .iter()
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            });
        let sum = !takes_off && (n.saturating_sub(6)..n).any(cue);
        let remainder =
            (n.saturating_sub(3)..n).any(|k| sentence(k) == Some(s) && balance_cue(toks, k, n));
        if !sum && !remainder {
            continue;
        }
        let (money, dim, unit) = measure(n);
        let alike = |j: usize| {
            let (m, d, u) = measure(j);
            m == money && d == dim && same(u, unit)
        };
        // Each part's value, and whether the answer derived it or the user alone holds it as
        // money, nearest first; then the user's one amount the answer does not restate.
        // The numbers alike before it, nearest first, each with whether it is known.
        let before: Vec<(usize, f64, bool)> = (0..n)
            .rev()
            .take_while(|&j| sentence(j).is_some_and(|t| t + 2 >= s))
            .filter(|&j| alike(j))
            .filter_map(|j| {
                let a = plain(j).filter(|&a| a != v)?;
                Some((j, a, derived(j) || held(a)))
            })
            .collect();
        let mut parts: Vec<(f64, bool)> = before
            .iter()
            .filter(|&&(_, _, known)| known)
            .map(|&(j, a, _)| (a, derived(j) || (money && user(a))))
            .take(ACCUMULATED_OPERANDS_MAX)
            .collect();
        // The nearest number alike before it, when known: what the balance takes away.
        let nearest = before.first().and_then(|&(_, a, known)| known.then_some(a));
        if let ([a], true) = (unrestated.as_slice(), money) {
            if *a != v && !parts.iter().any(|&(b, _)| b == *a) {
                parts.push((*a, true));
            }
        }
        let tolerance = half_last_place(places_written(toks, n)).max(1e-9 * v);
        let totals = sum
            && parts.iter().enumerate().any(|(x, &(a, oa))| {
                parts[x + 1..]
                    .iter()
                    .any(|&(b, ob)| (oa || ob) && (a + b - v).abs() <= tolerance)
            });
        let balances = remainder
            && nearest.is_some_and(|b| {
                parts
                    .iter()
                    .skip(1)
                    .any(|&(a, _)| ((a - b).abs() - v).abs() <= tolerance)
            });
        if totals || balances {
            out.push(n);
        }
    }
    out
}

/// The indices of the number tokens of `toks` (offsets in `text`, an answer whose sentences are
/// the byte spans `spans`) that state again, written the same and as money alike, a number the
/// answer derived (`derived`) in the same sentence or a sentence before: a result given first
/// and then shown ("Your module mark works out at 67.0: … which adds up to 67.0"), or shown and
/// then concluded from ("That's 20% of £420 = £84. No further charge is made, so £84 is all
/// you'd lose"). Not a whole number below 10: "2 days left (14 − 12 = 2), so bring 2 forms of
/// ID" counts two things. Nor a number of another measure: a percentage, a part of a date or
/// a time of day, or a quantity of another dimension ("3 hours 50 minutes" … "50 metres";
/// [`crate::quantity::part_alone`]); a bare operand of an equation may restate a quantity
/// ("170 miles over …, so 170 × £0.22 = £37.40").
pub(crate) fn restated_results(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    derived: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let small = |n: usize| {
        number_value(&number_key(toks, n)).is_none_or(|v| v.fract() == 0.0 && v.abs() < 10.0)
    };
    // A day of a date, or a time of day.
    let dimension = |j: usize| crate::quantity::part_alone(text, toks, j).map(|q| q.dimension());
    // A bare number an operator follows, an operand written out ("170 miles over …, so 170 ×
    // £0.22 = £37.40"): its unit is left to the quantity it restates.
    let operand = |n: usize| {
        n + 1 < toks.len() && equation_operator(gap(text, toks, n, n + 1)).is_some_and(|o| o != '=')
    };
    (0..toks.len())
        .filter(|&n| toks[n].is_number && !derived(n) && !small(n))
        .filter(|&n| {
            (0..toks.len()).any(|j| {
                j != n
                    && derived(j)
                    && (sentence(j) == sentence(n) || j < n)
                    && toks[j].raw == toks[n].raw
                    && money_at(text, &toks[j]) == money_at(text, &toks[n])
                    && !date_or_clock_part(toks, j)
                    && is_percentage(text, toks, j) == is_percentage(text, toks, n)
                    && (dimension(j) == dimension(n) || (dimension(n).is_none() && operand(n)))
            })
        })
        .collect()
}

/// The tokens of `toks` that start in the bytes `from..to`.
fn tokens_in<'t, 'a>(
    toks: &'t [Token<'a>],
    from: usize,
    to: usize,
) -> impl Iterator<Item = &'t Token<'a>> {
    let first = toks.partition_point(|t| t.start < from);
    toks[first..].iter().take_while(move |t| t.start < to)
}

/// How many of a period a year holds, by the word that names it ([`per_period_restatements`]).
const PERIODS_PER_YEAR: &[(&str, f64)] = &[
    ("year", 1.0),
    ("annum", 1.0),
    ("month", 12.0),
    ("week", 52.0),
];

/// Words that mark a rate per a unit after an amount ("£8 per hour", "£42 a day", "£5 each
/// night"), lower case: [`period_after`], [`rates_over_counts`] and [`rate_per`].
const RATE_MARKERS: &[&str] = &["per", "a", "an", "each", "every"];

/// The period the amount `toks[i]` (offsets in `text`) is stated per, as the number of such
/// periods in a year ([`PERIODS_PER_YEAR`]): "£51.99 per month", "£8/week", "£600 a year",
/// "£50 monthly"; None when no such word follows it.
fn period_after(text: &str, toks: &[Token<'_>], i: usize) -> Option<f64> {
    let named = |t: &Token<'_>| {
        PERIODS_PER_YEAR
            .iter()
            .find(|(w, _)| t.raw.eq_ignore_ascii_case(w))
            .map(|&(_, n)| n)
    };
    let next = toks.get(i + 1)?;
    let adverb = [
        ("monthly", 12.0),
        ("weekly", 52.0),
        ("yearly", 1.0),
        ("annually", 1.0),
    ]
    .iter()
    .find(|(w, _)| next.raw.eq_ignore_ascii_case(w))
    .map(|&(_, n)| n);
    let marker = RATE_MARKERS
        .iter()
        .any(|w| next.raw.eq_ignore_ascii_case(w));
    if marker {
        return toks.get(i + 2).and_then(named);
    }
    if gap(text, toks, i, i + 1) == "/" {
        return named(next);
    }
    adverb
}

/// Words that say a sentence's amounts are for a year when no period follows them ("Total
/// income tax for the year: £10,792.00", "annual fee"): [`per_period_restatements`].
const YEAR_WORDS: &[&str] = &["year", "yearly", "annual", "annually"];

/// Words that name a period other than a year ([`per_period_restatements`]: a sentence that
/// names one before an amount does not state it for a year).
const OTHER_PERIOD_WORDS: &[&str] = &[
    "month",
    "months",
    "monthly",
    "week",
    "weeks",
    "weekly",
    "fortnight",
    "fortnightly",
    "quarter",
    "quarterly",
    "term",
    "termly",
    "day",
    "days",
    "daily",
    "pcm",
];

/// Word pairs by which the sources price one direction of a journey ("€50 per bag, per
/// direction", "£3.20 each way"; [`round_trip_doubles`]), lower case.
const ONE_WAY_PHRASES: &[(&str, &str)] = &[
    ("per", "direction"),
    ("each", "direction"),
    ("per", "way"),
    ("each", "way"),
    ("one", "way"),
    ("per", "leg"),
];

/// Word pairs by which an answer names a journey both ways ("on a return trip", "a round
/// trip", "both ways"; [`round_trip_doubles`]), lower case.
const BOTH_WAYS_PHRASES: &[(&str, &str)] = &[
    ("return", "trip"),
    ("return", "journey"),
    ("return", "flight"),
    ("round", "trip"),
    ("both", "ways"),
    ("both", "directions"),
];

/// Whether two consecutive tokens of `toks` are one of the word pairs `pairs` (lower case).
pub(super) fn has_word_pair(toks: &[Token<'_>], pairs: &[(&str, &str)]) -> bool {
    toks.windows(2).any(|w| {
        pairs
            .iter()
            .any(|(a, b)| w[0].raw.eq_ignore_ascii_case(a) && w[1].raw.eq_ignore_ascii_case(b))
    })
}

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that double the known amount before them for a journey both
/// ways, when the sources (`context_tokens`) price one direction ([`ONE_WAY_PHRASES`]): "…
/// costs €50 per direction. On a return trip that would be €100 in total" (2 × €50). The
/// amount's sentence names both ways ([`BOTH_WAYS_PHRASES`]); the amount doubled is the one
/// before it in its sentence or the last of the sentence before, known (`known`: held by the
/// sources or the user, or derived), to the places the double is written with.
pub(crate) fn round_trip_doubles(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    context_tokens: &[Token<'_>],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    if !has_word_pair(toks, BOTH_WAYS_PHRASES) || !has_word_pair(context_tokens, ONE_WAY_PHRASES) {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let money = |j: usize| money_amount(text, toks, j);
    for n in 0..toks.len() {
        let (Some(v), Some(s)) = (money(n), sentence(n)) else {
            continue;
        };
        let own = span_tokens(toks, spans[s]);
        if known(n, v) || !has_word_pair(own, BOTH_WAYS_PHRASES) {
            continue;
        }
        let before = money_before(text, toks, spans, n).or_else(|| {
            (0..n)
                .rev()
                .skip_while(|&j| sentence(j) == Some(s))
                .take_while(|&j| sentence(j).is_some_and(|t| t + 1 == s))
                .find_map(|j| money(j).map(|a| (j, a)))
        });
        let doubled = before.is_some_and(|(j, a)| {
            known(j, a) && (2.0 * a - v).abs() <= half_last_place(places_written(toks, n))
        });
        if doubled {
            out.push(n);
        }
    }
    out
}

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that restate the amount of money before them in their sentence
/// per another period, to the places they are written with: "£10,792.00 (about £899.33 per
/// month)" for the year, "£51.99 a month, or £623.88 a year". The amount before is known
/// (`known`: held by the sources or the user, or derived by arithmetic the answer shows); its
/// period is the one after it ([`period_after`]) or, without one, a year when the answer
/// derived it itself (`derived`: an amount of the sources is stated per the sources' period,
/// which the answer may not say) and a word of [`YEAR_WORDS`] stands in the sentence before it
/// and none of [`OTHER_PERIOD_WORDS`]; the restatement's period follows it. A year holds 12
/// months and 52 weeks (a weekly figure from a yearly one is read to its places either way,
/// as 52 or as 365.25/7 weeks). A sentence with no amount before the restatement restates the
/// last amount of the sentence before when it writes the periods' ratio as a bare divisor or
/// factor ("… £603.45 a year. Divided by 12, that's roughly £50.29 a month"); that number is
/// then derived too, as it is wherever it is written so.
pub(crate) fn per_period_restatements(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
    derived: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let money = |j: usize| money_amount(text, toks, j);
    let mut out = Vec::new();
    for n in 0..toks.len() {
        let (Some(v), Some(s)) = (money(n), sentence(n)) else {
            continue;
        };
        let Some(per) = period_after(text, toks, n) else {
            continue;
        };
        if known(n, v) {
            continue;
        }
        // The amount before it in its sentence, or, when its sentence has none before it, the
        // last of the sentence before, when the ratio of the periods is written (below: "…
        // £603.45 a year. Divided by 12, that's roughly £50.29 a month").
        let in_sentence = money_before(text, toks, spans, n);
        let before = in_sentence.or_else(|| {
            (0..n)
                .rev()
                .skip_while(|&j| sentence(j) == Some(s))
                .take_while(|&j| sentence(j).is_some_and(|t| t + 1 == s))
                .find_map(|j| money(j).map(|a| (j, a)))
        });
        let Some((j, a)) = before else {
            continue;
        };
        if !known(j, a) {
            continue;
        }
        // (The period words after the restated amount are its own.)
        let named = |words: &[&str]| {
            (0..n)
                .filter(|&k| sentence(k) == Some(s))
                .any(|k| words.iter().any(|w| toks[k].raw.eq_ignore_ascii_case(w)))
        };
        let base = period_after(text, toks, j).or_else(|| {
            (derived(j) && named(YEAR_WORDS) && !named(OTHER_PERIOD_WORDS)).then_some(1.0)
        });
        let Some(base) = base.filter(|&b| b != per) else {
            continue;
        };
        let tolerance = half_last_place(places_written(toks, n));
        // A year of weeks read either way.
        let readings = |p: f64| {
            if p == 52.0 {
                [52.0, 365.25 / 7.0]
            } else {
                [p, p]
            }
        };
        let restated = readings(base).iter().any(|b| {
            readings(per)
                .iter()
                .any(|p| (a * b / p - v).abs() <= tolerance)
        });
        if !restated {
            continue;
        }
        // The periods' ratio written as the divisor or the factor of the restatement ("Divided
        // by 12", "× 52") before it in its sentence, a bare number: derived too, and needed
        // for an amount of the sentence before (without it, "Standard: £240 a year. Plus: £20
        // a month" is two plans' prices, not one restated).
        let ratio = base.max(per) / base.min(per);
        let written: Vec<usize> = (0..n)
            .filter(|&k| {
                sentence(k) == Some(s)
                    && toks[k].is_number
                    && !money_at(text, &toks[k])
                    && !is_percentage(text, toks, k)
                    && number_value(&number_key(toks, k)) == Some(ratio)
                    && ((k > 0
                        && (toks[k - 1].raw.eq_ignore_ascii_case("by")
                            || equation_operator(gap(text, toks, k - 1, k)).is_some()))
                        || (k + 1 < toks.len()
                            && equation_operator(gap(text, toks, k, k + 1)).is_some()))
            })
            .collect();
        if in_sentence.is_none() && written.is_empty() {
            continue;
        }
        out.push(n);
        out.extend(written);
    }
    out
}

/// The counts `toks` (offsets in `text`) state per a period (a number or a number word, then
/// among the four tokens after it a word naming the period after a marker of [`RATE_MARKERS`],
/// or an adverb: "2 regular meds each month", "two items a month", "3 visits monthly"), each
/// as (count, periods in a year, [`PERIODS_PER_YEAR`]): the counts a restatement per another
/// period may start from ([`counts_per_period`]). Not money, a percentage, nor a count joined
/// to its word by a hyphen ("3-month PPC" is a length, not three a month).
pub(crate) fn counts_per(text: &str, toks: &[Token<'_>]) -> Vec<(f64, f64)> {
    let period = |k: usize| {
        let t = &toks[k];
        let w = t.raw.to_ascii_lowercase();
        let (w, adverb) = match w.strip_suffix("ly") {
            Some(s) => (s.strip_suffix("ual").unwrap_or(s).to_string(), true),
            None => (w, false),
        };
        let w = if w == "ann" { "year".to_string() } else { w };
        let marked = adverb
            || RATE_MARKERS
                .iter()
                .any(|m| toks[k - 1].raw.eq_ignore_ascii_case(m));
        PERIODS_PER_YEAR
            .iter()
            .find(|(p, _)| *p == w || (!adverb && w.strip_suffix('s') == Some(p)))
            .filter(|_| marked)
            .map(|&(_, n)| n)
    };
    (0..toks.len())
        .filter(|&j| {
            !(toks[j].is_number && (money_at(text, &toks[j]) || is_percentage(text, toks, j)))
                && !(j + 1 < toks.len() && gap(text, toks, j, j + 1) == "-")
        })
        .filter_map(|j| {
            let c = count_at(toks, j)?;
            let per = (j + 1..(j + 5).min(toks.len())).find_map(period)?;
            Some((c, per))
        })
        .collect()
}

/// Words between a fraction in words and the noun it takes a share of ([`fractions_of_known`]:
/// "half your deposit", "a quarter of the fee").
const FRACTION_TIES: &[&str] = &[
    "of", "the", "your", "my", "our", "their", "his", "her", "its",
];

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that are a fraction in words the answer states ([`fraction_at`]:
/// "half", "a quarter", "two thirds") of the nearest amount of money before them in their
/// sentence, known (`known`: held by the sources or the user, or derived), to the places they
/// are written with: "… and get half your deposit back. For 14 people the deposit is 14 × £20
/// = £280, so you'd be refunded £140". The fraction stands in their sentence before them or
/// in the sentence before, takes a share of a noun ("half your deposit": [`FRACTION_TIES`]
/// between) that the amount's sentence names, and restates a percentage the sources state of
/// that noun (`rate_held`: the percentage, whether the answer writes it, the noun; within
/// [`SHARE_TOLERANCE`]): not "a quarter past seven", nor "£90 a
/// quarter", nor half of the set menu's price when the half is the deposit's. A percentage
/// the answer writes so counts as a fraction, when the sources state it exactly (`rate_held`
/// told it is written): "you get 50% of your tuition back. Your tuition was 4 × £380 =
/// £1,520, so the refund would be £760".
pub(crate) fn fractions_of_known(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
    rate_held: impl Fn(f64, bool, &str) -> bool,
) -> Vec<usize> {
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    // Each fraction with its sentence, its percentage and the noun it takes a share of; a
    // percentage the answer writes ("50% of your tuition back") is one too, held exactly.
    let fractions: Vec<(usize, Option<usize>, f64, &str)> = (0..toks.len())
        .filter_map(|i| {
            let written = toks[i].is_number && is_percentage(text, toks, i);
            let p = if written {
                number_value(&number_key(toks, i))?
            } else {
                fraction_at(toks, i)?
            };
            let noun = toks[i + 1..]
                .iter()
                .take(3)
                .find(|t| !FRACTION_TIES.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
                .filter(|t| !t.is_number && t.raw.chars().all(char::is_alphabetic))?;
            rate_held(p, written, noun.raw).then_some((i, sentence(i), p, noun.raw))
        })
        .collect();
    let mut out = Vec::new();
    if fractions.is_empty() {
        return out;
    }
    for n in 0..toks.len() {
        let (Some(v), Some(s)) = (money_amount(text, toks, n), sentence(n)) else {
            continue;
        };
        if known(n, v) {
            continue;
        }
        let Some((j, a)) = money_before(text, toks, spans, n) else {
            continue;
        };
        if !known(j, a) {
            continue;
        }
        let named = |noun: &str| {
            (0..toks.len()).any(|k| {
                sentence(k) == Some(s)
                    && toks[k]
                        .raw
                        .trim_end_matches(['s', 'S'])
                        .eq_ignore_ascii_case(noun.trim_end_matches(['s', 'S']))
            })
        };
        let tolerance = half_last_place(places_written(toks, n));
        let shown = fractions.iter().any(|&(i, fs, p, noun)| {
            i < n
                && fs.is_some_and(|f| f == s || f + 1 == s)
                && named(noun)
                && (a * p / 100.0 - v).abs() <= tolerance
        });
        if shown {
            out.push(n);
        }
    }
    out
}

/// Words for the parts a sum is paid in ([`instalments_of_total`]).
const INSTALMENT_WORDS: &[&str] = &["instalments", "installments", "payments", "parts"];

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that split the answer's last result before them into equal
/// parts: "N (equal, monthly …) instalments of £Y" (a number or a number word at most two
/// words before a word of [`INSTALMENT_WORDS`], then "of" and the amount) where Y is X / N to
/// its places, X the last amount of money before it that the answer derived (`derived`), in
/// its sentence or the two before: "That makes £195 + £165.75 = £360.75 for the season. …
/// three equal instalments of £120.25". Not a split into one part, nor of an amount the
/// sources state or one derived before the last, nor of an amount after it.
pub(crate) fn instalments_of_total(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    derived: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    let is = |k: usize, ws: &[&str]| ws.iter().any(|w| toks[k].raw.eq_ignore_ascii_case(w));
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    for n in 3..toks.len() {
        if !(is(n - 1, &["of"]) && is(n - 2, INSTALMENT_WORDS)) {
            continue;
        }
        let (Some(v), Some(s)) = (money_amount(text, toks, n), sentence(n)) else {
            continue;
        };
        let Some(parts) = (n.saturating_sub(5)..n - 2)
            .rev()
            .find_map(|k| count_at(toks, k))
            .filter(|&c| c >= 2.0 && c.fract() == 0.0)
        else {
            continue;
        };
        if derived(n) {
            continue;
        }
        let tolerance = half_last_place(places_written(toks, n));
        let splits = (0..n)
            .rev()
            .take_while(|&j| sentence(j).is_some_and(|t| t + 2 >= s))
            .filter(|&j| derived(j))
            .find_map(|j| money_amount(text, toks, j))
            .is_some_and(|a| (a / parts - v).abs() <= tolerance);
        if splits {
            out.push(n);
        }
    }
    out
}

/// A quantity's dimension and its value in the dimension's base unit (the user's measures:
/// [`remainders_of_given`]).
pub(crate) type GivenMeasure = (crate::quantity::Dimension, f64);

/// Words after a quantity that say it is what is left of a whole ([`remainders_of_given`]:
/// "9 months of your 24-month term left", "with 9 months remaining").
const LEFT_AFTER: &[&str] = &["left", "remaining", "outstanding"];

/// The most tokens between a quantity and the word of [`LEFT_AFTER`] that says it is what is
/// left ([`remainders_of_given`]: "9 months of your 24-month term left", seven tokens: a
/// hyphened compound is two).
const LEFT_AFTER_GAP: usize = 8;

/// The indices of the quantities of `toks` (offsets in `text`, an answer whose sentences are
/// the byte spans `spans`) that are the rest of the user's term once the part of it the user
/// has been through is taken away: a word of [`LEFT_AFTER`] at most [`LEFT_AFTER_GAP`] tokens
/// after them in their sentence, and there a known quantity (`known`: held by the sources or
/// the user, or derived) that is one of the prompt's (`given`: dimension and value in its base
/// unit, [`Request::given_measures`]) less the one elapsed quantity of that dimension the
/// prompt states (`elapsed`: "15 months into", "6 weeks through") equal to them ("I'm 15 months
/// into my Brightwave contract (the 24 month one)": "With 9 months of your 24-month term
/// left"); and its later restatements with their unit as an operand (× or "at" right after
/// the unit: "9 months × £24.00", not "9 months' notice"). Not a quantity written in parts or
/// a compound one, nor any when the prompt states two elapsed quantities of its dimension.
pub(crate) fn remainders_of_given(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
    (given, elapsed): (&[GivenMeasure], &[GivenMeasure]),
) -> Vec<usize> {
    let mut out = Vec::new();
    if elapsed.is_empty()
        || !toks
            .iter()
            .any(|t| LEFT_AFTER.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    {
        return out;
    }
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let quantity = |j: usize| {
        toks[j]
            .is_number
            .then(|| crate::quantity::part_alone(text, toks, j))
            .flatten()
            .filter(|q| !q.compound())
    };
    // An operand: "×" or "at" right after its unit.
    let operand = |j: usize| {
        (j + 2 < toks.len() && gap(text, toks, j + 1, j + 2).contains(['×', '*']))
            || toks
                .get(j + 2)
                .is_some_and(|t| t.raw.eq_ignore_ascii_case("at") || t.raw == "@")
    };
    for n in 0..toks.len() {
        let (Some(q), Some(s)) = (quantity(n), sentence(n)) else {
            continue;
        };
        let Some(v) = number_value(&number_key(toks, n)) else {
            continue;
        };
        let mut spent = elapsed.iter().filter(|(d, _)| *d == q.dimension());
        let (Some(&(_, b)), None) = (spent.next(), spent.next()) else {
            continue;
        };
        if known(n, v) {
            continue;
        }
        let left = (n + 1..(n + 1 + LEFT_AFTER_GAP).min(toks.len()))
            .take_while(|&k| sentence(k) == Some(s))
            .any(|k| {
                LEFT_AFTER
                    .iter()
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            });
        if !left {
            continue;
        }
        let tolerance = 1e-9 * q.base.abs().max(1.0);
        let same = |a: f64, c: f64| (a - c).abs() <= tolerance;
        let rest = (0..toks.len())
            .filter(|&j| j != n && sentence(j) == Some(s))
            .filter_map(|j| {
                let w = quantity(j).filter(|w| w.dimension() == q.dimension())?;
                known(j, number_value(&number_key(toks, j))?).then_some(w.base)
            })
            .any(|whole| {
                !same(whole, b)
                    && given
                        .iter()
                        .any(|&(d, g)| d == q.dimension() && same(g, whole))
                    && same(whole - b, q.base)
            });
        if rest {
            out.push(n);
            out.extend((n + 1..toks.len()).filter(|&j| {
                operand(j)
                    && quantity(j)
                        .is_some_and(|w| w.dimension() == q.dimension() && same(w.base, q.base))
            }));
        }
    }
    out
}

/// The indices of the counts of `toks` (offsets in `text`, an answer whose sentences are the
/// byte spans `spans`) that restate a count before them in their sentence per another period,
/// both counting the same thing: "Two items a month is 24 items a year" (a number or a number
/// word, the same word after each, then a period marked as [`period_after`] reads it; a year
/// holds 12 months and 52 weeks). The count before is derived (`derived`) or stated per the
/// same period by the user or the sources (`stated_per`: the count and the periods in a year,
/// [`counts_per`]: "I take 2 regular meds each month", not "2 meds, each a 28-day supply"); the restatement is a whole number equal to it times the periods' ratio. Not
/// money, which [`per_period_restatements`] reads.
pub(crate) fn counts_per_period(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    derived: impl Fn(usize) -> bool,
    stated_per: impl Fn(f64, f64) -> bool,
) -> Vec<usize> {
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    // A count, the word it counts and the period it is stated per.
    let count = |j: usize| -> Option<(f64, &str, f64)> {
        let c = count_at(toks, j)?;
        if toks[j].is_number && (money_at(text, &toks[j]) || is_percentage(text, toks, j)) {
            return None;
        }
        let what = toks.get(j + 1)?;
        if what.is_number || !what.raw.chars().all(char::is_alphabetic) {
            return None;
        }
        Some((
            c,
            what.raw.trim_end_matches(['s', 'S']),
            period_after(text, toks, j + 1)?,
        ))
    };
    let mut out = Vec::new();
    for (n, t) in toks.iter().enumerate() {
        if !t.is_number {
            continue;
        }
        let (Some((v, what, per)), Some(s)) = (count(n), sentence(n)) else {
            continue;
        };
        if v.fract() != 0.0 || derived(n) || stated_per(v, per) {
            continue;
        }
        let restates = (0..n)
            .rev()
            .take_while(|&j| sentence(j) == Some(s))
            .filter_map(|j| count(j).map(|c| (j, c)))
            .any(|(j, (a, w, base))| {
                w.eq_ignore_ascii_case(what)
                    && base != per
                    && (derived(j) || stated_per(a, base))
                    && (a * base / per - v).abs() <= 1e-9 * v.max(1.0)
            });
        if restates {
            out.push(n);
        }
    }
    out
}

/// The indices of the amounts of money of `toks` (offsets in `text`, an answer whose sentences
/// are the byte spans `spans`) that restate a known rate before them over a count the answer
/// states: "£X a day or £Y" when the sentence names "N days" before it (a number or a number
/// word, at most one word between it and the unit; the nearest such count, itself known) and
/// Y is N × X to its places, with no unit of its own after it ("or £60 a week") ("so £168 for
/// the four days, and your second child gets 10% off, making it £37.80 a day or £151.20"). The
/// rate is the nearest amount before "or", marked per a unit ("a", "per", "each", "every" and
/// the unit's word), and known (`known`: held by the sources or the user, or derived).
pub(crate) fn rates_over_counts(
    text: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let sentence = |j: usize| sentence_at(spans, toks[j].start);
    let is = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let mut out = Vec::new();
    for n in 4..toks.len() {
        // "£X a day or £Y": the rate's amount, its marker and unit, then "or".
        let j = n - 4;
        if !is(n - 1, "or") || !toks[n].is_number || !money_at(text, &toks[n]) {
            continue;
        }
        let marked = RATE_MARKERS.iter().any(|w| is(j + 1, w));
        if !marked || !toks[j].is_number || !money_at(text, &toks[j]) {
            continue;
        }
        let (Some(v), Some(a)) = (
            number_value(&number_key(toks, n)),
            number_value(&number_key(toks, j)),
        ) else {
            continue;
        };
        // (Not another rate, "£12 a day or £60 a week", nor across sentences.)
        let per_unit = RATE_MARKERS.iter().any(|w| is(n + 1, w));
        if known(n, v) || !known(j, a) || a <= 0.0 || per_unit || sentence(j) != sentence(n) {
            continue;
        }
        let unit = toks[j + 2].raw;
        let names_unit = |k: usize| {
            toks.get(k).is_some_and(|t| {
                t.raw.eq_ignore_ascii_case(unit)
                    || t.raw
                        .strip_suffix('s')
                        .is_some_and(|w| w.eq_ignore_ascii_case(unit))
            })
        };
        let tolerance = half_last_place(places_written(toks, n));
        // The nearest count of the unit before the rate, itself known.
        let counted = (0..j)
            .rev()
            .take_while(|&k| sentence(k) == sentence(n))
            .filter(|&k| names_unit(k + 1) || names_unit(k + 2))
            .find_map(|k| {
                let count = count_at(toks, k).filter(|_| !money_at(text, &toks[k]))?;
                Some((k, count))
            })
            .is_some_and(|(k, count)| {
                count >= 2.0 && known(k, count) && (a * count - v).abs() <= tolerance
            });
        if counted {
            out.push(n);
        }
    }
    out
}

/// The most bytes between a number and the bracket that shows how it was computed
/// ([`bracketed_results`]: "£84.05 in store credit (£89 − £4.95)").
const BRACKET_GAP_MAX: usize = 40;

/// The indices of the number tokens of `toks` (offsets in `text`) that a bracket after them
/// computes: "£84.05 in store credit (£89 − £4.95)", "140,000 IU (7 × 20,000)", "$240 for the
/// rest of this term (4 seats × $12 × 5 months)" —
/// an equation written result first ([`stated_equations`] reads "a op b = n"). The bracket
/// opens at most [`BRACKET_GAP_MAX`] bytes after the number, with no digit between, and holds
/// only numbers, each with at most [`EQUATION_UNIT_WORDS`] lower-case unit words after it, and
/// operators ([`equation_operator`]) of one precedence, read left to right, a
/// percentage as a share; every operand is known (`known`: held by the sources or the user, or
/// derived); the number is the value exactly when all are whole, else rounded to its places.
pub(crate) fn bracketed_results(
    text: &str,
    toks: &[Token<'_>],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    if !text.contains('(') {
        return out;
    }
    for n in (0..toks.len()).filter(|&n| toks[n].is_number) {
        let after = toks[n].start + toks[n].raw.len();
        let Some(next) = toks.get(n + 1) else {
            continue;
        };
        let Some(open) = text[after..next.start.max(after)]
            .find('(')
            .map(|o| after + o)
            .or_else(|| {
                // Words between the number and the bracket: the bracket opens before a later
                // token, near enough.
                let k = (n + 1..toks.len())
                    .take_while(|&k| toks[k].start <= after + BRACKET_GAP_MAX + 1)
                    .find(|&k| {
                        let prev = &toks[k - 1];
                        text[prev.start + prev.raw.len()..toks[k].start].contains('(')
                    })?;
                let prev = &toks[k - 1];
                let o = prev.start
                    + prev.raw.len()
                    + text[prev.start + prev.raw.len()..toks[k].start].find('(')?;
                (o - after <= BRACKET_GAP_MAX && !toks[n + 1..k].iter().any(|t| t.is_number))
                    .then_some(o)
            })
        else {
            continue;
        };
        let Some(close) = text[open..].find(')').map(|c| open + c) else {
            continue;
        };
        // The bracket's tokens: numbers joined by operators, each with at most
        // [`EQUATION_UNIT_WORDS`] lower-case words of unit right after it ("4 seats × $12 × 5
        // months"), nothing else.
        let all: Vec<usize> = (n + 1..toks.len())
            .filter(|&k| toks[k].start > open && toks[k].start < close)
            .collect();
        let mut units = 0;
        let mut unit_words_ok = true;
        for (x, &k) in all.iter().enumerate() {
            if toks[k].is_number {
                units = 0;
                continue;
            }
            let follows = x > 0
                && text[toks[all[x - 1]].start + toks[all[x - 1]].raw.len()..toks[k].start]
                    .trim()
                    .is_empty();
            units += 1;
            if x == 0
                || !follows
                || units > EQUATION_UNIT_WORDS
                || !toks[k].raw.bytes().all(|b| b.is_ascii_lowercase())
            {
                unit_words_ok = false;
                break;
            }
        }
        let inner: Vec<usize> = all.iter().copied().filter(|&k| toks[k].is_number).collect();
        if inner.len() < 2 || !unit_words_ok {
            continue;
        }
        let lead = text[open + 1..toks[inner[0]].start].trim();
        if !lead
            .chars()
            .all(|c| CURRENCY_SIGNS.iter().any(|s| s.starts_with(c)))
        {
            continue;
        }
        // The operands, each known, a percentage a share, and the operator before each but
        // the first.
        let mut whole = true;
        let mut operands: Vec<(f64, char)> = Vec::with_capacity(inner.len());
        let mut first = None;
        let mut ok = true;
        for (x, &k) in inner.iter().enumerate() {
            let Some(mut v) = number_value(&number_key(toks, k)).filter(|&v| known(k, v)) else {
                ok = false;
                break;
            };
            if is_percentage(text, toks, k) {
                v /= 100.0;
                whole = false;
            } else if v.fract() != 0.0 {
                whole = false;
            }
            if x == 0 {
                first = Some(v);
                continue;
            }
            // (The operator stands after the operand's last unit word.)
            let prev = &toks[k - 1];
            let gap = &text[prev.start + prev.raw.len()..toks[k].start];
            let Some(op) = equation_operator(gap).filter(|&o| o != '=') else {
                ok = false;
                break;
            };
            operands.push((v, op));
        }
        let Some(r) = first
            .filter(|_| ok)
            .and_then(|first| fold_operands(first, &operands))
        else {
            continue;
        };
        let Some(value) = number_value(&number_key(toks, n)) else {
            continue;
        };
        let places = places_written(toks, n);
        let right = if whole && value.fract() == 0.0 {
            (r - value).abs() <= 1e-9 * value.abs().max(1.0)
        } else {
            (r - value).abs() <= half_last_place(places)
        };
        if right {
            out.push(n);
        }
    }
    out
}

/// Whether the number token `t` of `text` is written in pence or cents: a "p" or "c" right
/// after it, no letter after that ("40.00p", "99c").
fn pence_at(text: &str, t: &Token<'_>) -> bool {
    let rest = &text[t.start + t.raw.len()..];
    rest.strip_prefix(['p', 'c'])
        .is_some_and(|r| !r.starts_with(char::is_alphanumeric))
}

/// The most unit words [`stated_equations`] reads after an operand ("5 days", "250 km").
const EQUATION_UNIT_WORDS: usize = 2;

/// An equation of a text that [`stated_equations`] found right: the index of its result's
/// token, and the indices of its operands' tokens that restate an earlier equation's result.
pub(crate) struct StatedEquation {
    /// The result's token ("1,250" of "5 days × 250 km = 1,250 km").
    pub(crate) result: usize,
    /// Operands that restate an earlier result ("1,250" of "1,600 km − 1,250 km = 350 km").
    pub(crate) restated: Vec<usize>,
}

/// Words that write an operator of an equation ([`stated_equations`]: "£1,080.00, plus the
/// £49.99 set-up fee = £1,129.99").
const OPERATOR_WORDS: &[(&str, char)] = &[("plus", '+'), ("minus", '−'), ("times", '×')];

/// The equations the text `toks` (offsets in `text`) writes out and computes right: "a op b
/// [op c …] = n" ([`equation_operator`]; a word "x" set off by spaces between two numbers is
/// "×", and a word of [`OPERATOR_WORDS`] before an operand, "the" between, its operator), each
/// operand a number with up to [`EQUATION_UNIT_WORDS`] words of unit after it in
/// its sentence, all operators of one precedence (× and ÷, or + and −) read left to right, a
/// percentage a share ("5% × £2,000 = £100"), an amount in pence a hundredth of a result in
/// pounds ("365 × 40.00p = £146.00", [`pence_at`]), and n the result: exactly when every
/// operand and n are whole numbers, else to the places n is written with ("€49.00" has two); n
/// as a percentage when it is one ("50 / 200 = 25%"). Every operand is known (`known`: held by
/// the sources or the user, or derived by other arithmetic the text shows), the result of an
/// earlier such equation ("5 days × 250 km = 1,250 km", then "1,600 km − 1,250 km = 350 km")
/// or that result itself when the equation goes on from it ("= £37,700 × 20% = £7,540.00"):
/// an invented operand derives nothing. The text shows its arithmetic, and the result is
/// derived from its operands, which are judged as numbers of their own; a wrong result, or one
/// of an unknown operand, is not found.
pub(crate) fn stated_equations(
    text: &str,
    toks: &[Token<'_>],
    known: impl Fn(usize, f64) -> bool,
) -> Vec<StatedEquation> {
    let mut out: Vec<StatedEquation> = Vec::new();
    if !text.contains('=') {
        return out;
    }
    let gap_before = |j: usize| -> &str {
        let from = if j == 0 {
            0
        } else {
            toks[j - 1].start + toks[j - 1].raw.len()
        };
        text.get(from..toks[j].start).unwrap_or("")
    };
    let spaced = |g: &str| !g.is_empty() && g.chars().all(|c| c == ' ');
    let mut results: Vec<(usize, f64)> = Vec::new();
    for n in (1..toks.len()).filter(|&n| toks[n].is_number) {
        if equation_operator(gap_before(n)) != Some('=') {
            continue;
        }
        // The operands, last first: (token, value, whole, operator before it).
        let mut operands: Vec<(usize, f64, bool, Option<char>)> = Vec::new();
        let mut k = n - 1;
        loop {
            // Unit words after the operand, inside its sentence.
            let mut units = 0;
            while !toks[k].is_number
                && units < EQUATION_UNIT_WORDS
                && k > 0
                && !toks[k].sentence_start
                && !toks[k].raw.eq_ignore_ascii_case("x")
                && !OPERATOR_WORDS
                    .iter()
                    .any(|(w, _)| toks[k].raw.eq_ignore_ascii_case(w))
                && !DEDUCTION_WORDS
                    .iter()
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            {
                k -= 1;
                units += 1;
            }
            if !toks[k].is_number {
                break;
            }
            let Some(mut v) = number_value(&number_key(toks, k)) else {
                break;
            };
            let whole = v.fract() == 0.0 && !is_percentage(text, toks, k);
            if is_percentage(text, toks, k) {
                v /= 100.0;
            }
            // An amount in pence (or cents) of a result in pounds (dollars, euros): "365 ×
            // 40.00p = £146.00".
            if pence_at(text, &toks[k]) && money_at(text, &toks[n]) {
                v /= 100.0;
            }
            // The operator before it: in the gap, a word "x" set off by spaces, or a word of
            // OPERATOR_WORDS, an article after it ("£1,080.00, plus the £49.99 set-up fee =
            // £1,129.99").
            let times = k >= 2
                && toks[k - 1].raw.eq_ignore_ascii_case("x")
                && spaced(gap_before(k))
                && spaced(gap_before(k - 1));
            let article = k >= 1
                && ["the", "a", "an"]
                    .iter()
                    .any(|a| toks[k - 1].raw.eq_ignore_ascii_case(a));
            let w = if article {
                k.saturating_sub(2)
            } else {
                k.saturating_sub(1)
            };
            // (A currency sign may stand before the operand: "plus £49.99".)
            let signed = |g: &str| spaced(g.trim_end_matches(['£', '$', '€']));
            let worded =
                (w >= 1 && signed(gap_before(w + 1)) && (!article || signed(gap_before(k))))
                    .then(|| {
                        OPERATOR_WORDS
                            .iter()
                            .find(|(word, _)| toks[w].raw.eq_ignore_ascii_case(word))
                            .map(|&(_, op)| op)
                    })
                    .flatten()
                    .filter(|_| matches!(gap_before(w), " " | ", "))
                    // Of the precedence of the chain's other operators: "£146.00, plus 3,400 ×
                    // 26.00p = £884.00" is the product alone.
                    .filter(|&o| {
                        let times = |c: char| matches!(c, '×' | '*' | '÷' | '/');
                        operands
                            .iter()
                            .filter_map(|x| x.3)
                            .all(|p| times(p) == times(o))
                    });
            let (op, next) = if times {
                (Some('×'), Some(k - 2))
            } else if let Some(op) = worded {
                (Some(op), Some(w - 1))
            } else if k >= 1 {
                (
                    equation_operator(gap_before(k)).filter(|&o| o != '='),
                    Some(k - 1),
                )
            } else {
                (None, None)
            };
            operands.push((k, v, whole, op));
            match (op, next) {
                (Some(_), Some(j)) => k = j,
                _ => break,
            }
        }
        if operands.len() < 2 || operands.last().is_some_and(|o| o.3.is_some()) {
            continue;
        }
        operands.reverse();
        // (Every operand after the first has its operator: the loop stops at one without.)
        let Some(value) = operands[1..]
            .iter()
            .map(|&(_, v, _, op)| op.map(|op| (v, op)))
            .collect::<Option<Vec<_>>>()
            .and_then(|rest| fold_operands(operands[0].1, &rest))
        else {
            continue;
        };
        // Each operand known, or an earlier result restated, or that result itself when the
        // equation goes on from it ("£50,270 − £12,570 = £37,700 × 20% = £7,540.00").
        let mut restated = Vec::new();
        let all_known = operands.iter().all(|&(j, v, _, _)| {
            let raw = number_value(&number_key(toks, j)).unwrap_or(v);
            if known(j, raw) {
                return true;
            }
            if results.iter().any(|&(r, _)| r == j) {
                return true;
            }
            let earlier = results.iter().any(|&(r, w)| r < j && w == raw);
            if earlier {
                restated.push(j);
            }
            earlier
        });
        if !all_known {
            continue;
        }
        let Some(result) = number_value(&number_key(toks, n)) else {
            continue;
        };
        let percent = is_percentage(text, toks, n);
        let target = if percent { value * 100.0 } else { value };
        // The places the result is written with, zeros kept ("€49.00": two).
        let digits = crate::text::number_digits(toks[n].raw);
        let places = digits.split_once('.').map_or(0, |(_, f)| f.len());
        let exact = places == 0 && operands.iter().all(|o| o.2) && !percent;
        let right = if exact {
            (target - result).abs() <= 1e-9 * result.abs().max(1.0)
        } else {
            (target - result).abs() <= half_last_place(places)
        };
        if right {
            results.push((n, result));
            out.push(StatedEquation {
                result: n,
                restated,
            });
        }
    }
    out
}

/// Whether the number `toks[i]` (no percentage) is the difference between another number of
/// `toks` that `stated` holds (the sources', for a claim the user's too) and a number the user
/// gave (`given`: the prompt's
/// numbers): the text applies a rule of the sources to the user's case and shows the rule's
/// number ("delivered 10 days ago" → "start the return within the next 4 days so you stay
/// inside the 14-day window"). The subtrahend is the user's own, never any number of the
/// sources: a passage's many numbers would match a wrong difference by chance.
pub(crate) fn difference_from_given(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    stated: impl Fn(f64) -> bool,
    given: &[f64],
) -> bool {
    let Some(n) = positive_amount(text, toks, i) else {
        return false;
    };
    let values = stated_numbers_besides(text, toks, i, |v| v != n && stated(v));
    values.iter().any(|&a| {
        given
            .iter()
            .any(|&b| b > 0.0 && b != a && ((a - b).abs() - n).abs() <= 1e-9 * a.max(b))
    })
}

/// How many tokens after the number `toks[i]` (offsets in `text`) mark it as a percentage: 1
/// for "percent", 2 for "per cent", 0 for a "%" sign (no token); None when it is no
/// percentage ([`is_percentage`]).
pub(super) fn percent_marker(text: &str, toks: &[Token<'_>], i: usize) -> Option<usize> {
    let is = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    if is(i + 1, PERCENT) {
        Some(1)
    } else if is(i + 1, "per") && is(i + 2, "cent") {
        Some(2)
    } else {
        percent_sign_after(text, &toks[i]).then_some(0)
    }
}

/// Fractions in words with the percentage they state: "half", "a quarter" (25), "three
/// quarters" (75), "a third" (33.3), "two thirds" (66.7), "a fifth" (20), "a tenth" (10); each
/// denominator with the numerators it is read after ("a", "one", or a number word; hyphenated
/// forms, "two-thirds", too).
pub(super) const FRACTIONS: &[(&str, &[(&str, f64)])] = &[
    ("quarter", &[("a", 25.0), ("one", 25.0), ("three", 75.0)]),
    ("quarters", &[("three", 75.0)]),
    ("third", &[("a", 100.0 / 3.0), ("one", 100.0 / 3.0)]),
    ("thirds", &[("two", 200.0 / 3.0)]),
    ("fifth", &[("a", 20.0), ("one", 20.0)]),
    ("tenth", &[("a", 10.0), ("one", 10.0)]),
];

/// The percentages the fractions in words of `toks` state ([`FRACTIONS`], and "half": 50), for
/// an answer's percentage that restates one ("around 50%" for "about half").
pub(crate) fn fraction_percents(toks: &[Token<'_>]) -> Vec<f64> {
    (0..toks.len())
        .filter_map(|i| fraction_at(toks, i))
        .collect()
}

/// The percentage the fraction in words ending at `toks[i]` states ([`FRACTIONS`], and "half":
/// 50): "two-thirds" as one token, "two thirds" or "a quarter" as two (the denominator is
/// `toks[i]`). None for any other word.
pub(super) fn fraction_at(toks: &[Token<'_>], i: usize) -> Option<f64> {
    let t = &toks[i];
    // The denominator ends the token and every one ends in f, r, s, d or h ("half",
    // "quarter(s)", "third(s)", "fifth", "tenth"): most words are told apart by their last
    // letter before any comparison (this runs for every word of the sources).
    if !t
        .raw
        .as_bytes()
        .last()
        .is_some_and(|b| matches!(b.to_ascii_lowercase(), b'f' | b'r' | b's' | b'd' | b'h'))
    {
        return None;
    }
    if t.raw.eq_ignore_ascii_case("half") {
        return Some(50.0);
    }
    let (numerator, denominator) = match crate::text::split_once_byte(t.raw, b'-') {
        Some((n, d)) => (n, d),
        None => (toks[i.checked_sub(1)?].raw, t.raw),
    };
    FRACTIONS
        .iter()
        .find(|(d, _)| denominator.eq_ignore_ascii_case(d))
        .and_then(|(_, ns)| ns.iter().find(|(n, _)| numerator.eq_ignore_ascii_case(n)))
        .map(|&(_, percent)| percent)
}

/// How far, in percentage points, a source's percentage may stand from a share in words that
/// it states (`Key::share`): "a quarter" is said of 24%, "a third" of 31–35%, "half" of 48%.
pub(super) const SHARE_TOLERANCE: f64 = 2.5;

/// The percentage a share in words states at `toks[i]`: a fraction ([`fraction_at`]) followed
/// by "of" ("half of the respondents", "two thirds of voters"), as "50% of the respondents"
/// states it; not a part of a sequence ("the second half of the season", "the first quarter
/// of 2023"), which follows "the" or an ordinal.
pub(super) fn share_at(toks: &[Token<'_>], i: usize) -> Option<f64> {
    let percent = fraction_at(toks, i)?;
    let of = toks.get(i + 1)?.raw.eq_ignore_ascii_case("of");
    // The word before the fraction: its numerator's for "a third", "two thirds".
    let first =
        if toks[i].raw.eq_ignore_ascii_case("half") || crate::text::has_byte(toks[i].raw, b'-') {
            i
        } else {
            i - 1
        };
    let sequence = first
        .checked_sub(1)
        .map(|j| lower_cow(toks[j].raw))
        .is_some_and(|w| w == "the" || ordinal_word(&w));
    (of && !sequence).then_some(percent)
}

/// Whether `w` (lower case) is an ordinal in words or digits ("first", "second", "3rd").
pub(super) fn ordinal_word(w: &str) -> bool {
    [
        "first", "second", "third", "fourth", "last", "final", "opening",
    ]
    .contains(&w)
        || (w.len() > 2
            && w.starts_with(|c: char| c.is_ascii_digit())
            && ["st", "nd", "rd", "th"].iter().any(|s| w.ends_with(s)))
}

/// The spans between the years of one sentence, in whole years: for every two years `a < b`
/// written in digits in `toks` (a sentence's tokens; four digits, 1000–2100, no scale word
/// after), `b − a` (at least 1). A sentence that dates two events states how far apart they
/// are ("born in 1900 and died in 1950" states that he died at 50; "the Ming dynasty
/// (1368–1644)" that it lasted 276 years): an age or a duration derived so is grounded, not
/// novel. Only years of one sentence are paired (a long source has many
/// years, and the difference of two unrelated ones states nothing); at most the first 12 years of
/// a sentence are paired.
pub fn year_gaps(toks: &[Token<'_>]) -> Vec<u32> {
    let years: Vec<u32> = (0..toks.len())
        .filter_map(|i| year_at(toks, i))
        .take(12)
        .collect();
    distinct_gaps(&years)
}

/// The year the number token `toks[i]` writes, as [`year_gaps`] reads one: four digits,
/// 1000–2100, no group comma ("1,200" is none), no scale word after.
pub(super) fn year_at(toks: &[Token<'_>], i: usize) -> Option<u32> {
    let t = &toks[i];
    if !t.is_number || crate::text::has_byte(t.raw, b',') || is_number_scale(toks, i + 1) {
        return None;
    }
    let key = number_key(toks, i);
    (key.len() == 4)
        .then(|| key.parse::<u32>().ok())
        .flatten()
        .filter(|y| (1000..=2100).contains(y))
}

/// Every `|a − b|` of at least 1 between two of `values`, each once, in order of first meeting.
pub(super) fn distinct_gaps(values: &[u32]) -> Vec<u32> {
    gaps_of(
        values
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| values[i + 1..].iter().map(move |&b| (a, b))),
    )
}

/// Every `|a − b|` of at least 1 of the pairs, each once, in order of first meeting.
fn gaps_of(pairs: impl Iterator<Item = (u32, u32)>) -> Vec<u32> {
    let mut gaps = Vec::new();
    for (a, b) in pairs {
        let d = a.abs_diff(b);
        if d >= 1 && !gaps.contains(&d) {
            gaps.push(d);
        }
    }
    gaps
}

/// The differences between two whole numbers of one sentence that are no years and stand next
/// to each other among its numbers: for the first [`NUMBER_GAPS_MAX`] such numbers written in
/// digits in `toks` (a sentence's tokens; no scale word after, no decimal point), each `|a − b|`
/// of at least 1 between a number and the next. A sentence that states two counts together
/// states their difference as well ("won 11 of its 17 games" states 6 losses, "lost 24-17" a
/// seven-point margin): a number derived so is grounded, as a span between two years is
/// ([`year_gaps`]). Numbers apart, with others between them, are mostly of different things:
/// "teenagers aged 13 to 18 get 8 to 10 hours of sleep every 24 hours" states no 6 (24 − 18).
/// Two numbers that both carry a unit ([`unit_of`]) are subtracted only when it is the same
/// unit ([`same_unit`]): a difference is defined within one kind of quantity (Roy, Vieira and
/// Roth 2015), and "less than 12 months' service receive 10 weeks" states no 2 weeks.
pub fn number_gaps(toks: &[Token<'_>]) -> Vec<u32> {
    let numbers: Vec<(u32, Option<Unit<'_>>)> = (0..toks.len())
        .filter(|&i| {
            toks[i].is_number && !is_number_scale(toks, i + 1) && year_at(toks, i).is_none()
        })
        .filter_map(|i| Some((number_key(toks, i).parse::<u32>().ok()?, unit_of(toks, i))))
        .take(NUMBER_GAPS_MAX)
        .collect();
    let comparable = |a: &Option<Unit<'_>>, b: &Option<Unit<'_>>| match (a, b) {
        (Some(a), Some(b)) => same_unit(a, b),
        _ => true,
    };
    gaps_of(
        numbers
            .windows(2)
            .filter(|w| comparable(&w[0].1, &w[1].1))
            .map(|w| (w[0].0, w[1].0)),
    )
}

/// The shares of a sentence's numbers that its percentages state: for the first
/// [`NUMBER_GAPS_MAX`] percentages and other numbers that are no years in `toks` (a sentence's
/// tokens, offsets in `text`), every `p % × n`, rounded to a whole number, of at least 10 (a
/// small share, rounded, matches a small number of the answer by chance). A
/// sentence that states a total and a percentage of it states the part as well ("Roughly 30,000
/// climbers attempt the summit each year, and about 45 percent of them reach it" states 13,500
/// who reach it): a number derived so is grounded, as a difference is ([`number_gaps`]).
pub(super) fn percent_shares(text: &str, toks: &[Token<'_>]) -> Vec<u32> {
    let (mut percents, mut numbers) = (Vec::new(), Vec::new());
    for i in (0..toks.len()).filter(|&i| toks[i].is_number && year_at(toks, i).is_none()) {
        let Some(v) = number_value(&number_key(toks, i)) else {
            continue;
        };
        if is_percentage(text, toks, i) {
            percents.push(v);
        } else {
            numbers.push(v);
        }
    }
    let mut out = Vec::new();
    for p in percents.iter().take(NUMBER_GAPS_MAX) {
        for n in numbers.iter().take(NUMBER_GAPS_MAX) {
            let share = (p * n / 100.0).round();
            if (10.0..=f64::from(u32::MAX)).contains(&share) && !out.contains(&(share as u32)) {
                out.push(share as u32);
            }
        }
    }
    out
}

/// The days from 1970-01-01 to the date `base` (a [`crate::quantity::Dimension::Date`] base:
/// year × 10 000 + month × 100 + day) in the proleptic Gregorian calendar: Hinnant's
/// `days_from_civil` ("chrono-Compatible Low-Level Date Algorithms", 2013), with March as the
/// first month of the computational year so that a leap day falls at its end.
pub(super) fn days_from_civil(base: f64) -> i64 {
    let b = base as i64;
    let (y, m, d) = (b / 10_000, (b / 100) % 100, b % 100);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The whole days between two calendar dates a reader relates: each date of a sentence
/// (`dates`, [`crate::quantity::Dimension::Date`] bases, at most the first
/// [`DATES_PAIRED`]) with each later one of it and with each of the sentence before
/// (`before`), at least 1 day. A source that dates two events states how many days lie between
/// them ("launched on 5 September 1977 … after its twin, which lifted off on 20 August 1977"
/// states 16 days): a count derived so is grounded, as a span between two years is
/// ([`year_gaps`]). Sentences further apart are not paired, for the reason years of two
/// sentences are not.
pub(super) fn date_gaps(dates: &[f64], before: &[f64]) -> Vec<u32> {
    let dates = &dates[..dates.len().min(DATES_PAIRED)];
    let before = &before[..before.len().min(DATES_PAIRED)];
    let days = |a: f64, b: f64| {
        u32::try_from((days_from_civil(a) - days_from_civil(b)).unsigned_abs()).unwrap_or(0)
    };
    let mut out = Vec::new();
    for (k, &a) in dates.iter().enumerate() {
        for &b in dates[k + 1..].iter().chain(before) {
            let d = days(a, b);
            if d >= 1 && !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// How many dates of a sentence [`date_gaps`] pairs.
pub(super) const DATES_PAIRED: usize = 4;

/// The years a sentence states by counting from the last year written before it: "Four years
/// later" after "… first described … in 1773" states 1777, "two years earlier" 1771, "a
/// decade later" 1783, "the following year" 1774. `last_year` is the last year of the text
/// before `toks` (a sentence's tokens; [`year_at`]) or one stated so, and is left at the last of
/// this sentence. Only "later", "earlier" and "afterwards" count, which refer back to the
/// year last told; "two years after the war" counts from an event of its own. A year derived
/// so is grounded, as a span between two years is ([`year_gaps`]).
pub(super) fn counted_years(toks: &[Token<'_>], last_year: &mut Option<u32>) -> Vec<u32> {
    let mut out = Vec::new();
    for i in 0..toks.len() {
        if let Some(y) = year_at(toks, i) {
            *last_year = Some(y);
            continue;
        }
        let Some(anchor) = *last_year else {
            continue;
        };
        // Every form counted here has "year(s)" or "decade(s)" next: one byte rules out most
        // tokens (this runs for every token of the sources).
        if !toks
            .get(i + 1)
            .and_then(|n| n.raw.as_bytes().first())
            .is_some_and(|b| matches!(b | 0x20, b'y' | b'd'))
        {
            continue;
        }
        let is = |j: usize, words: &[&str]| {
            toks.get(j)
                .is_some_and(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
        };
        // "the following year", "the next year".
        if is(i, &["following", "next"]) && is(i + 1, &["year"]) && i > 0 && is(i - 1, &["the"]) {
            out.push(anchor + 1);
            *last_year = Some(anchor + 1);
            continue;
        }
        // The words after the count first: most tokens are followed by neither.
        let scale = if is(i + 1, &["year", "years"]) {
            1
        } else if is(i + 1, &["decade", "decades"]) {
            10
        } else {
            continue;
        };
        let later = if is(i + 2, &["later", "afterwards", "afterward"]) {
            true
        } else if is(i + 2, &["earlier"]) {
            false
        } else {
            continue;
        };
        let count = if toks[i].is_number {
            number_key(toks, i).parse::<u32>().ok()
        } else if is(i, &["a", "an"]) {
            Some(1)
        } else {
            number_word_at(toks, i).and_then(|d| d.parse::<u32>().ok())
        };
        let Some(n) = count.filter(|n| (1..=200).contains(n)) else {
            continue;
        };
        let derived = if later {
            anchor.checked_add(scale * n)
        } else {
            anchor.checked_sub(scale * n)
        };
        if let Some(y) = derived.filter(|y| (1000..=2100).contains(y)) {
            if !out.contains(&y) {
                out.push(y);
            }
            *last_year = Some(y);
        }
    }
    out
}

/// What the quantity whose number is `toks[i]` measures: the content words after its number
/// and unit ([`written_at`]) up to the first ",", ";", ":", "(" or ")" (at most 5 tokens; stop
/// words and numbers left out): "2 tsp fine sea salt; 5 tbsp …" → "fine", "sea", "salt".
fn measured_words<'t>(text: &str, toks: &[Token<'t>], i: usize) -> Vec<&'t str> {
    let Some(end) = written_at(text, toks, i).map(|w| toks[i].start + w.len()) else {
        return Vec::new();
    };
    let from = (i + 1..toks.len())
        .find(|&j| toks[j].start >= end)
        .unwrap_or(toks.len());
    let mut out = Vec::new();
    for j in from..toks.len().min(from + 5) {
        if j > from && gap(text, toks, j - 1, j).contains([',', ';', ':', '(', ')']) {
            break;
        }
        let t = &toks[j];
        if !t.is_number && !crate::text::is_stopword_raw(t.raw) {
            out.push(t.raw);
        }
    }
    out
}

/// A claim's quantity stated of the same thing in another unit by the sentence `sent`
/// (offsets in `context`): the claim's number `claim.1[i]`, read as `q`, is written in `sent`
/// (as `norm`, [`number_at`]) only in units `q` does not restate ([`Quantity::unit_swapped`]),
/// and one of them measures a thing the claim's measures too (a word of [`measured_words`] in
/// common): "2 tablespoons of fine sea salt" against "2 tsp fine sea salt; 5 tbsp olive oil",
/// whatever other sentence says "2 tbsp of the oil". The index of that number in `sent`. A
/// number is bound to the noun it quantifies (Roy, Vieira and Roth 2015, "Reasoning about
/// Quantities in Natural Language": a quantity is a value, a unit and what it measures).
pub(super) fn unit_swapped_of_same_thing(
    claim: (&str, &[Token<'_>]),
    i: usize,
    q: &Quantity,
    norm: &str,
    (context, sent): (&str, &[Token<'_>]),
) -> Option<usize> {
    let same_number: Vec<(usize, Quantity)> = quantities(context, sent)
        .into_iter()
        .filter(|(j, _)| number_at(sent, *j).is_some_and(|n| n == norm))
        .collect();
    if same_number.is_empty() || same_number.iter().any(|(_, s)| !q.unit_swapped(s)) {
        return None;
    }
    let mine = measured_words(claim.0, claim.1, i);
    same_number
        .iter()
        .find(|(j, _)| {
            measured_words(context, sent, *j)
                .iter()
                .any(|w| mine.iter().any(|m| m.eq_ignore_ascii_case(w)))
        })
        .map(|(j, _)| *j)
}

/// How many whole numbers of a sentence [`number_gaps`] reads (each with the next: six give at
/// most 5 differences) and [`percent_shares`] pairs: a sentence with many numbers, a table or a
/// score line, would state too many by chance.
pub(super) const NUMBER_GAPS_MAX: usize = 6;

/// The unit of the number token or number word `toks[i]`: the word after it (after its scale
/// word, "5 million people"), in [`normal_form`], unless that is a number or a stop word. None
/// for a number with no unit ("in 5 of them", "3%" followed by "in").
pub(super) fn unit_after<'a>(toks: &[Token<'a>], i: usize) -> Option<Cow<'a, str>> {
    let t = toks.get(unit_index(toks, i))?;
    let lower = lower_cow(t.raw);
    if t.is_number || is_stopword(&lower) || number_word(&lower).is_some() {
        return None;
    }
    Some(normal_form(lower))
}

/// The unit of the number `toks[i]` ([`unit_after`]) and, when a content word follows that
/// unit with one character between (a space: no comma, no full stop), that word too, in
/// [`normal_form`]: the head of a compound noun, whose first noun modifies it ("40,000 weekday
/// riders" counts riders, as "18,000 riders on an average weekday" does; English noun
/// compounds are right-headed, Downing 1977, "On the creation and use of English compound
/// nouns"). Which of the two is the head is not decided here: [`same_unit`] accepts either.
pub(super) fn unit_of<'a>(toks: &[Token<'a>], i: usize) -> Option<Unit<'a>> {
    let first = unit_after(toks, i)?;
    let at = unit_index(toks, i);
    let head = toks
        .get(at + 1)
        .filter(|n| n.start == toks[at].start + toks[at].raw.len() + 1 && !n.sentence_start)
        .filter(|n| !n.is_number && n.raw.chars().all(char::is_alphabetic))
        .map(|n| lower_cow(n.raw))
        .filter(|w| !is_stopword(w) && number_word(w).is_none())
        .map(normal_form);
    Some((first, head))
}

/// A number's unit word and the head noun after it, if any ([`unit_of`]).
pub(super) type Unit<'a> = (Cow<'a, str>, Option<Cow<'a, str>>);

/// Whether two units ([`unit_of`]) count the same thing: the same first word, or one's first
/// word the other's compound head ("weekday riders" and "riders"), or the same head.
pub(super) fn same_unit(a: &Unit<'_>, b: &Unit<'_>) -> bool {
    a.0 == b.0
        || a.1.as_ref() == Some(&b.0)
        || b.1.as_ref() == Some(&a.0)
        || (a.1.is_some() && a.1 == b.1)
}

/// Where the unit of the number `toks[i]` stands: right after it, or after its scale word.
pub(super) fn unit_index(toks: &[Token<'_>], i: usize) -> usize {
    if is_number_scale(toks, i + 1) {
        i + 2
    } else {
        i + 1
    }
}

/// The key of the number token or number word `toks[i]` ([`number_key`], or the digits of a
/// number word, times the scale word after it: "fifteen hundred" → "1500",
/// [`scaled_number_word`]), None for other tokens and for that scale word.
pub(super) fn number_at<'a>(toks: &[Token<'a>], i: usize) -> Option<Cow<'a, str>> {
    if toks[i].is_number {
        return Some(number_key(toks, i));
    }
    // The scale word of "fifteen hundred" is part of the number before it.
    let d = number_word_at(toks, i)
        .filter(|_| !is_fraction(toks, i) && word_scale_at(toks, i).is_none())?;
    Some(match scaled_number_word(toks, i, d) {
        Some(value) => Cow::Owned(value),
        None => Cow::Borrowed(d),
    })
}

/// Whether the number `toks[i]` of a claim (offsets in `text`, the answer) counts the items
/// the answer lists right after it: a whole number from 2 to 12 ("Two", "4"), the claim's first
/// word or after a stop word (not a label's number: "Step 2: …", "grade 3 toxicities: …"),
/// followed after one to five more tokens, with no other number between, by a colon on the
/// claim's line that opens a list of exactly that many items ("Two are low: hemoglobin at
/// 13.1 g/dL (…) and ferritin at 18 ng/mL"), or that ends the claim before that many bullet
/// lines of one indentation ("Three changes:\n- …\n- …\n- …"). Such a number counts the
/// answer's own enumeration, which the reader can check, not a number the sources state.
/// Items of an inline list are split at commas, "and" and "or" outside brackets (", and"
/// once); bullet lines open with "-", "*", "+", "•" or a number and a dot or bracket and a
/// space. (Whether the sources count the same things is the caller's to judge.)
pub(super) fn counts_own_list(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let Some(n) = number_at(toks, i).and_then(|k| k.parse::<usize>().ok()) else {
        return false;
    };
    let after_label = i > 0 && !crate::text::is_stopword_raw(toks[i - 1].raw);
    if !(2..=12).contains(&n) || after_label {
        return false;
    }
    // The colon: in the gap after a token one to five tokens on, on the claim's line.
    let Some(colon) = (i + 1..toks.len().min(i + 6)).find_map(|j| {
        let end = toks[j].start + toks[j].raw.len();
        let after = toks.get(j + 1).map_or(text.len(), |t| t.start);
        let gap = text.get(end..after).unwrap_or("");
        let gap = gap.split('\n').next().unwrap_or("");
        gap.find(':').map(|c| end + c)
    }) else {
        return false;
    };
    if (i + 1..toks.len())
        .take_while(|&j| toks[j].start < colon)
        .any(|j| number_at(toks, j).is_some())
    {
        return false;
    }
    let claim_end = toks.last().map_or(colon, |t| t.start + t.raw.len());
    let rest = text
        .get(colon + 1..claim_end.max(colon + 1))
        .unwrap_or("")
        .trim();
    if rest.is_empty() {
        // A list on the lines after the claim's: bullets of the first one's indentation
        // (deeper ones are its details).
        let mut lines = text.get(colon + 1..).unwrap_or("").lines().skip(1);
        let indent = |l: &str| l.len() - l.trim_start().len();
        let Some(first) = lines.next().filter(|l| is_bullet_line(l.trim_start())) else {
            return false;
        };
        let level = indent(first);
        let mut items = 1;
        for l in lines {
            if indent(l) > level && !l.trim().is_empty() {
                continue;
            }
            if indent(l) < level || !is_bullet_line(l.trim_start()) {
                break;
            }
            items += 1;
        }
        return items == n;
    }
    let (mut items, mut depth, mut open) = (1usize, 0u32, false);
    for w in rest.split_inclusive(char::is_whitespace) {
        for c in w.chars() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        let w = w.trim().trim_end_matches(['"', '\'', '”', '’']);
        let bare = w.trim_end_matches(',');
        if depth == 0 && (bare.eq_ignore_ascii_case("and") || bare.eq_ignore_ascii_case("or")) {
            // ", and" after a separator opens no second item.
            if !open {
                items += 1;
            }
            open = true;
        } else if depth == 0 && w.ends_with(',') {
            items += 1;
            open = true;
        } else if !w.is_empty() {
            open = false;
        }
    }
    // A separator that ends the list opens no item.
    items -= usize::from(open);
    items == n
}

/// Whether line `l` (leading white space trimmed) is a bullet or numbered list item: "- …",
/// "* …", "+ …", "• …", "1. …", "2) …" (not "3.5 mg").
fn is_bullet_line(l: &str) -> bool {
    if ["- ", "* ", "+ ", "•"].iter().any(|b| l.starts_with(b)) {
        return true;
    }
    let digits = l.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && matches!(l.as_bytes().get(digits), Some(b'.' | b')'))
        && l.as_bytes().get(digits + 1) == Some(&b' ')
}

/// Words of a question that ask for the value in force now ("What\'s the default fetch timeout
/// now?"), for [`superseded_value_swap`].
const NOW_WORDS: &[&str] = &["current", "currently", "latest", "now", "nowadays", "today"];

/// Words that put a claim's value in the past ("it used to be 30", "was previously 30"): the
/// claim states the old value as old.
const PAST_WORDS: &[&str] = &[
    "before",
    "earlier",
    "formerly",
    "from",
    "had",
    "instead",
    "old",
    "originally",
    "previously",
    "prior",
    "replacing",
    "used",
    "was",
    "were",
];

/// Verbs and adverbs of a change that name its old value after "from" ("raised from 30s to
/// 60s", "cut from 14 to 10 days", "up from 3"); a "from N to M" without one is a range ("open
/// from 9 to 5"), not a change.
const CHANGE_WORDS: &[&str] = &[
    "bumped",
    "changed",
    "cut",
    "decreased",
    "down",
    "dropped",
    "extended",
    "fell",
    "grew",
    "increased",
    "lowered",
    "moved",
    "raised",
    "reduced",
    "rose",
    "shortened",
    "up",
    "updated",
];

/// The value of the digits a number token opens with ("1,500" → 1500, "4th" → 4).
fn leading_value(raw: &str) -> Option<f64> {
    let end = raw
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(raw.len());
    raw[..end]
        .trim_end_matches(['.', ','])
        .replace(',', "")
        .parse()
        .ok()
}

/// A value the sources say was changed, stated as the value now: the question asks for the
/// value in force ([`NOW_WORDS`]; not a "Now," that opens it), a sentence of the sources
/// (`spans` of `context_toks`, offsets in `context`) changes a thing "from N to M" after a
/// word of [`CHANGE_WORDS`] at most three tokens before "from" (M ≠ N, "to" one or two tokens
/// after N, M right after "to": "Default `fetchTimeout` raised from 30s to 60s"; not a range,
/// "open from 9 to 5"). Values are compared by the digits a token opens with
/// ([`leading_value`]): a time of day, one token, by its hour ("moved from 18:30 to 18:45"
/// changes no value so read), and a number split from another by a colon is not read. The
/// claim (`claim_toks`, offsets in `text`) states N between
/// punctuation marks ([`punctuated_segment`]) with no word of [`PAST_WORDS`] (not "it used to
/// be 30"), never M, and names the thing changed: the last word of four or more characters,
/// no stop word and no change word, before "from" (`fetchTimeout`; "price" of "The Pro plan
/// price was raised from $20 to $25", which "The Basic plan costs $20" does not name).
/// Some((the claim's N, the sentence's M, the sentence)) as written. An update supersedes the
/// value it replaces: the outdated-fact error of knowledge-update benchmarks (Kasai et al.
/// 2023, "RealTime QA"), read from a changelog-like "from … to".
pub(super) fn superseded_value_swap<'c, 's>(
    question_toks: &[Token<'_>],
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (context, context_toks, spans): (&str, &[Token<'s>], &[(usize, usize)]),
) -> Option<(&'c str, &'s str, usize)> {
    let is_in = |words: &[&str], t: &Token<'_>| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w));
    // (A "Now," that opens the question is a discourse word: "Now, when did she join?")
    let asks_now = question_toks
        .iter()
        .enumerate()
        .any(|(k, t)| is_in(NOW_WORDS, t) && !(k == 0 && t.raw.eq_ignore_ascii_case("now")));
    if !asks_now {
        return None;
    }
    let word = |t: &Token<'_>| {
        !t.is_number && t.raw.chars().count() >= 4 && !crate::text::is_stopword_raw(t.raw)
    };
    // A number token that no colon joins to another ("18 : 30"; a time of day written
    // "18:30" is one token, read by its hour).
    let value_at = |toks: &[Token<'_>], k: usize| {
        let t = toks.get(k).filter(|t| t.is_number)?;
        let clock = |a: usize| a + 1 < toks.len() && gap(context, toks, a, a + 1) == ":";
        if clock(k) || (k > 0 && clock(k - 1)) {
            return None;
        }
        leading_value(t.raw)
    };
    for (n, &sp) in spans.iter().enumerate() {
        let sent = span_tokens(context_toks, sp);
        for f in 0..sent.len() {
            let changes = sent[f.saturating_sub(3)..f]
                .iter()
                .any(|t| is_in(CHANGE_WORDS, t));
            if !sent[f].raw.eq_ignore_ascii_case("from") || !changes {
                continue;
            }
            let Some(old) = value_at(sent, f + 1) else {
                continue;
            };
            let Some(to) =
                (f + 2..sent.len().min(f + 4)).find(|&k| sent[k].raw.eq_ignore_ascii_case("to"))
            else {
                continue;
            };
            let Some(new) = value_at(sent, to + 1) else {
                continue;
            };
            let states = |v: f64| {
                claim_toks
                    .iter()
                    .any(|t| t.is_number && leading_value(t.raw) == Some(v))
            };
            if old == new || states(new) {
                continue;
            }
            // The thing changed, which the claim names.
            let Some(thing) = sent[..f]
                .iter()
                .rev()
                .find(|t| word(t) && !is_in(CHANGE_WORDS, t))
            else {
                continue;
            };
            if !claim_toks
                .iter()
                .any(|c| c.raw.eq_ignore_ascii_case(thing.raw))
            {
                continue;
            }
            // The claim's old value, in a stretch that does not put it in the past.
            let stated = (0..claim_toks.len()).find(|&i| {
                claim_toks[i].is_number
                    && leading_value(claim_toks[i].raw) == Some(old)
                    && !claim_toks[punctuated_segment(text, claim_toks, i)]
                        .iter()
                        .any(|t| is_in(PAST_WORDS, t))
            });
            if let Some(i) = stated {
                return Some((claim_toks[i].raw, sent[to + 1].raw, n));
            }
        }
    }
    None
}

/// The tokens of `toks` (offsets in `text`) around `toks[i]` up to the nearest punctuation
/// on either side (a comma, semicolon, colon, bracket or dash): "30 seconds" of "Default
/// `fetchTimeout`: 30 seconds (it used to be unlimited before 3.0.0)".
fn punctuated_segment(text: &str, toks: &[Token<'_>], i: usize) -> std::ops::Range<usize> {
    let breaks = |a: usize| gap(text, toks, a, a + 1).contains([',', ';', ':', '(', ')', '—', '–']);
    let start = (0..i).rev().find(|&a| breaks(a)).map_or(0, |a| a + 1);
    let end = (i..toks.len().saturating_sub(1))
        .find(|&a| breaks(a))
        .map_or(toks.len(), |a| a + 1);
    start..end
}

/// Whether `toks[i]` is a word of an approximator ([`APPROXIMATORS`]: "roughly", "close to")
/// right before a number, in digits or words ("roughly 155 km", "close to fifty"): it states that
/// number as approximate (its key says so, `text::is_approximated`) and is no content word of its
/// own, as "about" is none.
pub(crate) fn approximates_number(toks: &[Token<'_>], i: usize) -> bool {
    let is_number = |j: usize| {
        toks.get(j).is_some_and(|t| {
            t.is_number || (may_be_number_word(t.raw) && number_word_at(toks, j).is_some())
        })
    };
    // Most words have no number within two words after them: that is told without the list.
    if !is_number(i + 1) && !is_number(i + 2) {
        return false;
    }
    // The approximator spelled from token `j` on: Some(its words), one or two.
    let spelled = |a: &str, j: usize| -> Option<usize> {
        let w = toks.get(j)?.raw;
        if !a.get(..w.len())?.eq_ignore_ascii_case(w) {
            return None;
        }
        if a.len() == w.len() {
            return Some(1);
        }
        let second = a.get(w.len()..)?.strip_prefix(' ')?;
        toks.get(j + 1)
            .filter(|t| t.raw.eq_ignore_ascii_case(second))
            .map(|_| 2)
    };
    // Its first word ("close" of "close to 50") or its second ("to").
    APPROXIMATORS.iter().any(|a| match spelled(a, i) {
        Some(1) => is_number(i + 1),
        Some(_) => is_number(i + 2),
        None => i > 0 && spelled(a, i - 1) == Some(2) && is_number(i + 1),
    })
}

/// The value of the count `toks[i]` writes: a number token's ([`number_key`]) or a number
/// word's ("four" → 4, [`number_word_at`]); None for other tokens.
fn count_at(toks: &[Token<'_>], i: usize) -> Option<f64> {
    if toks[i].is_number {
        number_value(&number_key(toks, i))
    } else {
        number_word_at(toks, i).and_then(|d| d.parse().ok())
    }
}

/// The digits of the number word `toks[i]` ([`number_word`], "Twelve" → "12"), None for
/// numbers and other words. Lower-cased on the stack: this runs for every word of the aligned
/// sentences and of the sentences with a quantity.
pub(crate) fn number_word_at(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let raw = toks[i].raw;
    let mut buf = [0u8; 16];
    let lower = buf.get_mut(..raw.len()).filter(|_| raw.is_ascii())?;
    lower.copy_from_slice(raw.as_bytes());
    lower.make_ascii_lowercase();
    number_word(std::str::from_utf8(lower).ok()?)
}

/// Whether the word `toks[i]` is an ordinal read as a fraction: after "a", "an" or "one" ("a
/// third", "one fifth"); "the third" is an ordinal. A fraction is no number of the text ("cut
/// by roughly a third" does not state 3).
pub(super) fn is_fraction(toks: &[Token<'_>], i: usize) -> bool {
    let w = toks[i].raw;
    let is = |x: &str| w.eq_ignore_ascii_case(x);
    let ordinal = w
        .len()
        .checked_sub(2)
        .and_then(|at| w.get(at..))
        .is_some_and(|end| end.eq_ignore_ascii_case("th"))
        || is("third")
        || is("second");
    ordinal
        && i > 0
        && ["a", "an", "one"]
            .iter()
            .any(|w| toks[i - 1].raw.eq_ignore_ascii_case(w))
}

/// The claim's number `norm` (its key; the claim's tokens are `claim_toks`) as quantities: for
/// each place the claim states it with a unit ([`unit_of`]), that unit and the words around
/// it ([`words_around`]); empty when the claim gives it no unit.
pub(super) fn claim_quantities<'a>(claim_toks: &[Token<'a>], norm: &str) -> Quantities<'a> {
    // Only a number some number word writes can stand in a word: the others need no lookup.
    let has_word_form = NUMBER_WORDS.iter().any(|&(_, d)| d == norm);
    (0..claim_toks.len())
        .filter(|&i| {
            (claim_toks[i].is_number || has_word_form)
                && number_at(claim_toks, i).is_some_and(|k| k == norm)
        })
        .filter_map(|i| Some((unit_of(claim_toks, i)?, words_around(claim_toks, i))))
        .collect()
}

/// Units of a number with the content words around each ([`claim_quantities`]).
pub(super) type Quantities<'a> = Vec<(Unit<'a>, Vec<Cow<'a, str>>)>;

/// Quantity comparison by unit (Roy, Vieira and Roth 2015, "Reasoning about Quantities in
/// Natural Language": quantities of one unit with different values do not entail each other):
/// for the claim's number `norm` (its key; the claim's tokens are `claim_toks`, every number of
/// it is in `claim_numbers`, as [`number_at`] keys them; its places with a unit are
/// `quantities`, from [`claim_quantities`]), the first sentence of `aligned` (best first; tokens
/// from `context_tokens`) that states another number of the same unit ([`unit_after`]) and of the
/// same thing (a content word within three tokens of both, [`words_around`]; of any thing when
/// `any_thing`), one the claim does not state as well, with that number's key id in `index`.
/// "sentenced to ten years in prison" meets "sentenced to five years in prison" though the
/// claim's best sentence is another one it joins.
pub(super) fn same_unit_number(
    index: &SourceIndex<'_>,
    (claim_toks, claim_numbers, norm, quantities): (
        &[Token<'_>],
        &[Cow<'_, str>],
        &str,
        &Quantities<'_>,
    ),
    context_tokens: &[Token<'_>],
    aligned: &[u32],
    any_thing: bool,
) -> Option<(u32, u32)> {
    if quantities.is_empty() {
        return None;
    }
    // The claim's value when it states it as a value, under no bound of its own ("some 276"
    // is a value, "more than 400" a bound).
    let exact_value = norm.parse::<f64>().ok().filter(|_| {
        !(0..claim_toks.len()).any(|i| {
            claim_toks[i].is_number
                && number_key(claim_toks, i) == norm
                && bound_kind(claim_toks, i).is_some()
        })
    });
    // Where the claim states its number as a range's second value, the range's first.
    let starts: Vec<Cow<'_, str>> = (0..claim_toks.len())
        .filter(|&i| number_at(claim_toks, i).is_some_and(|k| k == norm))
        .filter_map(|i| range_start(claim_toks, i))
        .collect();
    aligned.iter().find_map(|&t| {
        // Most sentences hold no other number: their keys say so without a scan of their words.
        let (ids, kinds) = index.sentence(t);
        let other_number = ids.iter().zip(kinds).any(|(&id, k)| {
            matches!(k, KeyKind::Number | KeyKind::Year) && index.norms[id as usize] != norm
        });
        if !other_number {
            return None;
        }
        let toks = span_tokens(context_tokens, index.spans[t as usize]);
        (0..toks.len()).find_map(|j| {
            let key = number_at(toks, j)?;
            if key == norm {
                return None;
            }
            let unit = unit_of(toks, j)?;
            // A bound the claim's exact value keeps is no other value: "276 girls" against
            // "more than 200 Nigerian girls". A bound the claim states itself is one ("over
            // 400 songs" against "over 300 songs").
            if exact_value
                .is_some_and(|v| number_value(&key).is_some_and(|b| keeps_bound(toks, j, b, v)))
            {
                return None;
            }
            // A number the claim states too is the claim's own ("up £12m to £72m"), unless the
            // claim gives it only in other units ("21.5 hours" does not state "21.5 kg").
            if claim_numbers.contains(&key) {
                let units = claim_quantities(claim_toks, &key);
                if units.is_empty() || units.iter().any(|(u, _)| same_unit(u, &unit)) {
                    return None;
                }
            }
            let around = words_around(toks, j);
            // (Or the same range's other end: "open from 8:00 am to 4:00 pm" against "8:00 am
            // – 3:00 pm", `range_start`.)
            let same_start = || range_start(toks, j).is_some_and(|r| starts.contains(&r));
            quantities
                .iter()
                .any(|(u, w)| {
                    same_unit(u, &unit)
                        && (any_thing || w.iter().any(|x| around.contains(x)) || same_start())
                })
                .then_some(())?;
            Some((t, *index.vocab.get(&key)?))
        })
    })
}

/// Whether `value` keeps the bound stated on the number `toks[j]` (whose value is `bound`): a
/// lower bound ("more than 200", "over", "at least", "a minimum of") that it meets or passes,
/// or an upper bound ("fewer than", "under", "up to", "at most", "no more than") that it stays
/// within. False for a number under no bound phrase.
pub(super) fn keeps_bound(toks: &[Token<'_>], j: usize, bound: f64, value: f64) -> bool {
    bound_kind(toks, j).is_some_and(|side| side.admits(bound, value))
}

/// Phrases that bound a number from below, as lower-case words ([`bound_kind`]; those of two
/// words or more also [`super::slots`]' bounds on a count).
pub(super) const LOWER_BOUNDS: &[&[&str]] = &[
    &["more", "than"],
    &["over"],
    &["at", "least"],
    &["a", "minimum", "of"],
    &["no", "fewer", "than"],
    &["no", "less", "than"],
];

/// Phrases that bound a number from above, as lower-case words ([`bound_kind`]; those of two
/// words or more also [`super::slots`]' bounds on a count).
pub(super) const UPPER_BOUNDS: &[&[&str]] = &[
    &["less", "than"],
    &["fewer", "than"],
    &["under"],
    &["up", "to"],
    &["at", "most"],
    &["a", "maximum", "of"],
    &["no", "more", "than"],
];

/// Words that, after "and" or "or", bound the number before them from below ("300 and above",
/// "60 or more", "aged 16 or older"; [`trailing_bound`]), lower case.
const LOWER_TAILS: &[&str] = &["above", "over", "more", "higher", "up", "older", "greater"];

/// Words that, after "and" or "or", bound the number before them from above ("5 or fewer",
/// "12 and under"; [`trailing_bound`]), lower case.
const UPPER_TAILS: &[&str] = &["below", "under", "less", "fewer", "lower", "younger"];

/// The side a bound written after the number `toks[j]` bounds it from: "and" or "or" right
/// after it, then a word of [`LOWER_TAILS`] ("All courses numbered 300 and above") or of
/// [`UPPER_TAILS`] ("children 12 and under"). None when no such words follow it, or when the
/// word takes an object, a number or a determiner ("5,200 and over the week"). (A unit between
/// number and bound, "18 years or older", is not read.)
pub(super) fn trailing_bound(toks: &[Token<'_>], j: usize) -> Option<Bound> {
    let joined = toks
        .get(j + 1)
        .is_some_and(|t| t.raw.eq_ignore_ascii_case("and") || t.raw.eq_ignore_ascii_case("or"));
    let tail = toks.get(j + 2).filter(|_| joined)?;
    // "5,200 and over the week" opens a phrase: "over" takes an object there.
    let takes_object = toks.get(j + 3).is_some_and(|t| {
        t.is_number
            || [
                "the", "a", "an", "this", "that", "its", "their", "his", "her", "our",
            ]
            .iter()
            .any(|w| t.raw.eq_ignore_ascii_case(w))
    });
    if takes_object {
        return None;
    }
    let is_in = |words: &[&str]| words.iter().any(|w| tail.raw.eq_ignore_ascii_case(w));
    if is_in(LOWER_TAILS) {
        Some(Bound::Lower)
    } else if is_in(UPPER_TAILS) {
        Some(Bound::Upper)
    } else {
        None
    }
}

/// Whether the number `toks[at]` is named by a label, an identifier rather than a quantity:
/// right after a capitalised word that names no month or weekday ("CS 301", "Room 214",
/// "Python 3"; not "June 5"), wherever the sentence starts.
pub(super) fn labelled_number(toks: &[Token<'_>], at: usize) -> bool {
    at.checked_sub(1)
        .and_then(|b| toks.get(b))
        .is_some_and(|t| {
            !t.is_number
                && t.raw.starts_with(|c: char| c.is_uppercase())
                && crate::text::month_index(t.raw).is_none()
                && !super::dates::WEEKDAYS
                    .iter()
                    .any(|w| t.raw.eq_ignore_ascii_case(w))
        })
}

/// Nouns that make the number near them a bound: "a minimum age of 18", "the limit is 70"
/// ([`states_bound`]), lower case.
const BOUND_NOUNS: &[&str] = &[
    "minimum",
    "maximum",
    "min",
    "max",
    "limit",
    "cutoff",
    "cut-off",
    "threshold",
];

/// Whether the number `toks[j]` is stated as a bound: under a bound phrase ([`bound_kind`]:
/// "at least 18", "18 or older") or within three words after a noun of [`BOUND_NOUNS`] ("a
/// minimum age of 18").
pub(super) fn states_bound(toks: &[Token<'_>], j: usize) -> bool {
    bound_kind(toks, j).is_some()
        || toks[j.saturating_sub(3)..j]
            .iter()
            .any(|t| BOUND_NOUNS.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
}

/// Whether `value` keeps the bound written after the number `toks[j]` (whose value is `bound`;
/// [`trailing_bound`]): at or above "300 and above", at or below "12 and under". False for a
/// number with no such words after it.
pub(super) fn keeps_trailing_bound(toks: &[Token<'_>], j: usize, bound: f64, value: f64) -> bool {
    trailing_bound(toks, j).is_some_and(|side| side.admits(bound, value))
}

/// Which side a bound phrase right before the number `toks[j]` bounds it from ([`keeps_bound`]
/// lists them), or else one right after it ([`trailing_bound`]: "300 and above"; for a claim's
/// number, which is then no exact value, as `same_unit_number` reads it — a number of the
/// sources with a unit has the unit, not "and", after it); None when no bound phrase stands
/// there.
pub(super) fn bound_kind(toks: &[Token<'_>], j: usize) -> Option<Bound> {
    let before = |p: &[&str]| {
        j >= p.len()
            && p.iter()
                .enumerate()
                .all(|(k, w)| toks[j - p.len() + k].raw.eq_ignore_ascii_case(w))
    };
    // The longest phrase decides: "no more than" bounds from above, though it ends in "more
    // than"; "no fewer than" from below.
    let longest = |list: &[&[&str]]| list.iter().filter(|p| before(p)).map(|p| p.len()).max();
    match (longest(LOWER_BOUNDS), longest(UPPER_BOUNDS)) {
        (Some(l), Some(u)) if l > u => Some(Bound::Lower),
        (_, Some(_)) => Some(Bound::Upper),
        (Some(_), None) => Some(Bound::Lower),
        (None, None) => trailing_bound(toks, j),
    }
}

/// The side a bound phrase bounds a number from ([`bound_kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// "more than", "over", "at least": the value is at or above the number.
    Lower,
    /// "fewer than", "under", "up to", "no more than": the value is at or below it.
    Upper,
}

impl Bound {
    /// Whether `value` keeps this side of the bound's number `bound` (inclusive).
    pub(super) fn admits(self, bound: f64, value: f64) -> bool {
        match self {
            Bound::Lower => value >= bound,
            Bound::Upper => value <= bound,
        }
    }
}

/// The indices of the numbers of `toks` (offsets in `text`) written as a time of day ("10:40",
/// "6 pm", "18:00": `quantity::quantities` of [`crate::quantity::Dimension::TimeOfDay`]).
pub(super) fn times_of_day(text: &str, toks: &[Token<'_>]) -> Vec<usize> {
    crate::quantity::quantities(text, toks)
        .iter()
        .filter(|(_, q)| q.dimension() == crate::quantity::Dimension::TimeOfDay)
        .map(|(j, _)| *j)
        .collect()
}

/// The label of the number keyed `norm` ([`number_at`]) at its first place in `toks` (offsets
/// in `text`): the capitalised word right before it, with only a space between, that is not the
/// sentence's first word and names no month or weekday ("Python 3.12", "PEP 695", "Apollo 11";
/// not "June 5", "In 1998"). None when it has no such word or `toks` does not state it.
pub(super) fn number_label<'a>(text: &str, toks: &[Token<'a>], norm: &str) -> Option<&'a str> {
    let j = (1..toks.len()).find(|&j| {
        (toks[j].is_number || may_be_number_word(toks[j].raw))
            && number_at(toks, j).is_some_and(|k| k == norm)
    })?;
    let before = &toks[j - 1];
    let gap = &text[before.start + before.raw.len()..toks[j].start];
    (gap == " "
        && !before.sentence_start
        && !before.is_number
        && before.raw.starts_with(|c: char| c.is_uppercase())
        && CALENDAR_NAMES
            .binary_search(&lower_cow(before.raw).as_ref())
            .is_err())
    .then_some(before.raw)
}

/// Nouns that locate a part of a document or a step of a sequence by number ("section 4",
/// "page 12", "step 3"), sorted: the number after one is the part's identifier, not a quantity
/// (a locator, as a label is: [`number_label`]).
const LOCATOR_NOUNS: &[&str] = &[
    "appendix",
    "article",
    "chapter",
    "clause",
    "figure",
    "page",
    "paragraph",
    "section",
    "step",
];

/// The locator noun ([`LOCATOR_NOUNS`]) right before the first place of the number keyed `norm`
/// ([`number_at`]) in `toks`, with only a space between (offsets in `text`), as the list spells
/// it (lower case, singular), so that "Sections 4 and 5" and "section 4" name one locator: "in
/// section 4" → "section". None when no locator stands there or `toks` does not state it.
pub(super) fn number_locator(text: &str, toks: &[Token<'_>], norm: &str) -> Option<&'static str> {
    let j = (1..toks.len()).find(|&j| toks[j].is_number && number_key(toks, j) == norm)?;
    let before = &toks[j - 1];
    if &text[before.start + before.raw.len()..toks[j].start] != " " {
        return None;
    }
    let word = lower_cow(before.raw);
    let word = word.strip_suffix('s').unwrap_or(&word);
    LOCATOR_NOUNS
        .binary_search(&word)
        .ok()
        .map(|k| LOCATOR_NOUNS[k])
}

/// Words that join the two values of a range ("from 8 to 5", "May 1 through July 31"), lower
/// case ([`range_start`]).
const RANGE_JOINERS: &[&str] = &["to", "until", "till", "til", "through", "thru"];

/// The key ([`number_at`]) of the first value of the range whose second value is the number
/// `toks[j]`: the number before it with only a joining word ([`RANGE_JOINERS`]) or the
/// meridiem of a time of day ("am", "p.m.") between them, at least one ("8:00 am to 4:00 pm",
/// "8:00 am – 3:00 pm"; a dash alone is no token, so "12–15" is not read). Two claims of one
/// range's end are about the same thing when they share its start, whatever words stand
/// around them (a schedule's line has none). None when `toks[j]` ends no such range.
pub(super) fn range_start<'a>(toks: &[Token<'a>], j: usize) -> Option<Cow<'a, str>> {
    let between = |t: &Token<'_>| {
        RANGE_JOINERS
            .iter()
            .chain(&["am", "pm", "a.m", "p.m", "a.m.", "p.m."])
            .any(|w| t.raw.eq_ignore_ascii_case(w))
    };
    let k = (j.saturating_sub(3)..j)
        .rev()
        .find(|&k| !between(&toks[k]))?;
    (k + 1 < j && toks[k].is_number)
        .then(|| number_at(toks, k))
        .flatten()
}

/// The content words (not stop words, not numbers; in [`normal_form`]) within three tokens of
/// the number `toks[i]`, its own unit ([`unit_after`]) left out: what the quantity is of
/// ("sentenced to ten years in prison" → sentenced, prison).
pub(super) fn words_around<'a>(toks: &[Token<'a>], i: usize) -> Vec<Cow<'a, str>> {
    let unit_at = unit_index(toks, i);
    (i.saturating_sub(3)..(i + 4).min(toks.len()))
        .filter(|&j| j != i && j != unit_at && !toks[j].is_number && !is_number_scale(toks, j))
        .map(|j| lower_cow(toks[j].raw))
        .filter(|w| !is_stopword(w) && number_word(w).is_none())
        .map(normal_form)
        .collect()
}

/// The number one stated by an indefinite article: the index in `toks` (the tokens of `text`)
/// of the first word right after "a" or "an" that is `word` (lower case) or names its unit in
/// another form ([`unit_symbol`]): "a tablespoon" states the "1 tbsp", "an hour" the "1 hr".
/// `None` when no such phrase is in `text`.
pub(crate) fn article_noun(word: &str, text: &str, toks: &[Token<'_>]) -> Option<usize> {
    let unit = unit_symbol(word);
    (1..toks.len()).find(|&t| {
        let article = toks[t - 1].raw;
        (article.eq_ignore_ascii_case("a") || article.eq_ignore_ascii_case("an"))
            && gap(text, toks, t - 1, t).is_empty()
            && {
                let noun = lower_cow(toks[t].raw);
                noun == word || unit.is_some_and(|u| unit_symbol(&noun) == Some(u))
            }
    })
}

/// Whether the number token at `i` of `toks` (the tokens of `text`) is a one that `source`
/// (tokens `source_toks`) states by an indefinite article: a "1" in digits, only spaces between
/// it and the word after it ([`article_noun`]). For the answer's novel numbers (`features`),
/// which are number tokens in digits; the grounding of claims reads the same phrase from a
/// claim's key "1", which a number word ("one") gives too ([`SourceIndex::one_by_article`]),
/// through the same [`article_noun`].
pub(crate) fn one_by_article(
    (text, toks): (&str, &[Token<'_>]),
    i: usize,
    (source, source_toks): (&str, &[Token<'_>]),
) -> bool {
    let Some(next) = toks.get(i + 1) else {
        return false;
    };
    number_value(&number_key(toks, i)) == Some(1.0)
        && gap(text, toks, i, i + 1).is_empty()
        && next.raw.chars().all(char::is_alphabetic)
        && article_noun(&lower_cow(next.raw), source, source_toks).is_some()
}

/// Whether `prompt` asks for a number computed from the sources rather than one they state: a
/// difference ("How many more yards …", "how many fewer", "how many years after …", "the
/// difference between"), a total ("in total", "combined", "altogether") or a complement ("How
/// many percent of people were not Asian?"), the discrete reasoning of DROP (Dua et al. 2019,
/// "DROP: A Reading Comprehension Benchmark Requiring Discrete Reasoning Over Paragraphs").
pub(super) fn asks_computation(prompt: &str) -> bool {
    const ASKS: &[&str] = &[
        "how many more",
        "how many fewer",
        "how many less",
        "how much more",
        "how much less",
        "how much longer",
        "how much higher",
        "how many years after",
        "how many years before",
        "how many years between",
        "how many years did",
        "how many years passed",
        "how many days after",
        "how many days before",
        "how many percent",
        "difference between",
        "in total",
        "combined",
        "altogether",
    ];
    static ASKS_SCAN: crate::text::AnyPhrase = crate::text::AnyPhrase::of(ASKS);
    prompt.len() <= COMPUTATION_PROMPT_MAX && ASKS_SCAN.occurs_in(prompt)
}

/// Nouns that count whom a recipe or an order is for, after their number ("6 people",
/// "4 servings"; [`yield_count`]), lower case.
const YIELD_NOUNS: &[&str] = &[
    "people", "persons", "servings", "serving", "portions", "guests",
];

/// Verbs that state whom a recipe is for before their number ("Serves 4", "feeds 6";
/// [`yield_count`]), lower case.
const YIELD_VERBS: &[&str] = &["serves", "serve", "feeds", "feed"];

/// The first count of `toks` that says how many a recipe is for: a number in digits before a
/// word of [`YIELD_NOUNS`] or after one of [`YIELD_VERBS`] ("for 6 people", "Serves 4").
fn yield_count(toks: &[Token<'_>]) -> Option<f64> {
    let is_in = |words: &[&str], t: Option<&Token<'_>>| {
        t.is_some_and(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    (0..toks.len())
        .filter(|&i| toks[i].is_number)
        .find(|&i| {
            is_in(YIELD_NOUNS, toks.get(i + 1))
                || is_in(YIELD_VERBS, i.checked_sub(1).and_then(|b| toks.get(b)))
        })
        .and_then(|i| number_value(&number_key(toks, i)))
}

/// Words of a request to scale a recipe or an order ([`scale_factor`]), lower case.
const SCALING_WORDS: &[&str] = &[
    "scale",
    "scaled",
    "scaling",
    "double",
    "triple",
    "halve",
    "quantities",
    "ingredients",
    "recipe",
];

/// Nouns of the unit a label or a leaflet states its values per ("Per 45 g serving", "per
/// tablet"; [`per_unit_count`]), singular, lower case.
const PER_UNIT_NOUNS: &[&str] = &[
    "serving", "portion", "tablet", "capsule", "sachet", "scoop", "slice", "bar", "biscuit",
    "piece",
];

/// Words before a count of units that say the user takes them or asks about that many
/// ("I have 2 servings", "in 3 tablets"; [`per_unit_count`]), lower case: not a count the
/// sources state ("The bag says 11 servings").
const TAKING_WORDS: &[&str] = &[
    "have", "has", "had", "take", "takes", "took", "eat", "eats", "ate", "drink", "drinks",
    "drank", "use", "used", "in", "for",
];

/// The count of a unit the sources state values per that the user says they take or have
/// (a prompt of `prompt_toks` against sources of `context_toks`): "I usually have 2 servings
/// of this" against a label's "Per 45 g serving" column is 2, as is "I had two servings". The
/// count is written in digits or as a word from two to twelve, from 2 to 20, before a noun of
/// [`PER_UNIT_NOUNS`] (singular or plural), with a word of [`TAKING_WORDS`] at most three
/// words before it; the sources write "per" before the same noun, or before a number, its
/// unit and the noun ("per serving", "Per 45 g serving"; not "per 2 biscuits"). None
/// otherwise.
fn per_unit_count(prompt_toks: &[Token<'_>], context_toks: &[Token<'_>]) -> Option<f64> {
    let noun_of = |t: &Token<'_>| {
        let lower = t.raw.to_ascii_lowercase();
        let singular = lower.strip_suffix('s').unwrap_or(&lower).to_string();
        PER_UNIT_NOUNS.iter().copied().find(|n| *n == singular)
    };
    // "per serving", or "per 45 g serving": a number and its unit between, not "per 2
    // biscuits" (values per two).
    let unit = |t: &Token<'_>| {
        crate::quantity::unit_dimension(t.raw).is_some()
            || ["g", "mg", "ml", "oz"]
                .iter()
                .any(|u| t.raw.eq_ignore_ascii_case(u))
    };
    let is_noun = |j: usize, noun: &str| context_toks.get(j).and_then(noun_of) == Some(noun);
    let per_unit = |noun: &str| {
        context_toks.iter().enumerate().any(|(j, t)| {
            t.raw.eq_ignore_ascii_case("per")
                && (is_noun(j + 1, noun)
                    || (context_toks.get(j + 1).is_some_and(|t| t.is_number)
                        && context_toks.get(j + 2).is_some_and(unit)
                        && is_noun(j + 3, noun)))
        })
    };
    (1..prompt_toks.len()).find_map(|i| {
        let noun = noun_of(&prompt_toks[i])?;
        let count = if prompt_toks[i - 1].is_number {
            number_value(&number_key(prompt_toks, i - 1))?
        } else {
            SHOWN_COUNT_WORDS
                .iter()
                .position(|c| prompt_toks[i - 1].raw.eq_ignore_ascii_case(c))
                .map(|p| (p + 2) as f64)?
        };
        let taken = (i.saturating_sub(4)..i - 1).any(|j| {
            TAKING_WORDS
                .iter()
                .any(|w| prompt_toks[j].raw.eq_ignore_ascii_case(w))
        });
        ((2.0..=20.0).contains(&count) && taken && per_unit(noun)).then_some(count)
    })
}

/// The factor a request scales its sources by, and the count the sources are for when they
/// state one. Either the count the prompt (`prompt_toks`, a question of at most
/// [`COMPUTATION_PROMPT_MAX`] bytes, `prompt`) says the user takes of a unit the sources give
/// values per ([`per_unit_count`]: "2 servings" against "Per 45 g serving" is 2; the sources'
/// count is none), or, with a word of [`SCALING_WORDS`], the count the prompt says it is for
/// over the count the sources (`context_toks`) are for ([`yield_count`]: "I need to make this
/// for 6 people" against a recipe that "Serves 4" is 1.5). A scaled recipe or serving states
/// each quantity times that factor, which no sentence writes: derived from the sources, not
/// invented (as [`computed_numbers`] are). Some((factor, the sources' count)): a count of
/// units from 2 to 20 with no count of the sources, or a ratio of counts within 0.1–20 with
/// it; None when neither is found.
pub(super) fn scale_factor(
    prompt: &str,
    prompt_toks: &[Token<'_>],
    context_toks: &[Token<'_>],
) -> Option<(f64, Option<f64>)> {
    if prompt.len() > COMPUTATION_PROMPT_MAX {
        return None;
    }
    if let Some(count) = per_unit_count(prompt_toks, context_toks) {
        return Some((count, None));
    }
    // (A group's size said in passing asks for no scaling: "We are 6 people, is it open on
    // Sunday?")
    let asks_scaling = prompt_toks
        .iter()
        .any(|t| SCALING_WORDS.iter().any(|w| t.raw.eq_ignore_ascii_case(w)));
    if !asks_scaling {
        return None;
    }
    let wanted = yield_count(prompt_toks)?;
    let base = yield_count(context_toks)?;
    let factor = wanted / base;
    ((0.1..=20.0).contains(&factor) && wanted != base).then_some((factor, Some(base)))
}

/// The numbers of sentence `sentence` (`numbers` from [`scalable_numbers`]) times `factor`
/// ([`scale_factor`]), percentages left out, each rounded to at least two decimal places (1½
/// teaspoons times 1.5 are 2.25) and keyed as [`number_key`] writes it ("375", "4.5", "2.25");
/// in the sentence that states the sources' count `base` ("Serves 4"), the factor itself too
/// ("1.5", as "1.5× the recipe" states it).
pub(super) fn scaled_numbers(
    numbers: &[(f64, usize, bool, usize)],
    sentence: usize,
    (factor, base): (f64, Option<f64>),
) -> Vec<(f64, String)> {
    let mut out = Vec::new();
    if numbers.iter().any(|x| x.3 == sentence && Some(x.0) == base) {
        out.push(rounded_key(factor, 2));
    }
    for &(a, places, percent, _) in numbers.iter().filter(|x| x.3 == sentence) {
        if !percent {
            let k = rounded_key(a * factor, places.max(2));
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// The longest prompt [`asks_computation`] reads: a question, not a document that happens to
/// say "combined".
pub(super) const COMPUTATION_PROMPT_MAX: usize = 400;

/// The most numbers of the sources [`computed_numbers`] pairs: the first ones, in text order.
pub(super) const COMPUTED_NUMBERS_MAX: usize = 60;

/// The numbers written in digits in the sources (`toks` of `context`, sentences `spans`), days
/// of a month left out, at most [`COMPUTED_NUMBERS_MAX`]: (value, decimal places, whether a
/// percentage, sentence).
pub(super) fn passage_numbers(
    context: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
) -> Vec<(f64, usize, bool, usize)> {
    passage_numbers_where(context, toks, spans, |_| Vec::new())
}

/// The numbers of [`passage_numbers`] that a recipe scaled to more or fewer people states
/// scaled ([`scaled_numbers`]): counts and amounts ("3 large eggs", "250 g", "1½ tsp"), not a
/// year, a time of day, a date, nor a length, area, duration, temperature or speed ("Bake at
/// 180°C for 25 minutes in a 23 cm tin" bakes so for any number of people;
/// `quantity::quantities`).
pub(super) fn scalable_numbers(
    context: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
) -> Vec<(f64, usize, bool, usize)> {
    use crate::quantity::Dimension;
    passage_numbers_where(context, toks, spans, |sent| {
        // (The sentence's quantities are read once, not once per number.)
        let mut skipped: Vec<usize> = crate::quantity::quantities(context, sent)
            .into_iter()
            .filter(|(_, q)| !matches!(q.dimension(), Dimension::Mass | Dimension::Volume))
            .map(|(j, _)| j)
            .collect();
        skipped.extend((0..sent.len()).filter(|&i| year_at(sent, i).is_some()));
        skipped
    })
}

/// [`passage_numbers`] without the numbers at the indices `skipped(sentence tokens)` gives,
/// read once per sentence.
fn passage_numbers_where(
    context: &str,
    toks: &[Token<'_>],
    spans: &[(usize, usize)],
    skipped: impl Fn(&[Token<'_>]) -> Vec<usize>,
) -> Vec<(f64, usize, bool, usize)> {
    let mut out = Vec::new();
    for (n, &sp) in spans.iter().enumerate() {
        let sent = span_tokens(toks, sp);
        // A day of the month is no quantity ("5 September 1977": `date_gaps` counts the days
        // between dates).
        let day = |i: usize| {
            names_month(sent, i + 1)
                || (i > 0 && names_month(sent, i - 1) && year_at(sent, i).is_none())
        };
        let skipped = skipped(sent);
        for i in (0..sent.len()).filter(|&i| sent[i].is_number && !day(i) && !skipped.contains(&i))
        {
            let key = number_key(sent, i);
            let Some(v) = number_value(&key) else {
                continue;
            };
            let places = key.split_once('.').map_or(0, |(_, d)| d.len());
            out.push((v, places, is_percentage(context, sent, i), n));
            if out.len() == COMPUTED_NUMBERS_MAX {
                return out;
            }
        }
    }
    out
}

/// The numbers a computation over the sources yields from the numbers of sentence `sentence`
/// (`numbers` from [`passage_numbers`]): the difference and the sum of each with every number
/// of the sources, and a percentage's complement to 100, each rounded to the places of its
/// operands, with its key as [`number_key`] writes it ("27", "98.7"). An answer to a question
/// that asks for a computation ([`asks_computation`]) states such a number, which no sentence
/// writes: it is derived from the sources, not invented (as [`number_gaps`] are, within one
/// sentence).
pub(super) fn computed_numbers(
    numbers: &[(f64, usize, bool, usize)],
    sentence: usize,
) -> Vec<(f64, String)> {
    let mut out: Vec<(f64, String)> = Vec::new();
    let mut push = |v: f64, places: usize| {
        let (v, key) = rounded_key(v, places);
        if v <= 0.0 || out.iter().any(|(w, _)| *w == v) {
            return;
        }
        out.push((v, key));
    };
    for &(a, pa, percent, _) in numbers.iter().filter(|x| x.3 == sentence) {
        if percent && a < 100.0 {
            push(100.0 - a, pa);
        }
        for &(b, pb, _, _) in numbers {
            push((a - b).abs(), pa.max(pb));
            push(a + b, pa.max(pb));
        }
    }
    out
}

/// `v` rounded to `places` decimal places, and its key as [`number_key`] writes it (no
/// trailing zeros of a fraction: "27", "98.7", "2.25").
fn rounded_key(v: f64, places: usize) -> (f64, String) {
    let scale = 10f64.powi(places as i32);
    let v = (v * scale).round() / scale;
    let key = format!("{v:.places$}");
    let key = if key.contains('.') {
        key.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        key
    };
    (v, key)
}

/// Words that introduce a reference range ("range 70–99", "normal: 12.0–15.5").
const RANGE_WORDS: &[&str] = &["range", "normal", "reference", "ref"];

/// Words that place a measured value against its reference range, with the side they claim:
/// above it, below it, or inside it ("slightly high", "low", "within").
const RANGE_FLAGS: &[(&str, std::cmp::Ordering)] = &[
    ("above", std::cmp::Ordering::Greater),
    ("elevated", std::cmp::Ordering::Greater),
    ("high", std::cmp::Ordering::Greater),
    ("raised", std::cmp::Ordering::Greater),
    ("below", std::cmp::Ordering::Less),
    ("low", std::cmp::Ordering::Less),
    ("reduced", std::cmp::Ordering::Less),
    ("normal", std::cmp::Ordering::Equal),
    ("within", std::cmp::Ordering::Equal),
];

/// A value the claim calls high, low or normal against a reference range it states beside it,
/// where the value lies on another side of the range ("Fasting glucose: 97 mg/dL — slightly
/// high (range 70–99)"): the flag and the value with its range, as (said, stated). A value is
/// high above the range's upper end, low below its lower end, normal inside it (the reference
/// interval of clinical chemistry, CLSI EP28-A3c). The range is two numbers joined by a dash or
/// "to" after a word of [`RANGE_WORDS`] (at most two tokens between); the value is the last
/// number before that word, at most eight tokens back, that is no part of a power of ten; the
/// flag ([`RANGE_FLAGS`]) stands between them, the only one there, and does not qualify the
/// range word ("normal range"). `toks` are the claim's tokens (offsets in `text`).
pub(super) fn reference_range_swap(text: &str, toks: &[Token<'_>]) -> Option<(String, String)> {
    let is_range_word = |t: &Token<'_>| RANGE_WORDS.iter().any(|w| t.raw.eq_ignore_ascii_case(w));
    for (r, word) in toks.iter().enumerate() {
        if word.is_number || !is_range_word(word) {
            continue;
        }
        // The range: "70–99", "70 - 99", "70 to 99".
        let Some(a) = (r + 1..toks.len().min(r + 4)).find(|&j| toks[j].is_number) else {
            continue;
        };
        let b = match toks.get(a + 1) {
            Some(t) if t.is_number && matches!(gap(text, toks, a, a + 1), "–" | "-" | "—") => {
                a + 1
            }
            Some(t)
                if t.raw.eq_ignore_ascii_case("to")
                    && toks.get(a + 2).is_some_and(|n| n.is_number) =>
            {
                a + 2
            }
            _ => continue,
        };
        let (Some(lo), Some(hi)) = (number_value(toks[a].raw), number_value(toks[b].raw)) else {
            continue;
        };
        // The value (not a part of a unit's power of ten, "x10^9/L"), and the one flag between
        // it and the range word (not the "normal" of "normal range").
        let exponent = |j: usize| {
            (j > 0 && gap(text, toks, j - 1, j).contains('^'))
                || (j + 1 < toks.len() && gap(text, toks, j, j + 1).contains('^'))
        };
        let Some(v) = (r.saturating_sub(8)..r)
            .rev()
            .find(|&j| toks[j].is_number && !exponent(j))
        else {
            continue;
        };
        let Some(value) = number_value(toks[v].raw) else {
            continue;
        };
        let mut flags = (v + 1..r).filter_map(|j| {
            let t = &toks[j];
            // "normal range" names the range; "within range" places the value.
            let names_range = t.raw.eq_ignore_ascii_case("normal")
                && is_range_word(&toks[j + 1])
                && gap(text, toks, j, j + 1).is_empty();
            RANGE_FLAGS
                .iter()
                .find(|(w, _)| t.raw.eq_ignore_ascii_case(w))
                .filter(|_| !names_range)
                .map(|&(_, side)| (t.raw, side))
        });
        let (Some((flag, side)), None) = (flags.next(), flags.next()) else {
            continue;
        };
        let holds = match side {
            std::cmp::Ordering::Greater => value > hi,
            std::cmp::Ordering::Less => value < lo,
            std::cmp::Ordering::Equal => (lo..=hi).contains(&value),
        };
        if lo <= hi && !holds {
            let range = &text[toks[a].start..toks[b].start + toks[b].raw.len()];
            return Some((flag.to_string(), format!("{} against {range}", toks[v].raw)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_of_a_number_the_text_states_is_computed() {
        let share = |text: &str, at: &str, stated: &[f64]| {
            let toks = tokens(text);
            let i = toks.iter().position(|t| t.raw == at).unwrap();
            percent_of_stated(text, &toks, i, |v| stated.contains(&v))
        };
        let t = "A 15% restocking fee applies, so on your $89 order that's $13.35 off.";
        assert!(share(t, "13.35", &[15.0, 89.0]));
        assert!(share("15% off $89 leaves $75.65.", "75.65", &[15.0, 89.0]));
        // A wrong amount, or operands the sources do not hold.
        assert!(!share(&t.replace("13.35", "13.95"), "13.95", &[15.0, 89.0]));
        assert!(!share(t, "13.35", &[89.0]));
    }

    #[test]
    fn shown_products_and_quotients_chain_within_two_sentences() {
        let shown = |text: &str, stated: &[f64]| -> Vec<String> {
            let toks = tokens(text);
            let spans = crate::grounding::sentence_spans(text);
            let qs = crate::quantity::quantities(text, &toks);
            shown_products(text, &toks, &spans, &qs, |v| stated.contains(&v))
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect()
        };
        let held = [9.0, 8.0, 10.0, 7.5, 4.0, 24.0, 250.0, 5.0];
        let right =
            "Your 9-year-old is in the 8–10 years band, so each dose is 7.5 ml. At up to 4 \
                     doses in 24 hours, that's a maximum of 30 ml a day. It holds 250 mg in every \
                     5 ml (50 mg per ml), so each 7.5 ml dose is 375 mg and the daily maximum is \
                     1,500 mg.";
        assert_eq!(shown(right, &held), ["30", "50", "375", "1,500"]);
        // A wrong dose is no product of two numbers before it whose measures multiply to mg:
        // not "10 years × 30 ml", even in one sentence, nor "24 hours × 50 mg" for "1,200".
        let wrong = right.replace("375", "300").replace("1,500", "1,200");
        assert_eq!(shown(&wrong, &held), ["30", "50"]);
        let merged =
            "In the 8–10 years band each dose is 7.5 ml, up to 4 doses in 24 hours: 30 ml \
                      a day. Each 7.5 ml dose is 300 mg.";
        assert_eq!(shown(merged, &held), ["30"]);
        // A whole number is the exact result, one with decimals the result rounded; operands
        // come before the result; citation markers are no operands.
        assert!(shown("10 ml over 4 doses is 3 ml each.", &[10.0, 4.0]).is_empty());
        assert_eq!(
            shown("10 ml over 4 doses is 2.5 ml each.", &[10.0, 4.0]),
            ["2.5"]
        );
        let after = "Take 2 tablets every 4 hours, which is up to 12 tablets in 24 hours.";
        assert!(shown(after, &[2.0, 4.0, 24.0]).is_empty());
        assert!(shown("At least 6 people were injured [2][3].", &[2.0, 3.0]).is_empty());
        // A rate times what it is per; an amount over a count.
        assert_eq!(
            shown("At £2 per day for 4 days, that's £8.", &[2.0, 4.0]),
            ["8"]
        );
        assert_eq!(shown("£48 for 4 people is £12 each.", &[48.0, 4.0]), ["12"]);
        // A count in words is an operand.
        assert_eq!(
            shown(
                "Two cats are allowed. At €250 per animal, that's €500.",
                &[2.0, 250.0]
            ),
            ["500"]
        );
        // Operands the sources do not hold derive nothing; years, times of day and days of
        // the month are no operands, nor is 1.
        assert!(shown(right, &[]).is_empty());
        assert!(shown("In 2024 and in 4 parts: 8096.", &[2024.0, 4.0]).is_empty());
        assert!(shown("From 10:00 for 2 hours: 20.", &[10.0, 2.0]).is_empty());
        assert!(shown("On 5 May, 4 tickets: 20 in all.", &[5.0, 4.0]).is_empty());
        assert!(shown("1 in every 4 people, so 0.25 of them.", &[1.0, 4.0]).is_empty());
    }

    #[test]
    fn a_day_count_between_two_dates_the_answer_states_is_shown() {
        let gaps = |text: &str| -> Vec<String> {
            let toks = tokens(text);
            let spans = crate::grounding::sentence_spans(text);
            shown_date_gaps(text, &toks, &spans, &[])
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect()
        };
        let late =
            "The £2,000 was due by 31 January 2025. Paying on 20 March makes it 48 days late.";
        assert_eq!(gaps(late), ["48"]);
        // A leap year's count, and one across the new year.
        assert_eq!(gaps(&late.replace("48", "49")), ["49"]);
        assert_eq!(
            gaps("Sent on 20 December, it arrived on 5 January: 16 days."),
            ["16"]
        );
        // A wrong count, dates after the number, or two sentences away, derive nothing.
        assert!(gaps(&late.replace("48", "45")).is_empty());
        assert!(gaps("It took 48 days, from 31 January to 20 March.").is_empty());
        assert!(gaps("Due 31 January. Then nothing. Paid 20 March: 48 days late.").is_empty());
    }

    /// A reading of an answer's tokens and sentences into the indices of the tokens it derives.
    type Reading<'f> = dyn Fn(&str, &[Token<'_>], &[(usize, usize)]) -> Vec<usize> + 'f;

    #[test]
    fn a_duration_between_two_times_and_a_date_counted_from_another_are_shown() {
        // The sources hold 27 April, 31 August and 28 December.
        let held =
            |m: &str, d: u8| [("april", 27), ("august", 31), ("december", 28)].contains(&(m, d));
        // And the numbers 1 and 60.
        let offsets = |text: &str, toks: &[Token<'_>], spans: &[(usize, usize)]| {
            shown_date_offsets(text, toks, spans, &[], held, |v| [1.0, 60.0].contains(&v))
        };
        let raw = |text: &str, f: &Reading<'_>| {
            let toks = tokens(text);
            let spans = crate::grounding::sentence_spans(text);
            f(text, &toks, &spans)
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect::<Vec<String>>()
        };
        let shown_clock_gaps = &shown_clock_gaps;
        let shown_date_offsets = &offsets;
        let cut_off = "The Dam Bridge cut-off is 12:20pm. Cut-offs run from the 8:30am gun, so \
                       that's 3 hours 50 minutes from the start.";
        assert_eq!(
            raw(
                "The window runs 8:30–12:20, 3 hours 50 minutes.",
                shown_clock_gaps
            ),
            ["3", "50"]
        );
        assert_eq!(raw(cut_off, shown_clock_gaps), ["3", "50"]);
        // To the hour it is written with; between the nearest two times only.
        assert_eq!(
            raw("The shift runs 10:00 to 18:00, 8 hours.", shown_clock_gaps),
            ["8"]
        );
        assert!(raw(
            "Trains leave at 7:15, 8:45 and 10:15; each takes 1 hour 30 minutes.",
            shown_clock_gaps
        )
        .is_empty());
        // A wrong duration, or one time only, derives nothing.
        assert!(raw(&cut_off.replace("50", "40"), shown_clock_gaps).is_empty());
        assert!(raw(
            "The cut-off is 12:20pm, so you get 3 hours 50 minutes.",
            shown_clock_gaps
        )
        .is_empty());

        let walk = "From 4 May, one week after her 2nd vaccination on 27 April.";
        assert_eq!(raw(walk, shown_date_offsets), ["4", "May"]);
        // Back from a date, and across the new year.
        assert_eq!(
            raw(
                "The lease ends on August 31, so give notice 60 days before, by July 2.",
                shown_date_offsets
            ),
            ["July", "2"]
        );
        assert_eq!(
            raw(
                "Sent 28 December, due 1 week later: 4 January.",
                shown_date_offsets
            ),
            ["4", "January"]
        );
        // A duration the sources do not hold, or the wrong direction, derives nothing.
        assert!(raw(
            "Sent 28 December, due 2 weeks later: 11 January.",
            shown_date_offsets
        )
        .is_empty());
        assert_eq!(
            raw(
                "From 20 April, one week before 27 April.",
                shown_date_offsets
            ),
            ["20", "April"]
        );
        assert!(raw(
            "From 20 April, one week after 27 April.",
            shown_date_offsets
        )
        .is_empty());
        // A wrong date, or no duration in its sentence, derives nothing.
        assert!(raw(&walk.replace("4 May", "6 May"), shown_date_offsets).is_empty());
        assert!(raw(
            "From 4 May. Her 2nd vaccination is on 27 April.",
            shown_date_offsets
        )
        .is_empty());
        // Nor two dates the sources do not hold, from each other.
        assert!(raw(
            &walk
                .replace("4 May", "6 May")
                .replace("27 April", "29 April"),
            shown_date_offsets
        )
        .is_empty());
    }

    #[test]
    fn a_result_stated_again_later_a_product_with_a_later_count_and_a_total_after_a_blank_line() {
        let text = "That's 20% of £420 = £84. No further charge is made, so £84 is all you'd \
                    lose.";
        let toks = tokens(text);
        let spans = crate::grounding::sentence_spans(text);
        let first = toks.iter().position(|t| t.raw == "84").unwrap();
        let again: Vec<&str> = restated_results(text, &toks, &spans, |j| j == first)
            .into_iter()
            .map(|i| toks[i].raw)
            .collect();
        assert_eq!(again, ["84"]);
        // Not before it was derived in another sentence.
        let before = "You lose £84. That's 20% of £420 = £84.";
        let toks = tokens(before);
        let spans = crate::grounding::sentence_spans(before);
        let last = toks.iter().rposition(|t| t.raw == "84").unwrap();
        assert!(restated_results(before, &toks, &spans, |j| j == last).is_empty());

        let books = "Adult books: £2.25 per book, so £4.50 for the two.";
        let toks = tokens(books);
        let spans = crate::grounding::sentence_spans(books);
        let qs = crate::quantity::quantities(books, &toks);
        let shown: Vec<&str> =
            shown_products(books, &toks, &spans, &qs, |v| [2.25, 2.0].contains(&v))
                .into_iter()
                .map(|i| toks[i].raw)
                .collect();
        assert_eq!(shown, ["4.50"]);
        let wrong = books.replace("4.50", "5.50");
        let toks = tokens(&wrong);
        let qs = crate::quantity::quantities(&wrong, &toks);
        assert!(
            shown_products(&wrong, &toks, &spans, &qs, |v| [2.25, 2.0].contains(&v)).is_empty()
        );

        let bill = "- Adult books: £4.50\n- DVD: £4.00\n\nTotal: £8.50.";
        let total = |text: &str| -> Vec<String> {
            let toks = tokens(text);
            let spans = crate::grounding::sentence_spans(text);
            totals_of_shown(text, &toks, &spans, |_, v| [4.5, 4.0].contains(&v))
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect()
        };
        assert_eq!(total(bill), ["8.50"]);
        // A total of bare numbers (weighted marks), not of a number with a unit.
        let marks = "- Midterm: 70 × 0.25 = 4.50\n- Final: 60 × 0.20 = 4.00\n\nTotal = 8.50";
        assert_eq!(total(marks), ["8.50"]);
        assert!(total(&marks.replace("= 8.50", "= 8.50 km")).is_empty());
        assert_eq!(
            total("- Adult books: £4.50\n- DVD: £4.00\n\nThat's £8.50 in total."),
            ["8.50"]
        );
        // Or of the lines after the blank one alone.
        assert_eq!(total(&format!("Deposit: £4.00\n\n{bill}")), ["8.50"]);
        // A line with words between still ends the run.
        assert!(total(&bill.replace("\n\n", "\nLate fees are capped.\n")).is_empty());
        assert!(total(&bill.replace("8.50", "9.50")).is_empty());
    }

    #[test]
    fn a_difference_the_answer_states_between_its_known_numbers_is_shown() {
        // Every number is known but the differences.
        let diffs = |text: &str, unknown: &[f64]| -> Vec<String> {
            let toks = tokens(text);
            let qs = crate::quantity::quantities(text, &toks);
            shown_differences(text, &toks, &qs, |_, v| !unknown.contains(&v))
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect()
        };
        let table = "| Battery | up to 15 h | up to 12 h |\n| Price | $1,249 | $1,099 |\n\nThe \
                     first lasts 3 hours longer; the second is $150 cheaper.";
        assert_eq!(diffs(table, &[3.0, 150.0]), ["3", "150"]);
        // Across units of one dimension, and after "by".
        let weights = "It weighs 1.19 kg against 1.42 kg: lighter by 230 g.";
        assert_eq!(diffs(weights, &[230.0]), ["230"]);
        assert_eq!(
            diffs("From 2.5 km to 4 km: 1,500 m longer.", &[1500.0]),
            ["1,500"]
        );
        assert_eq!(
            diffs(
                "Domestic: $15. International: $16. Domestic is cheaper, by $1.",
                &[1.0]
            ),
            ["1"]
        );
        // A share of a derived number, to the places written.
        let share = |text: &str, known: &[f64]| {
            let toks = tokens(text);
            let i = toks.iter().position(|t| t.raw == "6.67").unwrap();
            ratio_percent_of_derived(text, &toks, i, |v| known.contains(&v))
        };
        let cap = "On £42,000 you'd contribute £2,800, about 6.67% of your salary.";
        assert!(share(cap, &[42000.0, 2800.0]));
        assert!(!share(cap, &[42000.0]));
        assert!(!share(&cap.replace("2,800", "2,820"), &[42000.0, 2820.0]));
        // The second operand after "than".
        let cap = "The cap is £3,360 a year, which is £840 more than the £2,520 paid now.";
        assert_eq!(diffs(cap, &[840.0]), ["840"]);
        assert!(diffs(&cap.replace("840", "860"), &[860.0]).is_empty());
        // A wrong difference, one of other measures, of bare counts, of two numbers that are
        // not the nearest of its measure, one with no comparative, a "by" with none, or one
        // whose operands are not known derives nothing.
        assert!(diffs(&table.replace("3 hours", "4 hours"), &[4.0, 150.0]) == ["150"]);
        assert!(diffs("It costs $15 for 12 people: 3 more.", &[3.0]).is_empty());
        assert!(diffs("1 or 2 tablets, max 8 in 24 hours: 7 more.", &[7.0]).is_empty());
        assert!(diffs("$10, $30 and $50: Pro is $40 more.", &[40.0]).is_empty());
        assert!(diffs("Up to 15 h or 12 h. That is 3 hours.", &[3.0]).is_empty());
        assert!(diffs("It took 10 h, then 3 h: reviewed by 7 h.", &[7.0]).is_empty());
        assert!(diffs("Up to 15 h or 12 h: 3 hours longer.", &[3.0, 12.0]).is_empty());
        assert!(diffs("In 2019 and 2024: 5 years later.", &[5.0]).is_empty());
        // A count of one unit word, and operands in a "from a to b" after it.
        assert_eq!(
            diffs(
                "519 kWh this time vs 438 kWh last time, so 81 kWh more.",
                &[81.0]
            ),
            ["81"]
        );
        assert!(diffs("519 kWh vs 438 days, so 81 kWh more.", &[81.0]).is_empty());
        assert!(diffs("Max 8 pills a day, you took 2 pills: 6 pills more.", &[6.0]).is_empty());
        assert_eq!(
            diffs("It went up by £30.58, from £141.50 to £172.08.", &[30.58]),
            ["30.58"]
        );
        assert!(diffs("It went up by £31.58, from £141.50 to £172.08.", &[31.58]).is_empty());
        assert_eq!(
            diffs(
                "Your bill went up by £30.58 — from £141.50 to £172.08.",
                &[30.58]
            ),
            ["30.58"]
        );
    }

    #[test]
    fn a_bracket_after_a_number_that_computes_it_derives_it() {
        // Every number is known but the results.
        let results = |text: &str, unknown: &[f64]| -> Vec<String> {
            let toks = tokens(text);
            bracketed_results(text, &toks, |_, v| !unknown.contains(&v))
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect()
        };
        assert_eq!(
            results("Expect £84.05 in store credit (£89 − £4.95).", &[84.05]),
            ["84.05"]
        );
        assert_eq!(
            results("The course comes to 140,000 IU (7 × 20,000).", &[140000.0]),
            ["140,000"]
        );
        // A wrong result, unknown operands, mixed precedence, words in the bracket, or a
        // number between derives nothing.
        assert!(results("Expect £84.50 in store credit (£89 − £4.95).", &[84.5]).is_empty());
        assert!(results("Expect £84.05 (£89 − £4.95).", &[84.05, 4.95]).is_empty());
        assert!(results("It is 14 (2 × 3 + 8).", &[14.0]).is_empty());
        assert!(results("It is 5 (up from 3 + 2).", &[5.0]).is_empty());
        assert!(results("It is 5 in 2 days (3 + 2).", &[5.0]).is_empty());
    }

    #[test]
    fn a_share_of_a_derived_amount_is_derived() {
        let text = "£4,050 − £99 = £3,951. You pay 20% of £3,951 = £790.20, leaving £3,160.80.";
        let toks = tokens(text);
        let spans = crate::grounding::sentence_spans(text);
        let at = |raw: &str| toks.iter().rposition(|t| t.raw == raw).unwrap();
        let derived = [(at("3,951"), 3951.0)];
        let shares: Vec<&str> = share_of_derived(text, &toks, &spans, |v| v == 20.0, &derived)
            .into_iter()
            .map(|i| toks[i].raw)
            .collect();
        assert_eq!(shares, ["790.20", "3,160.80"]);
        // What is left is read only after a word that says so.
        let taxed = "£4,050 − £99 = £3,951, and at 20% the tax you owe is £3,160.80.";
        let toks = tokens(taxed);
        let spans = crate::grounding::sentence_spans(taxed);
        let at = |raw: &str| toks.iter().rposition(|t| t.raw == raw).unwrap();
        let derived = [(at("3,951"), 3951.0)];
        assert!(share_of_derived(taxed, &toks, &spans, |v| v == 20.0, &derived).is_empty());
        // An amount derived in an earlier sentence and restated as the share's operand.
        let bullets = "- Excess: £4,050 − £99 = £3,951\n- Co-payment: 20% of £3,951 = £790.20";
        let toks = tokens(bullets);
        let spans = crate::grounding::sentence_spans(bullets);
        let first = toks.iter().position(|t| t.raw == "3,951").unwrap();
        let shares: Vec<&str> =
            share_of_derived(bullets, &toks, &spans, |v| v == 20.0, &[(first, 3951.0)])
                .into_iter()
                .map(|i| toks[i].raw)
                .collect();
        assert_eq!(shares, ["790.20", "3,951"]);
        let spans = crate::grounding::sentence_spans(text);
        // Not a share of a held amount alone (percent_of_stated's), nor a wrong share.
        let wrong = text.replace("790.20", "780.20");
        let toks = tokens(&wrong);
        let shares = share_of_derived(&wrong, &toks, &spans, |v| v == 20.0, &[]);
        assert!(shares.is_empty());
    }

    #[test]
    fn a_total_of_shown_amounts_and_a_restatement_per_period_are_derived() {
        let derived = |text: &str, held: &[f64]| -> (Vec<String>, Vec<String>) {
            let toks = tokens(text);
            let spans = crate::grounding::sentence_spans(text);
            let known = |_: usize, v: f64| held.contains(&v);
            let raw = |v: Vec<usize>| v.into_iter().map(|i| toks[i].raw.to_string()).collect();
            let totals = totals_of_shown(text, &toks, &spans, known);
            let per = per_period_restatements(
                text,
                &toks,
                &spans,
                |j, v| known(j, v) || totals.contains(&j),
                |j| totals.contains(&j),
            );
            (raw(totals), raw(per))
        };
        let text = "Basic rate: £7,540.00\nHigher rate: £3,252.00\nTotal income tax for the \
                    year: £10,792.00 (about £899.33 per month).";
        let (totals, per) = derived(text, &[7540.0, 3252.0]);
        assert_eq!(
            (totals, per),
            (vec!["10,792.00".to_string()], vec!["899.33".to_string()])
        );
        // Results that end sentences add up too.
        let sentences = "Basic rate tax is £7,540. Higher rate tax is £3,252. In total you pay \
                         £10,792.";
        assert_eq!(derived(sentences, &[7540.0, 3252.0]).0, ["10,792"]);
        // A wrong total derives nothing, nor does a per-month figure of it; nor a sum that no
        // word calls a total, nor one of an amount not known.
        let wrong = text
            .replace("10,792.00", "11,088.00")
            .replace("899.33", "924.00");
        assert_eq!(derived(&wrong, &[7540.0, 3252.0]), (vec![], vec![]));
        let untold = text.replace("Total income tax", "Income tax");
        assert!(derived(&untold, &[7540.0, 3252.0]).0.is_empty());
        assert!(derived(text, &[7540.0]).0.is_empty());
        // Not two amounts of a list that leaves one out, nor amounts a line takes off, nor
        // amounts of another period.
        let held = [1200.0, 150.0, 90.0, 120.0, 30.0, 50.0, 25.0];
        let list = "The course fee is £1,200, materials £150 and the exam fee £90, so the total \
                    is £1,350.";
        assert!(derived(list, &held).0.is_empty());
        let lines = "Course fee: £1,200\nMaterials: £150\nExam fee: £90\nTotal: £1,350";
        assert!(derived(lines, &held).0.is_empty());
        let lines = "Course fee: £1,200\nMaterials: £150\nExam fee: £90\nTotal: £1,440";
        assert_eq!(derived(lines, &held).0, ["1,440"]);
        let off = "Price: £120\nDiscount: £30\nTotal: £150";
        assert!(derived(off, &held).0.is_empty());
        let periods = "Membership: £50 a month\nJoining fee: £25\nTotal: £75";
        assert!(derived(periods, &held).0.is_empty());
        // The last two of a longer list are no total; a line between without a result ends
        // the run; a zero is a result.
        let tail = "Course fee: £1,200\nMaterials: £150\nExam fee: £90\nTotal: £240";
        assert!(derived(tail, &held).0.is_empty());
        let apart = "Course fee: £1,200\nNotes\nMaterials: £150\nExam fee: £90\nTotal: £240";
        assert_eq!(derived(apart, &held).0, ["240"]);
        let zero = "Step 1: £0\nStep 2: £150\nStep 3: £90\nTotal: £240";
        assert_eq!(derived(zero, &held).0, ["240"]);
        let voucher = "Room: £600\nVoucher: £50\nTotal: £650";
        assert!(derived(voucher, &[600.0, 50.0]).0.is_empty());
        // Per month to per year and per week, from an amount with its own period.
        let (_, per) = derived(
            "It is £51.99 a month, or £623.88 a year (£12.00/week).",
            &[51.99],
        );
        assert_eq!(per, ["623.88"]);
        let (_, per) = derived("It costs £520 a year, which is £10 per week.", &[520.0]);
        assert_eq!(per, ["10"]);
        // No period after the first amount and no word of a year: nothing to restate; nor a
        // year for an amount of the sources that the answer does not say is yearly.
        let (_, per) = derived("The fee is £120 (£10 per month).", &[120.0]);
        assert!(per.is_empty());
        let (_, per) = derived(
            "For the 2024/25 tax year the allowance is £393.45, about £32.79 per month.",
            &[393.45],
        );
        assert!(per.is_empty());
    }

    #[test]
    fn pence_calendar_numbers_sums_and_restatements_of_derived_numbers() {
        let results = |text: &str, held: &[f64]| -> Vec<String> {
            let toks = tokens(text);
            stated_equations(text, &toks, |_, v| held.contains(&v))
                .into_iter()
                .map(|e| toks[e.result].raw.to_string())
                .collect()
        };
        // Pence of a result in pounds; not a wrong result, nor a number no source holds.
        assert_eq!(
            results("365 × 40.00p = £146.00", &[40.0, 365.0]),
            ["146.00"]
        );
        assert!(results("365 × 40.00p = £14.60", &[40.0, 365.0]).is_empty());
        assert!(results("£15 × 12 = £180", &[15.0]).is_empty());
        // Sums of derived numbers, said to be one; a derived number given first.
        let text = "Your mark is 67.0: 15% × 68 = 10.2 and 85% × 66.8 = 56.78, which adds up to \
                    66.98.";
        let toks = tokens(text);
        let spans = crate::grounding::sentence_spans(text);
        let at = |raw: &str| toks.iter().position(|t| t.raw == raw).expect("a token");
        let derived = [at("10.2"), at("56.78")];
        assert_eq!(
            sums_of_derived(text, &toks, &spans, |j| derived.contains(&j)),
            [at("66.98")]
        );
        let unsaid = text.replace("which adds up to", "then");
        let toks2 = tokens(&unsaid);
        let derived2: Vec<usize> = toks2
            .iter()
            .enumerate()
            .filter(|(_, t)| t.raw == "10.2" || t.raw == "56.78")
            .map(|(j, _)| j)
            .collect();
        assert!(sums_of_derived(&unsaid, &toks2, &spans, |j| derived2.contains(&j)).is_empty());
        let text = "It works out at 67.0: 10.2 + 56.8 = 67.0.";
        let toks = tokens(text);
        let spans = crate::grounding::sentence_spans(text);
        let last = toks.iter().rposition(|t| t.raw == "67.0").expect("a token");
        let first = toks.iter().position(|t| t.raw == "67.0").expect("a token");
        assert_eq!(
            restated_results(text, &toks, &spans, |j| j == last),
            [first]
        );
        let small = "You have 2 days left (14 − 12 = 2), so bring 2 forms of ID.";
        let toks = tokens(small);
        let spans = crate::grounding::sentence_spans(small);
        let result = toks.iter().position(|t| t.raw == "12").expect("a token") + 1;
        assert!(restated_results(small, &toks, &spans, |j| j == result).is_empty());
        // A difference marked by "over" after its unit, or by a verb of saving before it.
        let diffs = |text: &str, held: &[f64]| -> Vec<String> {
            let toks = tokens(text);
            let qs = crate::quantity::quantities(text, &toks);
            shown_differences(text, &toks, &qs, |_, v| held.contains(&v))
                .into_iter()
                .map(|i| toks[i].raw.to_string())
                .collect()
        };
        assert_eq!(
            diffs(
                "Allowance 1,000 miles; at 1,180 miles you're 180 miles over.",
                &[1000.0, 1180.0]
            ),
            ["180"]
        );
        assert!(diffs(
            "Allowance 1,000 miles; at 1,180 miles you're 190 miles over.",
            &[1000.0, 1180.0]
        )
        .is_empty());
        let text = "Brightwell: total £1,030.00 a year.\nKestrel: £211.70 + £799.00, total \
                    £1,010.70 a year.\nSo Kestrel would save you about £19.30 a year.";
        assert_eq!(diffs(text, &[1030.0, 211.70, 799.0, 1010.70]), ["19.30"]);
        assert!(diffs(
            "Annual: £120 a year; monthly: £15 a month. It saves you £105.",
            &[120.0, 15.0]
        )
        .is_empty());
    }

    #[test]
    fn an_equation_written_out_derives_its_result_when_it_is_right() {
        // Every number is known but the results, and 999 (invented).
        let results = |text: &str| -> Vec<String> {
            let toks = tokens(text);
            let derived = [1250.0, 350.0, 98.0, 158.0, 2.5, 999.0];
            stated_equations(text, &toks, |_, v| !derived.contains(&v))
                .into_iter()
                .map(|e| toks[e.result].raw.to_string())
                .collect()
        };
        let shown =
            "- Included: 5 days × 250 km = 1,250 km\n- Excess: 1,600 km − 1,250 km = 350 km\n\
                     - Charge: 350 km × €0.28 = €98\nTotal: €98 + €60 = €158. Penalty: 5% × \
                     £2,000 = £100; 3 x 4 = 12; 50 / 200 = 25%.";
        assert_eq!(
            results(shown),
            ["1,250", "350", "98", "158", "100", "12", "25"]
        );
        // Bullets without labels, and a bold result.
        let bullets = "- 5 days × 250 km = 1,250 km\n- 1,600 km − 1,250 km = 350 km\n- \
                       €98 + €60 = **€158**";
        assert_eq!(results(bullets), ["1,250", "350"]);
        assert_eq!(results("So €60 + €38 = **€98**."), ["98"]);
        // An equation that goes on from its result; a wrong second result is not found.
        assert_eq!(
            results("£1,500 − £250 = £1,250 × 20% = £250.00"),
            ["1,250", "250.00"]
        );
        assert_eq!(results("£1,500 − £250 = £1,250 × 20% = £260.00"), ["1,250"]);
        // An operator in words, "the" after it; not one that would mix precedence.
        assert_eq!(
            results("£45.00 × 24 = £1,080.00, plus the £49.99 set-up fee = £1,129.99."),
            ["1,080.00", "1,129.99"]
        );
        assert_eq!(
            results("£45.00 × 24 = £1,080.00, plus the £49.99 set-up fee = £1,139.99."),
            ["1,080.00"]
        );
        assert_eq!(
            results("£146.00, plus 3,400 × 26.00p = £884.00"),
            ["884.00"]
        );
        assert_eq!(
            results("£45.00 × 24 = £1,080.00 plus £49.99 = £1,129.99"),
            ["1,080.00", "1,129.99"]
        );
        // No unit words across an operator or a deduction word.
        assert!(results("£45,000 minus deductions, plus the £2,000 bonus = £47,000").is_empty());
        // A wrong result, mixed precedence, a range or a fraction for an operator, a bullet
        // for one, an algebra "x", a zero fraction dropped, an invented operand.
        for wrong in [
            "5 days × 250 km = 1,500 km",
            "2 + 3 × 4 = 14",
            "ages 8–10 = 2",
            "take 48/365 = 0.13",
            "x = 5",
            "- Distance: 300 km\n- 100 + 50 = 250",
            "Solve 2x + 4 = 8",
            "3 × €16.50 = €49.00",
            "999 × 2 = 1998",
        ] {
            assert!(results(wrong).is_empty(), "{wrong}");
        }
    }

    #[test]
    fn a_rule_applied_to_the_users_number_is_a_difference() {
        let diff = |text: &str, at: &str, stated: &[f64], given: &[f64]| {
            let toks = tokens(text);
            let i = toks.iter().position(|t| t.raw == at).unwrap();
            difference_from_given(text, &toks, i, |v| stated.contains(&v), given)
        };
        let t = "Start the return within the next 4 days to stay inside the 14-day window.";
        assert!(diff(t, "4", &[14.0, 30.0], &[10.0]));
        // Not from the user's number, or not from a number the sources state.
        assert!(!diff(t, "4", &[14.0, 10.0], &[]));
        assert!(!diff(t, "4", &[30.0], &[10.0]));
        assert!(!diff(
            &t.replace('4', "5").replace("15", "14"),
            "5",
            &[14.0],
            &[10.0]
        ));
    }

    #[test]
    fn a_bound_written_after_its_number_is_read() {
        let at = |s: &str| {
            let t = tokens(s);
            let j = t.iter().position(|t| t.is_number).unwrap();
            (bound_kind(&t, j), states_bound(&t, j))
        };
        assert_eq!(
            at("courses numbered 300 and above"),
            (Some(Bound::Lower), true)
        );
        assert_eq!(at("aged 16 or older"), (Some(Bound::Lower), true));
        assert_eq!(at("children 12 and under"), (Some(Bound::Upper), true));
        assert_eq!(at("CS 301 and CS 450"), (None, false));
        assert_eq!(at("a minimum age of 18"), (None, true));
        assert_eq!(at("aged 18"), (None, false));
        assert_eq!(at("closed at 5,200 and over the week"), (None, false));
        let t = tokens("both CS 301 and June 5 and 25 people");
        let labelled: Vec<bool> = (0..t.len())
            .filter(|&j| t[j].is_number)
            .map(|j| labelled_number(&t, j))
            .collect();
        assert_eq!(labelled, [true, false, false]);
    }

    #[test]
    fn a_value_within_a_bound_keeps_it() {
        let keeps = |text: &str, value: f64| {
            let toks = tokens(text);
            let j = toks.iter().position(|t| t.is_number).unwrap();
            keeps_bound(&toks, j, number_value(toks[j].raw).unwrap(), value)
        };
        assert!(keeps("more than 200 girls", 276.0));
        assert!(!keeps("more than 200 girls", 150.0));
        assert!(keeps("no more than 4 tablets", 3.0));
        assert!(!keeps("no more than 4 tablets", 6.0));
        assert!(!keeps("about 18,000 riders", 18_500.0));
        assert!(keeps("no fewer than 5 days", 7.0));
        assert!(!keeps("no fewer than 5 days", 3.0));
    }

    #[test]
    fn a_compound_nouns_head_is_its_unit_too() {
        fn unit(text: &str) -> Unit<'_> {
            let toks = tokens(text);
            let i = toks.iter().position(|t| t.is_number).unwrap();
            unit_of(&toks, i).unwrap()
        }
        let (a, b) = (
            unit("40,000 weekday riders by 2035"),
            unit("18,000 riders on a weekday"),
        );
        assert!(same_unit(&a, &b), "{a:?} {b:?}");
        assert_eq!(unit("1,200 people, revenue").1, None);
        assert!(!same_unit(&unit("12 home games"), &unit("3 goals")));
    }

    #[test]
    fn a_total_of_numbers_the_text_states_is_their_sum() {
        let sum = |text: &str, stated: &[f64]| {
            let toks = tokens(text);
            let i = toks.iter().position(|t| t.is_number).unwrap();
            sum_of_stated(text, &toks, i, |v| stated.contains(&v))
        };
        assert!(sum(
            "€20 in all: €12 for the adult and €8 for the senior.",
            &[12.0, 8.0]
        ));
        assert!(sum(
            "26 days: 20 of leave, 4 bank holidays and 2 more.",
            &[20.0, 4.0, 2.0]
        ));
        // Not a sum of these numbers, or of numbers the sources do not state.
        assert!(!sum(
            "€22 in all: €12 for the adult and €8 for the senior.",
            &[12.0, 8.0]
        ));
        assert!(!sum(
            "€20 in all: €12 for the adult and €8 for the senior.",
            &[12.0]
        ));
    }

    #[test]
    fn a_percentage_of_two_numbers_the_text_states_is_their_ratio() {
        let ratio = |text: &str, stated: &[f64]| {
            let toks = tokens(text);
            let i = (0..toks.len())
                .find(|&i| toks[i].is_number && is_percentage(text, &toks, i))
                .unwrap();
            ratio_percent(text, &toks, i, |v| stated.contains(&v))
        };
        assert!(ratio(
            "84 of the 120 members, or 70 percent.",
            &[84.0, 120.0]
        ));
        assert!(ratio("Of 3 votes, 2 (67%) were cast early.", &[2.0, 3.0]));
        // Not a ratio of these numbers, or of numbers the sources do not state.
        assert!(!ratio(
            "84 of the 120 members, or 75 percent.",
            &[84.0, 120.0]
        ));
        assert!(!ratio("84 of the 120 members, or 70 percent.", &[84.0]));
    }

    #[test]
    fn an_indefinite_article_states_the_number_one() {
        let stated = |text: &str, source: &str| {
            let (toks, source_toks) = (tokens(text), tokens(source));
            let i = toks.iter().position(|t| t.is_number).unwrap();
            one_by_article((text, &toks), i, (source, &source_toks))
        };
        let source = "You need 200 g of flour and a tablespoon of butter.";
        assert!(stated("Use 1 tbsp butter.", source));
        assert!(stated("Use 1 tablespoon of butter.", source));
        assert!(stated("It takes 1 hour.", "It takes an hour."));
        assert!(stated("It takes 1 hr.", "It takes an hour."));
        assert!(!stated("Use 2 tbsp butter.", source));
        assert!(!stated("Use 1 tsp butter.", source));
        assert!(!stated("Use 1 tbsp butter.", "You need one tablet."));
    }
}
