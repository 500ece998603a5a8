//! Tokenisation and hashing shared by feature extraction, training and the WebAssembly build.
//!
//! Deterministic on every target: no locale, no randomised hasher (FNV-1a, 64 bit).

/// A token of the text: a word (letters, inner apostrophes or hyphens), a dotted initialism
/// (`U.S`, `D.C`, `J.R.R`: single capitals joined by dots, the last dot left to end a sentence
/// as it may) or a number (digits with an inner `.` and commas that group digits in threes,
/// e.g. `1,200.5` — `22,12,4` is three numbers, a CSV row's — and an ordinal suffix, `4th`,
/// `21st`, or a decade's "s", `1870s`). A version written with a "v" (`v4.8.0`) is its number
/// (`4.8.0`), as release notes write it both ways ([`version_prefix_at`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token as it stands in the text.
    pub raw: &'a str,
    /// Byte offset of the token in the text.
    pub start: usize,
    /// True for numbers, false for words.
    pub is_number: bool,
    /// True when the token follows sentence-final punctuation (or starts the text).
    pub sentence_start: bool,
    /// True when a hyphen or dash alone ("-", "–", "—", no space) joins it to the token before:
    /// the second value of a range written "428–432" or "5-10".
    pub dash_before: bool,
}

/// Whether byte `i` of `text` is the "v" or "V" that prefixes a dotted version number
/// ("v4.8.0", "V2.1"): a word start (no letter or digit before it) followed by digits, a dot and
/// a digit. Release notes head a release "## v4.8.0" and refer to it as "4.8.0" (Semantic
/// Versioning 2.0.0, §"Is v1.2.3 a semantic version?": the "v" is a common prefix, not part of
/// the version). A "v" before a bare number ("V8", "v2") stays part of its word: a name.
pub fn version_prefix_at(text: &str, i: usize) -> bool {
    let bytes = text.as_bytes();
    if !matches!(bytes.get(i), Some(b'v' | b'V'))
        || text[..i]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
    {
        return false;
    }
    let digits = bytes[i + 1..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    digits > 0
        && bytes.get(i + 1 + digits) == Some(&b'.')
        && bytes.get(i + 2 + digits).is_some_and(u8::is_ascii_digit)
}

/// Where the day and the month of a date written with dots end, when one starts at byte `i` of
/// `bytes`: "20.07.1969" → (2, 5), the ends of "20" and "07" (day and month of 1–2 digits, the
/// one 1–31, the other 1–12, then a year of four digits that ends the number). Such a date is
/// three numbers, as "20/07/1969" is, not the decimal "20.07" and ".1969". None otherwise
/// ("3.12.1", a version; "1.5").
fn dotted_date_parts(bytes: &[u8], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (bytes[i - 1].is_ascii_digit() || bytes[i - 1] == b'.') {
        return None;
    }
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let value = |from: usize, n: usize| {
        std::str::from_utf8(&bytes[from..from + n])
            .ok()
            .and_then(|t| t.parse::<u32>().ok())
    };
    let n1 = digits(i);
    let a = i + n1;
    if !(1..=2).contains(&n1) || bytes.get(a) != Some(&b'.') {
        return None;
    }
    let n2 = digits(a + 1);
    let b = a + 1 + n2;
    if !(1..=2).contains(&n2) || bytes.get(b) != Some(&b'.') || digits(b + 1) != 4 {
        return None;
    }
    let after = bytes.get(b + 5);
    if after.is_some_and(|c| c.is_ascii_alphanumeric())
        || (after == Some(&b'.') && bytes.get(b + 6).is_some_and(u8::is_ascii_digit))
    {
        return None;
    }
    let (d, m) = (value(i, n1)?, value(a + 1, n2)?);
    ((1..=31).contains(&d) && (1..=31).contains(&m) && (d <= 12 || m <= 12)).then_some((a, b))
}

/// End (exclusive byte offset) of a dotted initialism starting at byte `i` of `bytes`: two or
/// more single ASCII capitals each followed by a dot ("U.S." → the end of "U.S"), the last dot
/// not included. None when none starts there.
fn dotted_initialism_end(bytes: &[u8], i: usize) -> Option<usize> {
    let single_capital_at = |j: usize| {
        bytes.get(j).is_some_and(u8::is_ascii_uppercase)
            && !bytes.get(j + 1).is_some_and(u8::is_ascii_alphanumeric)
    };
    if !(single_capital_at(i) && bytes.get(i + 1) == Some(&b'.') && single_capital_at(i + 2)) {
        return None;
    }
    let mut end = i + 3;
    while bytes.get(end) == Some(&b'.') && single_capital_at(end + 1) {
        end += 2;
    }
    Some(end)
}

/// `s` split around its first `b`, an ASCII byte (so a char boundary), as `str::split_once`
/// with that char: a loop over the bytes, which for a word's few bytes costs less than the
/// char searcher's set-up (these tests run for every word of the request; issue 14).
#[inline]
pub fn split_once_byte(s: &str, b: u8) -> Option<(&str, &str)> {
    debug_assert!(b.is_ascii());
    let i = s.bytes().position(|c| c == b)?;
    Some((&s[..i], &s[i + 1..]))
}

/// Whether `s` holds the ASCII byte `b`: `str::contains` with that char, for short words
/// ([`split_once_byte`]).
#[inline]
pub fn has_byte(s: &str, b: u8) -> bool {
    s.bytes().any(|c| c == b)
}

/// The first year of a decade token ("1870s" → 1870; four digits, the last 0, then "s"), None
/// for other tokens.
pub fn decade_start(raw: &str) -> Option<f64> {
    let digits = raw.strip_suffix('s')?;
    (digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit()) && digits.ends_with('0'))
        .then(|| digits.parse().ok())
        .flatten()
}

/// True when `m` falls in the decade of token `raw` ([`decade_start`]: 1876 in "1870s").
pub fn in_decade(m: f64, raw: &str) -> bool {
    decade_start(raw).is_some_and(|d| (d..d + 10.0).contains(&m))
}

/// True when an ordinal suffix ("st", "nd", "rd", "th") starts at byte `j` and ends a word.
fn ordinal_suffix_at(bytes: &[u8], j: usize) -> bool {
    matches!(
        bytes.get(j..j + 2),
        Some(b"st") | Some(b"nd") | Some(b"rd") | Some(b"th")
    ) && !bytes.get(j + 2).is_some_and(u8::is_ascii_alphanumeric)
}

/// Whether byte offset `j` of `text` is where two sentences were glued without a space or stop
/// by repeating a phrase: the text before `j` ends with a phrase X (from a word start, at least
/// 3 bytes and at most 100; for digits, the run of digits, at least 4) that the text from `j`
/// begins with, whole ("Rush has genre ActionAction has examples: ZoomZoom has genre Action",
/// "The Story of Art was released 19501950 was the year …"). Knowledge graphs flattened to text
/// join their triples so (subject, relation, object, where the next subject is the object:
/// HaluEval's dialogue knowledge, from OpenDialKG, Moon et al. 2019), or where the next subject
/// is an earlier one ([`opens_earlier_sentence`]). Only a lower-case letter,
/// `)` or `]` before an upper-case letter, or a digit before a digit, can be such a point, so
/// camel-case names ("McCartney", "YouTube") stay whole.
pub fn glued_repeat(text: &str, j: usize) -> bool {
    let (Some(prev), Some(next)) = (text[..j].chars().next_back(), text[j..].chars().next()) else {
        return false;
    };
    let digits = prev.is_ascii_digit() && next.is_ascii_digit();
    if !digits && !((prev.is_lowercase() || matches!(prev, ')' | ']')) && next.is_uppercase()) {
        return false;
    }
    // X is repeated whole: a word boundary after it, or the next glue ("Catwoman is starring
    // Frances ConroyCatwoman is starring Frances ConroyFrances Conroy starred in …").
    let whole = |s: usize| {
        let x = &text[s..j];
        text[j..].starts_with(x)
            && match text[j + x.len()..].chars().next() {
                Some(c) if c.is_alphanumeric() => prev.is_lowercase() && c.is_uppercase(),
                _ => true,
            }
    };
    let word_start = |s: usize| {
        !text[..s]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
    };
    if digits {
        let s = j - text[..j]
            .bytes()
            .rev()
            .take_while(u8::is_ascii_digit)
            .count();
        return j - s >= 4 && word_start(s) && whole(s);
    }
    let Some(last) = j.checked_sub(3) else {
        return false;
    };
    let repeated = (j.saturating_sub(100)..=last)
        .rev()
        .filter(|&s| text.is_char_boundary(s))
        .any(|s| text[s..].starts_with(char::is_alphanumeric) && word_start(s) && whole(s));
    repeated || opens_earlier_sentence(text, j, prev)
}

/// The second way triples are glued ([`glued_repeat`]): the next subject is an earlier one
/// ("Troy (Epic Film) is starring Saffron BurrowsTroy (Epic Film) has genre …"). True when the
/// word from `j` (3 letters or more) opens a sentence earlier in the text, at most 1 000 bytes
/// before `j` (its start, or after `.`, `!`, `?` or `:`), and the word glued before it has 3
/// letters or more ending in a lower-case `prev`: "McDonald" ("Mc") and "DiCaprio" stay whole.
fn opens_earlier_sentence(text: &str, j: usize, prev: char) -> bool {
    let head = text[..j]
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric())
        .count();
    let word_len = text[j..]
        .find(|c: char| !c.is_alphanumeric())
        .unwrap_or(text.len() - j);
    if !prev.is_lowercase() || head < 3 || word_len < 3 {
        return false;
    }
    let word = &text[j..j + word_len];
    let mut from = j.saturating_sub(1000);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    // `head` counts characters: the glued word starts at the byte after the last non-word one.
    let glued_at = text[..j]
        .char_indices()
        .rev()
        .nth(head - 1)
        .map_or(0, |(b, _)| b);
    if from > glued_at {
        return false;
    }
    text[from..glued_at].match_indices(word).any(|(q, _)| {
        let q = from + q;
        let before = text[..q].trim_end();
        !text[q + word_len..].starts_with(char::is_alphanumeric)
            && (before.is_empty() || before.ends_with(['.', '!', '?', ':', '\n']))
    })
}

/// The end of the fraction of a mixed number written apart, when one starts at byte `at` of
/// `text` (right after whole digits): a space, then a vulgar fraction character ("1 ½") or a
/// proper fraction with a slash ("1 1/2", numerator below a denominator of 2 to 16) that no
/// digit, slash or letter continues (not the date "1 1/2/2024"). None otherwise.
fn spaced_fraction_end(text: &str, at: usize) -> Option<usize> {
    let rest = text.get(at..)?.strip_prefix(' ')?;
    let start = at + 1;
    if let Some(c) = rest
        .chars()
        .next()
        .filter(|&c| vulgar_fraction(c).is_some())
    {
        return Some(start + c.len_utf8());
    }
    // The numerator's digits and the slash right after them (not a search for the next slash:
    // this runs for every whole number followed by a space, and a long text may hold none).
    let num_len = rest.bytes().take_while(u8::is_ascii_digit).count();
    if rest.as_bytes().get(num_len) != Some(&b'/') {
        return None;
    }
    let (num, tail) = (&rest[..num_len], &rest[num_len + 1..]);
    let den_len = tail.bytes().take_while(u8::is_ascii_digit).count();
    let (a, b) = (
        num.parse::<u32>().ok()?,
        tail[..den_len].parse::<u32>().ok()?,
    );
    let continued = tail[den_len..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '/');
    ((1..=9).contains(&num.len())
        && num.bytes().all(|b| b.is_ascii_digit())
        && a >= 1
        && a < b
        && (2..=16).contains(&b)
        && !continued)
        .then_some(start + num.len() + 1 + den_len)
}

/// The value of the fraction part of a mixed number ([`spaced_fraction_end`]): a vulgar
/// fraction character or "a/b". None for other text.
fn fraction_value(frac: &str) -> Option<f64> {
    let mut chars = frac.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return vulgar_fraction(c);
    }
    let (a, b) = frac.split_once('/')?;
    Some(a.parse::<f64>().ok()? / b.parse::<f64>().ok()?)
}

