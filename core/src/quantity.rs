//! Quantities with units (issue 11, DESIGN §2.1): a number read with its unit as a value of a
//! dimension, so that an answer stating a source's quantity in another unit is found in the
//! sources: "about 2.7 kilometres" by "2,737 metres", "13.5 hours" by "13 hours and 30
//! minutes", "6 pm" by "18:00", "390 °F" by "200 °C".
//!
//! Quantity normalisation after Roy, Vieira and Roth (2015), "Reasoning about Quantities in
//! Natural Language" (TACL 3): a quantity is a value, a unit and what the value is rounded to;
//! one quantity entails another of the same dimension when their values agree at the precision
//! the entailed one states. Conversion factors are those of NIST Special Publication 811 (2008),
//! "Guide for the Use of the International System of Units", appendix B.
//!
//! Only numbers followed by a unit this module knows are quantities; "5 of them" or "12 people"
//! are not. Nothing here allocates unless a text holds a quantity.

use crate::text::{gap, is_number_scale, number_key, number_value, precision_of, Token};
use tinyvec::ArrayVec;

/// What a unit measures. Values of one dimension are comparable after conversion to its base
/// unit ([`Quantity::base`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dimension {
    /// Base unit: metre.
    Length,
    /// Base unit: square metre.
    Area,
    /// Base unit: kilogram.
    Mass,
    /// Base unit: second.
    Duration,
    /// Base unit: kelvin.
    Temperature,
    /// Base unit: litre.
    Volume,
    /// Base unit: metre per second.
    Speed,
    /// A time of day; base unit: hours after midnight (0 to 24).
    TimeOfDay,
    /// A calendar date with its year; base: year × 10 000 + month × 100 + day.
    Date,
}

impl Dimension {
    /// Whether values of this dimension are measures, which one quantity can state in several
    /// units and of which a text can give several values: not a time of day or a date, one value
    /// however written ("7pm", "19:00").
    pub fn is_measure(self) -> bool {
        !matches!(self, Dimension::TimeOfDay | Dimension::Date)
    }

    /// Whether values of this dimension add up (extensive quantities: durations, lengths,
    /// masses, volumes, areas), so that two of them sum or differ to a third of the same
    /// dimension: not a speed, a temperature, a time of day or a date.
    pub fn is_extensive(self) -> bool {
        matches!(
            self,
            Dimension::Duration
                | Dimension::Length
                | Dimension::Mass
                | Dimension::Volume
                | Dimension::Area
        )
    }
}

/// A unit of [`UNITS`]: its dimension, and `base = value × factor + offset` (the offset is
/// non-zero for temperatures and afternoon clock times only).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Unit {
    dimension: Dimension,
    factor: f64,
    offset: f64,
}

const fn unit(dimension: Dimension, factor: f64) -> Unit {
    Unit {
        dimension,
        factor,
        offset: 0.0,
    }
}

const METRE: f64 = 1.0;
const KILOMETRE: f64 = 1000.0;
const MILE: f64 = 1609.344;
const HOUR: f64 = 3600.0;
const DAY: f64 = 86_400.0;
/// The mean Gregorian year, 365.2425 days.
const YEAR: f64 = 365.2425 * DAY;

