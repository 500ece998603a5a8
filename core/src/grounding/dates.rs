//! Calendar dates and their weekdays ([`calendar_dates`], [`dated_weekdays`]); the days of the
//! week a schedule names ([`weekday_set`], [`weekday_swap`]).

use super::*;

/// Month and weekday names (lower case, sorted; the months are [`crate::text::MONTH_NAMES`]),
/// keyed as [`KeyKind::Month`] when capitalised as a name.
pub(super) const CALENDAR_NAMES: &[&str] = &[
    "april",
    "august",
    "december",
    "february",
    "friday",
    "january",
    "july",
    "june",
    "march",
    "may",
    "monday",
    "november",
    "october",
    "saturday",
    "september",
    "sunday",
    "thursday",
    "tuesday",
    "wednesday",
];

/// The month token `i` of `toks` names, lower case: a capitalised month name ("February") or
/// an abbreviation beside a number ([`abbreviated_month`]: "Feb 15").
pub(super) fn month_at(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let raw = toks[i].raw;
    let named = raw.starts_with(|c: char| c.is_ascii_uppercase()).then(|| {
        crate::text::MONTH_NAMES
            .iter()
            .find(|m| raw.eq_ignore_ascii_case(m))
            .copied()
    });
    named.flatten().or_else(|| abbreviated_month(toks, i))
}

/// The day of the month token `i` of `toks` states: a number 1–31 in digits, with or without
/// an ordinal suffix ("15", "15th"); None for other tokens ("2016", "1,200", "3.5").
pub(super) fn day_at(toks: &[Token<'_>], i: usize) -> Option<u8> {
    let t = toks.get(i).filter(|t| t.is_number)?;
    let d: u8 = t
        .raw
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .ok()?;
    (1..=31).contains(&d).then_some(d)
}

/// Whether `toks[i]` (offsets in `context`) is a day of the month written alone: an ordinal of
/// 1–31 after "the" ("Monday the 20th", "on the 15th"), with no word right after it (a
/// punctuation mark, a capitalised word or the end: not "the 20th century", "the 5th race").
pub(super) fn day_of_month_alone(context: &str, toks: &[Token<'_>], i: usize) -> bool {
    // A number token ends in letters only as an ordinal ("20th", `tokens`) or a decade
    // ("1870s", no day).
    let ordinal =
        day_at(toks, i).is_some() && toks[i].raw.ends_with(|c: char| c.is_ascii_alphabetic());
    ordinal
        && i > 0
        && toks[i - 1].raw.eq_ignore_ascii_case("the")
        && toks.get(i + 1).is_none_or(|n| {
            !gap(context, toks, i, i + 1).is_empty() || n.raw.starts_with(char::is_uppercase)
        })
}

/// A calendar date a text states: its month (lower case), its day of the month, and the byte
/// span of the words that state it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct CalendarDate {
    pub(super) month: &'static str,
    pub(super) day: u8,
    pub(super) span: (usize, usize),
}

/// A month with its year ([`month_years`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MonthYear {
    /// The month's name in lower case, as [`crate::text::MONTH_NAMES`] writes it.
    pub(super) month: &'static str,
    /// The year, 1000 to 2100 ([`year_at`]).
    pub(super) year: u32,
    /// The index of the month's token.
    pub(super) at: usize,
}