/// Whether the text between the last token of `out` and byte `i` of `text` is a hyphen or a
/// dash alone ([`Token::dash_before`]).
fn dash_joined(text: &str, out: &[Token<'_>], i: usize) -> bool {
    out.last()
        .is_some_and(|p| matches!(&text[p.start + p.raw.len()..i], "-" | "–" | "—"))
}

/// Splits `text` into word and number tokens (Unicode letters count as word characters). A point
/// where two sentences were glued by a repeated phrase ([`glued_repeat`]) ends a token, and the
/// next one starts a sentence.
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut sentence_start = true;
    // The ends of the day and month of a date written with dots (`dotted_date_parts`).
    let mut date_cuts: Option<(usize, usize)> = None;
    // Where the number of a version written with a "v" starts (`version_prefix_at`): a
    // version, never a date written with dots ("v1.2.2024").
    let mut version_at = None;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if version_prefix_at(text, i) {
            version_at = Some(i + 1);
        } else if let Some(end) = dotted_initialism_end(bytes, i) {
            while iter.next_if(|&(j, _)| j < end).is_some() {}
            out.push(Token {
                raw: &text[i..end],
                start: i,
                is_number: false,
                sentence_start,
                dash_before: dash_joined(text, &out, i),
            });
            sentence_start = false;
        } else if c.is_alphabetic() || c.is_ascii_digit() {
            let is_number = c.is_ascii_digit();
            if is_number && version_at != Some(i) && date_cuts.is_none_or(|(_, b)| i > b) {
                date_cuts = dotted_date_parts(bytes, i);
            }
            let cut = date_cuts
                .map(|(a, b)| if i < a { a } else { b })
                .filter(|&e| is_number && e > i);
            let mut end = i + c.len_utf8();
            let mut glued = false;
            let mut prev = c;
            while let Some(&(j, d)) = iter.peek() {
                // Most characters of a word are lower-case ASCII letters after a letter: no
                // glue point (that needs a digit or an upper-case letter here), no ordinal or
                // decade (numbers only), and a word character. Taken at once.
                if !is_number && d.is_ascii_lowercase() {
                    prev = d;
                    end = j + 1;
                    iter.next();
                    continue;
                }
                if cut == Some(j) {
                    break;
                }
                // Cheap tests first: most tokens hold no case change and no long number. A glued
                // number needs four digits before the point (`glued_repeat`), all of this token:
                // a token that starts after a digit was itself cut by a glued number, whose whole
                // run ends where its repeat does.
                if ((prev.is_ascii_digit() && d.is_ascii_digit() && j - i >= 4)
                    || (prev.is_lowercase() && d.is_uppercase()))
                    && glued_repeat(text, j)
                {
                    glued = true;
                    break;
                }
                if is_number
                    && vulgar_fraction(d).is_some()
                    && text[i..j].bytes().all(|b| b.is_ascii_digit())
                {
                    // "1½": a whole number and a fraction, one number.
                    end = j + d.len_utf8();
                    iter.next();
                    break;
                }
                prev = d;
                if is_number && ordinal_suffix_at(bytes, j) {
                    // "4th", "21st": the ordinal is the number.
                    end = j + 2;
                    iter.next();
                    iter.next();
                    break;
                }
                if is_number
                    && d == 's'
                    && decade_start(&text[i..j + 1]).is_some()
                    && !bytes.get(j + 1).is_some_and(u8::is_ascii_alphanumeric)
                {
                    // "1870s": a decade.
                    end = j + 1;
                    iter.next();
                    break;
                }
                let inner_ok = if is_number {
                    d.is_ascii_digit()
                        || (d == '.' && bytes.get(j + 1).is_some_and(|b| b.is_ascii_digit()))
                        || (d == ',' && digit_group_comma_at(bytes, i, j))
                        || (d == ':' && clock_minutes_at(bytes, i, j))
                } else {
                    d.is_alphanumeric()
                        || ((d == '\'' || d == '-' || d == '’')
                            && text[j + d.len_utf8()..]
                                .chars()
                                .next()
                                .is_some_and(|e| e.is_alphabetic()))
                };
                if !inner_ok {
                    break;
                }
                end = j + d.len_utf8();
                iter.next();
            }
            // A mixed number written apart ("1 ½", "1 1/2") is one number, as "1½" is.
            if is_number && text[i..end].bytes().all(|b| b.is_ascii_digit()) {
                if let Some(e) = spaced_fraction_end(text, end) {
                    while iter.next_if(|&(j, _)| j < e).is_some() {}
                    end = e;
                }
            }
            out.push(Token {
                raw: &text[i..end],
                start: i,
                is_number,
                sentence_start,
                dash_before: dash_joined(text, &out, i),
            });
            sentence_start = glued;
        } else if date_cuts.is_some_and(|(a, b)| i == a || i == b) {
            // The dots of a date written with them end no sentence.
        } else if matches!(c, '.' | '!' | '?' | '\n' | ':')
            || (matches!(c, ')' | ']') && glued_repeat(text, i + 1))
        {
            sentence_start = true;
        }
    }
    out
}

/// Whether the comma at byte `comma` groups the digits of the number token starting at byte
/// `start` ("1,200", "5,500,000", and the lakh grouping "1,00,000"), rather than separating two
/// numbers, as in a CSV row ("22,12,4,6,35") or a list ("pages 3,5"). Digit grouping as the SI
/// brochure (9th ed., §5.4.4) and CLDR number patterns define it: a first group of one to three
/// digits, then groups of three (or of two before a last group of three, the Indian system);
/// a group of any other length, or a decimal point before the comma, makes it a separator.
fn digit_group_comma_at(bytes: &[u8], start: usize, comma: usize) -> bool {
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    // The groups before the comma.
    let mut groups = bytes[start..comma].split(|&b| b == b',');
    let first_ok = groups
        .next()
        .is_some_and(|g| (1..=3).contains(&g.len()) && digits(g));
    if !first_ok || !groups.all(|g| matches!(g.len(), 2 | 3) && digits(g)) {
        return false;
    }
    // After it: any groups of two, each followed by a comma, then a last group of three.
    let mut k = comma + 1;
    loop {
        let run = bytes[k.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        match (run, bytes.get(k + run)) {
            (3, _) => return true,
            (2, Some(b',')) => k += 3,
            _ => return false,
        }
    }
}

/// Whether the colon at byte `colon` continues the number token starting at byte `start` as a
/// time of day ("10:00", "9:30", "18:45:30"): one or two digits of hours (or a time with its
/// minutes before a colon of seconds), then exactly two digits. A time is one number: "10:00"
/// and "8:00" differ in their hours, not in a shared "00" (a colon otherwise ends a sentence).
fn clock_minutes_at(bytes: &[u8], start: usize, colon: usize) -> bool {
    let before = &bytes[start..colon];
    let hours = |h: &[u8]| (1..=2).contains(&h.len()) && h.iter().all(u8::is_ascii_digit);
    let lead = match before.len() {
        1 | 2 => hours(before),
        4 | 5 => {
            let (h, m) = before.split_at(before.len() - 3);
            hours(h) && m[0] == b':' && m[1..].iter().all(u8::is_ascii_digit)
        }
        _ => false,
    };
    let digit = |k: usize| bytes.get(colon + k).is_some_and(u8::is_ascii_digit);
    lead && ((digit(1) && digit(2) && !digit(3))
        || (digit(1) && !digit(2) && in_clock_range(bytes, start)))
}

/// Whether the number starting at byte `start` opens or closes a range of two times of day
/// whose minutes may be written with one digit, "H:M-H:M" ("7:0-18:0", "8:30-13:0": hours as
/// Yelp's business records write them): alone, "3:0" is as likely a score.
fn in_clock_range(bytes: &[u8], start: usize) -> bool {
    let mut a = start;
    while a > 0 && matches!(bytes[a - 1], b'0'..=b'9' | b':' | b'-') {
        a -= 1;
    }
    let mut b = start;
    while b < bytes.len() && matches!(bytes[b], b'0'..=b'9' | b':' | b'-') {
        b += 1;
    }
    let time = |t: &[u8]| {
        let mut parts = t.split(|&c| c == b':');
        let ok = |p: Option<&[u8]>| {
            p.is_some_and(|p| (1..=2).contains(&p.len()) && p.iter().all(u8::is_ascii_digit))
        };
        ok(parts.next()) && ok(parts.next()) && parts.next().is_none()
    };
    let mut ends = bytes[a..b].split(|&c| c == b'-');
    matches!((ends.next(), ends.next(), ends.next()), (Some(x), Some(y), None) if time(x) && time(y))
}

/// The text between tokens `toks[a]` and `toks[b]` (a < b, the [`tokens`] of `text`), white
/// space trimmed: "" for words apart by spaces, "," after a comma, "-" in "410-million".
pub fn gap<'t>(text: &'t str, toks: &[Token<'_>], a: usize, b: usize) -> &'t str {
    text.get(toks[a].start + toks[a].raw.len()..toks[b].start)
        .unwrap_or("")
        .trim()
}

/// The lower-cased letters of an initialism or acronym: a dotted initialism token ("U.S" →
/// "us") or an all-capitals word of 2–6 letters ("NASA" → "nasa"), also in the possessive
/// ("ESA's" → "esa"). None for other words.
pub fn initialism_letters(raw: &str) -> Option<String> {
    // Every byte a capital letter or a dot, 2–6 letters: checked before anything is allocated
    // (this runs for every word of a request).
    let b = strip_possessive(raw).as_bytes();
    let n = b.iter().filter(|c| c.is_ascii_uppercase()).count();
    (b.iter().all(|&c| c.is_ascii_uppercase() || c == b'.') && (2..=6).contains(&n)).then(|| {
        b.iter()
            .filter(|&&c| c != b'.')
            .map(|&c| char::from(c.to_ascii_lowercase()))
            .collect()
    })
}

/// Words that may stand inside a name without starting a word of its initialism ("United States
/// of America", "National Aeronautics and Space Administration").
const INITIALISM_GLUE: &[&str] = &["of", "and", "the", "for", "&"];

/// The initialisms the capitalised names of `toks` (the [`tokens`] of `text`) spell, lower case:
/// for every run of capitalised words (not stopwords) joined by white space, where the words of
/// [`INITIALISM_GLUE`] may stand between them, the initials of each sub-run of 2–6 capitalised
/// words. "United States of America" gives "us", "usa" and "sa". Deduplicated, in no
/// particular order.
pub fn spelled_initialisms(text: &str, toks: &[Token<'_>]) -> FastSet<String> {
    let mut out = FastSet::default();
    let mut run: Vec<char> = Vec::new();
    let joined = |a: &Token<'_>, b: &Token<'_>| {
        text[a.start + a.raw.len()..b.start]
            .chars()
            .all(char::is_whitespace)
    };
    let flush = |run: &mut Vec<char>, out: &mut FastSet<String>| {
        for a in 0..run.len() {
            for b in (a + 2)..=(a + 6).min(run.len()) {
                out.insert(run[a..b].iter().collect());
            }
        }
        run.clear();
    };
    let mut last: Option<&Token<'_>> = None;
    let mut pending_glue = false;
    for t in toks {
        let first = t.raw.chars().next().unwrap_or(' ');
        let connected = last.is_some_and(|l| joined(l, t));
        if !t.is_number && first.is_uppercase() && !is_stopword_raw(t.raw) {
            if !connected {
                flush(&mut run, &mut out);
            }
            run.extend(first.to_lowercase());
            pending_glue = false;
        } else if !run.is_empty()
            && connected
            && !pending_glue
            && INITIALISM_GLUE.contains(&lower_cow(t.raw).as_ref())
        {
            pending_glue = true;
        } else {
            flush(&mut run, &mut out);
            pending_glue = false;
        }
        last = Some(t);
    }
    flush(&mut run, &mut out);
    out
}

/// The initialism a name of 2–6 capitalised words spells, lower case: the first letter of each
/// capitalised word, the words of [`INITIALISM_GLUE`] left out ("United Kingdom" gives "uk",
/// "United States of America" "usa", "The Voice" nothing). `None` for fewer than two such words or more
/// than six, when a word that is not glue starts with no capital letter, or when a word is an
/// initialism itself ("Chelsea FC", "US Secretary": their letters are no one word's). The
/// reverse of [`initialism_letters`]: an answer's name found by the initialism its sources write.
pub fn name_initials(name: &str) -> Option<String> {
    let mut out = String::new();
    for w in name.split_whitespace() {
        if INITIALISM_GLUE.contains(&lower_cow(w).as_ref()) {
            continue;
        }
        let first = w.chars().next()?;
        if !first.is_uppercase() || initialism_letters(w).is_some() {
            return None;
        }
        out.extend(first.to_lowercase());
    }
    (2..=6).contains(&out.chars().count()).then_some(out)
}

/// Whether consecutive words of `toks` (the [`tokens`] of a sentence) spell the initialism
/// `short` (lower-case letters, at least three) as its long form, by the matching of Schwartz
/// and Hearst (2003, "A simple algorithm for identifying abbreviation definitions in biomedical
/// text"): each word of a run of two or more gives the next letter of `short` by its first
/// letter, and may give the letters after it from inside itself, in order ("ultraviolet B" spells
/// "uvb", "deoxyribonucleic acid" spells "dna"). Stopwords and numbers end a run. Their pattern
/// "long form (short form)" is not required: an answer may abbreviate what its source spells out.
pub fn spells_long_form(toks: &[Token<'_>], short: &str) -> bool {
    let short = short.as_bytes();
    if short.len() < 3 || !short.iter().all(u8::is_ascii_lowercase) {
        return false;
    }
    // Whether the words from `w` on spell `short[at..]`, two words at least in all (`n` so far).
    // A word is its bytes, compared ASCII case-insensitively; None ends a run.
    fn spell(words: &[Option<&[u8]>], w: usize, short: &[u8], at: usize, n: usize) -> bool {
        if at == short.len() {
            return n >= 2;
        }
        let Some(Some(word)) = words.get(w) else {
            return false;
        };
        if !word
            .first()
            .is_some_and(|b| b.eq_ignore_ascii_case(&short[at]))
        {
            return false;
        }
        // The word gives letters at..end (end > at): its first, then the rest in order inside it.
        let (mut end, mut pos) = (at + 1, 1);
        loop {
            if spell(words, w + 1, short, end, n + 1) {
                return true;
            }
            match short
                .get(end)
                .and_then(|c| word[pos..].iter().position(|b| b.eq_ignore_ascii_case(c)))
            {
                Some(p) => (pos, end) = (pos + p + 1, end + 1),
                None => return false,
            }
        }
    }
    let words: Vec<Option<&[u8]>> = toks
        .iter()
        .map(|t| {
            let content = !t.is_number && t.raw.is_ascii() && !is_stopword_raw(t.raw);
            content.then_some(t.raw.as_bytes())
        })
        .collect();
    (0..words.len()).any(|w| spell(&words, w, short, 0, 0))
}

/// Lower-cased words (numbers kept as written) of `text`.
pub fn lower_words(text: &str) -> Vec<String> {
    tokens(text).iter().map(|t| to_lower(t.raw)).collect()
}

/// FNV-1a 64-bit hash of `bytes`, continuing from `state` (start with [`FNV_OFFSET`]).
pub fn fnv1a(state: u64, bytes: &[u8]) -> u64 {
    let mut h = state;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// FNV-1a 64-bit offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// English function words, excluded from "content words" when measuring grounding.
pub const STOPWORDS: &[&str] = &[
    "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as",
    "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
    "can", "could", "did", "do", "does", "doing", "don't", "down", "during", "each", "few", "for",
    "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his",
    "how", "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "it", "it's", "its",
    "itself", "just", "me", "more", "most", "my", "no", "nor", "not", "now", "of", "off", "on",
    "once", "one", "only", "or", "other", "our", "out", "over", "own", "same", "she", "should",
    "so", "some", "such", "than", "that", "that's", "the", "their", "them", "then", "there",
    "there's", "these", "they", "this", "those", "through", "to", "too", "under", "until", "up",
    "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why",
    "will", "with", "would", "yes", "you", "your",
];

/// A hash set with foldhash's per-process seeded hasher: fast on the short words and integer ids
/// of feature extraction, and, being seeded, not open to chosen-collision inputs (the words come
/// from requests). Nothing computed from a set depends on its iteration order.
pub type FastSet<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;

/// A hash map with the hasher of [`FastSet`].
pub type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// [`STOPWORDS`] as a hash set, built on first use.
static STOPWORD_SET: std::sync::OnceLock<FastSet<&'static str>> = std::sync::OnceLock::new();

/// Longest stopword in bytes: longer words are not looked up.
const STOPWORD_MAX_LEN: usize = 7;

/// True if `w` (lower case) is in [`STOPWORDS`].
pub fn is_stopword(w: &str) -> bool {
    w.len() <= STOPWORD_MAX_LEN
        && STOPWORD_SET
            .get_or_init(|| STOPWORDS.iter().copied().collect())
            .contains(w)
}

/// [`is_stopword`] of `raw` lower-cased ([`lower_cow`]), without allocating for an ASCII word:
/// one longer than every stop word is none, a shorter one is lower-cased on the stack
/// ([`lower_on_stack`]; a capitalised "The" would otherwise cost a `String`, and this runs for
/// many words of every sentence).
pub fn is_stopword_raw(raw: &str) -> bool {
    if raw.is_ascii() && raw.len() > STOPWORD_MAX_LEN {
        return false;
    }
    let mut buf = [0u8; LOWER_STACK_MAX];
    is_stopword(&lower_on_stack(raw, &mut buf))
}

/// The longest word [`lower_on_stack`] lower-cases into its buffer, in bytes.
pub const LOWER_STACK_MAX: usize = 24;

/// `raw` lower-cased as [`lower_cow`] does, without allocating when `raw` is ASCII of at most
/// [`LOWER_STACK_MAX`] bytes: written into `buf` and borrowed from it. For a word that is only
/// compared with word lists and not kept (a clause scan reads every word of a sentence so).
pub fn lower_on_stack<'a>(
    raw: &'a str,
    buf: &'a mut [u8; LOWER_STACK_MAX],
) -> std::borrow::Cow<'a, str> {
    if !raw.is_ascii()
        || raw.len() > LOWER_STACK_MAX
        || !raw.bytes().any(|b| b.is_ascii_uppercase())
    {
        return lower_cow(raw);
    }
    let lower = &mut buf[..raw.len()];
    lower.copy_from_slice(raw.as_bytes());
    lower.make_ascii_lowercase();
    std::borrow::Cow::Borrowed(std::str::from_utf8(lower).expect("ASCII is UTF-8"))
}

/// Each word of [`DEMONYMS`] → its other name there, and whether the word is the demonym; built
/// on first use ([`demonym_counterpart`], [`demonym_place`]).
static DEMONYM_COUNTERPART: std::sync::OnceLock<FastMap<&'static str, (&'static str, bool)>> =
    std::sync::OnceLock::new();

/// The entry of `w` (lower case) in [`DEMONYM_COUNTERPART`].
fn demonym_entry(w: &str) -> Option<(&'static str, bool)> {
    DEMONYM_COUNTERPART
        .get_or_init(|| {
            DEMONYMS
                .iter()
                .flat_map(|&(place, adj)| [(place, (adj, false)), (adj, (place, true))])
                .collect()
        })
        .get(w)
        .copied()
}

/// The states of the United States and its capital district with their two-letter postal
/// codes (USPS Publication 28, Appendix B), sorted by code: an address or a business record
/// writes "Ann Arbor, MI" where an answer writes "Ann Arbor, Michigan".
const US_STATE_CODES: &[(&str, &str)] = &[
    ("AK", "alaska"),
    ("AL", "alabama"),
    ("AR", "arkansas"),
    ("AZ", "arizona"),
    ("CA", "california"),
    ("CO", "colorado"),
    ("CT", "connecticut"),
    ("DC", "district of columbia"),
    ("DE", "delaware"),
    ("FL", "florida"),
    ("GA", "georgia"),
    ("HI", "hawaii"),
    ("IA", "iowa"),
    ("ID", "idaho"),
    ("IL", "illinois"),
    ("IN", "indiana"),
    ("KS", "kansas"),
    ("KY", "kentucky"),
    ("LA", "louisiana"),
    ("MA", "massachusetts"),
    ("MD", "maryland"),
    ("ME", "maine"),
    ("MI", "michigan"),
    ("MN", "minnesota"),
    ("MO", "missouri"),
    ("MS", "mississippi"),
    ("MT", "montana"),
    ("NC", "north carolina"),
    ("ND", "north dakota"),
    ("NE", "nebraska"),
    ("NH", "new hampshire"),
    ("NJ", "new jersey"),
    ("NM", "new mexico"),
    ("NV", "nevada"),
    ("NY", "new york"),
    ("OH", "ohio"),
    ("OK", "oklahoma"),
    ("OR", "oregon"),
    ("PA", "pennsylvania"),
    ("RI", "rhode island"),
    ("SC", "south carolina"),
    ("SD", "south dakota"),
    ("TN", "tennessee"),
    ("TX", "texas"),
    ("UT", "utah"),
    ("VA", "virginia"),
    ("VT", "vermont"),
    ("WA", "washington"),
    ("WI", "wisconsin"),
    ("WV", "west virginia"),
    ("WY", "wyoming"),
];

/// The state (lower case, [`US_STATE_CODES`]) whose postal code is `raw` as written: two
/// upper-case letters ("MI" → "michigan"; "Mi", "mi" name nothing), None otherwise.
pub fn us_state_of_code(raw: &str) -> Option<&'static str> {
    US_STATE_CODES
        .binary_search_by(|(code, _)| code.cmp(&raw))
        .ok()
        .map(|k| US_STATE_CODES[k].1)
}

/// The postal code of the state named `name` (lower case, [`US_STATE_CODES`]: "michigan" →
/// "MI"), None for other names.
pub fn us_state_code(name: &str) -> Option<&'static str> {
    US_STATE_CODES
        .iter()
        .find(|(_, state)| *state == name)
        .map(|(code, _)| *code)
}