/// Unit words after a number, lower-case ASCII, with what they measure (NIST SP 811, appendix
/// B.8–B.9). Words that are often something else after a number are left out: "in" (inch),
/// "s" (second), "t" (tonne), "g" (gram), "l" (litre), "degrees" alone (angle or temperature).
const UNITS: &[(&str, Unit)] = &[
    ("mm", unit(Dimension::Length, 0.001)),
    ("millimetre", unit(Dimension::Length, 0.001)),
    ("millimetres", unit(Dimension::Length, 0.001)),
    ("millimeter", unit(Dimension::Length, 0.001)),
    ("millimeters", unit(Dimension::Length, 0.001)),
    ("cm", unit(Dimension::Length, 0.01)),
    ("centimetre", unit(Dimension::Length, 0.01)),
    ("centimetres", unit(Dimension::Length, 0.01)),
    ("centimeter", unit(Dimension::Length, 0.01)),
    ("centimeters", unit(Dimension::Length, 0.01)),
    ("m", unit(Dimension::Length, METRE)),
    ("metre", unit(Dimension::Length, METRE)),
    ("metres", unit(Dimension::Length, METRE)),
    ("meter", unit(Dimension::Length, METRE)),
    ("meters", unit(Dimension::Length, METRE)),
    ("km", unit(Dimension::Length, KILOMETRE)),
    ("kms", unit(Dimension::Length, KILOMETRE)),
    ("kilometre", unit(Dimension::Length, KILOMETRE)),
    ("kilometres", unit(Dimension::Length, KILOMETRE)),
    ("kilometer", unit(Dimension::Length, KILOMETRE)),
    ("kilometers", unit(Dimension::Length, KILOMETRE)),
    ("inch", unit(Dimension::Length, 0.0254)),
    ("inches", unit(Dimension::Length, 0.0254)),
    ("ft", unit(Dimension::Length, 0.3048)),
    ("foot", unit(Dimension::Length, 0.3048)),
    ("feet", unit(Dimension::Length, 0.3048)),
    ("yd", unit(Dimension::Length, 0.9144)),
    ("yard", unit(Dimension::Length, 0.9144)),
    ("yards", unit(Dimension::Length, 0.9144)),
    ("mi", unit(Dimension::Length, MILE)),
    ("mile", unit(Dimension::Length, MILE)),
    ("miles", unit(Dimension::Length, MILE)),
    ("hectare", unit(Dimension::Area, 10_000.0)),
    ("hectares", unit(Dimension::Area, 10_000.0)),
    ("ha", unit(Dimension::Area, 10_000.0)),
    ("acre", unit(Dimension::Area, 4_046.856_422_4)),
    ("acres", unit(Dimension::Area, 4_046.856_422_4)),
    ("m²", unit(Dimension::Area, 1.0)),
    ("km²", unit(Dimension::Area, 1e6)),
    ("mi²", unit(Dimension::Area, MILE * MILE)),
    ("mg", unit(Dimension::Mass, 1e-6)),
    ("milligram", unit(Dimension::Mass, 1e-6)),
    ("milligrams", unit(Dimension::Mass, 1e-6)),
    ("gram", unit(Dimension::Mass, 0.001)),
    ("grams", unit(Dimension::Mass, 0.001)),
    ("kg", unit(Dimension::Mass, 1.0)),
    ("kgs", unit(Dimension::Mass, 1.0)),
    ("kilogram", unit(Dimension::Mass, 1.0)),
    ("kilograms", unit(Dimension::Mass, 1.0)),
    ("tonne", unit(Dimension::Mass, 1000.0)),
    ("tonnes", unit(Dimension::Mass, 1000.0)),
    ("oz", unit(Dimension::Mass, 0.028_349_523_125)),
    ("ounce", unit(Dimension::Mass, 0.028_349_523_125)),
    ("ounces", unit(Dimension::Mass, 0.028_349_523_125)),
    ("lb", unit(Dimension::Mass, 0.453_592_37)),
    ("lbs", unit(Dimension::Mass, 0.453_592_37)),
    ("pound", unit(Dimension::Mass, 0.453_592_37)),
    ("pounds", unit(Dimension::Mass, 0.453_592_37)),
    ("sec", unit(Dimension::Duration, 1.0)),
    ("secs", unit(Dimension::Duration, 1.0)),
    ("second", unit(Dimension::Duration, 1.0)),
    ("seconds", unit(Dimension::Duration, 1.0)),
    ("min", unit(Dimension::Duration, 60.0)),
    ("mins", unit(Dimension::Duration, 60.0)),
    ("minute", unit(Dimension::Duration, 60.0)),
    ("minutes", unit(Dimension::Duration, 60.0)),
    ("h", unit(Dimension::Duration, HOUR)),
    ("hr", unit(Dimension::Duration, HOUR)),
    ("hrs", unit(Dimension::Duration, HOUR)),
    ("hour", unit(Dimension::Duration, HOUR)),
    ("hours", unit(Dimension::Duration, HOUR)),
    ("day", unit(Dimension::Duration, DAY)),
    ("days", unit(Dimension::Duration, DAY)),
    ("week", unit(Dimension::Duration, 7.0 * DAY)),
    ("weeks", unit(Dimension::Duration, 7.0 * DAY)),
    ("month", unit(Dimension::Duration, YEAR / 12.0)),
    ("months", unit(Dimension::Duration, YEAR / 12.0)),
    ("year", unit(Dimension::Duration, YEAR)),
    ("years", unit(Dimension::Duration, YEAR)),
    ("decade", unit(Dimension::Duration, 10.0 * YEAR)),
    ("decades", unit(Dimension::Duration, 10.0 * YEAR)),
    ("century", unit(Dimension::Duration, 100.0 * YEAR)),
    ("centuries", unit(Dimension::Duration, 100.0 * YEAR)),
    ("ml", unit(Dimension::Volume, 0.001)),
    ("millilitre", unit(Dimension::Volume, 0.001)),
    ("millilitres", unit(Dimension::Volume, 0.001)),
    ("milliliter", unit(Dimension::Volume, 0.001)),
    ("milliliters", unit(Dimension::Volume, 0.001)),
    ("litre", unit(Dimension::Volume, 1.0)),
    ("litres", unit(Dimension::Volume, 1.0)),
    ("liter", unit(Dimension::Volume, 1.0)),
    ("liters", unit(Dimension::Volume, 1.0)),
    // US customary spoons (NIST Handbook 133, appendix E): 4.928 92 and 14.786 76 ml.
    ("tsp", unit(Dimension::Volume, 0.004_928_921_593_75)),
    ("teaspoon", unit(Dimension::Volume, 0.004_928_921_593_75)),
    ("teaspoons", unit(Dimension::Volume, 0.004_928_921_593_75)),
    ("tbsp", unit(Dimension::Volume, 0.014_786_764_781_25)),
    ("tablespoon", unit(Dimension::Volume, 0.014_786_764_781_25)),
    ("tablespoons", unit(Dimension::Volume, 0.014_786_764_781_25)),
    ("mph", unit(Dimension::Speed, MILE / HOUR)),
    ("kph", unit(Dimension::Speed, KILOMETRE / HOUR)),
    ("knot", unit(Dimension::Speed, 1852.0 / HOUR)),
    ("knots", unit(Dimension::Speed, 1852.0 / HOUR)),
];

/// The longest word of [`UNITS`], in bytes ("millimetres").
const UNIT_MAX_LEN: usize = 11;