/// The months of `toks` (offsets in `text`) written with their year right after them, a space
/// or ", " between ("July 1938", "20 July 1969", "March, 2024"): one value, as a month and
/// day are ([`calendar_dates`]).
pub(super) fn month_years(text: &str, toks: &[Token<'_>]) -> Vec<MonthYear> {
    (0..toks.len().saturating_sub(1))
        .filter_map(|i| {
            let month = month_at(toks, i)?;
            let gap = &text[toks[i].start + toks[i].raw.len()..toks[i + 1].start];
            let year = year_at(toks, i + 1).filter(|_| gap == " " || gap == ", ")?;
            Some(MonthYear { month, year, at: i })
        })
        .collect()
}

/// The calendar dates of `toks` (offsets in `text`): a month ([`month_at`]) with a day
/// ([`day_at`]) right before it ("15 February", "the 15th of February") or right after it
/// ("February 15", "Feb. 15th"). The first day of a range whose last day is so dated is a date
/// of that month too ("2 to 15 February", "February 2–15"). A day is read with its month, not
/// as a number alone: "Jan 15" against "from 2 January until 15 February" recombines the
/// passage's month and day into a date it never states. An ISO date ("2023-04-05",
/// [`crate::text::iso_date_at`]) is a date too.
pub(super) fn calendar_dates(text: &str, toks: &[Token<'_>]) -> Vec<CalendarDate> {
    // Whether days `a` < `b` are the ends of a range: "2-15", "2–15", "2 to 15", "2 and 15".
    let range = |a: usize, b: usize| {
        (b == a + 1 && matches!(gap(text, toks, a, b), "-" | "–" | "—"))
            || (b == a + 2
                && gap(text, toks, a, b - 1).is_empty()
                && ["to", "and", "through", "or"]
                    .iter()
                    .any(|w| toks[a + 1].raw.eq_ignore_ascii_case(w)))
    };
    let end = |j: usize| toks[j].start + toks[j].raw.len();
    // A day and its month stand with nothing but a space between them ("Feb. 15" a full stop):
    // in "April 14, April 25" the second month's day is 25, not 14.
    let next_to = |a: usize, b: usize| matches!(gap(text, toks, a, b), "" | ".");
    let day = |j: usize| day_at(toks, j).map(|d| (j, d));
    let mut out = Vec::new();
    for i in 0..toks.len() {
        // An ISO date ("2023-04-05", `iso_date_at`) states its month and day.
        if let Some((month, day)) = crate::text::iso_date_at(text, toks, i) {
            out.push(CalendarDate {
                month: crate::text::MONTH_NAMES[month],
                day,
                span: (toks[i].start, end(i + 2)),
            });
        }
        let Some(month) = month_at(toks, i) else {
            continue;
        };
        let before = || {
            let j = i.checked_sub(1)?;
            if next_to(j, i) {
                if let Some(found) = day(j) {
                    return Some(found);
                }
            }
            let k = i.checked_sub(2)?;
            (toks[j].raw.eq_ignore_ascii_case("of") && next_to(k, j) && next_to(j, i))
                .then(|| day(k))
                .flatten()
        };
        let after = || {
            (i + 1 < toks.len() && next_to(i, i + 1))
                .then(|| day(i + 1))
                .flatten()
        };
        let Some((at, d)) = before().or_else(after) else {
            continue;
        };
        out.push(CalendarDate {
            month,
            day: d,
            span: (toks[i.min(at)].start, end(i.max(at))),
        });
        // The range that ends at the day: "2 to 15 February" (before), "February 2–15" (after:
        // the range starts at the day).
        let first = if at < i {
            (at.saturating_sub(2)..at).find_map(|a| day(a).filter(|_| range(a, at)))
        } else {
            (at + 1..(at + 3).min(toks.len())).find_map(|b| day(b).filter(|_| range(at, b)))
        };
        if let Some((j, d)) = first {
            out.push(CalendarDate {
                month,
                day: d,
                span: (toks[i.min(j)].start, end(i.max(j))),
            });
        }
    }
    out
}

/// Weekday names, lower case, from Sunday (the order of [`weekday_of`]).
pub(super) const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

/// The weekday of a date of the proleptic Gregorian calendar, 0 = Sunday … 6 = Saturday
/// (`month` 1–12, `day` 1–31): Sakamoto's method (comp.lang.c, 1992; the Doomsday rule in the
/// form of a month offset table).
pub(super) fn weekday_of(year: u32, month: usize, day: u8) -> usize {
    const OFFSETS: [u32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if month < 3 { year - 1 } else { year };
    ((y + y / 4 - y / 100 + y / 400 + OFFSETS[month - 1] + u32::from(day)) % 7) as usize
}

/// The indices of the tokens of `toks` (offsets in `text`) that name the weekday of the full
/// date beside them, rightly: "Sunday, July 20, 1969", "Sunday 20 July 1969", "Sunday the 20th
/// of July 1969" (the weekday right before the date, past a comma or "the"; the year right
/// after it, past a comma). A weekday is a function of its date ([`weekday_of`]): an answer that
/// adds it to a date states nothing the date does not, so it is no name found nowhere; a wrong
/// one ("Monday, July 20, 1969") is not among them.
pub(crate) fn dated_weekdays(text: &str, toks: &[Token<'_>]) -> Vec<usize> {
    let is_weekday = |t: &Token<'_>| WEEKDAYS.iter().any(|w| t.raw.eq_ignore_ascii_case(w));
    if !toks.iter().any(is_weekday) {
        return Vec::new();
    }
    let before = |k: usize| matches!(gap(text, toks, k, k + 1), "" | ",");
    full_date_weekdays(text, toks)
        .into_iter()
        .filter_map(|(first, _, weekday)| {
            let k = first.checked_sub(1)?;
            let k = if before(k) && !toks[k].raw.eq_ignore_ascii_case("the") {
                k
            } else {
                let j = k.checked_sub(1)?;
                (toks[k].raw.eq_ignore_ascii_case("the") && before(j)).then_some(j)?
            };
            (toks[k].raw.starts_with(|c: char| c.is_ascii_uppercase())
                && toks[k].raw.eq_ignore_ascii_case(WEEKDAYS[weekday]))
            .then_some(k)
        })
        .collect()
}

/// Words that may stand between a full date and the weekday a claim gives it after it ("12
/// October 2025 falls on a Sunday", "17 March 2025, which is a Monday"; [`misdated_weekday`]).
const DATE_WEEKDAY_LINKS: &[&str] = &[
    "is", "was", "will", "be", "falls", "fell", "lands", "on", "a", "an", "which",
];

/// Of [`DATE_WEEKDAY_LINKS`], those that say the weekday is the date's: one of them stands
/// between ("12 October 2025 is a Sunday"), not "on" alone ("From 5 January 2026 on Sundays").
const DATE_WEEKDAY_COPULAS: &[&str] = &["is", "was", "falls", "fell", "lands", "a", "an"];

/// The first weekday the claim `toks` (offsets in `text`) gives a full date of its own that is
/// not that date's weekday ([`full_date_weekdays`], [`weekday_of`]), as (the weekday said, the
/// date's weekday and the date): the calendar contradicts the claim whatever its sources
/// state. One weekday, singular and spelt out, either right before the date ("Saturday, 12
/// October 2025", past a comma or "the", as [`dated_weekdays`] reads a right one) and closing
/// no range of weekdays ("Monday to Friday, 6–10 October 2025") before a date of one day, or
/// after its year past words of [`DATE_WEEKDAY_LINKS`] only, one of
/// [`DATE_WEEKDAY_COPULAS`] among them ("12 October 2025 falls on a Saturday"), opening no
/// date or range of its own ("… will be on Tuesday 30 December 2025", "Monday to Friday").
/// Years from 1753 only: Britain and its colonies kept the Julian calendar until September
/// 1752, and a weekday of an older date may be the Julian one ("Sunday, 2 September 1666").
/// `stated` is the sources' and the user's text: a weekday and date they state together is
/// theirs, restated. None when every such weekday is right.
pub(super) fn misdated_weekday(
    text: &str,
    toks: &[Token<'_>],
    stated: &[&str],
) -> Option<(String, String)> {
    if !toks.iter().any(names_weekday) {
        return None;
    }
    let word = |j: usize, words: &[&str]| {
        toks.get(j)
            .is_some_and(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    // A weekday by its own name, singular ("Sunday", not "Sundays").
    let one_day = |j: usize| {
        WEEKDAYS
            .iter()
            .position(|w| toks[j].raw.eq_ignore_ascii_case(w))
    };
    let dash = |j: usize, k: usize| gap(text, toks, j, k).contains(['-', '–', '—']);
    let before = |k: usize| matches!(gap(text, toks, k, k + 1), "" | ",");
    const RANGE_WORDS: &[&str] = &["to", "through", "until", "till", "and", "or"];
    for (first, year, weekday) in full_date_weekdays(text, toks) {
        if toks[year].raw.parse::<u32>().is_ok_and(|y| y < 1753) {
            continue;
        }
        // A range of days ("6–10 October 2025", "6 to 10 October 2025") has no one weekday.
        let ranged = toks.get(first + 1).is_some_and(|t| t.is_number)
            || word(first + 1, RANGE_WORDS)
            || (first + 1 < toks.len() && dash(first, first + 1));
        let ahead = first
            .checked_sub(1)
            .and_then(|k| {
                if toks[k].raw.eq_ignore_ascii_case("the") {
                    k.checked_sub(1).filter(|&j| before(j))
                } else {
                    Some(k).filter(|&k| before(k))
                }
            })
            .filter(|&k| !ranged && !(k >= 1 && (word(k - 1, RANGE_WORDS) || dash(k - 1, k))));
        let links: Vec<usize> = (year + 1..toks.len().min(year + 6))
            .take_while(|&j| names_weekday(&toks[j]) || word(j, DATE_WEEKDAY_LINKS))
            .collect();
        let after = links
            .iter()
            .copied()
            .find(|&j| names_weekday(&toks[j]))
            .filter(|&j| {
                // A weekday that opens a date or a range of its own is no weekday of this date.
                let opens = toks.get(j + 1).is_some_and(|t| t.is_number)
                    || (word(j + 1, RANGE_WORDS) && gap(text, toks, j, j + 1) == " ")
                    || (j + 1 < toks.len() && dash(j, j + 1));
                let linked = links
                    .iter()
                    .any(|&l| l < j && word(l, DATE_WEEKDAY_COPULAS));
                linked && !opens && !gap(text, toks, year, j).contains(['.', ';', '\n'])
            });
        for k in ahead.into_iter().chain(after) {
            match one_day(k) {
                Some(w) if w != weekday => {
                    let date = &text[toks[first].start..toks[year].start + toks[year].raw.len()];
                    // (Restated when the sources or the user write this weekday within a
                    // few words of this date.)
                    let theirs = stated.iter().any(|s| {
                        s.match_indices(date).any(|(at, _)| {
                            let mut from = at.saturating_sub(40);
                            while !s.is_char_boundary(from) {
                                from -= 1;
                            }
                            let mut to = (at + date.len() + 40).min(s.len());
                            while !s.is_char_boundary(to) {
                                to += 1;
                            }
                            let near = &s[from..to];
                            near.to_lowercase().contains(WEEKDAYS[w])
                        })
                    });
                    if theirs {
                        continue;
                    }
                    return Some((
                        toks[k].raw.to_string(),
                        format!(
                            "{} {date}",
                            crate::explanation::capitalise(WEEKDAYS[weekday])
                        ),
                    ));
                }
                _ => {}
            }
        }
    }
    None
}

/// The indices of the tokens of `toks` that name a weekday the claim says a schedule leaves
/// out: right after "no" ("no Sunday hours are listed", "with no Monday service") or after
/// "closed" or "closed on" ("closed on Sundays", "closed Mondays"). A list of opening hours
/// without that day (a business record's `"hours"`) states what the claim says, not another
/// day in its place.
pub(crate) fn closed_weekdays(toks: &[Token<'_>]) -> Vec<usize> {
    let word = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    (1..toks.len())
        .filter(|&k| names_weekday(&toks[k]))
        .filter(|&k| {
            word(k - 1, "no")
                || word(k - 1, "closed")
                || (k >= 2 && word(k - 1, "on") && word(k - 2, "closed"))
        })
        .collect()
}

/// Whether `t` names a weekday of [`WEEKDAYS`], one or every ("Sunday", "Sundays"), in any
/// case.
pub(super) fn names_weekday(t: &Token<'_>) -> bool {
    weekday_index(t.raw).is_some()
}

/// The [`WEEKDAYS`] index of the weekday `raw` names, one or every ("Sunday", "Sundays"), in any
/// case.
pub(super) fn weekday_index(raw: &str) -> Option<usize> {
    let day = raw.strip_suffix('s').unwrap_or(raw);
    WEEKDAYS.iter().position(|w| day.eq_ignore_ascii_case(w))
}

/// The full dates (day, month and year: "July 20, 1969", "20 July 1969") of the tokens `toks`
/// (offsets in `text`), each as (index of its first token, index of its year's token, its
/// weekday: an index into [`WEEKDAYS`], [`weekday_of`]). The year stands right after the day
/// and month, past a comma; years before 1583 (the Gregorian calendar's first full year) are
/// left out.
pub(super) fn full_date_weekdays(text: &str, toks: &[Token<'_>]) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for d in calendar_dates(text, toks) {
        let Some(first) = toks.iter().position(|t| t.start == d.span.0) else {
            continue;
        };
        let Some(last) = toks.iter().position(|t| t.start + t.raw.len() == d.span.1) else {
            continue;
        };
        let year = toks
            .get(last + 1)
            .filter(|t| {
                t.is_number
                    && t.raw.len() == 4
                    && matches!(gap(text, toks, last, last + 1), "" | ",")
            })
            .and_then(|t| t.raw.parse::<u32>().ok())
            .filter(|y| (1583..=9999).contains(y));
        let month = crate::text::MONTH_NAMES.iter().position(|m| *m == d.month);
        if let (Some(year), Some(month)) = (year, month) {
            out.push((first, last + 1, weekday_of(year, month + 1, d.day)));
        }
    }
    out
}

/// Words of a schedule that take days away from the ones it names ("daily except Sundays",
/// "closed Mondays", "no service on Sundays"): a sentence holding one is not read by
/// [`weekday_set`].
const DAY_EXCLUSIONS: &[&str] = &[
    "except",
    "excluding",
    "exc",
    "excl",
    "closed",
    "not",
    "no",
    "never",
    "cancelled",
    "suspended",
    "without",
];

/// Whether token `t` takes days away from a schedule ([`DAY_EXCLUSIONS`], or a word ending in
/// "n't").
fn takes_days_away(t: &Token<'_>) -> bool {
    DAY_EXCLUSIONS.iter().any(|w| t.raw.eq_ignore_ascii_case(w))
        || t.raw.ends_with("n't")
        || t.raw.ends_with("n’t")
}

/// The days of the week a sentence (`toks`, offsets in `text`) names, as a set (bit `d` for
/// [`WEEKDAYS`]`[d]`, Sunday = 0), with the text that names the first of them (its range or
/// list whole: "Fri & Sun"): weekday names, one or every ("Saturday", "Sundays"); ranges ("Mon–Fri", "Monday
/// to Saturday", wrapping past Sunday: "Fri–Mon"); lists ("Fri & Sun only", "Tuesdays and
/// Thursdays"); "daily", "everyday", "weekdays", "weekends". An abbreviation ("Sat") counts
/// only in a range or list with another weekday or, without `recurring`, before a number or a
/// colon ("Sat: 9am–4pm"): alone it may be a word or a name ("Sun Microsystems"). The union of
/// all it names. None when it names no day, or holds a word that takes days away ([`DAY_EXCLUSIONS`]: "daily except Sundays"). With `recurring`, only a
/// schedule's forms count: a range, a list, a plural ("Sundays"), a weekday after "every" or
/// "each", a weekday labelling its line ("Saturday: 9:00am – 5:30pm"), and the words for many
/// days; a lone "on Thursday" dates an event ("the vortex hit on
/// Thursday evening"), which a claim may date by another sentence's day.
pub(super) fn weekday_set(text: &str, toks: &[Token<'_>], recurring: bool) -> Option<(u8, String)> {
    let full = |k: usize| weekday_index(toks[k].raw);
    let short = |k: usize| {
        let (_, day) = crate::text::WEEKDAY_ABBREVIATIONS
            .iter()
            .find(|(a, _)| toks[k].raw.eq_ignore_ascii_case(a))?;
        WEEKDAYS.iter().position(|w| w == day)
    };
    let any = |k: usize| full(k).or_else(|| short(k));
    let word = |k: usize, ws: &[&str]| ws.iter().any(|w| toks[k].raw.eq_ignore_ascii_case(w));
    // The weekday joined to token `k` by a range ("–", "to", "through") or list ("&", ",",
    // "/", "and", "or") joint after it: (its index, whether a range).
    let joined_after = |k: usize| -> Option<(usize, bool)> {
        let next = k + 1;
        if next < toks.len() && any(next).is_some() {
            let g = gap(text, toks, k, next).trim();
            return match g {
                "–" | "-" | "—" => Some((next, true)),
                "&" | "," | "/" | "+" => Some((next, false)),
                _ => None,
            };
        }
        let after = k + 2;
        if after < toks.len()
            && any(after).is_some()
            && gap(text, toks, k, next).trim().is_empty()
            && gap(text, toks, next, after).trim().is_empty()
        {
            if word(next, &["to", "through", "thru", "until", "till"]) {
                return Some((after, true));
            }
            if word(next, &["and", "or"]) {
                return Some((after, false));
            }
        }
        None
    };
    if toks.iter().any(takes_days_away) {
        return None;
    }
    let mut joined = vec![false; toks.len()];
    for k in 0..toks.len() {
        if any(k).is_some() {
            if let Some((j, _)) = joined_after(k) {
                joined[k] = true;
                joined[j] = true;
            }
        }
    }
    // Not as a schedule, an abbreviation labelling a line's value counts too ("Sat: 9am–4pm",
    // "Sat 9am–4pm").
    let labels = |k: usize| {
        !recurring
            && (toks.get(k + 1).is_some_and(|t| t.is_number)
                || (k + 1 < toks.len() && gap(text, toks, k, k + 1).trim_start().starts_with(':')))
    };
    let day = |k: usize| full(k).or_else(|| short(k).filter(|_| joined[k] || labels(k)));
    // A weekday that opens a line as its label, a colon after it, is a schedule's day
    // ("Saturday: 9:00am – 5:30pm" in a list of opening hours).
    // (After a list's marker or a heading's: "- Saturday:", "**Saturday:**", "1. Saturday:".)
    let line_label = |k: usize| {
        let before = &text[..toks[k].start];
        let line = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
        let line_opens = line
            .chars()
            .all(|c| c.is_ascii_digit() || " \t-*•#>|.".contains(c));
        line_opens
            && k + 1 < toks.len()
            && gap(text, toks, k, k + 1)
                .trim_start_matches('*')
                .trim_start()
                .starts_with(':')
    };
    // The set, and the first token that names days with the last of its range or list: the
    // text reported ("Fri & Sun", not the rest of the line).
    let (mut set, mut named) = (0u8, None::<(usize, usize)>);
    let chain_end = |k: usize| {
        let mut end = k;
        while let Some((j, _)) = joined_after(end).filter(|&(j, _)| day(j).is_some()) {
            end = j;
        }
        end
    };
    for k in 0..toks.len() {
        let many = [
            ("daily", 0x7f),
            ("everyday", 0x7f),
            ("weekdays", 0b011_1110),
            ("weekends", 0b100_0001),
        ]
        .iter()
        .find(|(w, _)| toks[k].raw.eq_ignore_ascii_case(w))
        .map(|&(_, days)| days);
        if let Some(days) = many {
            set |= days;
            named = named.or(Some((k, k)));
        }
        let Some(d) = day(k) else {
            continue;
        };
        let repeats = joined[k]
            || (toks[k].raw.ends_with('s') && short(k).is_none())
            || (k > 0 && word(k - 1, &["every", "each"]))
            || line_label(k);
        if recurring && !repeats {
            continue;
        }
        set |= 1 << d;
        named = named.or_else(|| Some((k, chain_end(k))));
        if let Some((j, true)) = joined_after(k) {
            if let Some(e) = day(j) {
                let mut x = d;
                while x != e {
                    x = (x + 1) % 7;
                    set |= 1 << x;
                }
            }
        }
    }
    let (a, b) = named?;
    (set != 0).then(|| {
        let end = toks[b].start + toks[b].raw.len();
        (set, text[toks[a].start..end].to_string())
    })
}

/// A day of the week the claim (`claim_toks` of `text`; or, when it names none, its question,
/// `question_toks` of `question`) puts a value on that the source sentence (`sent_toks` of
/// `context`) gives for other days only: the sentence states a number of the claim and names
/// the days it holds on ([`weekday_set`]), none of the claim's ("The last Saturday sailing is
/// at 18:30" against "18:30 … 19:35 Fri & Sun only"). Some((the claim's days, the sentence's))
/// as written. A schedule's value belongs to its days as a table cell to its row: the entity
/// swap of FactCC (Kryscinski et al. 2020) on the days a line of a timetable or of opening
/// hours names.
pub(super) fn weekday_swap(
    (text, claim_toks): (&str, &[Token<'_>]),
    (question, question_toks): (&str, &[Token<'_>]),
    (context, sent_toks): (&str, &[Token<'_>]),
) -> Option<(String, String)> {
    let claim_times: Vec<Cow<'_, str>> = clock_times(text, claim_toks)
        .into_iter()
        .map(|k| number_key(claim_toks, k))
        .collect();
    // (A word that takes days away in a bracket is said of something else: "from 9:00am
    // (just avoid 1:00–1:30pm, when prescriptions can't be handed out)".)
    // Brackets counted from the claim's first token (one around the whole claim is none), in
    // one pass over the text between its tokens.
    let mut open: Vec<Token<'_>> = Vec::with_capacity(claim_toks.len());
    let (mut depth, mut from) = (0usize, claim_toks.first().map_or(0, |t| t.start));
    for t in claim_toks {
        for c in text[from..t.start].chars() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        from = t.start;
        if depth == 0 {
            open.push(*t);
        }
    }
    if claim_times.is_empty() || open.iter().any(takes_days_away) {
        return None;
    }
    let (stated, written) = weekday_set(context, sent_toks, true)?;
    // The time the claim shares with the sentence, in the clause that names the days (no
    // semicolon between: "Live music every Friday from 8pm; kitchen closes at 10pm").
    let sent_start = sent_toks.first()?.start;
    let sent_end = sent_toks
        .last()
        .map_or(sent_start, |t| t.start + t.raw.len());
    let days_at = sent_start + context[sent_start..sent_end].find(written.as_str())?;
    let shared = clock_times(context, sent_toks).into_iter().any(|k| {
        let at = sent_toks[k].start;
        let (a, b) = (at.min(days_at), at.max(days_at));
        claim_times.contains(&number_key(sent_toks, k)) && !context[a..b].contains(';')
    });
    if !shared {
        return None;
    }
    // The claim's days, or its question's when it is a bare value ("18:30.").
    // (Days in a bracket count when the rest names none: "9:00am (Tuesday)".)
    let (said, said_written) = weekday_set(text, &open, false)
        .or_else(|| weekday_set(text, claim_toks, false))
        .or_else(|| {
            (claim_toks.len() <= 4)
                .then(|| weekday_set(question, question_toks, false))
                .flatten()
        })?;
    // A day the sentence names in any form holds its own value there ("Monday to Friday from 9
    // am to 6 pm and on Saturday from 10 am to 4 pm").
    let named = weekday_set(context, sent_toks, false).map_or(stated, |(all, _)| all);
    (said & (stated | named) == 0).then_some((said_written, written))
}

/// The indices of the tokens of `toks` (offsets in `text`) that state a time of day, as the
/// quantity reader reads one ([`quantities`], [`crate::quantity::Dimension::TimeOfDay`]:
/// "18:30", "9am", "6:30 pm").
pub(super) fn clock_times(text: &str, toks: &[Token<'_>]) -> Vec<usize> {
    if !toks.iter().any(|t| t.is_number) {
        return Vec::new();
    }
    quantities(text, toks)
        .into_iter()
        .filter(|(_, q)| q.dimension() == crate::quantity::Dimension::TimeOfDay)
        .map(|(k, _)| k)
        .collect()
}

#[cfg(test)]
mod weekday_tests {
    use super::*;

    fn set(s: &str) -> Option<(u8, String)> {
        weekday_set(s, &tokens(s), false)
    }

    #[test]
    fn a_schedule_names_its_days_by_ranges_lists_and_words() {
        // Sunday = bit 0 … Saturday = bit 6.
        assert_eq!(
            set("06:45 07:20 08:05 Mon–Fri"),
            Some((0b011_1110, "Mon–Fri".into()))
        );
        assert_eq!(
            set("18:30 — 19:35 Fri & Sun only"),
            Some((0b010_0001, "Fri & Sun".into()))
        );
        assert_eq!(
            set("Open Friday to Monday, 10am–4pm").map(|s| s.0),
            Some(0b110_0011)
        );
        assert_eq!(
            set("Tuesdays and Thursdays at 7pm").map(|s| s.0),
            Some(0b001_0100)
        );
        assert_eq!(set("15:40 16:15 17:00 Daily").map(|s| s.0), Some(0x7f));
        // An abbreviation alone is no day; a schedule that takes days away is not read.
        assert_eq!(set("Sun Microsystems shipped it at 9am."), None);
        assert_eq!(set("Open daily except Sundays."), None);
        assert_eq!(set("Closed on Mondays."), None);
        // The text reported is the first range or list, not the rest of the sentence.
        assert_eq!(
            set("It is open on Mondays from 10am to 6pm, and admission is free every Monday."),
            Some((0b10, "Mondays".into()))
        );
        // As a schedule, a lone weekday dates an event and is not read.
        let event = "They could return to their homes on Saturday.";
        assert_eq!(set(event).map(|s| s.0), Some(0b100_0000));
        assert_eq!(weekday_set(event, &tokens(event), true), None);
        let every = "The market runs every Saturday from 9am.";
        assert_eq!(
            weekday_set(every, &tokens(every), true).map(|s| s.0),
            Some(0b100_0000)
        );
    }

    #[test]
    fn a_value_put_on_a_day_its_line_leaves_out_is_swapped() {
        let line = "18:30               —                 19:35             Fri & Sun only";
        let daily = "15:40               16:15             17:00             Daily";
        let q = "what time is the last boat out of Carrick Quay on a saturday?";
        let swap = |claim: &str, sent: &str| {
            weekday_swap(
                (claim, &tokens(claim)),
                (q, &tokens(q)),
                (sent, &tokens(sent)),
            )
        };
        assert_eq!(
            swap("The last Saturday sailing is at 18:30.", line),
            Some(("Saturday".to_string(), "Fri & Sun".to_string()))
        );
        // The question's day, for a claim that names none.
        assert_eq!(
            swap("18:30.", line),
            Some(("saturday".to_string(), "Fri & Sun".to_string()))
        );
        assert_eq!(swap("The last Saturday sailing is at 15:40.", daily), None);
        assert_eq!(swap("On Sundays the last one is at 18:30.", line), None);
        // Opening hours labelled by abbreviations; a number that is no time of day, or one in
        // another clause than the days, is no value of the schedule.
        let q = "What are the Saturday hours?";
        let swap_q = |claim: &str, sent: &str| {
            weekday_swap(
                (claim, &tokens(claim)),
                (q, &tokens(q)),
                (sent, &tokens(sent)),
            )
        };
        assert_eq!(swap_q("9am–4pm.", "Mon–Fri 8am–6pm, Sat 9am–4pm"), None);
        assert_eq!(swap_q("9am–4pm.", "Mon-Fri: 8am-6pm Sat: 9am-4pm"), None);
        assert_eq!(
            swap_q("9am–4pm.", "Mon–Fri 9am–4pm"),
            Some(("Saturday".to_string(), "Mon–Fri".to_string()))
        );
        let ship = "Orders ship Monday to Friday and arrive within 2 working days.";
        assert_eq!(swap_q("Within 2 working days.", ship), None);
        let music = "Live music every Friday from 8pm; the kitchen closes at 10pm.";
        assert_eq!(swap_q("10pm.", music), None);
        // A day the sentence names alone is one of its days too.
        let hours = "Open Monday to Friday from 9 am to 6 pm and on Saturday from 10 am to 4 pm.";
        assert_eq!(swap("Saturday: 10 am – 4 pm", hours), None);
        assert_eq!(
            swap("Sunday: 10 am – 4 pm", hours),
            Some(("Sunday".to_string(), "Monday to Friday".to_string()))
        );
        // A claim that takes the day away, or shares no number with the line, is not read.
        assert_eq!(swap("The 18:30 doesn't run on Saturdays.", line), None);
        assert_eq!(swap("The last Saturday sailing is at 15:40.", line), None);
    }
}