/// `text` lower-cased as [`str::to_lowercase`] does, borrowed when it has no upper-case letter.
pub fn lower_cow(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() && !text.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(to_lower(text))
    }
}

/// `text` lower-cased exactly as [`str::to_lowercase`] does (Unicode's default case mapping),
/// with every run of ASCII converted at once: std converts only the leading ASCII run so and
/// maps each character after the first non-ASCII one singly ("Émile" sends the rest of an
/// answer down the slow path), and has a set-up cost that dominates on short words. A text
/// holding a capital sigma goes to std, whose lower case of Σ depends on its place in the word
/// (σ or final ς). Allocates the result only.
pub fn to_lower(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    if text.contains('Σ') {
        return text.to_lowercase();
    }
    let mut out = String::with_capacity(text.len());
    push_lower(&mut out, text);
    out
}

/// Appends `text` lower-cased, exactly as [`to_lower`] returns it, to `out`: builds a key of
/// several words in one allocation ("little ashby" for "Little" and "Ashby").
pub fn push_lower(out: &mut String, text: &str) {
    if text.contains('Σ') {
        out.push_str(&text.to_lowercase());
        return;
    }
    let mut rest = text;
    while !rest.is_empty() {
        let run = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let at = out.len();
        out.push_str(&rest[..run]);
        out[at..].make_ascii_lowercase();
        rest = &rest[run..];
        if let Some(c) = rest.chars().next() {
            out.extend(c.to_lowercase());
            rest = &rest[c.len_utf8()..];
        }
    }
}

/// Places and the adjectives (demonyms) that name the same place, lower case, sorted by place:
/// "Poland" and "Polish", "France" and "French" name one entity, so a claim that says "named after
/// Poland" is grounded by a source that says "a Polish physicist". Countries and some regions,
/// continents and cities whose one-word demonym is in common use (ISO 3166 short names; the
/// demonyms of the CIA World Factbook, "Nationality"; "Venetian", "Viennese"). Left out where
/// the demonym is as often another name: "Georgian" (an era), "Roman" (a given name), "Norman",
/// "Berliner" (a surname).
pub const DEMONYMS: &[(&str, &str)] = &[
    ("afghanistan", "afghan"),
    ("africa", "african"),
    ("albania", "albanian"),
    ("algeria", "algerian"),
    ("america", "american"),
    ("angola", "angolan"),
    ("argentina", "argentine"),
    ("armenia", "armenian"),
    ("asia", "asian"),
    ("athens", "athenian"),
    ("australia", "australian"),
    ("austria", "austrian"),
    ("bangladesh", "bangladeshi"),
    ("bavaria", "bavarian"),
    ("belarus", "belarusian"),
    ("belgium", "belgian"),
    ("bolivia", "bolivian"),
    ("bosnia", "bosnian"),
    ("brazil", "brazilian"),
    ("britain", "british"),
    ("bulgaria", "bulgarian"),
    ("california", "californian"),
    ("cambodia", "cambodian"),
    ("cameroon", "cameroonian"),
    ("canada", "canadian"),
    ("catalonia", "catalan"),
    ("chile", "chilean"),
    ("china", "chinese"),
    ("colombia", "colombian"),
    ("croatia", "croatian"),
    ("cuba", "cuban"),
    ("cyprus", "cypriot"),
    ("czechia", "czech"),
    ("denmark", "danish"),
    ("ecuador", "ecuadorian"),
    ("egypt", "egyptian"),
    ("england", "english"),
    ("estonia", "estonian"),
    ("ethiopia", "ethiopian"),
    ("europe", "european"),
    ("finland", "finnish"),
    ("flanders", "flemish"),
    ("florence", "florentine"),
    ("france", "french"),
    ("germany", "german"),
    ("ghana", "ghanaian"),
    ("greece", "greek"),
    ("guatemala", "guatemalan"),
    ("haiti", "haitian"),
    ("honduras", "honduran"),
    ("hungary", "hungarian"),
    ("iceland", "icelandic"),
    ("india", "indian"),
    ("indonesia", "indonesian"),
    ("iran", "iranian"),
    ("iraq", "iraqi"),
    ("ireland", "irish"),
    ("israel", "israeli"),
    ("italy", "italian"),
    ("jamaica", "jamaican"),
    ("japan", "japanese"),
    ("kazakhstan", "kazakh"),
    ("kenya", "kenyan"),
    ("korea", "korean"),
    ("kuwait", "kuwaiti"),
    ("latvia", "latvian"),
    ("lebanon", "lebanese"),
    ("libya", "libyan"),
    ("lithuania", "lithuanian"),
    ("london", "londoner"),
    ("malaysia", "malaysian"),
    ("malta", "maltese"),
    ("mexico", "mexican"),
    ("milan", "milanese"),
    ("moldova", "moldovan"),
    ("mongolia", "mongolian"),
    ("morocco", "moroccan"),
    ("moscow", "muscovite"),
    ("mozambique", "mozambican"),
    ("myanmar", "burmese"),
    ("namibia", "namibian"),
    ("naples", "neapolitan"),
    ("nepal", "nepalese"),
    ("netherlands", "dutch"),
    ("nicaragua", "nicaraguan"),
    ("nigeria", "nigerian"),
    ("norway", "norwegian"),
    ("oman", "omani"),
    ("pakistan", "pakistani"),
    ("panama", "panamanian"),
    ("paraguay", "paraguayan"),
    ("paris", "parisian"),
    ("peru", "peruvian"),
    ("philippines", "filipino"),
    ("poland", "polish"),
    ("portugal", "portuguese"),
    ("prussia", "prussian"),
    ("qatar", "qatari"),
    ("romania", "romanian"),
    ("russia", "russian"),
    ("rwanda", "rwandan"),
    ("sardinia", "sardinian"),
    ("scotland", "scottish"),
    ("senegal", "senegalese"),
    ("serbia", "serbian"),
    ("sicily", "sicilian"),
    ("singapore", "singaporean"),
    ("slovakia", "slovak"),
    ("slovenia", "slovenian"),
    ("somalia", "somali"),
    ("spain", "spanish"),
    ("sudan", "sudanese"),
    ("sweden", "swedish"),
    ("switzerland", "swiss"),
    ("syria", "syrian"),
    ("taiwan", "taiwanese"),
    ("tanzania", "tanzanian"),
    ("texas", "texan"),
    ("thailand", "thai"),
    ("tibet", "tibetan"),
    ("tunisia", "tunisian"),
    ("turkey", "turkish"),
    ("tuscany", "tuscan"),
    ("uganda", "ugandan"),
    ("ukraine", "ukrainian"),
    ("uruguay", "uruguayan"),
    ("uzbekistan", "uzbek"),
    ("venezuela", "venezuelan"),
    ("venice", "venetian"),
    ("vienna", "viennese"),
    ("vietnam", "vietnamese"),
    ("wales", "welsh"),
    ("yemen", "yemeni"),
    // "New Yorker" names New York: its second word stands for "York" there.
    ("york", "yorker"),
    ("zambia", "zambian"),
    ("zimbabwe", "zimbabwean"),
];