/// Temperature scales, written after "degrees" or a degree sign ("200 degrees Celsius", "212
/// °F"), compared case-insensitively: kelvin = value × factor + offset.
const TEMPERATURE_SCALES: &[(&str, Unit)] = &[
    ("c", CELSIUS),
    ("celsius", CELSIUS),
    ("centigrade", CELSIUS),
    ("f", FAHRENHEIT),
    ("fahrenheit", FAHRENHEIT),
    ("k", KELVIN),
    ("kelvin", KELVIN),
];

const CELSIUS: Unit = Unit {
    dimension: Dimension::Temperature,
    factor: 1.0,
    offset: 273.15,
};
const FAHRENHEIT: Unit = Unit {
    dimension: Dimension::Temperature,
    factor: 5.0 / 9.0,
    offset: 273.15 - 32.0 * 5.0 / 9.0,
};
const KELVIN: Unit = Unit {
    dimension: Dimension::Temperature,
    factor: 1.0,
    offset: 0.0,
};
/// A time of day on the 24-hour clock ("18:00") or before noon ("9 am").
const CLOCK: Unit = Unit {
    dimension: Dimension::TimeOfDay,
    factor: 1.0,
    offset: 0.0,
};
/// A time of day after noon ("6 pm": 18 hours after midnight).
const CLOCK_PM: Unit = Unit {
    dimension: Dimension::TimeOfDay,
    factor: 1.0,
    offset: 12.0,
};

/// A calendar date ("July 4, 1776", "1776-07-04", "07/04/1776").
const DATE: Unit = Unit {
    dimension: Dimension::Date,
    factor: 1.0,
    offset: 0.0,
};

/// A number read with its unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quantity {
    /// The value in its dimension's base unit ([`Dimension`]).
    pub base: f64,
    /// The unit it is written in (the largest, for a compound "13 hours and 30 minutes").
    unit: Unit,
    /// The rounding step its writing states, in `unit` ("2.7 km": 0.1; "13 hours and 30
    /// minutes": one minute, 1/60; a clock time: one minute).
    precision: f64,
    /// Written in parts ("5 feet 11 inches") or as a clock time ("6:30").
    compound: bool,
    /// For a date written in digits that reads both ways ("07/04/1776": July 4 or 7 April),
    /// the `base` of the other reading.
    other_reading: Option<f64>,
}

impl Quantity {
    /// What the quantity measures.
    pub fn dimension(&self) -> Dimension {
        self.unit.dimension
    }

    /// Whether it is written in parts ("5 feet 11 inches", each part read as the whole) or as
    /// a clock time ("6:30").
    pub fn compound(&self) -> bool {
        self.compound
    }

    /// Whether this quantity (an answer's) restates `source` in another unit or another
    /// writing: the same dimension, and `source`'s value, converted to this quantity's unit and
    /// rounded to the precision this quantity states, equals this one's ("2.7 km" restates
    /// "2,737 m"; "2,737 m" does not restate "2.7 km", which states less). The same unit
    /// written the same way is no restatement: such a number is found as written, or rounded
    /// only when stated as approximate (`text::rounds_to`). Times of day are compared however
    /// written ("12 am" restates "0:00"), to the minute, and dates to the day ("1776-07-04"
    /// restates "July 4, 1776").
    pub fn restates(&self, source: &Quantity) -> bool {
        let u = self.unit;
        if u.dimension == Dimension::Date && source.unit.dimension == Dimension::Date {
            // A date however written: either reading of each.
            let mine = [Some(self.base), self.other_reading];
            let theirs = [Some(source.base), source.other_reading];
            return mine.iter().flatten().any(|m| theirs.contains(&Some(*m)));
        }
        if u.dimension != source.unit.dimension
            || (u == source.unit
                && self.compound == source.compound
                && u.dimension != Dimension::TimeOfDay)
        {
            return false;
        }
        let mine = (self.base - u.offset) / u.factor;
        let theirs = (source.base - u.offset) / u.factor;
        (mine / self.precision).round() == (theirs / self.precision).round()
    }

    /// Whether this quantity, a duration in hours, minutes or seconds, is the time between the
    /// times of day `a` and `b` of one day, to the precision it is written with but at most one
    /// of its unit ("3 hours 50 minutes" between "8:30am" and "12:20pm", to the minute; "4
    /// hours" to the hour, "10 hours" too): the later less the earlier. A span past midnight
    /// is not read (which of two times comes first is not known here). False when this is
    /// no such duration or either is no time of day.
    pub fn spans_between(&self, a: &Quantity, b: &Quantity) -> bool {
        if self.unit.dimension != Dimension::Duration
            || self.unit.factor > HOUR
            || a.unit.dimension != Dimension::TimeOfDay
            || b.unit.dimension != Dimension::TimeOfDay
        {
            return false;
        }
        // The step the duration is written to, in seconds.
        let step = self.precision.min(1.0) * self.unit.factor;
        let hours = (a.base - b.base).abs();
        hours > 0.0 && ((hours * HOUR) / step).round() == (self.base / step).round()
    }

    /// Whether this quantity (an answer's) states the number of `source` in another unit of
    /// the same dimension without restating it ([`Quantity::restates`]): "2,737 feet" against
    /// "2,737 metres", "200 °F" against "200 °C". Times of day and dates never are (one value
    /// however written).
    pub fn unit_swapped(&self, source: &Quantity) -> bool {
        self.unit.dimension == source.unit.dimension
            && self.unit.dimension.is_measure()
            && self.unit != source.unit
            && !self.restates(source)
    }
}