/// The other name of a place in [`DEMONYMS`]: the demonym of a place, the place of a demonym
/// (`w` in lower case), or None.
pub fn demonym_counterpart(w: &str) -> Option<&'static str> {
    demonym_entry(w).map(|(other, _)| other)
}

/// The place the demonym `w` (lower case) names, or None when `w` is not a demonym of
/// [`DEMONYMS`]: one key for "Polish" and "Poland" when names are matched.
pub fn demonym_place(w: &str) -> Option<&'static str> {
    demonym_entry(w)
        .filter(|&(_, demonym)| demonym)
        .map(|(place, _)| place)
}

/// Phrase lists matched through one Aho–Corasick automaton (Aho & Corasick 1975, the
/// `aho-corasick` crate), compiled on first use, so that all phrases of all `N` lists are found in
/// one pass over the text instead of one substring scan per phrase. `const`-constructible, so each
/// group can be a `static`.
#[derive(Debug)]
pub struct PhraseGroup<const N: usize> {
    lists: [&'static [&'static str]; N],
    /// The automaton over every list's phrases, in list order, and the first pattern id of each
    /// list.
    automaton: std::sync::OnceLock<(aho_corasick::AhoCorasick, [usize; N])>,
}

impl<const N: usize> PhraseGroup<N> {
    /// The lists (each lower case, distinct, non-empty phrases), compiled when first searched.
    pub const fn of(lists: [&'static [&'static str]; N]) -> PhraseGroup<N> {
        PhraseGroup {
            lists,
            automaton: std::sync::OnceLock::new(),
        }
    }

    /// The lists.
    pub fn lists(&self) -> [&'static [&'static str]; N] {
        self.lists
    }

    /// The automaton, built on first use.
    ///
    /// # Panics
    /// If it cannot be built (it is built for any lists of a few thousand short phrases; the lists
    /// are constants of this crate).
    fn automaton(&self) -> &(aho_corasick::AhoCorasick, [usize; N]) {
        self.automaton.get_or_init(|| {
            let mut first = [0; N];
            let mut all = Vec::new();
            for (l, list) in self.lists.iter().enumerate() {
                first[l] = all.len();
                all.extend_from_slice(list);
            }
            (phrase_automaton(&all, false), first)
        })
    }

    /// For each list, the phrases of it that occur in `lower` (already lower-cased text) at word
    /// boundaries, in list order, with their counts.
    ///
    /// Each phrase is counted as a left-to-right scan for it alone would count it: occurrences
    /// of one phrase do not overlap (after an occurrence, boundary or not, the next one of that
    /// phrase starts at or after its end), while different phrases may overlap ("may" and
    /// "maybe" both count at the start of "maybe"; a phrase in two lists counts in both). The
    /// automaton reports every occurrence of every phrase (overlapping search), in order of end
    /// and so, per phrase, of start.
    pub fn find_each(&self, lower: &str) -> [Vec<(&'static str, usize)>; N] {
        let (ac, first) = self.automaton();
        let n = ac.patterns_len();
        let mut counts = vec![0usize; n];
        let mut next_start = vec![0usize; n];
        for m in ac.find_overlapping_iter(lower) {
            let p = m.pattern().as_usize();
            if m.start() < next_start[p] {
                continue;
            }
            next_start[p] = m.end();
            if at_word_boundaries(lower, m.start(), m.end()) {
                counts[p] += 1;
            }
        }
        std::array::from_fn(|l| {
            let list = self.lists[l];
            list.iter()
                .zip(&counts[first[l]..first[l] + list.len()])
                .filter(|&(_, &c)| c > 0)
                .map(|(&p, &c)| (p, c))
                .collect()
        })
    }
}

/// A list of ASCII phrases any one of which may occur anywhere in a text (as a substring, not
/// only at word boundaries), ASCII letters compared case-insensitively: one pass of an
/// Aho–Corasick automaton (Aho & Corasick 1975, the `aho-corasick` crate) instead of one
/// [`contains_ignore_ascii_case`] scan per phrase. `const`-constructible, so each list can be a
/// `static`.
#[derive(Debug)]
pub struct AnyPhrase {
    phrases: &'static [&'static str],
    automaton: std::sync::OnceLock<aho_corasick::AhoCorasick>,
}

impl AnyPhrase {
    /// The list (ASCII phrases), compiled when first searched.
    pub const fn of(phrases: &'static [&'static str]) -> AnyPhrase {
        AnyPhrase {
            phrases,
            automaton: std::sync::OnceLock::new(),
        }
    }

    /// Whether some phrase of the list occurs in `text`, ASCII case ignored: the answer of
    /// `phrases.iter().any(|p| contains_ignore_ascii_case(text, p))`, in one pass.
    ///
    /// # Panics
    /// If the automaton cannot be built (it is built for any list of a few thousand short phrases;
    /// the lists are constants of this crate).
    pub fn occurs_in(&self, text: &str) -> bool {
        self.automaton
            .get_or_init(|| phrase_automaton(self.phrases, true))
            .is_match(text)
    }
}

/// The Aho–Corasick automaton of [`PhraseGroup`] and [`AnyPhrase`] over `phrases` (standard
/// match semantics; ASCII letters of the text and the phrases compared case-insensitively when
/// `ascii_case_insensitive`): a DFA, the fastest search, as the lists are small enough for its
/// memory.
///
/// # Panics
/// If it cannot be built (it is built for any list of a few thousand short phrases; the lists
/// are constants of this crate).
fn phrase_automaton(phrases: &[&str], ascii_case_insensitive: bool) -> aho_corasick::AhoCorasick {
    aho_corasick::AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::Standard)
        .ascii_case_insensitive(ascii_case_insensitive)
        .kind(Some(aho_corasick::AhoCorasickKind::DFA))
        .build(phrases)
        .expect("a phrase list compiles")
}

/// True when `lower[s..e]` is neither preceded nor followed by an alphanumeric character.
fn at_word_boundaries(lower: &str, s: usize, e: usize) -> bool {
    let before_ok = s == 0
        || !lower[..s]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric());
    let after_ok = e >= lower.len()
        || !lower[e..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric());
    before_ok && after_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_acronyms_are_sorted_and_short() {
        assert!(COMMON_ACRONYMS.windows(2).all(|w| w[0] < w[1]));
        assert!(COMMON_ACRONYMS.iter().all(|a| (2..=4).contains(&a.len())));
        assert!(is_common_acronym("CEO") && is_common_acronym("CEO's") && is_common_acronym("PhD"));
        assert!(!is_common_acronym("NASA") && !is_common_acronym("Ceo") && !is_common_acronym("I"));
    }

    #[test]
    fn months_are_named_in_full_or_abbreviated_in_one_table() {
        assert_eq!(month_index("February"), Some(1));
        assert_eq!(month_index("SEPT"), Some(8));
        assert_eq!(month_index("may"), Some(4));
        assert_eq!(month_index("Mayo"), None);
        let toks = tokens("on Feb 15");
        assert_eq!(abbreviated_month(&toks, 1), Some("february"));
        let toks = tokens("Jan Smith");
        assert_eq!(abbreviated_month(&toks, 0), None);
        let toks = tokens("by Fri 18 July; Sun Microsystems");
        assert_eq!(abbreviated_weekday(&toks, 1), Some("friday"));
        assert_eq!(abbreviated_weekday(&toks, 4), None);
        assert!(MONTH_ABBREVIATIONS
            .iter()
            .all(|(a, m)| MONTH_NAMES[*m].starts_with(a)));
        assert!(contains_ignore_ascii_case("Give me the TL;DR?", "tl;dr"));
        assert!(!contains_ignore_ascii_case("Summer", "summar"));
        assert!(contains_ignore_ascii_case("anything", ""));
    }

    #[test]
    fn any_phrase_answers_as_a_scan_per_phrase() {
        static CUES: AnyPhrase = AnyPhrase::of(&["summar", "tl;dr", "key points", "in brief"]);
        for text in [
            "Give me the TL;DR?",
            "Summer",
            "SUMMARIZE it",
            "the Key Points, please",
            "inbrief",
            "Émile in BRIEF",
            "",
            "k",
        ] {
            let scan = CUES
                .phrases
                .iter()
                .any(|p| contains_ignore_ascii_case(text, p));
            assert_eq!(CUES.occurs_in(text), scan, "{text:?}");
        }
    }

    #[test]
    fn framing_phrases_refer_to_the_request() {
        fn framed(text: &str) -> Vec<&str> {
            let toks = tokens(text);
            let mut out = Vec::new();
            let mut i = 0;
            while i < toks.len() {
                match framing_end(&toks, i) {
                    Some(e) => {
                        out.extend(toks[i..e].iter().map(|t| t.raw));
                        i = e;
                    }
                    None => i += 1,
                }
            }
            out
        }
        assert_eq!(
            framed("Based on the provided passage, the answer is the Amazon River."),
            ["Based", "on", "the", "provided", "passage", "the", "answer", "is"]
        );
        assert_eq!(
            framed("According to the context, the Amazon."),
            ["According", "to", "the", "context"]
        );
        assert_eq!(
            framed("The passage states that it opened in 1937."),
            ["The", "passage", "states", "that"]
        );
        assert_eq!(
            framed("As mentioned in the text, yes."),
            ["As", "mentioned", "in", "the", "text"]
        );
        // Content, not framing: a text that is itself the subject, a study it reports.
        assert!(framed("The text of the treaty was signed in 1648.").is_empty());
        assert!(framed("According to the 2014 study, the Mantaro is the source.").is_empty());
        assert!(framed("The answer came in 1837.").is_empty());
        // A document noun frames before a reporting verb or after "according to" only.
        assert_eq!(
            framed("The leaflet specifically says to avoid alcohol."),
            ["The", "leaflet", "specifically", "says"]
        );
        assert_eq!(
            framed("According to the policy, staff get 16 weeks."),
            ["According", "to", "the", "policy"]
        );
        assert!(framed("A change in the policy was made in 2019.").is_empty());
        assert!(framed("The leaflet only warns you not to drive.").is_empty());
        assert!(framed("The policy was introduced in 2010.").is_empty());
    }

    #[test]
    fn a_capitalised_unit_after_a_number_or_degree_sign_is_a_unit() {
        let text = "Water boils at 100 °C (212°F); a 3.5 GHz chip. Mr C. Smith met Vitamin C.";
        let toks = tokens(text);
        let units: Vec<&str> = (0..toks.len())
            .filter(|&i| is_unit_symbol(text, &toks, i))
            .map(|i| toks[i].raw)
            .collect();
        assert_eq!(units, ["C", "F", "GHz"]);
    }

    #[test]
    fn a_phrase_repeated_without_a_space_glues_two_sentences() {
        let t =
            tokens("genre ActionAction has examples: ZoomZoom, in 19501950 Up (Film)Up (Film).");
        let raws: Vec<_> = t.iter().map(|t| t.raw).collect();
        assert_eq!(
            raws,
            [
                "genre", "Action", "Action", "has", "examples", "Zoom", "Zoom", "in", "1950",
                "1950", "Up", "Film", "Up", "Film"
            ]
        );
        let starts: Vec<bool> = t.iter().map(|t| t.sentence_start).collect();
        assert_eq!(
            starts,
            [
                true, false, true, false, false, true, true, false, false, true, false, false,
                true, false
            ]
        );
        // Camel-case names, a doubled word of under 3 letters, years and numbers that only
        // look doubled stay whole.
        for whole in [
            "McCartney",
            "YouTube",
            "DiCaprio",
            "iPhone",
            "AbAb",
            "2020",
            "120120",
            "19501951",
        ] {
            assert_eq!(tokens(whole).len(), 1, "{whole}");
        }
        assert!(!glued_repeat("McDonald Donald", 2));
        assert!(glued_repeat(
            "The Walt Disney CompanyThe Walt Disney Company has",
            23
        ));
        // The next subject is an earlier one.
        let t = "Brad Pitt starred in Troy. Troy is starring Saffron BurrowsTroy has genre Epic.";
        assert!(glued_repeat(t, 59));
        assert!(!glued_repeat("Donald spoke. He ate at McDonald's.", 26));
        let t = "Catwoman is starring Frances ConroyCatwoman is starring Frances ConroyFrances Conroy starred";
        assert!(glued_repeat(t, 35) && glued_repeat(t, 70));
    }

    #[test]
    fn tokens_split_words_and_numbers() {
        let t = tokens("In 1999, Hunt Lowry's film earned $1,200.50. It's well-known.");
        let raws: Vec<_> = t.iter().map(|t| t.raw).collect();
        assert_eq!(
            raws,
            [
                "In",
                "1999",
                "Hunt",
                "Lowry's",
                "film",
                "earned",
                "1,200.50",
                "It's",
                "well-known"
            ]
        );
        assert!(t[0].sentence_start && !t[2].sentence_start && t[7].sentence_start);
        assert!(t[1].is_number && t[6].is_number && !t[2].is_number);
    }

    #[test]
    fn a_comma_groups_digits_only_in_groups_of_three() {
        let raws = |s| tokens(s).iter().map(|t| t.raw).collect::<Vec<_>>();
        assert_eq!(
            raws("5,500,000 and 1,00,000"),
            ["5,500,000", "and", "1,00,000"]
        );
        // A CSV row, a list of pages and a year before a count are separate numbers.
        assert_eq!(
            raws("Eastvale,22,12,4,6,35,27,40"),
            ["Eastvale", "22", "12", "4", "6", "35", "27", "40"]
        );
        assert_eq!(raws("pages 3,5"), ["pages", "3", "5"]);
        assert_eq!(raws("2023,100"), ["2023", "100"]);
        assert_eq!(raws("1,2345"), ["1", "2345"]);
    }

    #[test]
    fn a_date_written_with_dots_is_three_numbers() {
        let raws = |s| tokens(s).iter().map(|t| t.raw).collect::<Vec<_>>();
        assert_eq!(
            raws("On 20.07.1969 it landed."),
            ["On", "20", "07", "1969", "it", "landed"]
        );
        assert_eq!(raws("20.7.1969"), ["20", "7", "1969"]);
        // Its dots end no sentence.
        let t = tokens("On 20.07.1969 it landed.");
        assert!(!t[2].sentence_start && !t[3].sentence_start && !t[4].sentence_start);
        // Versions and decimals stay one number.
        assert_eq!(
            raws("Python 3.12.1 and 1.5"),
            ["Python", "3.12.1", "and", "1.5"]
        );
        assert_eq!(raws("v1.2.2024"), ["1.2.2024"]);
        assert_eq!(raws("45.67.1969"), ["45.67.1969"]);
    }

    #[test]
    fn a_version_written_with_a_v_is_its_number() {
        let raws = |s| tokens(s).iter().map(|t| t.raw).collect::<Vec<_>>();
        assert_eq!(raws("## v4.8.0 — fixes"), ["4.8.0", "fixes"]);
        assert_eq!(raws("removed in V5.0."), ["removed", "in", "5.0"]);
        // A "v" before a bare number, or inside a word, stays a word's letter.
        assert_eq!(raws("a V8 engine"), ["a", "V8", "engine"]);
        assert_eq!(raws("dev4.2"), ["dev4", "2"]);
        assert!(tokens("v4.8.0")[0].is_number);
    }

    #[test]
    fn a_time_of_day_is_one_number() {
        let raws = |s| tokens(s).iter().map(|t| t.raw).collect::<Vec<_>>();
        assert_eq!(
            raws("Saturday 10:00 to 14:30, tee off at 7:55pm; 18:45:30"),
            ["Saturday", "10:00", "to", "14:30", "tee", "off", "at", "7:55", "pm", "18:45:30"]
        );
        // Not a time: a colon after three digits, or before one or three digits.
        assert_eq!(
            raws("Note 123:45 and 3:1 and 2:345"),
            ["Note", "123", "45", "and", "3", "1", "and", "2", "345"]
        );
        // Its value is hours and minutes as British English writes them, a full hour its hours.
        assert_eq!(number_digits("7:55"), "7.55");
        assert_eq!(number_digits("10:00"), "10");
        // A range of times may write its minutes with one digit ("7:0-18:0", as Yelp's
        // records do); alone, "3:0" is no time (a score).
        assert_eq!(
            raws("open 7:0-18:0, 8:30-13:0; won 3:0"),
            ["open", "7:0", "18:0", "8:30", "13:0", "won", "3", "0"]
        );
        assert_eq!(number_digits("18:0"), "18");
        // A fraction of zeros is no part of the key: "€148.00" is the "€148" of a claim.
        let key = |t: &str| number_key(&tokens(t), 0).into_owned();
        assert_eq!(key("148.00"), "148");
        assert_eq!(key("1,200.0"), "1200");
        assert_eq!(key("2.50"), "2.50");
        assert_eq!(key("1.0.0"), "1.0.0");
        assert_eq!(number_value("9:30"), number_value("9.30"));
        assert_eq!(number_value("18:45:30"), None);
    }

    #[test]
    fn dotted_initialisms_are_one_token_and_spelled_names_give_their_initials() {
        let raws = |s| tokens(s).iter().map(|t| t.raw).collect::<Vec<_>>();
        assert_eq!(raws("The U.S. Army"), ["The", "U.S", "Army"]);
        assert_eq!(
            raws("J.R.R. Tolkien wrote it."),
            ["J.R.R", "Tolkien", "wrote", "it"]
        );
        // A lone initial, or a word after a dot, is no initialism.
        assert_eq!(
            raws("A. Smith and Mr. T.S"),
            ["A", "Smith", "and", "Mr", "T.S"]
        );
        assert_eq!(raws("in the U.S.Army"), ["in", "the", "U.S", "Army"]);
        assert_eq!(initialism_letters("U.S"), Some("us".into()));
        assert_eq!(initialism_letters("NASA"), Some("nasa".into()));
        assert_eq!(initialism_letters("Paris"), None);
        assert_eq!(initialism_letters("I"), None);
        let text = "The United States of America and the National Aeronautics and Space \
                    Administration met. Paris is big.";
        let set = spelled_initialisms(text, &tokens(text));
        for l in ["us", "usa", "sa", "nasa"] {
            assert!(set.contains(l), "{l} in {set:?}");
        }
        // Not across a sentence's end, nor from a stopword ("The").
        assert!(!set.contains("ap") && !set.contains("tus"), "{set:?}");
        assert_eq!(name_initials("United Kingdom"), Some("uk".into()));
        assert_eq!(
            name_initials("United States of America"),
            Some("usa".into())
        );
        assert_eq!(
            name_initials("World Health Organization's"),
            Some("who".into())
        );
        assert_eq!(name_initials("Paris"), None);
        assert_eq!(name_initials("United states"), None);
        assert_eq!(name_initials("The Voice"), None);
        assert_eq!(name_initials("Chelsea FC"), None);
    }

    #[test]
    fn a_date_in_digits_names_its_months() {
        let text = "Signed: 2023-04-05 by both; filed 2023-13-05, ref 12-04-05 and 2023 - 04 - 05.";
        let toks = tokens(text);
        let at = |raw: &str| toks.iter().position(|t| t.raw == raw).unwrap();
        assert_eq!(iso_date_at(text, &toks, at("2023")), Some((3, 5)));
        // No month 13; no year of two digits; no spaces around the hyphens.
        let dated: Vec<usize> = (0..toks.len())
            .filter(|&i| iso_date_at(text, &toks, i).is_some())
            .collect();
        let raws: Vec<&str> = toks.iter().map(|t| t.raw).collect();
        assert_eq!(dated, [at("2023")], "{raws:?}");
        let months = |text: &str| -> Vec<[Option<usize>; 2]> {
            let toks = tokens(text);
            (0..toks.len())
                .map(|i| numeric_date_months(text, &toks, i))
                .filter(|m| m != &[None, None])
                .collect()
        };
        assert_eq!(months("13/03/2025 13:27 Delivered"), [[Some(2), None]]);
        assert_eq!(months("on 11/03/2025"), [[Some(2), Some(10)]]);
        assert_eq!(months("on 03-13-2025"), [[None, Some(2)]]);
        assert!(months("10/03 and 2025-03-11 and 11/03-2025, 40/40/2025, 01-23-4567").is_empty());
        let order = |text: &str| numeric_date_order(text, &tokens(text));
        assert_eq!(order("11/03/2025 and 13/03/2025"), Some(true));
        assert_eq!(order("11/03/2025 and 03/13/2025"), Some(false));
        assert_eq!(order("11/03/2025"), None);
        assert_eq!(order("13/03/2025 and 03/13/2025"), None);
    }

    #[test]
    fn a_long_form_spells_its_initialism_from_inside_its_words() {
        let spells = |text: &str, short: &str| spells_long_form(&tokens(text), short);
        assert!(spells("when exposed to ultraviolet B light", "uvb"));
        assert!(spells("a molecule of deoxyribonucleic acid", "dna"));
        assert!(spells("the World Health Organization said", "who"));
        // One word is no long form; a stopword ends a run; letters out of order spell nothing;
        // two letters are too few to tell.
        assert!(!spells("exposed to the sun", "tts"));
        assert!(!spells("ultraviolet B light", "vub"));
        assert!(!spells("ultraviolet", "uv"));
        assert!(!spells("an ultraviolet lamp", "lux"));
    }

    #[test]
    fn scaled_numbers_ordinals_and_diacritics_have_one_key() {
        let key = |s: &str| {
            let t = tokens(s);
            let i = t.iter().position(|t| t.is_number).unwrap();
            number_key(&t, i).into_owned()
        };
        assert_eq!(key("about 5.5 million people"), "5500000");
        assert_eq!(key("about 5,500,000 people"), "5500000");
        assert_eq!(key("$1.2 billion"), "1200000000");
        assert_eq!(key("1.2345 thousand"), "1234.5");
        assert_eq!(key("0.5 million"), "500000");
        assert_eq!(key("12 people"), "12");
        let t = tokens("the 4th and 21st of 1990s");
        let raws: Vec<_> = t.iter().map(|t| t.raw).collect();
        assert_eq!(raws, ["the", "4th", "and", "21st", "of", "1990s"]);
        assert_eq!(number_key(&t, 1), "4");
        assert_eq!(decade_start("1990s"), Some(1990.0));
        assert_eq!(decade_start("1995s"), None);
        assert!(in_decade(1999.0, "1990s") && !in_decade(2000.0, "1990s"));
        assert!(is_number_scale(&tokens("5 million"), 1));
        assert!(!is_number_scale(&tokens("a million"), 1));
        assert!(!is_number_scale(&tokens("5 million"), 2));
        // "m" written against a number is million, unless a length follows.
        assert!(is_number_scale(&tokens("£12m deal"), 1));
        assert!(is_number_scale(&tokens("1.5m people"), 1));
        assert!(!is_number_scale(&tokens("5,895m above sea level"), 1));
        assert!(!is_number_scale(&tokens("a 330m tall tower"), 2));
        // Abbreviations: "bn" with or without a space, "m" and "k" only written against it.
        for (s, v) in [
            ("$1.2bn", "1200000000"),
            ("1.2 bn", "1200000000"),
            ("£12m", "12000000"),
        ] {
            assert_eq!(number_key(&tokens(s), 0), v, "{s}");
        }
        assert_eq!(number_key(&tokens("45k"), 0), "45000");
        assert_eq!(number_key(&tokens("$1.67B"), 0), "1670000000");
        assert_eq!(number_key(&tokens("Kepler-452b"), 1), "452");
        assert_eq!(number_key(&tokens("Kepler-452B"), 1), "452");
        assert_eq!(number_key(&tokens("3b"), 0), "3");
        assert_eq!(number_key(&tokens("room 4B"), 1), "4");
        // A mixed number is one token and its value.
        let t = tokens("1½ tsp and 2¼ cups, 1⅓ or 3 ½");
        let raws: Vec<&str> = t.iter().map(|t| t.raw).collect();
        assert_eq!(raws, ["1½", "tsp", "and", "2¼", "cups", "1⅓", "or", "3 ½"]);
        assert_eq!(number_key(&t, 0), "1.5");
        assert_eq!(number_key(&t, 3), "2.25");
        assert_eq!(number_key(&t, 5), "1.333");
        // Only after whole digits; a mixed number takes no scale abbreviation.
        let raws = |s: &str| {
            tokens(s)
                .iter()
                .map(|t| t.raw.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(raws("1,000.55½k 10:30½"), ["1,000.55", "k", "10:30"]);
        assert_eq!(number_key(&tokens("1½m of fabric"), 0), "1.5");
        // Written apart, with a character or a slash, it is the same number; a date is not.
        let t = tokens("1 ½ cups, 1 1/2 cups, 2 3/4-inch, on 1 1/2/2024 and 3 5/4 and 7 1/32");
        let raws: Vec<&str> = t.iter().map(|t| t.raw).collect();
        assert_eq!(
            raws,
            [
                "1 ½", "cups", "1 1/2", "cups", "2 3/4", "inch", "on", "1", "1", "2", "2024",
                "and", "3", "5", "4", "and", "7", "1", "32"
            ]
        );
        assert_eq!(number_key(&t, 0), "1.5");
        assert_eq!(number_key(&t, 2), "1.5");
        assert_eq!(number_key(&t, 4), "2.75");
        // The first value of a range shares the scale its second value carries, when the range
        // ascends.
        for (s, v) in [
            ("$428–432M", "428000000"),
            ("$1.665-1.675B", "1665000000"),
            ("5 to 10 million", "5000000"),
            ("between 2 and 3 billion", "2000000000"),
            ("from 900 to 1.2 million", "900"),
            ("428 432M", "428"),
            ("12–15 people", "12"),
        ] {
            let t = tokens(s);
            let i = t.iter().position(|t| t.is_number).unwrap();
            assert_eq!(number_key(&t, i), v, "{s}");
        }
        for (raw, period) in [
            ("Q2", true),
            ("H1", true),
            ("FY2025", true),
            ("FY25", true),
            ("Q5", false),
            ("FYI", false),
            ("FY202", false),
            ("Qatar", false),
        ] {
            assert_eq!(is_reporting_period(raw), period, "{raw}");
        }
        assert!(is_common_acronym("YoY") && is_common_acronym("Q3"));
        assert_eq!(number_key(&tokens("5 m"), 0), "5");
        assert!(!is_number_scale(&tokens("5 m"), 1));
        use std::borrow::Cow;
        assert_eq!(fold_diacritics(Cow::Borrowed("gaudí")), "gaudi");
        assert_eq!(fold_diacritics(Cow::Borrowed("zürich")), "zurich");
        assert_eq!(fold_diacritics(Cow::Borrowed("łódź")), "łodz");
        assert!(matches!(
            fold_diacritics(Cow::Borrowed("paris")),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn stopword_set_is_the_list() {
        assert_eq!(
            STOPWORDS.iter().map(|w| w.len()).max(),
            Some(STOPWORD_MAX_LEN),
            "STOPWORD_MAX_LEN is the longest stopword"
        );
        assert!(STOPWORDS.iter().all(|w| is_stopword(w)));
        for w in ["photosynthesis", "paris", "", "thee", "yourself", "The"] {
            assert_eq!(is_stopword(w), STOPWORDS.contains(&w), "{w}");
        }
    }

    #[test]
    fn lower_casing_helpers_agree_with_to_lowercase() {
        for w in [
            "Paris",
            "paris",
            "ΟΔΟΣ",
            "İstanbul",
            "\u{212a}elvin",
            "ǅ",
            "STRASSE",
            "don’t",
            "",
        ] {
            assert_eq!(lower_cow(w), w.to_lowercase(), "{w}");
        }
    }

    #[test]
    fn to_lower_is_str_to_lowercase() {
        // Every string of up to four pieces: ASCII, multi-byte, expanding ("İ" → "i̇"),
        // title-case, Kelvin and sigma characters (σ or final ς by place); and a long text with
        // a late non-ASCII letter.
        let parts = [
            "A", "b", "É", "ß", "İ", "ǅ", "\u{212a}", "Σ", "σ", " ", "-", "Ω", "z",
        ];
        let mut level = vec![String::new()];
        for _ in 0..4 {
            level = level
                .iter()
                .flat_map(|s| parts.iter().map(move |p| format!("{s}{p}")))
                .collect();
            for s in &level {
                assert_eq!(to_lower(s), s.to_lowercase(), "{s:?}");
            }
        }
        let long =
            "The Eiffel Tower was completed in 1889. Émile Nouguier DREW the PLANS. ".repeat(9);
        assert_eq!(to_lower(&long), long.to_lowercase());
        assert_eq!(to_lower(""), "");
    }

    #[test]
    fn demonym_place_maps_each_demonym_and_nothing_else() {
        for &(place, adj) in DEMONYMS {
            assert_eq!(demonym_place(adj), Some(place));
            assert_eq!(demonym_place(place), None);
        }
        assert_eq!(demonym_place("paris"), None);
    }

    #[test]
    fn a_state_postal_code_names_its_state_only_in_capitals() {
        assert_eq!(us_state_of_code("MI"), Some("michigan"));
        assert_eq!(us_state_of_code("NY"), Some("new york"));
        assert_eq!(us_state_of_code("mi"), None);
        assert_eq!(us_state_of_code("UK"), None);
        assert_eq!(us_state_code("arizona"), Some("AZ"));
        assert_eq!(us_state_code("poland"), None);
        assert!(US_STATE_CODES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn phrases_respect_word_boundaries() {
        let list = PhraseGroup::of([&["may", "maybe"]]);
        let [f] = list.find_each("i may be wrong; maybe not. it may rain");
        assert_eq!(f, vec![("may", 2), ("maybe", 1)]);
    }

    /// One scan per phrase, as the counts are defined ([`PhraseGroup::find_each`]).
    fn scan_each(lower: &str, phrases: &[&'static str]) -> Vec<(&'static str, usize)> {
        let mut found = Vec::new();
        for &p in phrases {
            let (mut count, mut from) = (0, 0);
            while let Some(pos) = lower[from..].find(p) {
                let (s, e) = (from + pos, from + pos + p.len());
                count += usize::from(at_word_boundaries(lower, s, e));
                from = e;
            }
            if count > 0 {
                found.push((p, count));
            }
        }
        found
    }

    #[test]
    fn one_pass_counts_as_one_scan_per_phrase() {
        const LIST: &[&str] = &[
            "aa", "a", "a a", "may", "maybe", "be", "i think", "think", "ß", "é e",
        ];
        let list = PhraseGroup::of([LIST]);
        // Every string of up to 4 symbols over an alphabet that makes overlaps, repeats,
        // boundaries and multi-byte characters.
        let alphabet = ["a", " ", "b", "e", "ß", "é", "may", "i think"];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for t in &texts {
                for a in alphabet {
                    next.push(format!("{t}{a}"));
                }
            }
            texts.extend(next);
            texts.dedup();
        }
        // The same lists in one group, and a phrase in two lists ("may").
        const OTHER: &[&str] = &["may", "b", "e a"];
        let group = PhraseGroup::of([LIST, OTHER]);
        for t in &texts {
            assert_eq!(list.find_each(t), [scan_each(t, LIST)], "{t:?}");
            assert_eq!(
                group.find_each(t),
                [scan_each(t, LIST), scan_each(t, OTHER)],
                "{t:?}"
            );
        }
    }

    #[test]
    fn demonyms_pair_with_their_places() {
        assert_eq!(demonym_counterpart("polish"), Some("poland"));
        assert_eq!(demonym_counterpart("france"), Some("french"));
        assert_eq!(demonym_counterpart("paris"), Some("parisian"));
        assert_eq!(demonym_counterpart("madrid"), None);
        assert_eq!(demonym_place("dutch"), Some("netherlands"));
        assert_eq!(demonym_place("sydney"), None);
        let mut places: Vec<_> = DEMONYMS.iter().map(|p| p.0).collect();
        places.sort_unstable();
        places.dedup();
        assert_eq!(places.len(), DEMONYMS.len(), "one entry per place");
    }

    #[test]
    fn fnv_is_the_published_function() {
        // FNV-1a 64 test vector: "a" -> 0xaf63dc4c8601ec8c
        assert_eq!(fnv1a(FNV_OFFSET, b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}

/// Words that state the number after them as approximate or as a bound ("about 330", "more than
/// 20,000", "nearly 1,000"): the two words before the number, lower case, are matched against
/// these (one- and two-word forms).
pub const APPROXIMATORS: &[&str] = &[
    "about",
    "around",
    "approximately",
    "approx",
    "roughly",
    "nearly",
    "almost",
    "some",
    "circa",
    "over",
    "under",
    "estimated",
    "more than",
    "less than",
    "fewer than",
    "at least",
    "up to",
    "close to",
    "just over",
    "just under",
];

/// Whether the number token `toks[i]` is stated as approximate: one of [`APPROXIMATORS`] stands
/// right before it ("about 330", "more than 20,000").
pub fn is_approximated(toks: &[Token<'_>], i: usize) -> bool {
    let word = |j: usize| lower_cow(toks[j].raw);
    if i == 0 || toks[i - 1].is_number {
        return false;
    }
    let one = word(i - 1);
    if APPROXIMATORS.contains(&one.as_ref()) {
        return true;
    }
    i >= 2 && !toks[i - 2].is_number && {
        let two = format!("{} {}", word(i - 2), one);
        APPROXIMATORS.contains(&two.as_str())
    }
}

/// The side of its number a bound keeps to ([`approximator_bound`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value is the number or above it ("over 1,000", "more than", "at least").
    AtLeast,
    /// The value is the number or below it ("under 12", "less than", "fewer than", "up to").
    AtMost,
}

impl Bound {
    /// Whether `value` keeps to this side of `number` (inclusive: "over 20,000" is read as
    /// loosely as "about 20,000" is, but not of 19,800).
    pub fn admits(self, value: f64, number: f64) -> bool {
        match self {
            Bound::AtLeast => value >= number,
            Bound::AtMost => value <= number,
        }
    }
}

/// The bound the approximator right before the number token `toks[i]` states, when it states
/// one ([`is_approximated`]; "over", "more than", "at least", "just over" → at least; "under",
/// "less than", "fewer than", "up to", "just under" → at most): a bound is stated of a side of
/// its number, not of its neighbourhood, so "over $2,000" is not a reading of "$1,500". None for
/// the approximators of a neighbourhood ("about", "nearly") and for a negated bound ("no more
/// than").
pub fn approximator_bound(toks: &[Token<'_>], i: usize) -> Option<Bound> {
    if i == 0 || toks[i - 1].is_number {
        return None;
    }
    let is = |j: usize, w: &str| toks[j].raw.eq_ignore_ascii_case(w);
    let two = |a: &str, b: &str| i >= 2 && is(i - 2, a) && is(i - 1, b);
    // A negated bound is the other bound ("no more than 2,000" is at most 2,000): read as no
    // bound, as "about" is.
    let phrase_start = if is(i - 1, "over") || is(i - 1, "under") {
        i - 1
    } else {
        i.saturating_sub(2)
    };
    if phrase_start > 0 && (is(phrase_start - 1, "no") || is(phrase_start - 1, "not")) {
        return None;
    }
    if is(i - 1, "over") || two("more", "than") || two("at", "least") {
        Some(Bound::AtLeast)
    } else if is(i - 1, "under") || two("less", "than") || two("fewer", "than") || two("up", "to") {
        Some(Bound::AtMost)
    } else {
        None
    }
}

/// The value of a vulgar fraction character ("½" → 0.5, "¼", "¾", thirds and eighths; Unicode
/// block Number Forms and Latin-1), None for other characters.
pub fn vulgar_fraction(c: char) -> Option<f64> {
    Some(match c {
        '½' => 0.5,
        '¼' => 0.25,
        '¾' => 0.75,
        '⅓' => 1.0 / 3.0,
        '⅔' => 2.0 / 3.0,
        '⅛' => 0.125,
        '⅜' => 0.375,
        '⅝' => 0.625,
        '⅞' => 0.875,
        _ => return None,
    })
}

/// The digits of a number token of [`tokens`]: group commas dropped, a trailing "." trimmed
/// ("1,200.5" → "1200.5", "1889." → "1889"), a time of day as hours and minutes ("7:55" →
/// "7.55", "10:00" → "10"); borrowed when it holds no comma and is no time with minutes.
pub fn number_digits(raw: &str) -> std::borrow::Cow<'_, str> {
    // A mixed number ("1½", "1 ½", "1 1/2": [`tokens`]) is its value in decimals: "1.5",
    // "2.25", "1.333".
    if let Some((whole, frac)) = split_once_byte(raw, b' ') {
        if let (Ok(w), Some(f)) = (whole.parse::<f64>(), fraction_value(frac)) {
            return std::borrow::Cow::Owned((((w + f) * 1000.0).round() / 1000.0).to_string());
        }
    }
    if let Some(frac) = raw.chars().next_back().and_then(vulgar_fraction) {
        let whole = &raw[..raw.len() - raw.chars().next_back().map_or(0, char::len_utf8)];
        return match whole.parse::<f64>() {
            Ok(w) => std::borrow::Cow::Owned((((w + frac) * 1000.0).round() / 1000.0).to_string()),
            // (`tokens` joins a fraction to whole digits only.)
            Err(_) => number_digits(whole),
        };
    }
    // An ordinal's suffix ("4th" → "4") is no digit.
    let raw = raw.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    // A time of day ("7:55", [`tokens`]) is its hours and minutes as a decimal, as British
    // English writes it ("7.55pm"), and a full hour its hours ("10:00" = "10 am"); one with
    // seconds is no value.
    if let Some((h, m)) = split_once_byte(raw, b':') {
        return match m {
            "00" | "0" => std::borrow::Cow::Borrowed(h),
            m if has_byte(m, b':') => std::borrow::Cow::Borrowed(raw),
            m => std::borrow::Cow::Owned(format!("{h}.{m}")),
        };
    }
    if has_byte(raw, b',') {
        let digits: String = raw.chars().filter(|c| *c != ',').collect();
        std::borrow::Cow::Owned(digits.trim_end_matches('.').to_string())
    } else {
        std::borrow::Cow::Borrowed(raw.trim_end_matches('.'))
    }
}

/// Scale words that multiply the number before them, with their power of ten.
const SCALE_WORDS: &[(&str, u32)] = &[
    ("thousand", 3),
    ("million", 6),
    ("billion", 9),
    ("trillion", 12),
];

/// Scale abbreviations of news and finance ("$1.2bn", "£12m", "45k", "$1.67B"), with their
/// power of ten: they scale only a number they are written against, with no space ("5 m" is
/// five metres). "bn" and "tn" scale with a space too; "B" only as a capital after a number
/// with decimals ([`scale_at`]: "$1.67B", not "room 4B" or the planet "Kepler-452b").
const SCALE_SUFFIXES: &[(&str, u32, bool)] = &[
    ("bn", 9, true),
    ("tn", 12, true),
    ("m", 6, false),
    ("mn", 6, false),
    ("k", 3, false),
    ("b", 9, false),
];

/// Words after which a number's "m" is metres, not million: "5,895m above sea level", "330m
/// tall", and as the head of a compound, "a 330m high-rise" ([`scale_at`]); "£12m", "1.5m
/// people" stay millions. Lower case.
const LENGTH_CUES: &[&str] = &[
    "above", "below", "tall", "high", "long", "deep", "wide", "away", "across", "thick",
];

/// The power of ten of a scale word ("million" → 6; lower case), None for other words.
pub fn scale_of(lower: &str) -> Option<u32> {
    SCALE_WORDS
        .iter()
        .find(|(w, _)| *w == lower)
        .map(|&(_, p)| p)
}

/// The power of ten that `toks[i]` gives the number `toks[i − 1]`: a scale word after it ("5.5
/// million", [`scale_of`]; or heading a hyphenated compound, "410-million-euro") or a scale
/// abbreviation ([`SCALE_SUFFIXES`]: "1.2bn", "£12m"; not the "m" of a length,
/// [`LENGTH_CUES`]: "5,895m above sea level"). None when `toks[i]` is no scale of a number.
fn scale_at(toks: &[Token<'_>], i: usize) -> Option<u32> {
    let (Some(prev), Some(t)) = (i.checked_sub(1).and_then(|j| toks.get(j)), toks.get(i)) else {
        return None;
    };
    if !prev.is_number || t.is_number {
        return None;
    }
    // Compared without lower-casing: this runs for every word after a number.
    let is = |w: &str| t.raw.eq_ignore_ascii_case(w);
    // The head of a hyphenated compound: "million" of "a 410-million-euro mission" (tokenised
    // "410", "million-euro") or "a 5 million-strong army".
    let head = split_once_byte(t.raw, b'-').map_or("", |(h, _)| h);
    let joined = prev.start + prev.raw.len() == t.start;
    let length = || {
        toks.get(i + 1).is_some_and(|next| {
            let word = split_once_byte(next.raw, b'-').map_or(next.raw, |(h, _)| h);
            LENGTH_CUES.iter().any(|c| word.eq_ignore_ascii_case(c))
        })
    };
    SCALE_WORDS
        .iter()
        .find(|(w, _)| is(w) || head.eq_ignore_ascii_case(w))
        .map(|&(_, p)| p)
        .or_else(|| {
            // (A mixed number is a measure: "1½m" is a length.)
            let mixed = prev
                .raw
                .chars()
                .next_back()
                .is_some_and(|c| vulgar_fraction(c).is_some());
            SCALE_SUFFIXES
                .iter()
                .find(|(w, _, spaced)| is(w) && (joined || *spaced) && !mixed)
                .filter(|(w, _, _)| *w != "m" || !length())
                // A billion is a capital "B" after a number with decimals ("$1.67B"): after a
                // whole number it is as often a designation ("room 4B", the planet
                // "Kepler-452b").
                .filter(|(w, _, _)| *w != "b" || (t.raw == "B" && has_byte(prev.raw, b'.')))
                .map(|&(_, p, _)| p)
        })
}

/// True when `toks[i]` is a scale word or abbreviation right after a number ("5.5 million",
/// "£12m"; [`scale_at`]): it is part of that number's value ([`number_key`]), not a word of its
/// own.
pub fn is_number_scale(toks: &[Token<'_>], i: usize) -> bool {
    scale_at(toks, i).is_some()
}

/// Capitalised unit symbols (SI and common data units) that follow a number or a degree sign
/// ("100 °C", "3.5 GHz", "16 GB"): written with a capital, they are no names. Matched exactly,
/// case-sensitive, by [`is_unit_symbol`].
pub const UNIT_SYMBOLS: &[&str] = &[
    "C", "F", "K", "V", "W", "J", "N", "L", "Hz", "Pa", "Wh", "kWh", "MHz", "GHz", "THz", "MW",
    "GW", "TW", "MWh", "GWh", "TWh", "MV", "kV", "MJ", "GJ", "MPa", "GPa", "kPa", "KB", "MB", "GB",
    "TB", "PB", "Kbps", "Mbps", "Gbps",
];

/// Acronyms that are common nouns, not names: roles ("CEO"), degrees, things of everyday
/// text ("TV", "DNA", "GDP") and the comparisons of financial reporting ("YoY" for
/// year-over-year, "QoQ", "MoM", "FY"). An answer that calls Elon Musk "Tesla's CEO" names no entity the
/// sources lack when they say "chief executive"; the word is judged as a content word.
/// Case-sensitive, by [`is_common_acronym`].
/// Sorted (byte order), for a binary search.
pub const COMMON_ACRONYMS: &[&str] = &[
    "ADHD", "AI", "AIDS", "ATM", "BMI", "CCTV", "CEO", "CEOs", "CFO", "CIO", "CMO", "COO", "CPU",
    "CTO", "DJ", "DNA", "ETF", "FAQ", "FY", "GDP", "GPS", "GPU", "HIV", "HR", "ICU", "ID", "IPO",
    "IQ", "LCD", "LED", "MBA", "MD", "MEP", "MEPs", "MP", "MPs", "MoM", "PC", "PDF", "PR", "PTSD",
    "PhD", "QoQ", "RAM", "RNA", "SUV", "TV", "UFO", "URL", "USB", "VAT", "VIP", "YoY",
];

/// Whether `raw` is one of [`COMMON_ACRONYMS`] (as written, or with a possessive "'s"), or a
/// reporting period of finance ([`is_reporting_period`]: "Q2", "FY2025").
pub fn is_common_acronym(raw: &str) -> bool {
    let bare = strip_possessive(raw);
    ((2..=4).contains(&bare.len()) && COMMON_ACRONYMS.binary_search(&bare).is_ok())
        || is_reporting_period(bare)
}

/// Whether `raw` names a reporting period the way earnings reports abbreviate it: a quarter
/// ("Q1"–"Q4"), a half year ("H1", "H2") or a fiscal year ("FY25", "FY2025"). A period is a
/// common noun, no name: "Q2 revenue" is the "second quarter" revenue its release reports.
pub fn is_reporting_period(raw: &str) -> bool {
    match raw.as_bytes() {
        [b'Q', b'1'..=b'4'] | [b'H', b'1' | b'2'] => true,
        [b'F', b'Y', digits @ ..] => {
            matches!(digits.len(), 2 | 4) && digits.iter().all(u8::is_ascii_digit)
        }
        _ => false,
    }
}

/// True when `toks[i]` (in `text`, whose tokens [`tokens`] gave `toks`) is a unit symbol of
/// [`UNIT_SYMBOLS`] written as a unit: right after a degree sign ("100 °C", "212°F") or right
/// after a number with at most white space between ("3.5 GHz", "16GB" is one token and not
/// matched). "Vitamin C" and "Mr C. Smith" are not units. `toks` may be any run of [`tokens`]
/// of `text` (offsets into `text`); the first token of the run is never a unit.
pub fn is_unit_symbol(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let Some(t) = toks.get(i) else {
        return false;
    };
    // Cheapest tests first: this runs for every token of the sources.
    if i == 0 || t.is_number || !t.raw.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    let gap = gap(text, toks, i - 1, i);
    (gap == "°" || (gap.is_empty() && toks[i - 1].is_number)) && UNIT_SYMBOLS.contains(&t.raw)
}

/// Nouns by which an answer refers to its own request ("the passage", "the provided context").
const REQUEST_NOUNS: &[&str] = &[
    "article",
    "context",
    "conversation",
    "dialogue",
    "document",
    "documents",
    "excerpt",
    "information",
    "knowledge",
    "paragraph",
    "passage",
    "prompt",
    "question",
    "source",
    "sources",
    "text",
];

/// Nouns by which an answer names the kind of document its sources are ("the leaflet says",
/// "according to the policy"): framing only before a reporting verb or after "according to",
/// not after "in" ("a change in the policy" is content).
const DOCUMENT_NOUNS: &[&str] = &[
    "agreement",
    "contract",
    "documentation",
    "faq",
    "guide",
    "guidelines",
    "handbook",
    "instructions",
    "label",
    "lease",
    "leaflet",
    "manual",
    "notice",
    "page",
    "policy",
    "schedule",
    "timetable",
    "website",
];

/// Verbs of reporting after a request noun ("the passage states that").
const REPORTING_VERBS: &[&str] = &[
    "advises",
    "explains",
    "indicates",
    "lists",
    "mentions",
    "notes",
    "recommends",
    "says",
    "shows",
    "specifies",
    "states",
    "suggests",
    "warns",
];

/// Adverbs that may stand between a request noun and its reporting verb ("the leaflet
/// specifically says"); not "only", which restricts what is reported.
const REPORTING_ADVERBS: &[&str] = &["also", "clearly", "explicitly", "specifically"];

/// Where a framing phrase that starts at `toks[i]` ends (the index of the token after it), None
/// when none starts there. A framing phrase refers the answer to its request instead of
/// stating a claim: "Based on the (provided) passage", "According to the context", "As stated
/// in the text", "The passage says (that)", "The (correct) answer is". Such words are not
/// content the sources could support (in the sense of attribution spans, which claim
/// extraction leaves out of the claim: Nenkova and Passonneau 2004's content units, FActScore's
/// atomic facts, Min et al. 2023).
pub fn framing_end(toks: &[Token<'_>], i: usize) -> Option<usize> {
    let is = |j: usize, w: &str| {
        toks.get(j)
            .is_some_and(|t| !t.is_number && t.raw.eq_ignore_ascii_case(w))
    };
    let is_any = |j: usize, ws: &[&str]| ws.iter().any(|w| is(j, w));
    // Cheapest test first: this runs for every token of the request; a phrase opens with one
    // of six words, told apart by their lengths first.
    let opener = match toks[i].raw.len() {
        2 => ["as", "in"].iter().any(|w| is(i, w)),
        3 => is(i, "the"),
        4 => is(i, "this"),
        5 => is(i, "based"),
        9 => is(i, "according"),
        _ => false,
    };
    if !opener {
        return None;
    }
    // "the passage/context …": a determiner, an optional adjective, a request noun (or, with
    // `documents`, a document noun).
    let noun_phrase = |j: usize, documents: bool| -> Option<usize> {
        let mut k = j;
        if is_any(k, &["the", "this", "that", "your", "my"]) {
            k += 1;
        }
        if is_any(
            k,
            &[
                "provided",
                "given",
                "above",
                "supplied",
                "following",
                "available",
            ],
        ) {
            k += 1;
        }
        if !(is_any(k, REQUEST_NOUNS) || (documents && is_any(k, DOCUMENT_NOUNS))) {
            return None;
        }
        // "the information provided", "the passage above".
        Some(
            if is_any(k + 1, &["provided", "given", "above", "supplied"]) {
                k + 2
            } else {
                k + 1
            },
        )
    };
    let according = is(i, "according") && is(i + 1, "to");
    let opener = if (is(i, "based") && is(i + 1, "on")) || according {
        Some(i + 2)
    } else if is(i, "as")
        && is_any(
            i + 1,
            &["stated", "mentioned", "described", "noted", "explained"],
        )
        && is_any(i + 2, &["in", "by"])
    {
        Some(i + 3)
    } else if is(i, "in") {
        Some(i + 1)
    } else {
        None
    };
    if let Some(end) = opener.and_then(|j| noun_phrase(j, according)) {
        return Some(end);
    }
    if is(i, "the") || is(i, "this") {
        // "The passage states (that)"; "The leaflet specifically says"; "The (correct) answer
        // is".
        let verb = noun_phrase(i, true).map(|e| e + usize::from(is_any(e, REPORTING_ADVERBS)));
        if let Some(end) = verb.filter(|&e| is_any(e, REPORTING_VERBS)) {
            return Some(if is(end + 1, "that") {
                end + 2
            } else {
                end + 1
            });
        }
        let k = if is_any(i + 1, &["correct", "right", "final"]) {
            i + 2
        } else {
            i + 1
        };
        if is(k, "answer") && is(k + 1, "is") {
            return Some(k + 2);
        }
    }
    None
}

/// Whether `haystack` holds `needle` with ASCII letters compared case-insensitively (no
/// allocation; other characters must match exactly).
pub fn contains_ignore_ascii_case(haystack: &str, needle: &str) -> bool {
    let n = needle.len();
    n == 0
        || haystack
            .as_bytes()
            .windows(n)
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// The month names, lower case, January first: a month's number is its index plus one.
pub const MONTH_NAMES: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The calendar date an ISO 8601 date in the extended format opens at token `i` of `toks`
/// (offsets in `text`): "2023-04-05" (ISO 8601-1:2019 §5.2.2.1, YYYY-MM-DD), three number tokens
/// of four, two and two digits joined by hyphens, as (month index into [`MONTH_NAMES`], day of
/// the month 1–31). `None` unless `toks[i]` is the year of such a date with a month 01–12 and a
/// day 01–31.
pub fn iso_date_at(text: &str, toks: &[Token<'_>], i: usize) -> Option<(usize, u8)> {
    let [y, m, d] = toks.get(i..i + 3)? else {
        return None;
    };
    let digits = |t: &Token<'_>, n: usize| {
        t.is_number && t.raw.len() == n && t.raw.bytes().all(|b| b.is_ascii_digit())
    };
    let joined =
        |a: &Token<'_>, b: &Token<'_>| text.get(a.start + a.raw.len()..b.start) == Some("-");
    if !(digits(y, 4) && digits(m, 2) && digits(d, 2) && joined(y, m) && joined(m, d)) {
        return None;
    }
    let month: usize = m.raw.parse().ok()?;
    let day: u8 = d.raw.parse().ok()?;
    ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some((month - 1, day))
}

/// The months a date written in digits with its year last can name, opening at token `i` of
/// `toks` (offsets in `text`): "13/03/2025", "03-11-2025" (three number tokens of one or two,
/// one or two and four digits, a year 1900–2100, joined by one separator, "/", "." or "-",
/// twice the same; a dotted "3.11.2025" whose first two numbers tokenise as a decimal is not
/// read). Day first ("13/03": March) and month first ("03/13": March) are both in use: as
/// [day-first reading, month-first reading], indices into [`MONTH_NAMES`], each None when that
/// reading is no date ("13/03/2025": [Some(March), None]; "11/03/2025": both) and both None
/// unless `toks[i]` opens such a date. [`numeric_date_order`] tells a document's order.
pub fn numeric_date_months(text: &str, toks: &[Token<'_>], i: usize) -> [Option<usize>; 2] {
    let none = [None, None];
    let Some([a, b, y]) = toks.get(i..i + 3) else {
        return none;
    };
    let digits = |t: &Token<'_>, n: std::ops::RangeInclusive<usize>| {
        t.is_number && n.contains(&t.raw.len()) && t.raw.bytes().all(|c| c.is_ascii_digit())
    };
    let sep = |l: &Token<'_>, r: &Token<'_>| text.get(l.start + l.raw.len()..r.start);
    let same_sep =
        sep(a, b).is_some_and(|g| matches!(g, "/" | "." | "-")) && sep(a, b) == sep(b, y);
    if !(digits(a, 1..=2) && digits(b, 1..=2) && digits(y, 4..=4) && same_sep) {
        return none;
    }
    let (Ok(x), Ok(z), Ok(year)) = (
        a.raw.parse::<usize>(),
        b.raw.parse::<usize>(),
        y.raw.parse::<usize>(),
    ) else {
        return none;
    };
    if !(1900..=2100).contains(&year) {
        return none;
    }
    let reading = |day: usize, month: usize| {
        ((1..=31).contains(&day) && (1..=12).contains(&month)).then(|| month - 1)
    };
    [reading(x, z), reading(z, x)]
}

/// The order a text writes its dates in digits ([`numeric_date_months`]) in: Some(true) day
/// first, when one of its dates reads only that way ("13/03/2025") and none only the other
/// way; Some(false) month first, the other way round; None when its dates tell neither or
/// both. A date that reads both ways ("11/03/2025") is read in its document's order.
pub fn numeric_date_order(text: &str, toks: &[Token<'_>]) -> Option<bool> {
    let (mut day_first, mut month_first) = (false, false);
    for i in 0..toks.len() {
        match numeric_date_months(text, toks, i) {
            [Some(_), None] => day_first = true,
            [None, Some(_)] => month_first = true,
            _ => {}
        }
    }
    (day_first != month_first).then_some(day_first)
}

/// Abbreviations of the month names (lower case), each with its month's index in
/// [`MONTH_NAMES`].
const MONTH_ABBREVIATIONS: &[(&str, usize)] = &[
    ("jan", 0),
    ("feb", 1),
    ("mar", 2),
    ("apr", 3),
    ("jun", 5),
    ("jul", 6),
    ("aug", 7),
    ("sep", 8),
    ("sept", 8),
    ("oct", 9),
    ("nov", 10),
    ("dec", 11),
];

/// The index in [`MONTH_NAMES`] of the month `word` names in full or abbreviated ("February",
/// "feb", "Sept"; ASCII case ignored), None for other words.
pub fn month_index(word: &str) -> Option<usize> {
    MONTH_NAMES
        .iter()
        .position(|m| word.eq_ignore_ascii_case(m))
        .or_else(|| abbreviation_month(word))
}

/// The index in [`MONTH_NAMES`] of the month `word` abbreviates ([`MONTH_ABBREVIATIONS`]:
/// "Feb", "sept"; ASCII case ignored), None for other words and for full names ("May").
pub fn abbreviation_month(word: &str) -> Option<usize> {
    MONTH_ABBREVIATIONS
        .iter()
        .find(|(abbr, _)| word.eq_ignore_ascii_case(abbr))
        .map(|&(_, m)| m)
}

/// The month that token `i` of `toks` abbreviates ("Feb" → "february", "Sept" → "september"),
/// when a number stands right before or after it, as in a date ("Feb 15", "15 Sept 2024");
/// None otherwise ("Jan Smith", "Mar del Plata" are no dates).
pub fn abbreviated_month(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let month = MONTH_NAMES[abbreviation_month(toks[i].raw)?];
    let number = |j: Option<usize>| j.and_then(|j| toks.get(j)).is_some_and(|t| t.is_number);
    (number(i.checked_sub(1)) || number(Some(i + 1))).then_some(month)
}

/// Abbreviations of the weekdays' names in English dates and schedules, lower case, each with
/// the name (CLDR's abbreviated format names, with "Tues", "Weds", "Thur" and "Thurs").
pub const WEEKDAY_ABBREVIATIONS: [(&str, &str); 11] = [
    ("mon", "monday"),
    ("tue", "tuesday"),
    ("tues", "tuesday"),
    ("wed", "wednesday"),
    ("weds", "wednesday"),
    ("thu", "thursday"),
    ("thur", "thursday"),
    ("thurs", "thursday"),
    ("fri", "friday"),
    ("sat", "saturday"),
    ("sun", "sunday"),
];

/// The weekday that token `i` of `toks` abbreviates ("Fri" → "friday", "Tues" → "tuesday";
/// ASCII case ignored), when a number stands right after it, as in a date ("Fri 18 July", "Tue,
/// 15 July"); None otherwise ("Sun Microsystems", "Sat on the mat" are no dates). The
/// abbreviations of a weekday's name in English dates ([`WEEKDAY_ABBREVIATIONS`]).
pub fn abbreviated_weekday(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let day = WEEKDAY_ABBREVIATIONS
        .iter()
        .find(|(abbr, _)| toks[i].raw.eq_ignore_ascii_case(abbr))?
        .1;
    toks.get(i + 1).is_some_and(|t| t.is_number).then_some(day)
}

/// The month or weekday that token `i` of `toks` abbreviates beside a number, as a date writes
/// it ("Feb 15" → "february", "Fri 18 July" → "friday"; [`abbreviated_month`], then
/// [`abbreviated_weekday`]), or None.
pub fn abbreviated_calendar_name(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    abbreviated_month(toks, i).or_else(|| abbreviated_weekday(toks, i))
}

/// The name and the word of a hyphenated word that joins a name to a lower-case word
/// ("Hamburg-based" → ("Hamburg", "based"), "London-born"), None for other words: one whose
/// part after the first hyphen is not lower case, or whose head is an ordinary word of English
/// text ([`crate::lexicon`]), of which it is a prefix ("Non-fiction", "Self-help").
pub fn joined_name(word: &str) -> Option<(&str, &str)> {
    let (head, tail) = split_once_byte(word, b'-')?;
    (tail.starts_with(|c: char| c.is_lowercase())
        && !crate::lexicon::is_common_word(&lower_cow(head)))
    .then_some((head, tail))
}

/// The scale the number token `toks[i]` shares as the first value of a range whose second
/// value carries it: "$428–432M" and "5 to 10 million" state 428 and 5 millions, as "$428M to
/// $432M" does. The two values stand joined by a dash ([`Token::dash_before`]: "428–432"),
/// "to" or "and" ("between 2 and 3 million"), and ascend: "from 900 to 1.2 million" keeps its
/// 900. None when `toks[i]` opens no such range or its second value has no scale.
fn range_scale(toks: &[Token<'_>], i: usize) -> Option<u32> {
    let (first, next) = (toks.get(i)?, toks.get(i + 1)?);
    let second = if next.is_number && next.dash_before {
        i + 1
    } else if ["to", "and"]
        .iter()
        .any(|w| next.raw.eq_ignore_ascii_case(w))
        && toks.get(i + 2).is_some_and(|t| t.is_number)
    {
        i + 2
    } else {
        return None;
    };
    let value = |t: &Token<'_>| number_digits(t.raw).parse::<f64>().ok();
    let (a, b) = (value(first)?, value(&toks[second])?);
    (a < b).then(|| scale_at(toks, second + 1)).flatten()
}

/// The canonical digits of the number token `toks[i]`: its [`number_digits`] without a
/// fraction of zeros ("148.00" → "148", the "€148" of a price written to the cent), multiplied
/// by the scale word or abbreviation after it ([`scale_at`]) by moving the decimal point ("5.5
/// million" and "5.5m" → "5500000", as "5,500,000" gives; "1.2345 thousand" → "1234.5"). Equal
/// values written these ways get equal keys.
pub fn number_key<'a>(toks: &[Token<'a>], i: usize) -> std::borrow::Cow<'a, str> {
    let digits = without_zero_fraction(number_digits(toks[i].raw));
    let Some(power) = scale_at(toks, i + 1).or_else(|| range_scale(toks, i)) else {
        return digits;
    };
    let (int, frac) = digits.split_once('.').unwrap_or((&digits, ""));
    let p = power as usize;
    let mut whole = String::with_capacity(int.len() + p);
    whole.push_str(int);
    whole.push_str(&frac[..frac.len().min(p)]);
    whole.extend(std::iter::repeat_n('0', p.saturating_sub(frac.len())));
    let rest = frac.get(p..).unwrap_or("").trim_end_matches('0');
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    std::borrow::Cow::Owned(if rest.is_empty() {
        whole.to_string()
    } else {
        format!("{whole}.{rest}")
    })
}

/// `digits` (a [`number_digits`]) without a decimal fraction of zeros only ("148.00" → "148",
/// "2.0" → "2"); other numbers as they are ("2.50", "1.0.0", "7.55").
fn without_zero_fraction(digits: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    let int_len = match digits.split_once('.') {
        Some((int, frac))
            if !int.is_empty() && !frac.is_empty() && frac.bytes().all(|b| b == b'0') =>
        {
            int.len()
        }
        _ => return digits,
    };
    truncate_cow(digits, int_len)
}

/// The first `n` bytes of `w` (a char boundary), borrowed when `w` is and truncated in place when
/// it is owned: no allocation either way.
pub fn truncate_cow(w: std::borrow::Cow<'_, str>, n: usize) -> std::borrow::Cow<'_, str> {
    match w {
        std::borrow::Cow::Borrowed(b) => std::borrow::Cow::Borrowed(&b[..n]),
        std::borrow::Cow::Owned(mut o) => {
            o.truncate(n);
            std::borrow::Cow::Owned(o)
        }
    }
}

/// `word` with its letters' diacritics removed (canonical decomposition, combining marks
/// dropped; Unicode UAX #15 via the `unicode-normalization` crate): "Gaudí" → "Gaudi", "Zürich"
/// → "Zurich". Letters without a decomposition ("ł", "ø") stay. Borrowed when ASCII.
pub fn fold_diacritics(word: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    if word.is_ascii() {
        return word;
    }
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        fold_diacritics_char(c, |d| out.push(d));
    }
    std::borrow::Cow::Owned(out)
}

/// [`fold_diacritics`] of one character, without allocating: `emit` receives the characters of
/// its canonical decomposition that are not combining marks ("í" → "i").
pub fn fold_diacritics_char(c: char, mut emit: impl FnMut(char)) {
    use unicode_normalization::char::{decompose_canonical, is_combining_mark};
    decompose_canonical(c, |d| {
        if !is_combining_mark(d) {
            emit(d)
        }
    });
}

/// The value of a number as written by [`tokens`] ("21,196" → 21196, "2.5" → 2.5; its
/// [`number_digits`]), or None.
pub fn number_value(raw: &str) -> Option<f64> {
    number_digits(raw).parse::<f64>().ok()
}

/// A name without its possessive "'s" or "’s" ("Marie Curie's" → "Marie Curie"): both name one
/// thing.
pub fn strip_possessive(name: &str) -> &str {
    name.strip_suffix("'s")
        .or_else(|| name.strip_suffix("’s"))
        .unwrap_or(name)
}

/// The rounding step the number written `n` states (its [`number_digits`]): a decimal's last
/// decimal place ("2.5" → 0.1), an integer's last non-zero digit ("20,000" → 10 000, "330" →
/// 10; "0" → 1). None when `n` is no number.
pub fn precision_of(n: &str) -> Option<f64> {
    let digits = number_digits(n);
    digits.parse::<f64>().ok()?;
    Some(match digits.split_once('.') {
        Some((_, decimals)) => 10f64.powi(-(decimals.len() as i32)),
        None => {
            let kept = digits.trim_end_matches('0');
            if kept.is_empty() {
                1.0
            } else {
                10f64.powi((digits.len() - kept.len()) as i32)
            }
        }
    })
}

/// Whether `m` rounded at the precision the number written `n` states ([`precision_of`])
/// equals `n`. A stated "about 20,000" is true of 21,196; "about 330" is not of 324 (that
/// rounds to 320), nor "20" of 26. Zero states no precision (false).
pub fn rounds_to(m: f64, n: &str) -> bool {
    let (Some(value), Some(unit)) = (number_value(n), precision_of(n)) else {
        return false;
    };
    if value == 0.0 || !m.is_finite() {
        return false;
    }
    (m / unit).round() == (value / unit).round()
}

#[cfg(test)]
mod approximate_tests {
    use super::*;

    #[test]
    fn stop_words_are_told_without_allocating_as_after_lower_casing() {
        let mut words: Vec<String> = STOPWORDS.iter().map(|w| w.to_string()).collect();
        words.extend(STOPWORDS.iter().map(|w| w.to_uppercase()));
        words.extend(STOPWORDS.iter().map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        }));
        for w in [
            "",
            "Tower",
            "THESE",
            "İt",
            "\u{212A}",
            "Über",
            "Σ",
            "abcdefghij",
        ] {
            words.push(w.to_string());
        }
        for w in &words {
            assert_eq!(is_stopword_raw(w), is_stopword(&lower_cow(w)), "{w:?}");
        }
    }

    #[test]
    fn lower_casing_on_the_stack_is_lower_cow() {
        let mut buf = [0u8; LOWER_STACK_MAX];
        for w in [
            "",
            "the",
            "The",
            "THE",
            "Émile",
            "\u{212A}elvin",
            "İstanbul",
            "Σοφία",
            "McDonald",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "abcdefghijklmnopqrstuvwx",
            "ABCDEFGHIJKLMNOPQRSTUVWX",
        ] {
            assert_eq!(lower_on_stack(w, &mut buf), lower_cow(w), "{w:?}");
        }
    }

    #[test]
    fn byte_splits_agree_with_the_char_searcher() {
        for s in [
            "",
            "-",
            "fifty-six",
            "a-b-c",
            "10:30",
            "1,200",
            "Émile-Zola",
            "ß-",
            "-ü",
            "x",
        ] {
            for b in [b'-', b':', b','] {
                assert_eq!(split_once_byte(s, b), s.split_once(b as char), "{s:?} {b}");
                assert_eq!(has_byte(s, b), s.contains(b as char), "{s:?} {b}");
            }
        }
    }

    #[test]
    fn a_rounded_number_is_true_of_the_numbers_it_rounds() {
        assert!(rounds_to(21_196.0, "20,000"));
        assert!(rounds_to(980.0, "1,000"));
        assert!(rounds_to(2.47, "2.5"));
        assert!(rounds_to(42.0, "40"));
        assert!(!rounds_to(324.0, "330"));
        assert!(!rounds_to(26.0, "20"));
        assert!(rounds_to(1889.0, "1890"));
        assert!(!rounds_to(5.0, "0"));
    }

    #[test]
    fn approximators_are_the_words_right_before_a_number() {
        let toks = tokens("It is more than 20,000 km long and about 330 m tall, with 7 gates.");
        let at = |raw: &str| toks.iter().position(|t| t.raw == raw).unwrap();
        assert!(is_approximated(&toks, at("20,000")));
        assert!(is_approximated(&toks, at("330")));
        assert!(!is_approximated(&toks, at("7")));
        assert_eq!(number_value("21,196"), Some(21_196.0));
    }
}