/// The unit a word names after a number ([`UNITS`], ASCII case-insensitive), None for other
/// words.
fn unit_named(raw: &str) -> Option<Unit> {
    if raw.len() > UNIT_MAX_LEN {
        return None;
    }
    UNITS
        .iter()
        .find(|(w, _)| raw.eq_ignore_ascii_case(w))
        .map(|&(_, u)| u)
}

/// The [`Dimension`] of the unit a word names after a number ([`UNITS`], ASCII
/// case-insensitive: "ml", "days", "kg"), None for other words.
pub fn unit_dimension(raw: &str) -> Option<Dimension> {
    unit_named(raw).map(|u| u.dimension)
}

/// The first word of [`UNITS`] for the unit a lower-case word names ("kilometres", "kms",
/// "km": "km"; "hours", "hrs": "h"), None for other words: one key for a unit however it is
/// written. Hashed, built on first use: it runs for every word of the sources.
pub fn unit_symbol(lower: &str) -> Option<&'static str> {
    static SYMBOL_OF: std::sync::OnceLock<crate::text::FastMap<&'static str, &'static str>> =
        std::sync::OnceLock::new();
    if lower.len() > UNIT_MAX_LEN {
        return None;
    }
    SYMBOL_OF
        .get_or_init(|| {
            UNITS
                .iter()
                .map(|&(w, u)| {
                    let first = UNITS.iter().find(|(_, v)| *v == u).map_or(w, |&(f, _)| f);
                    (w, first)
                })
                .collect()
        })
        .get(lower)
        .copied()
}

/// Words of [`UNITS`] that are as often something else ("the second film", "a minute
/// difference", "pound sterling", "foot of the hill", "back yard"): units only after a number.
pub const AMBIGUOUS_UNIT_WORDS: &[&str] = &[
    "second", "seconds", "minute", "minutes", "pound", "pounds", "foot", "feet", "yard", "yards",
    "knot", "knots", "day", "days",
];

/// The temperature scale a word names ([`TEMPERATURE_SCALES`]), None for other words.
fn scale_named(raw: &str) -> Option<Unit> {
    TEMPERATURE_SCALES
        .iter()
        .find(|(w, _)| raw.eq_ignore_ascii_case(w))
        .map(|&(_, u)| u)
}

/// A unit read after a number.
struct UnitRead {
    unit: Unit,
    /// The index of the token after the unit.
    next: usize,
    /// "am" or "pm": the number before it is an hour of the clock.
    clock: bool,
}

/// The unit that starts at token `u` after the number (or its scale word) `toks[u − 1]`: a unit
/// word ("metres"), a temperature scale after a degree sign or "degrees" ("°C", "degrees
/// Fahrenheit"), "am"/"pm" ("a.m."/"p.m."), "square" and a length ("square miles"), a length
/// per hour ("km/h", "miles per hour").
fn unit_at(text: &str, toks: &[Token<'_>], u: usize) -> Option<UnitRead> {
    let t = toks.get(u)?;
    if t.is_number {
        return None;
    }
    let g = gap(text, toks, u - 1, u);
    let word = |j: usize| toks.get(j).filter(|t| !t.is_number).map(|t| t.raw);
    let is = |j: usize, w: &str| word(j).is_some_and(|r| r.eq_ignore_ascii_case(w));
    if g == "°" {
        return scale_named(t.raw).map(|unit| UnitRead {
            unit,
            next: u + 1,
            clock: false,
        });
    }
    if !(g.is_empty() || g == "-") {
        return None;
    }
    if is(u, "degrees") || is(u, "degree") {
        return Some(UnitRead {
            unit: scale_named(word(u + 1)?)?,
            next: u + 2,
            clock: false,
        });
    }
    if is(u, "am") || is(u, "pm") || ((is(u, "a") || is(u, "p")) && is(u + 1, "m")) {
        if (is(u, "a") || is(u, "p")) && gap(text, toks, u, u + 1) != "." {
            return None;
        }
        let pm = t.raw.starts_with(['p', 'P']);
        return Some(UnitRead {
            unit: if pm { CLOCK_PM } else { CLOCK },
            next: if t.raw.len() == 1 { u + 2 } else { u + 1 },
            clock: true,
        });
    }
    if is(u, "square") || is(u, "sq") {
        let length = unit_named(word(u + 1)?).filter(|l| l.dimension == Dimension::Length)?;
        return Some(UnitRead {
            unit: unit(Dimension::Area, length.factor * length.factor),
            next: u + 2,
            clock: false,
        });
    }
    // A capitalised unit word that opens a run of capitalised words is a name's first word,
    // no unit: "two Day Passes", "the 10-Day Flexi Bundle" count passes and bundles, not days.
    let opens_name = t.raw.starts_with(char::is_uppercase)
        && toks.get(u + 1).is_some_and(|n| {
            !n.is_number
                && n.raw.starts_with(char::is_uppercase)
                && text.get(t.start + t.raw.len()..n.start) == Some(" ")
                && unit_named(n.raw).is_none()
        });
    if opens_name {
        return None;
    }
    let found = unit_named(t.raw)?;
    if found.dimension == Dimension::Length {
        // "km/h", "miles per hour", "kilometres an hour".
        let slash = u + 1 < toks.len() && gap(text, toks, u, u + 1) == "/";
        let per_hour = (slash && (is(u + 1, "h") || is(u + 1, "hr")))
            .then_some(u + 2)
            .or_else(|| {
                ((is(u + 1, "per") || is(u + 1, "an")) && is(u + 2, "hour")).then_some(u + 3)
            });
        if let Some(next) = per_hour {
            return Some(UnitRead {
                unit: unit(Dimension::Speed, found.factor / HOUR),
                next,
                clock: false,
            });
        }
    }
    Some(UnitRead {
        unit: found,
        next: u + 1,
        clock: false,
    })
}

/// The value of the number token or number word at `toks[i]` (its scale word applied,
/// `text::number_key`) and the digits its precision is read from; None for other tokens.
fn value_at(toks: &[Token<'_>], i: usize) -> Option<(f64, f64)> {
    let t = toks[i];
    if t.is_number {
        if crate::text::decade_start(t.raw).is_some() {
            return None;
        }
        let key = number_key(toks, i);
        return Some((number_value(&key)?, precision_of(&key)?));
    }
    if !crate::grounding::may_be_number_word(t.raw) {
        return None;
    }
    // The scale word of "two thousand" is part of the number before it, no number of its own.
    if crate::grounding::word_scale_at(toks, i).is_some() {
        return None;
    }
    let digits = crate::grounding::number_word_at(toks, i)?;
    if let Some(scaled) = crate::grounding::scaled_number_word(toks, i, digits) {
        return Some((scaled.parse().ok()?, precision_of(&scaled)?));
    }
    Some((digits.parse().ok()?, precision_of(digits)?))
}

/// Where the unit of the number `toks[i]` starts: after its scale word, if any ("5.5 million",
/// "two thousand").
fn unit_start(toks: &[Token<'_>], i: usize) -> usize {
    if is_number_scale(toks, i + 1) || crate::grounding::word_scale_at(toks, i + 1).is_some() {
        i + 2
    } else {
        i + 1
    }
}

/// A clock time written with minutes at `toks[i]` ("18:00", "6:30 pm"; one token, [`tokens`]):
/// the hour (0–24), a colon and two digits of minutes (00–59; one digit in a range of times
/// such as "7:0-18:0", which [`tokens`] reads as one time only there), then "am"/"pm" if
/// written. The
/// quantity and the index of the token after it.
fn clock_at(text: &str, toks: &[Token<'_>], i: usize) -> Option<(Quantity, usize)> {
    let t = toks[i];
    let (h, m) = crate::text::split_once_byte(t.raw, b':').filter(|_| t.is_number)?;
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(h) && digits(m) && h.len() <= 2 && (1..=2).contains(&m.len())) {
        return None;
    }
    let (hour, minute): (f64, f64) = (h.parse().ok()?, m.parse().ok()?);
    if hour > 24.0 || minute > 59.0 {
        return None;
    }
    Some(match unit_at(text, toks, i + 1).filter(|r| r.clock) {
        Some(r) => (clock(hour, minute, r.unit, true), r.next),
        None => (clock(hour, minute, CLOCK, false), i + 1),
    })
}

/// The time of day `hour:minute`, precise to the minute, on the 24-hour clock (`meridiem`
/// None) or before or after noon (`unit` [`CLOCK`] or [`CLOCK_PM`] with `meridiem` Some: "12
/// pm" is noon, "12 am" midnight).
fn clock(hour: f64, minute: f64, unit: Unit, meridiem: bool) -> Quantity {
    let hour = if meridiem { hour % 12.0 } else { hour };
    Quantity {
        base: hour + minute / 60.0 + unit.offset,
        unit,
        precision: 1.0 / 60.0,
        compound: true,
        other_reading: None,
    }
}

/// A quantity read from its first number: the quantity, the index of the token after it, and
/// the indices of its numbers (one, or the parts of a compound: at most [`MAX_PARTS`]).
struct Read {
    q: Quantity,
    next: usize,
    parts: ArrayVec<[usize; MAX_PARTS]>,
}

/// The most parts a compound quantity is read with ("1 day, 2 hours, 3 minutes and 4 seconds").
const MAX_PARTS: usize = 4;

/// The number (1–12) of the month a word names in full or abbreviated
/// ([`crate::text::month_index`], any case), None for other words.
fn month_named(t: &Token<'_>) -> Option<u32> {
    (!t.is_number && t.raw.len() <= 9)
        .then(|| crate::text::month_index(t.raw))
        .flatten()
        .map(|m| m as u32 + 1)
}

/// A date whose first number is `toks[i]`: in digits ("1776-07-04", "07/04/1776", "04.07.1776":
/// a year of four digits first or last, one separator, no spaces; `text::tokens` splits a date
/// written with dots), or a day with a month name and a year
/// ("July 4, 1776", "July 4th, 1776", "4 July 1776", "4th of July 1776"). The date, the index of
/// the token after it and the indices of its numbers.
fn date_at(text: &str, toks: &[Token<'_>], i: usize) -> Option<(Quantity, usize, [usize; 2])> {
    let int = |j: usize| -> Option<u32> {
        let t = toks.get(j).filter(|t| t.is_number)?;
        t.raw
            .trim_end_matches(|c: char| c.is_ascii_alphabetic())
            .parse()
            .ok()
    };
    let year = |j: usize| {
        toks.get(j)
            .filter(|t| t.raw.len() == 4)
            .and_then(|_| int(j))
            .filter(|y| (1000..=2999).contains(y))
    };
    let date = |y: u32, m: u32, d: u32| {
        ((1..=12).contains(&m) && (1..=31).contains(&d))
            .then(|| f64::from(y * 10_000 + m * 100 + d))
    };
    let q = |base: f64, other_reading: Option<f64>| Quantity {
        base,
        unit: DATE,
        precision: 1.0,
        compound: true,
        other_reading,
    };
    // In digits: the two gaps are one separator each, the same one.
    let tight = |a: usize| {
        let t = toks.get(a)?;
        let n = toks.get(a + 1)?;
        text.get(t.start + t.raw.len()..n.start)
    };
    if let (Some(g), Some(h)) = (tight(i), tight(i + 1)) {
        if g == h && (g == "-" || g == "/" || g == ".") {
            if let Some(y) = year(i) {
                let base = date(y, int(i + 1)?, int(i + 2)?)?;
                return Some((q(base, None), i + 3, [i + 1, i + 2]));
            }
            let y = year(i + 2)?;
            let (a, b) = (int(i)?, int(i + 1)?);
            let (us, day_first) = (date(y, a, b), date(y, b, a));
            let base = us.or(day_first)?;
            let other = day_first.filter(|&d| d != base);
            return Some((q(base, other), i + 3, [i, i + 1]));
        }
    }
    // A day with a month name and a year.
    let day = int(i).filter(|d| (1..=31).contains(d))?;
    let is = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    if let Some(m) = i.checked_sub(1).and_then(|j| month_named(&toks[j])) {
        // "July 4, 1776"
        let y = year(i + 1)?;
        return Some((q(date(y, m, day)?, None), i + 2, [i, i + 1]));
    }
    let at = if is(i + 1, "of") { i + 2 } else { i + 1 };
    let m = month_named(toks.get(at)?)?;
    let y = year(at + 1)?;
    Some((q(date(y, m, day)?, None), at + 2, [i, at + 1]))
}

/// The quantity whose first number is `toks[i]` (a number token or a number word), None when
/// `toks[i]` starts none: a date ("July 4, 1776", "1776-07-04"), a clock time ("18:00", "6 pm"),
/// or a number and its unit followed by
/// the smaller parts of a compound ("13 hours and 30 minutes", "5 feet, 11 inches").
fn read_from(text: &str, toks: &[Token<'_>], i: usize) -> Option<Read> {
    // Cheapest tests first: a word is looked up as a number word (hashed) before its unit is
    // read; a number's unit (a scan of UNITS) is read before its value (parsed).
    let word_value = if toks[i].is_number {
        None
    } else {
        Some(value_at(toks, i)?)
    };
    let one = |q: Quantity, next: usize, parts: &[usize]| {
        let mut p = ArrayVec::new();
        p.extend_from_slice(parts);
        Some(Read { q, next, parts: p })
    };
    if toks[i].is_number {
        if let Some((q, next, parts)) = date_at(text, toks, i) {
            return one(q, next, &parts);
        }
    }
    if let Some((q, next)) = clock_at(text, toks, i) {
        return one(q, next, &[i]);
    }
    let read = unit_at(text, toks, unit_start(toks, i))?;
    let (value, precision) = word_value.or_else(|| value_at(toks, i))?;
    if read.clock {
        let hour = value.fract() == 0.0 && (1.0..=12.0).contains(&value);
        return hour
            .then(|| one(clock(value, 0.0, read.unit, true), read.next, &[i]))
            .flatten();
    }
    let mut q = Quantity {
        base: value * read.unit.factor + read.unit.offset,
        unit: read.unit,
        precision,
        compound: false,
        other_reading: None,
    };
    let mut parts = ArrayVec::<[usize; MAX_PARTS]>::new();
    parts.push(i);
    // The smaller parts of a compound: "13 hours and 30 minutes", "5 feet, 11 inches".
    // Temperatures and speeds are written in one unit.
    let mut next = read.next;
    let mut smallest = read.unit.factor;
    let compounds = read.unit.offset == 0.0 && read.unit.dimension != Dimension::Speed;
    while compounds && next < toks.len() && parts.len() < MAX_PARTS {
        let j = if toks[next].raw == "and" {
            next + 1
        } else {
            next
        };
        let Some((v, p)) = (j < toks.len()).then(|| value_at(toks, j)).flatten() else {
            break;
        };
        let Some(part) = unit_at(text, toks, unit_start(toks, j))
            .filter(|r| r.unit.dimension == q.unit.dimension && r.unit.factor < smallest)
        else {
            break;
        };
        if !matches!(gap(text, toks, next - 1, j), "" | "," | "and" | ", and") {
            break;
        }
        q.base += v * part.unit.factor;
        q.precision = p * part.unit.factor / q.unit.factor;
        q.compound = true;
        smallest = part.unit.factor;
        parts.push(j);
        next = part.next;
    }
    Some(Read { q, next, parts })
}

/// Every quantity of a text: for each number token or number word of `toks` (the [`tokens`] of
/// `text`, or a run of them) that is read with a unit, its index and the quantity. The numbers
/// of a compound ("13 hours and 30 minutes", "5 ft 11 in") each get the whole; a clock time
/// ("18:00", "6:30 pm") is one token.
/// Empty (and unallocated) for a text without one.
///
/// [`tokens`]: crate::text::tokens
pub fn quantities(text: &str, toks: &[Token<'_>]) -> Vec<(usize, Quantity)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        match read_from(text, toks, i) {
            Some(r) => {
                out.extend(r.parts.iter().map(|&p| (p, r.q)));
                i = r.next.max(i + 1);
            }
            None => i += 1,
        }
    }
    out
}

/// The number `toks[i]` with its unit as `text` writes them ("2,737 metres", "200 °C", "200
/// degrees Fahrenheit"), None when `toks[i]` is no number read with a unit.
pub fn written_at<'t>(text: &'t str, toks: &[Token<'_>], i: usize) -> Option<&'t str> {
    value_at(toks, i)?;
    let read = unit_at(text, toks, unit_start(toks, i))?;
    let last = toks.get(read.next - 1)?;
    text.get(toks[i].start..last.start + last.raw.len())
}

/// The quantity the number `toks[i]` (offsets in `text`) states with its own unit alone, not as
/// a part of a compound: "45 minutes" of "2 hours 45 minutes", where [`quantities`] gives each
/// part the whole, in the largest unit. None when `toks[i]` is no number read with a unit.
pub fn part_alone(text: &str, toks: &[Token<'_>], i: usize) -> Option<Quantity> {
    let written = written_at(text, toks, i)?;
    let own = crate::text::tokens(written);
    read_from(written, &own, 0).map(|r| r.q)
}

/// Whether `toks[i]` is the name of a temperature scale written as a unit ("Celsius" in "200
/// degrees Celsius", "Fahrenheit" after a degree sign): part of a quantity, no name.
pub fn is_scale_name(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let degrees = |t: &Token<'_>| {
        t.raw.eq_ignore_ascii_case("degrees") || t.raw.eq_ignore_ascii_case("degree")
    };
    i >= 1
        && toks[i].raw.len() > 1
        && scale_named(toks[i].raw).is_some()
        && (gap(text, toks, i - 1, i) == "°"
            || (i >= 2 && degrees(&toks[i - 1]) && value_at(toks, i - 2).is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokens;

    fn first(text: &str) -> Quantity {
        let toks = tokens(text);
        quantities(text, &toks)
            .first()
            .unwrap_or_else(|| panic!("no quantity in {text:?}"))
            .1
    }

    #[test]
    fn every_index_is_a_number_of_the_text() {
        for text in [
            "It closes at 18:00",
            "open 9:00 to 6:30 pm",
            "13 hours and 30 minutes",
        ] {
            let toks = tokens(text);
            for (i, _) in quantities(text, &toks) {
                assert!(toks[i].is_number, "{text:?}: {i}");
            }
        }
    }

    fn restates(answer: &str, source: &str) -> bool {
        first(answer).restates(&first(source))
    }

    #[test]
    fn a_quantity_in_another_unit_is_restated_at_the_precision_it_states() {
        assert!(restates("about 2.7 kilometres", "2,737 metres"));
        assert!(restates("3 km", "2,737 m"));
        // More precise than the source: not stated there.
        assert!(!restates("2,737 metres", "2.7 km"));
        assert!(!restates("2.8 km", "2,737 metres"));
        assert!(restates("13.5 hours", "13 hours and 30 minutes"));
        assert!(restates("13 hours and 30 minutes", "13.5 hours"));
        assert!(!restates("13.5 hours", "13 hours and 20 minutes"));
        assert!(restates("90 minutes", "1 hour 30 minutes"));
        assert!(restates("6 feet", "1.83 m"));
        assert!(restates("5 feet 11 inches", "1.80 metres"));
        assert!(!restates("5 feet 11 inches", "1.70 metres"));
        assert!(restates("390 °F", "200 °C"));
        assert!(restates("200 degrees Celsius", "392 degrees Fahrenheit"));
        assert!(!restates("200 °F", "200 °C"));
        assert!(restates("100 km/h", "62 mph") || restates("62 mph", "100 km/h"));
        assert!(restates("62 mph", "100 kilometres per hour"));
        assert!(restates("2 years", "24 months"));
        assert!(restates("three decades", "30 years"));
        assert!(restates("250 acres", "101 hectares"));
        assert!(restates("1 square mile", "2.59 km²"));
        // A number word with its scale word is one number ("two thousand", not 1,000).
        assert!(restates("two thousand kilometres", "1,243 miles"));
        assert!(!restates("two thousand kilometres", "621 miles"));
    }

    #[test]
    fn a_capitalised_unit_word_opening_a_name_is_no_unit() {
        let none = |t: &str| quantities(t, &tokens(t)).is_empty();
        assert!(none("a 10-Day Flexi Bundle plus two Day Passes"));
        assert!(!none("a bundle for two days"));
        assert!(!none("valid for 60 Days from first use"));
    }

    #[test]
    fn unit_words_fit_their_length_bound() {
        assert_eq!(UNITS.iter().map(|(w, _)| w.len()).max(), Some(UNIT_MAX_LEN));
        assert_eq!(unit_symbol("kilometres"), Some("km"));
        assert_eq!(unit_symbol("hrs"), Some("h"));
        assert_eq!(unit_symbol("metres"), Some("m"));
        assert_eq!(unit_symbol("tower"), None);
    }

    #[test]
    fn a_number_in_another_unit_of_its_dimension_is_swapped() {
        let swapped = |a: &str, s: &str| first(a).unit_swapped(&first(s));
        assert!(swapped("2,737 feet", "2,737 metres"));
        assert!(swapped("200 °F", "200 °C"));
        assert!(!swapped("2,737 metres", "2,737 meters"));
        assert!(!swapped("2.7 km", "2,737 metres"));
        assert!(!swapped("6 pm", "6:00"));
        assert!(!swapped("2,737 kg", "2,737 metres"));
        // A part of a compound read alone is in its own unit; as a part, in the whole's.
        let text = "Your layover is 2 hours 45 minutes.";
        let toks = tokens(text);
        let at = toks.iter().position(|t| t.raw == "45").expect("a part");
        let alone = part_alone(text, &toks, at).expect("a quantity");
        assert!(!alone.unit_swapped(&first("at least 45 minutes")));
        let whole = quantities(text, &toks)
            .iter()
            .find(|(j, _)| *j == at)
            .expect("a part")
            .1;
        assert!(whole.unit_swapped(&first("at least 45 minutes")));
        assert!(swapped("10 days", "10 hours 30 minutes"));
        let text = "It is 200 degrees Fahrenheit, 2,737 m or 5 km/h.";
        let toks = tokens(text);
        let written: Vec<&str> = (0..toks.len())
            .filter_map(|i| written_at(text, &toks, i))
            .collect();
        assert_eq!(written, ["200 degrees Fahrenheit", "2,737 m", "5 km/h"]);
    }

    #[test]
    fn the_same_unit_written_the_same_way_is_no_restatement() {
        // Rounding within one unit is left to approximators ("about 2,700 metres").
        assert!(!restates("2,700 metres", "2,737 metres"));
        assert!(!restates("2,700 metres", "2,737 meters"));
    }

    #[test]
    fn a_duration_spans_two_times_of_day_to_its_precision() {
        let q = |text: &str| {
            let toks = crate::text::tokens(text);
            quantities(text, &toks)[0].1
        };
        let (from, to) = (q("8:30am"), q("12:20pm"));
        assert!(q("3 hours 50 minutes").spans_between(&from, &to));
        assert!(q("3 hours 50 minutes").spans_between(&to, &from));
        assert!(q("230 minutes").spans_between(&from, &to));
        assert!(!q("3 hours 40 minutes").spans_between(&from, &to));
        // To the hour written, at most; not past midnight, nor in days.
        assert!(q("4 hours").spans_between(&from, &to));
        assert!(!q("5 hours").spans_between(&from, &to));
        assert!(!q("10 hours").spans_between(&q("9:00"), &q("22:00")));
        assert!(!q("8 hours").spans_between(&q("22:00"), &q("6:00")));
        assert!(!q("1 day").spans_between(&from, &to));
        // Not a length, nor between a time and a length.
        assert!(!q("3 km").spans_between(&from, &to));
        assert!(!q("3 hours").spans_between(&from, &q("3 km")));
    }

    #[test]
    fn clock_times_are_times_of_day() {
        assert!(restates("6 pm", "18:00"));
        assert!(restates("18:00", "6 p.m."));
        assert!(restates("6:30 pm", "18:30"));
        assert!(!restates("6 pm", "18:20"));
        assert!(!restates("6 am", "18:00"));
        assert!(restates("12 pm", "12:00"));
        assert!(restates("12 am", "0:00"));
        assert_eq!(first("at 9:00 to 21:00").dimension(), Dimension::TimeOfDay);
        // A score or a ratio is read as a clock only with two digits of minutes.
        let text = "a 2:1 win, mixed 3:5";
        assert!(quantities(text, &tokens(text)).is_empty());
    }

    #[test]
    fn a_date_is_restated_however_written() {
        for (answer, source) in [
            ("1776-07-04", "July 4, 1776"),
            ("07/04/1776", "July 4th, 1776"),
            ("04/07/1776", "4 July 1776"),
            ("04.07.1776", "4 July 1776"),
            ("20.07.1969", "July 20, 1969"),
            ("July 4, 1776", "4th of July 1776"),
        ] {
            assert!(restates(answer, source), "{answer} / {source}");
        }
        assert!(!restates("1776-07-05", "July 4, 1776"));
        assert!(!restates("07/05/1776", "July 4, 1776"));
        assert!(!first("1776-07-05").unit_swapped(&first("July 4, 1776")));
        assert_eq!(first("on 12/25/2020").dimension(), Dimension::Date);
        // Not dates: a range of years, a score, a fraction.
        for text in ["1990-2000", "a 3-2 win", "3/4 of them", "May 2020"] {
            let qs = quantities(text, &tokens(text));
            assert!(qs.is_empty(), "{text}: {qs:?}");
        }
    }

    #[test]
    fn numbers_without_a_known_unit_are_no_quantities() {
        for text in [
            "5 of them",
            "12 people",
            "in 1999",
            "3 in 10",
            "the 1870s",
            "45 degrees",
            "I am 30",
        ] {
            assert!(
                quantities(text, &tokens(text)).is_empty(),
                "{text}: {:?}",
                quantities(text, &tokens(text))
            );
        }
    }

    #[test]
    fn every_number_of_a_compound_gets_the_whole() {
        let text = "It takes 13 hours and 30 minutes, then 2 days.";
        let qs = quantities(text, &tokens(text));
        assert_eq!(qs.len(), 3, "{qs:?}");
        assert_eq!(qs[0].1, qs[1].1);
        assert!((qs[0].1.base - 13.5 * HOUR).abs() < 1e-6);
        assert!((qs[2].1.base - 2.0 * DAY).abs() < 1e-6);
    }

    #[test]
    fn scale_names_after_degrees_or_a_degree_sign_are_units() {
        let text = "Preheat to 200 degrees Celsius or 390 °Fahrenheit; Celsius was Swedish.";
        let toks = tokens(text);
        let scales: Vec<&str> = (0..toks.len())
            .filter(|&i| is_scale_name(text, &toks, i))
            .map(|i| toks[i].raw)
            .collect();
        assert_eq!(scales, ["Celsius", "Fahrenheit"]);
    }
}
