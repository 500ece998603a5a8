//! Markdown tables of the sources read with their header: the cell a question asks for
//! ([`states_asked_cell`]), and a value taken from another cell than that one
//! ([`table_cell_swap`]) or a header put on a cell of another column ([`table_header_swap`]);
//! and key-value lines (configuration files, spec sheets) read by their
//! key ([`key_value_swap`]).

use super::*;

/// A markdown table of the sources (GitHub Flavored Markdown's table extension: a header row,
/// a delimiter row of `---` cells, then body rows, each a line that starts and ends with `|`):
/// its header cells and its body rows, each with as many cells as the header (cells trimmed).
#[derive(Debug, Clone, PartialEq)]
struct Table<'a> {
    header: Vec<&'a str>,
    rows: Vec<Vec<&'a str>>,
}

/// A key-value line: the key's words and the value ([`key_values`]).
type KeyValue<'c> = (Vec<String>, &'c str);

/// A labelled line: the label, its numbers' values, the word after each ([`labelled_lines`]).
type LabelledLine = (String, Vec<f64>, Vec<String>);

/// A line of listed items: the label, the items, the whole line ([`item_lines`]).
type ItemLine = (String, Vec<String>, String);

/// The layout of the sources as this module's readers see it: their markdown tables
/// ([`tables`]), key-value lines ([`key_values`]), labelled lines ([`labelled_lines`]) and
/// lines of listed items ([`item_lines`]), each parsed when a reader first asks for it and
/// then shared by every claim of the request (each claim's check had parsed the whole
/// context again: a fifth of an audit of a statement or a league table).
#[derive(Debug)]
pub(super) struct Layout<'c> {
    /// The sources.
    context: &'c str,
    tables: std::cell::OnceCell<Vec<Table<'c>>>,
    key_values: std::cell::OnceCell<Vec<KeyValue<'c>>>,
    labelled_lines: std::cell::OnceCell<Vec<LabelledLine>>,
    item_lines: std::cell::OnceCell<Vec<ItemLine>>,
}

impl<'c> Layout<'c> {
    /// The layout of `context`, nothing parsed yet.
    pub(super) fn of(context: &'c str) -> Layout<'c> {
        Layout {
            context,
            tables: std::cell::OnceCell::new(),
            key_values: std::cell::OnceCell::new(),
            labelled_lines: std::cell::OnceCell::new(),
            item_lines: std::cell::OnceCell::new(),
        }
    }

    /// [`tables`] of the sources, parsed once.
    fn tables(&self) -> &[Table<'c>] {
        self.tables.get_or_init(|| tables(self.context))
    }

    /// [`key_values`] of the sources, parsed once.
    fn key_values(&self) -> &[KeyValue<'c>] {
        self.key_values.get_or_init(|| key_values(self.context))
    }

    /// [`labelled_lines`] of the sources, parsed once.
    fn labelled_lines(&self) -> &[LabelledLine] {
        self.labelled_lines.get_or_init(|| labelled_lines(self))
    }

    /// [`item_lines`] of the sources, parsed once.
    fn item_lines(&self) -> &[ItemLine] {
        self.item_lines.get_or_init(|| item_lines(self.context))
    }
}

/// The cells of a line written as a table row (`| a | b |`, or without the outer pipes, `a |
/// b`, as GitHub Flavored Markdown allows), None for other lines.
fn row_cells(line: &str) -> Option<Vec<&str>> {
    let line = line.trim();
    if !line.contains('|') {
        return None;
    }
    let inner = line.strip_prefix('|').unwrap_or(line);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// Whether `text` holds the value of the cell `cell` ([`holds_value`]), or its amount alone when
/// the cell states it per a period or a unit after a slash ("£51.99" of "£51.99/month").
fn holds_cell(text: &str, cell: &str) -> bool {
    holds_value(text, cell)
        || cell.split_once('/').is_some_and(|(amount, per)| {
            amount.chars().any(|c| c.is_ascii_digit())
                && per.chars().all(char::is_alphabetic)
                && !per.is_empty()
                && holds_value(text, amount.trim())
        })
}

/// Whether `cells` are a delimiter row: every cell dashes with optional alignment colons.
fn is_delimiter(cells: &[&str]) -> bool {
    cells
        .iter()
        .all(|c| c.contains('-') && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

/// The markdown tables of `context`: a row line, a delimiter row, then the row lines after it
/// with as many cells as the header (other rows end the table).
fn tables(context: &str) -> Vec<Table<'_>> {
    let mut out = Vec::new();
    let lines: Vec<&str> = context.lines().collect();
    let mut i = 0;
    while i + 1 < lines.len() {
        let (Some(header), Some(delim)) = (row_cells(lines[i]), row_cells(lines[i + 1])) else {
            i += 1;
            continue;
        };
        if header.len() < 2 || delim.len() != header.len() || !is_delimiter(&delim) {
            i += 1;
            continue;
        }
        let mut rows = Vec::new();
        let mut j = i + 2;
        while let Some(cells) = lines.get(j).and_then(|l| row_cells(l)) {
            if cells.len() != header.len() {
                break;
            }
            rows.push(cells);
            j += 1;
        }
        if !rows.is_empty() {
            out.push(Table { header, rows });
        }
        i = j.max(i + 1);
    }
    out
}

/// Whether `text` holds `value` as a whole (no letter or digit on either side), ASCII case
/// ignored.
fn holds_value(text: &str, value: &str) -> bool {
    if value.len() < 2 {
        return false;
    }
    let (t, v) = (text.to_ascii_lowercase(), value.to_ascii_lowercase());
    let bound = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    t.match_indices(&v).any(|(at, _)| {
        bound(t[..at].chars().next_back()) && bound(t[at + v.len()..].chars().next())
    })
}

/// Whether a cell's value is found in a claim only where the claim states it: it holds a digit
/// ("£15", "09:42") or is a word of three or more letters that is no stop word and no "yes" or
/// "no" ("Unlimited"; not "No", which any sentence may say).
fn distinctive(cell: &str) -> bool {
    let lower = cell.to_ascii_lowercase();
    cell.chars().any(|c| c.is_ascii_digit())
        || (cell.chars().count() >= 3
            && !is_stopword(&lower)
            && !matches!(lower.as_str(), "yes" | "none"))
}

/// The lower-cased words of at least three letters of `text` that are no stop words.
fn header_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 && !is_stopword(&w.to_ascii_lowercase()))
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The cell of `table` the question (`question`, its [`header_words`] `question_words`) asks
/// for: Some((row, column)). The row is the one whose cells the question states most (at least
/// one, and no other row as many: "the 09:15 from Leeds"); its cells the question states are its
/// keys; the column is the one, none of the keys', whose header shares the most words with the
/// question (at least one, and no other column as many: "how much is the joining fee on plus?"
/// asks "Joining fee", not "Monthly fee"). Table question answering reads a cell by its row and
/// its column's header (Pasupat and Liang 2015, "Compositional Semantic Parsing on
/// Semi-Structured Tables").
fn asked_cell(
    table: &Table<'_>,
    question: &str,
    question_words: &[String],
) -> Option<(usize, usize)> {
    let counts: Vec<usize> = table
        .rows
        .iter()
        .map(|r| r.iter().filter(|c| holds_value(question, c)).count())
        .collect();
    let best = *counts.iter().max()?;
    if best == 0 || counts.iter().filter(|&&n| n == best).count() != 1 {
        return None;
    }
    let r = counts.iter().position(|&n| n == best)?;
    let row = &table.rows[r];
    let shared: Vec<usize> = (0..row.len())
        .map(|k| {
            if holds_value(question, row[k]) {
                return 0;
            }
            header_words(table.header[k])
                .iter()
                .filter(|w| question_words.contains(w))
                .count()
        })
        .collect();
    let most = *shared.iter().max()?;
    if most == 0 || shared.iter().filter(|&&n| n == most).count() != 1 {
        return None;
    }
    Some((r, shared.iter().position(|&n| n == most)?))
}

/// A value the claim (`claim`) takes from the wrong cell of a markdown table of the sources
/// (`layout`, their [`Layout`]) for the cell the question (`question`) asks for
/// ([`asked_cell`]): Some((the claim's value, the value asked for)). The claim states not the cell asked for but another
/// cell of its row, none of its keys' columns ("09:42", the column "Arrives York", against
/// "10:44" for "what time do I get into Newcastle?"), or the asked column's cell of another
/// row whose keys it does not name ("£30", Basic's joining fee, for Plus's "£15"; "On Basic
/// it is £30" answers of Basic). Read as one sentence, a row holds every value of the claim
/// alike, and a cell under its header is far from the header's words. None when no table, row
/// or column is so found.
pub(super) fn table_cell_swap(
    layout: &Layout<'_>,
    question: &str,
    claim: &str,
) -> Option<(String, String)> {
    let context = layout.context;
    if !context.contains('|') || question.is_empty() {
        return None;
    }
    let question_words = header_words(question);
    for table in layout.tables() {
        let Some((r, t)) = asked_cell(table, question, &question_words) else {
            continue;
        };
        let row = &table.rows[r];
        // A cell of one character ("1", a platform) is not read in a claim ([`holds_value`]):
        // nothing says the claim lacks it.
        if row[t].len() < 2 || holds_cell(claim, row[t]) {
            continue;
        }
        let keys: Vec<usize> = (0..row.len())
            .filter(|&k| holds_value(question, row[k]))
            .collect();
        let taken = (0..row.len())
            .filter(|&k| k != t && !keys.contains(&k))
            .find(|&k| holds_cell(claim, row[k]));
        if let Some(k) = taken {
            return Some((row[k].to_string(), row[t].to_string()));
        }
        let other_row = table.rows.iter().enumerate().find(|&(o, other)| {
            o != r
                && !other[t].eq_ignore_ascii_case(row[t])
                && distinctive(other[t])
                && holds_cell(claim, other[t])
                && !keys.iter().any(|&k| holds_cell(claim, other[k]))
        });
        if let Some((_, other)) = other_row {
            return Some((other[t].to_string(), row[t].to_string()));
        }
    }
    None
}

/// The parts a cell of a table may be named by in a claim: the cell split at a dash set off by
/// spaces (" — ", " – ", " - ") and at brackets, each trimmed, of at least two words, a word
/// after the first capitalised: a title or a name ("Data Contracts for Streaming Pipelines —
/// Priya Natarajan": the talk and its speaker). A part of one word ("Yes", "£15") or in
/// sentence case ("No contract", "Early shift") names no cell alone: any claim may say it.
fn cell_parts(cell: &str) -> Vec<&str> {
    let mut parts = vec![cell];
    for sep in [" — ", " – ", " - ", "(", ")"] {
        parts = parts.into_iter().flat_map(|p| p.split(sep)).collect();
    }
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| {
            let mut words = p.split_whitespace();
            words.next().is_some()
                && words.clone().next().is_some()
                && words.any(|w| w.starts_with(char::is_uppercase))
        })
        .collect()
}

/// The content words of `text` (at least four letters, no stop words), lower-cased.
fn content_words(text: &str) -> impl Iterator<Item = String> + '_ {
    header_words(text)
        .into_iter()
        .filter(|w| w.chars().count() >= 4)
}

/// Whether two column headers are siblings, values of one attribute that a grid's columns
/// run over ("Room A" and "Room B", "Day 1" and "Day 2", "Main Hall" and "Side Hall";
/// "Monday" and "Tuesday"), rather than attributes of a comparison table's rows ("Contract
/// length" and "5G"): they share a word that is no stop word, or both name a day of the week.
fn sibling_headers(a: &str, b: &str) -> bool {
    let day = |h: &str| weekday_index(h.trim()).is_some();
    (day(a) && day(b)) || header_words(a).iter().any(|w| header_words(b).contains(w))
}

/// Where `text` places `header` on something, as written, case and all, as a whole: after
/// "in", "on" or "at" ("in Room A", "on Tuesday"), not before a dash or a slash that joins it
/// to more ("Room A–C", "Room A/B"). Not a word of a sentence ("time" for the header "Time").
fn places_in(text: &str, header: &str) -> bool {
    let bound = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    header.chars().any(char::is_alphabetic)
        && text.match_indices(header).any(|(at, _)| {
            let after = &text[at + header.len()..];
            let before = text[..at].trim_end();
            let preposition = ["in", "on", "at"].iter().any(|p| {
                before.len() >= p.len()
                    && before[before.len() - p.len()..].eq_ignore_ascii_case(p)
                    && bound(before[..before.len() - p.len()].chars().next_back())
            });
            bound(text[..at].chars().next_back())
                && bound(after.chars().next())
                && !after.starts_with(['–', '—', '/', '-'])
                && preposition
        })
}

/// Whether `text` names the header `header` in any form: any case, and a weekday in any of its
/// forms ("Mondays" for "Monday").
fn names_header(text: &str, header: &str) -> bool {
    holds_value(text, header)
        || weekday_index(header.trim()).is_some_and(|d| {
            text.split(|c: char| !c.is_alphanumeric())
                .any(|w| weekday_index(w) == Some(d))
        })
}

/// The most cells of a table [`table_header_swap`] reads: a programme grid is far smaller.
const HEADER_SWAP_MAX_CELLS: usize = 2_000;

/// A column header the claim (`claim`, not negated) puts on a cell of a markdown table of the
/// sources (`layout`, their [`Layout`]) that stands under another column: Some((the header it
/// states, the cell's header)). The claim names the cell by one of its parts ([`cell_parts`]) that the
/// sources write once, names the header of the cell's column in no form ([`names_header`]),
/// and places on something ([`places_in`]: "in Room A") the header of a sibling column
/// ([`sibling_headers`]) that the cell does not write, and under which no cell shares a
/// content word with the claim ("Priya Natarajan's talk … is in Room A" against a programme
/// whose "Room B" column holds "Data Contracts for Streaming Pipelines — Priya Natarajan"; not
/// "… clashes with Brenner's session in Room A"). In a grid whose columns are a place, a day
/// or a plan, the header is said of every cell under it; read as one sentence, a row holds
/// every header alike. None when no such cell is found, and for tables of more than
/// [`HEADER_SWAP_MAX_CELLS`] cells.
pub(super) fn table_header_swap(layout: &Layout<'_>, claim: &str) -> Option<(String, String)> {
    let context = layout.context;
    if !context.contains('|') {
        return None;
    }
    let claim_words: Vec<String> = content_words(claim).collect();
    let lower_context = std::cell::OnceCell::new();
    for table in layout.tables() {
        let columns = table.header.len();
        if columns * table.rows.len() > HEADER_SWAP_MAX_CELLS {
            continue;
        }
        let placed: Vec<usize> = (0..columns)
            .filter(|&k| places_in(claim, table.header[k]))
            .collect();
        if placed.is_empty() {
            continue;
        }
        for row in &table.rows {
            for (k, &cell) in row.iter().enumerate() {
                let named = cell_parts(cell).into_iter().any(|p| {
                    holds_value(claim, p)
                        && lower_context
                            .get_or_init(|| context.to_ascii_lowercase())
                            .matches(&p.to_ascii_lowercase())
                            .take(2)
                            .count()
                            == 1
                });
                if !named || names_header(claim, table.header[k]) {
                    continue;
                }
                // A column of whose cells the claim says a word that this cell does not write:
                // the claim speaks of it too ("Brenner's session in Room A").
                let cell_words: Vec<String> = content_words(cell).collect();
                let spoken = |h: usize| {
                    table.rows.iter().any(|r| {
                        content_words(r[h])
                            .any(|w| claim_words.contains(&w) && !cell_words.contains(&w))
                    })
                };
                let other = placed.iter().copied().find(|&h| {
                    h != k
                        && sibling_headers(table.header[h], table.header[k])
                        && !holds_value(cell, table.header[h])
                        && !spoken(h)
                });
                if let Some(h) = other {
                    return Some((table.header[h].to_string(), table.header[k].to_string()));
                }
            }
        }
    }
    None
}

/// The key-value lines of `context` whose value holds a digit: a line of a configuration file
/// (YAML "incremental_backups_days: 14", INI or `.env` "timeout = 30") or a spec sheet
/// ("Battery life: 40 min"): a key of one to four words or one identifier, not ending in a
/// digit, then ":" or "=", then a value of at most three words, a trailing `#` comment left
/// out. Each as (the key's words, split at "_", "-", "." and spaces, lower-cased:
/// [`header_words`], with the words of the keys it is nested under — a YAML line with no value
/// that an indented line follows, an INI `[section]`; the value). Empty unless the sources hold
/// at least three such lines: one colon in prose is no block of keys.
fn key_values(context: &str) -> Vec<KeyValue<'_>> {
    let words_of = |key: &str| header_words(&key.replace(['_', '-', '.'], " "));
    let mut out = Vec::new();
    // The keys the line is nested under, with their indentation (an INI section's is none).
    let mut parents: Vec<(Option<usize>, Vec<String>)> = Vec::new();
    for raw in context.lines() {
        let indent = raw.len() - raw.trim_start().len();
        let line = raw.trim().trim_start_matches("- ");
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            parents = vec![(None, words_of(section))];
            continue;
        }
        parents.retain(|(at, _)| at.is_none_or(|at| at < indent));
        let Some(sep) = line.find([':', '=']) else {
            continue;
        };
        let (key, value) = (line[..sep].trim(), &line[sep + 1..]);
        let value = value
            .split(" #")
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches('"');
        let key_ok = !key.is_empty()
            && key.split_whitespace().count() <= 4
            && key
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' ' | '(' | ')'))
            && key.starts_with(|c: char| c.is_alphabetic())
            // (Not the hour of a clock time: "Doors open 7:30".)
            && !key.ends_with(|c: char| c.is_ascii_digit());
        if key_ok && value.is_empty() {
            parents.push((Some(indent), words_of(key)));
            continue;
        }
        let value_ok = !value.is_empty()
            && value.split_whitespace().count() <= 3
            && value.chars().any(|c| c.is_ascii_digit());
        if key_ok && value_ok {
            let mut words = words_of(key);
            words.extend(parents.iter().flat_map(|(_, w)| w.iter().cloned()));
            out.push((words, value));
        }
    }
    if out.len() < 3 {
        out.clear();
    }
    out
}

/// The words of a key-value line's value that the other value (`other`) lacks, which tell the
/// two apart and which a claim states with its own unit or none ("40" of "40 min" against "90
/// days", said "40 minutes"; "12/09/2026" and "13/09/2026" of "12/09/2026, 13/09/2026"), their
/// punctuation trimmed; a word of one character with the value's words before it ("Floor 2"
/// against "Floor 3"), which [`holds_value`] reads whole.
fn distinct_words<'v>(value: &'v str, other: &str) -> Vec<&'v str> {
    fn trim(w: &str) -> &str {
        w.trim_matches(|c: char| matches!(c, ',' | ';' | '.' | '(' | ')'))
    }
    let theirs: Vec<&str> = other.split_whitespace().map(trim).collect();
    value
        .split_whitespace()
        .map(trim)
        .filter(|w| !w.is_empty() && !theirs.iter().any(|o| o.eq_ignore_ascii_case(w)))
        .map(|w| {
            if w.len() >= 2 {
                return w;
            }
            // (The value's words through this one, as written.)
            let end = w.as_ptr() as usize - value.as_ptr() as usize + w.len();
            value[..end].trim_start()
        })
        .collect()
}

/// Whether two words are one word's forms: equal, or sharing their first four letters when
/// both have four or more ("charge" and "charging", "fulls" and "full").
fn same_stem(a: &str, b: &str) -> bool {
    a == b || (a.len() >= 4 && b.len() >= 4 && a.as_bytes()[..4] == b.as_bytes()[..4])
}

/// A value the claim (`claim`) takes from another key-value line of the sources ([`key_values`])
/// than the one the question (`question`) asks for: Some((the claim's value, the asked one)).
/// The asked line is the one whose key shares the most words with the question (at least two,
/// and no other line as many: "How long do we keep incremental backups?" asks
/// "incremental_backups_days", not "full_backups_days"), read as [`asked_cell`] reads a
/// table's column by its header; or the one line whose key of one word the question names.
/// The claim holds none of the words that tell the asked value from the other line's
/// ([`distinct_words`]: "Floor 2" against "Floor 3"), holds the other's first (as a whole) and
/// names none of the other key's words the asked key lacks, in any form ([`same_stem`]: "90
/// days" is full backups'; "full backups are kept 90 days" answers of them).
pub(super) fn key_value_swap(
    layout: &Layout<'_>,
    question: &str,
    claim: &str,
) -> Option<(String, String)> {
    let context = layout.context;
    if question.is_empty() || !context.contains([':', '=']) {
        return None;
    }
    let lines = layout.key_values();
    if lines.is_empty() {
        return None;
    }
    let question_words = header_words(question);
    let shared: Vec<usize> = lines
        .iter()
        .map(|(k, _)| k.iter().filter(|w| question_words.contains(w)).count())
        .collect();
    let most = *shared.iter().max()?;
    if most == 0 || shared.iter().filter(|&&n| n == most).count() != 1 {
        return None;
    }
    let asked = shared.iter().position(|&n| n == most)?;
    let (asked_key, asked_value) = &lines[asked];
    // (Two words of the key, or the whole of a key of one word: "Which floor is the library
    // on?" asks "Library: Floor 2".)
    if most < 2 && asked_key.len() != 1 {
        return None;
    }
    let claim_words = header_words(claim);
    lines
        .iter()
        .enumerate()
        .find(|&(o, (key, value))| {
            let (asked_words, other_words) = (
                distinct_words(asked_value, value),
                distinct_words(value, asked_value),
            );
            o != asked
                && !asked_words.is_empty()
                && !asked_words.iter().any(|w| holds_value(claim, w))
                && other_words.first().is_some_and(|w| holds_value(claim, w))
                && !key
                    .iter()
                    .filter(|w| !asked_key.contains(w))
                    .any(|w| claim_words.iter().any(|c| same_stem(c, w)))
        })
        .map(|(_, (_, value))| (value.to_string(), asked_value.to_string()))
}

/// The most labelled lines [`labelled_value_swap`] reads: a list, not a document of colons.
const LABELLED_LINES_MAX: usize = 200;

/// The labelled lines of the sources (`layout`), as (the label, lower case; the values of the
/// numbers of its value): a line (a list marker "- ", "* " or "• " left out) that opens with a
/// label of one to five words and at most 40 bytes with a letter, then ": ", then a value
/// holding a number ("- 200 mg: 38/124 (31%)", "Placebo: 5/62 (8%)"); and a markdown table's
/// row ([`tables`], as the layout parsed them for every reader), labelled by its first cell
/// with a letter, its value the numbers of its other cells
/// ("| 2 | Redmill Athletic | … | +26 | 68 |"). Lines of one label are one entry, their
/// numbers together ("Placebo: n = 62" and "Placebo: 5/62 (8%)"). At most
/// [`LABELLED_LINES_MAX`] lines are read. Third, for each number, the word right after it,
/// lower case ("weeks" of "Spring: 11 weeks"; empty when none follows).
fn labelled_lines(layout: &Layout<'_>) -> Vec<LabelledLine> {
    let context = layout.context;
    let mut out: Vec<LabelledLine> = Vec::new();
    let numbers_of = |value: &str| -> Vec<(f64, String)> {
        let toks = tokens(value);
        (0..toks.len())
            .filter(|&i| toks[i].is_number)
            .filter_map(|i| {
                let unit = toks
                    .get(i + 1)
                    .filter(|t| !t.is_number && t.raw.chars().all(char::is_alphabetic))
                    .map_or_else(String::new, |t| t.raw.to_ascii_lowercase());
                number_value(&number_key(&toks, i)).map(|v| (v, unit))
            })
            .collect()
    };
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 40
            && label.split_whitespace().count() <= 5
            && label.chars().any(char::is_alphabetic)
    };
    let mut push = |label: &str, numbers: Vec<(f64, String)>| {
        if numbers.is_empty() {
            return;
        }
        let label = label.to_ascii_lowercase();
        let (values, units): (Vec<f64>, Vec<String>) = numbers.into_iter().unzip();
        match out.iter_mut().find(|(l, ..)| *l == label) {
            Some((_, n, u)) => {
                n.extend(values);
                u.extend(units);
            }
            None => out.push((label, values, units)),
        }
    };
    for raw in context.lines().take(LABELLED_LINES_MAX) {
        let line = raw.trim();
        let line = ["- ", "* ", "• "]
            .iter()
            .find_map(|m| line.strip_prefix(m))
            .unwrap_or(line);
        let Some(sep) = line.find(": ") else {
            continue;
        };
        let (label, value) = (line[..sep].trim(), &line[sep + 2..]);
        if label_ok(label) && !label.contains('|') {
            push(label, numbers_of(value));
        }
    }
    if context.contains('|') {
        for table in layout.tables() {
            for row in table.rows.iter().take(LABELLED_LINES_MAX) {
                let Some(l) = row.iter().position(|c| c.chars().any(char::is_alphabetic)) else {
                    continue;
                };
                if label_ok(row[l]) {
                    let numbers = row
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != l)
                        .flat_map(|(_, c)| numbers_of(c))
                        .collect();
                    push(row[l], numbers);
                }
            }
        }
    }
    out
}

/// Words that make a number a change of a labelled value, not the value
/// ([`labelled_value_swap`] of a claim naming one label: "laptops gain 1 year", "up by 2"),
/// lower case; with [`DIFFERENCE_COMPARATIVES`].
const CHANGE_WORDS: &[&str] = &[
    "by",
    "than",
    "gain",
    "gains",
    "gained",
    "add",
    "adds",
    "added",
    "additional",
    "another",
    "further",
    "plus",
    "up",
    "down",
];

/// Prepositions that put a value before the label after them ("31% on 200 mg", "68 points
/// with Kestrel Town"; [`labelled_value_swap`]).
const VALUE_BEFORE_LABEL: &[&str] = &["on", "for", "in", "at", "under", "with", "by"];

/// A value the claim (`claim`) pairs with one labelled line's label that another labelled line
/// of the sources gives, whose label the claim names too ([`labelled_lines`]): "42% of
/// patients on 200 mg and 31% on 400 mg" against "- 200 mg: 38/124 (31%)" and "- 400 mg:
/// 51/121 (42%)"; "Kestrel's +26" against a league table's rows — the values of a list or a
/// table swapped between its rows (FactCC's number swap, Kryscinski et al. 2020, across the
/// lines of a list; [`key_value_swap`] reads one asked key, [`table_cell_swap`] one asked
/// cell). A claim that names one label only is read by the number right after it (at most
/// two words between, no punctuation) in the unit its lines state numbers in: wrong when the
/// label's lines give another number in that unit, another line gives this one in it, and no
/// line naming the label states it ("Spring term is 12 weeks" against "Autumn: 12 weeks" and
/// "Spring: 11 weeks"). Otherwise the claim names at least two labels (whole, ASCII case ignored; a label of two or
/// more words also by its first word, capitalised, of four letters or more, when no other
/// label starts with it: "Kestrel" for "Kestrel Town"). Each time it names one, it pairs it
/// with the nearest number after it when a possessive, a colon or a bracket of one number
/// follows it ("Kestrel's +26", "200 mg: 31%", "Kestrel Town (68 pts)"), with the nearest number before
/// it when a preposition of [`VALUE_BEFORE_LABEL`] comes right before it and a number at most
/// four words before that, no punctuation between ("31% on 200 mg"), and otherwise with either, none of the claim's
/// other labels between. A pairing is wrong when its number is none of its label's lines' and
/// one of another named label's. The claim conflicts when each reading of the unmarked
/// pairings, numbers before and numbers after, has a wrong pairing; a reading with none is the
/// claim's. Some((the claim's number, the number in the same place of the label's own
/// lines)), from the reading the claim writes (before, when a number comes before its first
/// label).
pub(super) fn labelled_value_swap(layout: &Layout<'_>, claim: &str) -> Option<(String, String)> {
    let context = layout.context;
    if !context.contains(": ") && !context.contains('|') {
        return None;
    }
    let lines = layout.labelled_lines();
    if lines.len() < 2 {
        return None;
    }
    let toks = tokens(claim);
    let lower = claim.to_ascii_lowercase();
    let bound = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    // The first word of each label of two or more words that no other label starts with.
    let first_word = |label: &'_ String| -> Option<String> {
        let mut words = label.split_whitespace();
        let first = words.next()?;
        (words.next().is_some()
            && first.len() >= 4
            && first.chars().all(char::is_alphabetic)
            && lines
                .iter()
                .filter(|(l, ..)| l.split_whitespace().next() == Some(first))
                .count()
                == 1)
            .then(|| first.to_string())
    };
    // Every place the claim names a label: (its line, first token, last token, the byte after
    // the label: a token may run on, "Kestrel's").
    let mut named: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (l, (label, ..)) in lines.iter().enumerate() {
        // A label of one or two letters or a stop word ("A", "Total" aside) is any word too.
        if label.len() <= 2 || is_stopword(label) {
            continue;
        }
        let forms = [Some(label.clone()), first_word(label)];
        for (f, form) in forms.iter().enumerate() {
            let Some(form) = form.as_deref() else {
                continue;
            };
            for (at, _) in lower.match_indices(form) {
                let end = at + form.len();
                let whole =
                    bound(lower[..at].chars().next_back()) && bound(lower[end..].chars().next());
                let capitalised = f == 0 || claim[at..].starts_with(char::is_uppercase);
                let first = toks.iter().position(|t| t.start >= at);
                let last = toks.iter().rposition(|t| t.start < end);
                if let (true, true, Some(a), Some(b)) = (whole, capitalised, first, last) {
                    if !named.iter().any(|&(_, x, y, _)| x <= b && a <= y) {
                        named.push((l, a, b, end));
                    }
                }
            }
        }
    }
    named.sort_unstable_by_key(|&(_, a, ..)| a);
    let labels: Vec<usize> = named.iter().map(|&(l, ..)| l).collect();
    let &first_label = labels.first()?;
    let single = labels.iter().all(|&l| l == first_label);
    let in_label = |i: usize| named.iter().any(|&(_, a, b, _)| (a..=b).contains(&i));
    let value = |i: usize| {
        (toks[i].is_number && !in_label(i))
            .then(|| number_value(&number_key(&toks, i)))
            .flatten()
    };
    let label_between = |x: usize, y: usize| named.iter().any(|&(_, a, b, _)| a > x && b < y);
    // Which way a place pairs: Some(true) after, Some(false) before, None either.
    // The nearest number after the place (first token a, last b) or before it, none of the
    // claim's other labels between: (its token, its value).
    let next = |b: usize| {
        (b + 1..toks.len())
            .find_map(|i| value(i).map(|v| (i, v)))
            .filter(|&(i, _)| !label_between(b, i))
    };
    let prev = |a: usize| {
        (0..a)
            .rev()
            .find_map(|i| value(i).map(|v| (i, v)))
            .filter(|&(i, _)| !label_between(i, a))
    };
    // Whether the words between two tokens hold punctuation or a comparison ("an extra $10
    // for Plan B", "better than Kestrel's"): no pairing across them.
    let plain = |x: usize, y: usize| {
        // (A colon or "=" right after the first is the pairing's own: "200 mg: 31%".)
        let gap = claim[toks[x].start + toks[x].raw.len()..toks[y].start]
            .trim_start()
            .trim_start_matches([':', '=']);
        !gap.contains([',', ';', '.', ':'])
    } && (x + 1..y).all(|k| {
        !DIFFERENCE_COMPARATIVES
            .iter()
            .chain(&["than"])
            .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
    });
    // A claim that names one label reads the number right after it, at most two words
    // between and no punctuation, with the unit it is stated in there ("Spring term is 12
    // weeks" against "Autumn: 12 weeks / Spring: 11 weeks"): wrong when the label's own lines
    // give another number in that unit and another line gives this one in it.
    if single {
        return named.iter().find_map(|&(l, _, b, _)| {
            let (i, v) = next(b).filter(|&(i, _)| i <= b + 3 && plain(b, i))?;
            let unit = toks
                .get(i + 1)
                .filter(|t| !t.is_number && t.raw.chars().all(char::is_alphabetic))
                .map(|t| t.raw.to_ascii_lowercase())?;
            let in_unit = |u: &String| same_stem(u, &unit);
            // (A difference is no value of the label: "laptops gain 1 year", "30 days longer":
            // a change word between the label and the number, or right after its unit with no
            // punctuation between; not "12 weeks, longer than Summer".)
            let change = |k: usize| {
                DIFFERENCE_COMPARATIVES
                    .iter()
                    .chain(CHANGE_WORDS)
                    .any(|w| toks[k].raw.eq_ignore_ascii_case(w))
            };
            let changes = (b + 1..i).any(change)
                || (i + 2 < toks.len()
                    && gap(claim, &toks, i + 1, i + 2).trim().is_empty()
                    && change(i + 2));
            let (_, own_values, own_units) = &lines[l];
            if changes || own_values.contains(&v) {
                return None;
            }
            let own = own_values
                .iter()
                .zip(own_units)
                .find(|(_, u)| in_unit(u))
                .map(|(&n, _)| n)?;
            // (Not when a line of the sources names the label with this number: "Tariff
            // change: … standing charge 51.80p → 53.20p" states the old value of "Standing
            // charge: 31 days @ 53.20p/day".)
            let label = &lines[l].0;
            let stated_of_label = context.lines().any(|line| {
                let lower = line.to_ascii_lowercase();
                lower.match_indices(label.as_str()).any(|(at, _)| {
                    let end = at + label.len();
                    bound(lower[..at].chars().next_back()) && bound(lower[end..].chars().next())
                }) && {
                    let lt = tokens(line);
                    (0..lt.len()).any(|k| {
                        lt[k].is_number
                            && number_value(&number_key(&lt, k)) == Some(v)
                            && lt
                                .get(k + 1)
                                .is_some_and(|t| same_stem(&t.raw.to_ascii_lowercase(), &unit))
                    })
                }
            });
            if stated_of_label {
                return None;
            }
            let elsewhere = lines.iter().enumerate().any(|(o, (_, values, units))| {
                o != l && values.iter().zip(units).any(|(&n, u)| n == v && in_unit(u))
            });
            elsewhere.then(|| (number_key(&toks, i).to_string(), format!("{own}")))
        });
    }
    // Which way a place pairs: Some(true) after, Some(false) before, None either.
    let marked = |a: usize, b: usize, end: usize| -> Option<bool> {
        let rest = claim[end..].trim_start();
        // A possessive, a colon or "=" with its number right after, in its clause
        // ("Kestrel's +26", "200 mg: 31%"; not "… better than Kestrel's, +26 to +19").
        if let Some(m) = ["'s", "’s", ":", "="]
            .iter()
            .find(|m| rest.starts_with(**m))
        {
            // Only signs between the marker and the number ("Kestrel's +26", "Plan A: $10";
            // not "Plan A's: $20 versus $10").
            return next(b)
                .filter(|&(i, _)| {
                    claim[end..toks[i].start]
                        .trim_start()
                        .strip_prefix(m)
                        .is_some_and(|g| g.chars().all(|c| " +−-$€£¥".contains(c)))
                })
                .map(|_| true);
        }
        // A bracket of one number ("Kestrel Town (68 pts)"), not of several ("beat placebo
        // (31% and 42% vs 8%)", respectively).
        if let Some(inner) = rest.strip_prefix('(') {
            let inner = &inner[..inner.find(')').unwrap_or(inner.len())];
            if tokens(inner).iter().filter(|t| t.is_number).count() == 1 {
                return Some(true);
            }
        }
        // A preposition right before it, a number at most four words before that in its
        // clause ("31% on 200 mg"; not "31% responded; on 400 mg, 42%"), or a comma and a
        // number right after it ("On 400 mg, 42% responded").
        let prep = a.checked_sub(1).filter(|&p| {
            VALUE_BEFORE_LABEL
                .iter()
                .any(|w| toks[p].raw.eq_ignore_ascii_case(w))
        })?;
        if rest.starts_with(',') && next(b).is_some_and(|(i, _)| i == b + 1) {
            return Some(true);
        }
        // (A difference is no pairing: "an extra $10 for Plan B".)
        prev(prep)
            .filter(|&(i, _)| i + 4 >= prep && plain(i.saturating_sub(2), prep))
            .map(|_| false)
    };
    // Whether a pairing of label line `l` with the number `v` is wrong: none of `l`'s numbers,
    // one of another named label's; Some(the number in its place in `l`'s lines).
    let wrong = |l: usize, v: f64| -> Option<f64> {
        if lines[l].1.contains(&v) {
            return None;
        }
        labels.iter().find_map(|&o| {
            let place = lines[o].1.iter().position(|&n| n == v)?;
            (o != l).then(|| lines[l].1.get(place).copied()).flatten()
        })
    };
    // The first wrong place: a marked one's number, or an unmarked one's when the numbers
    // on both sides are there and both wrong ("respectively" pairs neither way).
    named.iter().find_map(|&(l, a, b, end)| {
        let (i, own) = match marked(a, b, end) {
            Some(true) => next(b).and_then(|(i, v)| Some((i, wrong(l, v)?)))?,
            Some(false) => prev(a).and_then(|(i, v)| Some((i, wrong(l, v)?)))?,
            None => {
                let ((i, v), (_, w)) = (prev(a)?, next(b)?);
                wrong(l, w)?;
                (i, wrong(l, v)?)
            }
        };
        Some((number_key(&toks, i).to_string(), format!("{own}")))
    })
}

/// Whether `text` states the cell a question (`question`) asks for in a markdown table of the
/// sources (`layout`, their [`Layout`]; [`asked_cell`]): the value is read by its row and its
/// column's header, so it answers the question however far its row's other cells stand from the header's words
/// (`question_proximity` measures distance in a sentence).
pub(super) fn states_asked_cell(layout: &Layout<'_>, question: &str, text: &str) -> bool {
    let context = layout.context;
    if !context.contains('|') || question.is_empty() {
        return false;
    }
    let question_words = header_words(question);
    layout.tables().iter().any(|table| {
        asked_cell(table, question, &question_words).is_some_and(|(r, t)| {
            distinctive(table.rows[r][t]) && holds_value(text, table.rows[r][t])
        })
    })
}

/// The most words an item of a labelled line may have ([`item_lines`]).
const ITEM_WORDS_MAX: usize = 3;

/// The most lines [`item_lines`] reads: a list, not a document.
const ITEM_LINES_MAX: usize = 60;

/// Lower case, hyphens as spaces, single spaces: how an item or a label is compared
/// ("Adults only" and "adults-only").
fn item_form(s: &str) -> String {
    s.to_lowercase()
        .replace(['-', '‑'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` (in [`item_form`]) holds `phrase` (in [`item_form`]) as whole words, a
/// plural "s" after its last word allowed ("mondays" for "monday").
fn holds_phrase(text: &str, phrase: &str) -> bool {
    let bound = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(phrase).any(|(at, _)| {
        let end = at + phrase.len();
        let after = text[end..].strip_prefix('s').unwrap_or(&text[end..]);
        bound(text[..at].chars().next_back()) && bound(after.chars().next())
    })
}

/// The lines of `context` that list items under a label, as (the label, the items, the whole
/// line), all in [`item_form`]: a line (a list marker "- ", "* " or "• " left out) that opens with a label
/// of one to three words and at most 30 bytes holding a letter, ended by ":" or " (", then
/// the items: the parts between commas, semicolons, brackets, colons and dashes, each without
/// its words that hold a digit ("Lane swim" of "Lane swim 7:30–9:30pm"), kept when one to
/// [`ITEM_WORDS_MAX`] words are left and the part opens with a capital letter, as a list's
/// entries and names do ("Tuesday: Early swim 6:30–8:30am; Lane swim 7:30–9:30pm"; "Zone 2
/// (USA, Canada, Australia, New Zealand): £6 per day" lists "canada" under "zone 2"); a
/// labelled line may list none ("Zone 3 (rest of world): calls £2.50/min"). At most
/// [`ITEM_LINES_MAX`] lines are read.
fn item_lines(context: &str) -> Vec<ItemLine> {
    let mut out = Vec::new();
    for raw in context.lines().take(ITEM_LINES_MAX) {
        let line = raw.trim();
        let line = ["- ", "* ", "• "]
            .iter()
            .find_map(|m| line.strip_prefix(m))
            .unwrap_or(line);
        let Some(end) = [line.find(':'), line.find(" (")]
            .into_iter()
            .flatten()
            .min()
        else {
            continue;
        };
        let label = line[..end].trim();
        if label.is_empty()
            || label.len() > 30
            || label.split_whitespace().count() > 3
            || !label.chars().any(char::is_alphabetic)
        {
            continue;
        }
        let items: Vec<String> = line[end + 1..]
            .split([',', ';', '(', ')', ':', '–', '—'])
            .filter_map(|part| {
                let words: Vec<&str> = part
                    .split_whitespace()
                    .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
                    .collect();
                let opens_capital = words
                    .first()
                    .and_then(|w| w.chars().next())
                    .is_some_and(char::is_uppercase);
                (opens_capital && (1..=ITEM_WORDS_MAX).contains(&words.len()))
                    .then(|| item_form(&words.join(" ")))
            })
            .collect();
        out.push((item_form(label), items, item_form(line)));
    }
    out
}

/// An item of a list the claim (`claim`, not negated) puts under another label than the
/// lines listing it ([`item_lines`]), among sibling lines (labels of one attribute,
/// [`sibling_headers`]: "Zone 1" and "Zone 2", "Monday" and "Tuesday"; three or more): the
/// claim names one label whose line does not list the item, names none of a sibling line that
/// does, and names the item, which a sibling line lists ("Canada is in Zone 1" against "Zone
/// 1 (EU, Iceland, Norway, Switzerland)" and "Zone 2 (USA, Canada, …)"; "Tuesday evening,
/// when there's an adults-only session" against a timetable whose "Adults only" is on
/// Monday's and Wednesday's lines). Not an item every sibling line lists (it says nothing of a
/// label), one that is itself a label, one inside a longer item the claim names ("Adult" of a
/// price line inside "adults only"), nor an item of one word the claim does not capitalise
/// ("open"); not in a claim that compares or sets apart ([`CONTRASTING_WORDS`]), nor one that
/// also names an item of the label's own line, or whose line holds the item inside a longer
/// part ("Adults-only lane swim session"); a weekday followed by a day of the month is a date,
/// and a label after "from" where the claim leaves, no label named. Some((the label the claim names, the first sibling
/// label whose line lists the item)). The membership swap of FactCC's entity swap
/// (Kryscinski et al. 2020), read across a list's lines.
pub(super) fn labelled_item_swap(layout: &Layout<'_>, claim: &str) -> Option<(String, String)> {
    let context = layout.context;
    if claim.is_empty() || !context.contains(':') && !context.contains(" (") {
        return None;
    }
    let lines = layout.item_lines();
    if lines.len() < 3 {
        return None;
    }
    let raw = claim;
    let claim = item_form(claim);
    // (A claim that compares or sets apart says where the item is not: "Unlike Zone 1, Canada
    // costs £6 a day", "every day except Tuesday".)
    if claim
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| CONTRASTING_WORDS.contains(&w))
    {
        return None;
    }
    // The items the claim names, none inside a longer one it names; an item of one word only
    // as the claim writes a name, capitalised ("Canada"; not "open" of a line's "Open").
    let capitalised = |item: &str| {
        item.contains(' ')
            || raw
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.eq_ignore_ascii_case(item) && w.starts_with(char::is_uppercase))
    };
    let mut said: Vec<&String> = lines
        .iter()
        .flat_map(|(_, items, _)| items)
        .filter(|item| holds_phrase(&claim, item) && capitalised(item))
        .collect();
    said.sort_unstable();
    said.dedup();
    let said: Vec<&String> = said
        .iter()
        .copied()
        .filter(|item| {
            !said
                .iter()
                .any(|longer| longer.len() > item.len() && holds_phrase(longer, item))
        })
        .collect();
    if said.is_empty() {
        return None;
    }
    // A weekday label followed by a day of the month dates, it labels nothing ("Monday 2
    // September"); a label after "from" is where the claim leaves ("from Floor 1").
    let names_label = |label: &str| {
        holds_phrase(&claim, label)
            && !claim.contains(&format!("from {label}"))
            && !(weekday_index(label).is_some()
                && claim.match_indices(label).any(|(at, _)| {
                    claim[at + label.len()..]
                        .trim_start_matches(['s', ','])
                        .trim_start()
                        .starts_with(|c: char| c.is_ascii_digit())
                }))
    };
    for (named, (label, own, own_line)) in lines.iter().enumerate() {
        if !names_label(label) {
            continue;
        }
        // (Naming an item the label's own line lists, the claim may set the other apart:
        // "The Library is on Floor 2, above the Canteen".)
        if said
            .iter()
            .any(|item| own.contains(item) || holds_phrase(own_line, item))
        {
            continue;
        }
        let siblings: Vec<usize> = (0..lines.len())
            .filter(|&l| l == named || sibling_headers(&lines[l].0, label))
            .collect();
        if siblings.len() < 3 {
            continue;
        }
        for &item in &said {
            let listing: Vec<usize> = siblings
                .iter()
                .copied()
                .filter(|&l| lines[l].1.contains(item))
                .collect();
            let swapped = !listing.is_empty()
                && listing.len() < siblings.len()
                && !listing.iter().any(|&l| holds_phrase(&claim, &lines[l].0))
                && !lines.iter().any(|(l, ..)| l == item);
            if swapped {
                return Some((label.clone(), lines[listing[0]].0.clone()));
            }
        }
    }
    None
}

/// Words of a claim that compare or set apart ([`labelled_item_swap`]: "Unlike Zone 1, …",
/// "every day except Tuesday", "rather than"), in [`item_form`].
const CONTRASTING_WORDS: &[&str] = &[
    "unlike",
    "than",
    "versus",
    "vs",
    "compared",
    "instead",
    "rather",
    "whereas",
    "but",
    "except",
    "apart",
    "outside",
    "excluded",
    "excluding",
    "without",
    "lacks",
    "lack",
];

#[cfg(test)]
mod tests {
    use super::*;

    const BACKUP_YAML: &str = "# backup-agent.yaml\nschedule:\n  full: \"0 2 * * 0\"  # Sundays\n\
        retention:\n  full_backups_days: 90\n  incremental_backups_days: 14\n  keep_minimum: 3\n\
        storage:\n  encryption: aes-256-gcm";

    #[test]
    fn a_grid_cell_is_under_its_own_columns_header() {
        let programme = "| Time | Main Hall | Room A | Room B |\n|---|---|---|---|\n\
            | 10:00 | Keynote — Amara Okafor | Privacy in Practice — Lukas Brenner | Data \
            Contracts — Priya Natarajan |\n| 11:15 | Lunch | Synthetic Data — Hana Sato | \
            Lakehouse Governance — Marcus Feld |\n";
        assert_eq!(
            table_header_swap(
                &Layout::of(programme),
                "Priya Natarajan speaks at 10:00 in Room A."
            ),
            Some(("Room A".into(), "Room B".into()))
        );
        assert_eq!(
            table_header_swap(
                &Layout::of(programme),
                "Priya Natarajan speaks at 10:00 in Room B."
            ),
            None
        );
        // A claim that names a cell under the header it states too; a header that is no
        // sibling of the cell's ("Time"); a claim that names no cell by a part of its own.
        let both = "Priya Natarajan (Room B) overlaps Lukas Brenner in Room A.";
        assert_eq!(table_header_swap(&Layout::of(programme), both), None);
        assert_eq!(
            table_header_swap(&Layout::of(programme), "Time for Priya Natarajan: 10:00."),
            None
        );
        assert_eq!(
            table_header_swap(&Layout::of(programme), "Lunch is in Room A."),
            None
        );
        // A sentence that places another column's session, or a header not placed on
        // anything, or joined to more ("Room A–C"), or the own header in any case.
        for correct in [
            "Priya Natarajan's talk clashes with Brenner's session in Room A.",
            "If you go to Priya Natarajan's talk you will miss the privacy talk in Room A.",
            "Priya Natarajan is recorded, as all Room A–C sessions are, in Room A–C.",
            "Priya Natarajan is in room B, not in Room A.",
            "Room A is full, so see Priya Natarajan.",
        ] {
            assert_eq!(
                table_header_swap(&Layout::of(programme), correct),
                None,
                "{correct}"
            );
        }
        // A part the sources write twice names no one cell ("moved to Room A" in a notice).
        let moved = format!("{programme}\nPriya Natarajan's talk has moved to Room A.\n");
        assert_eq!(
            table_header_swap(&Layout::of(&moved), "Priya Natarajan speaks in Room A."),
            None
        );
        // Weekday headers in any form; sentence-case cells name no cell.
        let rota = "| Shift | Monday | Tuesday |\n|---|---|---|\n| Early | Sam Patel | Ann Lee |\n\
            | Late | Day off | Tom Hart |\n";
        assert_eq!(
            table_header_swap(&Layout::of(rota), "Sam Patel works early on Tuesday."),
            Some(("Tuesday".into(), "Monday".into()))
        );
        assert_eq!(
            table_header_swap(
                &Layout::of(rota),
                "Sam Patel works Mondays, not on Tuesday."
            ),
            None
        );
        assert_eq!(
            table_header_swap(&Layout::of(rota), "It is a day off on Tuesday."),
            None
        );
        // A comparison table's headers are attributes, not siblings.
        let plans = "| Plan | Contract length | 5G |\n|---|---|---|\n| Flex Thirty | 12 months \
            | Yes |\n| Basic Go | No contract | No |\n";
        assert_eq!(
            table_header_swap(
                &Layout::of(plans),
                "Flex Thirty is the only 5G plan on 12 months."
            ),
            None
        );
    }

    #[test]
    fn a_value_of_another_key_is_swapped_for_the_asked_one() {
        let q = "How long do we keep incremental backups?";
        assert_eq!(
            key_value_swap(&Layout::of(BACKUP_YAML), q, "90 days."),
            Some(("90".into(), "14".into()))
        );
        assert_eq!(
            key_value_swap(&Layout::of(BACKUP_YAML), q, "14 days."),
            None
        );
        // A claim that names the other key answers of it.
        assert_eq!(
            key_value_swap(
                &Layout::of(BACKUP_YAML),
                q,
                "Full backups are kept for 90 days."
            ),
            None
        );
        // A question no key answers better than another asks no line.
        assert_eq!(
            key_value_swap(
                &Layout::of(BACKUP_YAML),
                "How long are backups kept?",
                "90 days."
            ),
            None
        );
    }

    #[test]
    fn a_key_of_one_word_is_asked_and_told_by_the_word_its_value_differs_in() {
        let guide = "Library: Floor 2\nCanteen: Floor 1\nStudy rooms: Floor 3\nPrinting: Floor 2";
        let q = "Which floor is the library on?";
        assert_eq!(
            key_value_swap(&Layout::of(guide), q, "The library is on Floor 3."),
            Some(("Floor 3".into(), "Floor 2".into()))
        );
        assert_eq!(
            key_value_swap(&Layout::of(guide), q, "The library is on Floor 2."),
            None
        );
        // A claim holding any word that tells the asked value apart states it ("13/09/2026"
        // of "12/09/2026, 13/09/2026").
        let recall = "Pack size: 340g glass jar\nBatch codes: L4281, L4282\nBest before: \
                      12/09/2026, 13/09/2026";
        let q = "My 340g jar says best before 13/09/2026. Do I bin it?";
        let c = "Your 340g jar (best before 13/09/2026) is covered.";
        assert_eq!(key_value_swap(&Layout::of(recall), q, c), None);
    }

    #[test]
    fn a_key_is_read_with_its_unit_its_section_and_its_forms() {
        let spec = "Battery life: 40 min\nCharging time: 90 min\nWeight: 249 g";
        let q = "What's the battery life, and how long does it take to charge?";
        let both = "About 40 minutes, and a full charge takes 90 minutes.";
        assert_eq!(key_value_swap(&Layout::of(spec), q, both), None);
        assert_eq!(
            key_value_swap(
                &Layout::of(spec),
                "How long is the battery life?",
                "About 90 minutes."
            ),
            Some(("90 min".into(), "40 min".into()))
        );
        let nested =
            "logging:\n  max_file_size_mb: 10\n  level: 3\nuploads:\n  max_size_mb: 25\n  \
            max_files: 12";
        let q = "What's the max file size for uploads?";
        assert_eq!(
            key_value_swap(&Layout::of(nested), q, "Uploads are capped at 25 MB."),
            None
        );
        assert_eq!(
            key_value_swap(
                &Layout::of(BACKUP_YAML),
                "How long do we keep incremental backups?",
                "Fulls stay 90."
            ),
            None
        );
    }

    #[test]
    fn prose_and_clock_times_are_no_key_value_lines() {
        assert!(
            key_values("Note: the office closes at 5 pm on Fridays and reopens on Monday.")
                .is_empty()
        );
        let times = "Doors open 7:30\nSupport act 8:15\nHeadliner 9:00";
        assert!(key_values(times).is_empty());
    }

    const TIMETABLE: &str = "Northbound services\n\
        | Train | Departs Leeds | Arrives York | Arrives Newcastle | Platform |\n\
        |---|---|---|---|---|\n\
        | 1E08 | 08:05 | 08:31 | 09:36 | 5 |\n\
        | 1E12 | 09:15 | 09:42 | 10:44 | 3 |\n";

    #[test]
    fn a_value_from_another_column_of_the_asked_row_is_swapped() {
        let q = "If I catch the 09:15 from Leeds, what time do I get into Newcastle?";
        assert_eq!(
            table_cell_swap(&Layout::of(TIMETABLE), q, "09:42"),
            Some(("09:42".to_string(), "10:44".to_string()))
        );
        assert_eq!(table_cell_swap(&Layout::of(TIMETABLE), q, "10:44"), None);
        assert_eq!(
            table_cell_swap(
                &Layout::of(TIMETABLE),
                q,
                "You arrive at 10:44, platform 3."
            ),
            None
        );
        // No row the question names, or no column it asks for: nothing read.
        assert_eq!(
            table_cell_swap(&Layout::of(TIMETABLE), "When is the next train?", "09:42"),
            None
        );
        assert_eq!(
            table_cell_swap(&Layout::of(TIMETABLE), "What about the 09:15?", "09:42"),
            None
        );
    }

    const PLANS: &str = "| Plan | Monthly fee | Joining fee | Guest passes |\n\
        |---|---|---|---|\n\
        | Basic | £24.99 | £30 | 0 |\n\
        | Plus | £34.99 | £15 | 1 |\n\
        | Student | £19.99 | £10 | 0 |\n";

    #[test]
    fn the_column_sharing_most_words_with_the_question_is_asked_for() {
        let q = "how much is the joining fee on plus?";
        assert!(states_asked_cell(&Layout::of(PLANS), q, "£15"));
        assert!(!states_asked_cell(&Layout::of(PLANS), q, "£34.99"));
        assert_eq!(
            table_cell_swap(&Layout::of(PLANS), q, "It costs £34.99."),
            Some(("£34.99".to_string(), "£15".to_string()))
        );
        // Two headers sharing as many words with the question: no column is asked for.
        assert!(!states_asked_cell(
            &Layout::of(PLANS),
            "what is the fee on plus?",
            "£15"
        ));
    }

    #[test]
    fn the_asked_column_of_another_row_is_swapped_unless_the_claim_names_that_row() {
        let q = "how much is the joining fee on plus?";
        assert_eq!(
            table_cell_swap(&Layout::of(PLANS), q, "£30"),
            Some(("£30".to_string(), "£15".to_string()))
        );
        assert_eq!(table_cell_swap(&Layout::of(PLANS), q, "£15"), None);
        assert_eq!(
            table_cell_swap(
                &Layout::of(PLANS),
                q,
                "Plus is £15 to join, half of Basic's £30."
            ),
            None
        );
        assert_eq!(
            table_cell_swap(&Layout::of(PLANS), q, "On Basic it is £30."),
            None
        );
        // A one-character cell asked for is not read; a "Yes"/"No" cell is no value of a claim.
        let passes = "How many guest passes do I get on Plus?";
        assert_eq!(
            table_cell_swap(
                &Layout::of(PLANS),
                passes,
                "Plus includes 1 guest pass, for £34.99 a month."
            ),
            None
        );
        let pools = "| Plan | Pool access |\n|---|---|\n| Basic | No |\n| Plus | Yes |\n";
        let q = "does plus have pool access?";
        assert_eq!(
            table_cell_swap(
                &Layout::of(pools),
                q,
                "Plus includes pool access at no extra cost."
            ),
            None
        );
        assert!(!states_asked_cell(&Layout::of(pools), q, "Yes, it does."));
    }

    #[test]
    fn a_table_without_outer_pipes_is_read_and_a_cell_per_month_is_its_amount() {
        let prices = "Membership | What's included | 12-month contract | Rolling monthly\n\
                      -----------|-----------------|-------------------|----------------\n\
                      Standard   | Gym floor       | £34.99/month      | £39.99/month\n\
                      Premium    | Classes, pool   | £44.99/month      | £51.99/month\n";
        assert_eq!(tables(prices).len(), 1);
        let q = "If I go for Premium but on the rolling monthly option, whats my first payment?";
        assert_eq!(
            table_cell_swap(
                &Layout::of(prices),
                q,
                "The Premium rolling monthly price is £44.99."
            ),
            Some(("£44.99/month".into(), "£51.99/month".into()))
        );
        assert_eq!(
            table_cell_swap(
                &Layout::of(prices),
                q,
                "The Premium rolling monthly price is £51.99."
            ),
            None
        );
        // No delimiter row, no table; a slash between words is no period.
        assert_eq!(tables("a | b\nc | d").len(), 0);
        assert!(!holds_cell("It is and or or.", "and/or"));
    }

    #[test]
    fn only_a_table_with_a_delimiter_row_is_read() {
        assert_eq!(tables("| a | b |\n| c | d |").len(), 0);
        let t = tables(TIMETABLE);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].header.len(), 5);
        assert_eq!(t[0].rows.len(), 2);
        assert_eq!(t[0].rows[1][3], "10:44");
    }

    #[test]
    fn a_value_paired_with_another_lines_label_is_swapped() {
        let trial = "Arms:\n- Velortinib 200 mg once daily: n = 124\n- Velortinib 400 mg once \
                     daily: n = 121\n- Placebo: n = 62\n\nPASI-75 at week 16:\n- 200 mg: 38/124 \
                     (31%)\n- 400 mg: 51/121 (42%)\n- Placebo: 5/62 (8%)";
        let swap = |claim: &str| labelled_value_swap(&Layout::of(trial), claim);
        for right in [
            "PASI-75 was reached by 31% of patients on 200 mg and 42% on 400 mg, versus 8% on \
             placebo.",
            "On 200 mg, 31% responded; on 400 mg, 42%; on placebo, 8%.",
            "It randomized 307 adults to 200 mg (n=124), 400 mg (n=121) or placebo (n=62).",
            "Both 200 mg and 400 mg beat placebo (31% and 42% vs 8%).",
            "The 400 mg dose did best.",
        ] {
            assert_eq!(swap(right), None, "{right}");
        }
        assert_eq!(
            swap("PASI-75 was reached by 42% of patients on 200 mg and 31% on 400 mg, versus 8% on placebo."),
            Some(("42".into(), "31".into()))
        );
        assert_eq!(
            swap("On 200 mg, 42% responded; on 400 mg, 31%; on placebo, 8%."),
            Some(("42".into(), "31".into()))
        );
        // A comparison or a list of values is no pairing.
        let league = "| Pos | Club | GD | Pts |\n|---|---|---|---|\n| 2 | Redmill Athletic | +26 \
                      | 68 |\n| 3 | Kestrel Town | +19 | 68 |";
        for right in [
            "Redmill's goal difference is better than Kestrel's, +26 to +19.",
            "Redmill Athletic and Kestrel Town have +26 and +19 respectively.",
        ] {
            assert_eq!(
                labelled_value_swap(&Layout::of(league), right),
                None,
                "{right}"
            );
        }
        let plans = "Plan A: $10 a month\nPlan B: $20 a month";
        for right in [
            "Plan B's price is double Plan A's: $20 versus $10.",
            "Compared with Plan A, you pay an extra $10 for Plan B.",
        ] {
            assert_eq!(
                labelled_value_swap(&Layout::of(plans), right),
                None,
                "{right}"
            );
        }
        let trial_right =
            "The 200 mg and 400 mg arms reached 31% and 42% respectively, and placebo 8%.";
        assert_eq!(swap(trial_right), None);
        // Labels of one or two letters are any word: "Group A is the most common at 42%, but
        // B is a rarer type at 10%" names no list's rows.
        let groups = "- O: 44%\n- A: 42%\n- B: 10%";
        assert_eq!(
            labelled_value_swap(
                &Layout::of(groups),
                "Group A is the most common at 42%, but B is a rarer type at 10%."
            ),
            None
        );
        // Prose with colons is no list to read; one label named is read by the number right
        // after it in the unit the lines state it in.
        assert_eq!(
            labelled_value_swap(&Layout::of("Note: prices rose 5%."), "Note 6%"),
            None
        );
        let plans = "Plan A: $10 a month\nPlan B: $20 a month";
        assert_eq!(
            labelled_value_swap(&Layout::of(plans), "Plan A costs $20."),
            None
        );
        let terms = "Term lengths this year are:\nAutumn: 12 weeks\nSpring: 11 weeks\nSummer: 10 \
                     weeks";
        assert_eq!(
            labelled_value_swap(
                &Layout::of(terms),
                "Spring term is 12 weeks, so 12 lessons."
            ),
            Some(("12".into(), "11".into()))
        );
        for right in [
            "Spring term is 11 weeks.",
            // Another unit, a number farther off, or the label's own line elsewhere.
            "Spring term is 12 lessons.",
            "Spring term starts on 12 January and lasts 11 weeks.",
        ] {
            assert_eq!(
                labelled_value_swap(&Layout::of(terms), right),
                None,
                "{right}"
            );
        }
        // A line naming the label with the number in another unit does not state it; a
        // change of the label's value is no value; nor is the gap between two of its own.
        let dated = format!("{terms}\nNote: Spring term starts on 12 January.");
        assert_eq!(
            labelled_value_swap(&Layout::of(&dated), "Spring term is 12 weeks."),
            Some(("12".into(), "11".into()))
        );
        let cover = "Laptops: 2 years (3 years if registered)\nPhones: 1 year\nTablets: 2 years";
        for right in [
            "Registering online, laptops gain 1 year.",
            "Laptops are 1 year longer if registered.",
        ] {
            assert_eq!(
                labelled_value_swap(&Layout::of(cover), right),
                None,
                "{right}"
            );
        }
        let changed = format!("{terms}\nChange: Spring was 12 weeks last year.");
        assert_eq!(
            labelled_value_swap(&Layout::of(&changed), "Spring went from 12 weeks to 11."),
            None
        );
        assert_eq!(
            labelled_value_swap(
                &Layout::of(plans),
                "Plan A: $20 a month; Plan B: $10 a month."
            ),
            Some(("20".into(), "10".into()))
        );
        // Misses, said plainly: read before, "$20 and Plan B" pairs Plan B rightly, read
        // after, "Plan A, for $10" pairs Plan A rightly, and a reading without a wrong pairing
        // is taken as the claim's.
        assert_eq!(
            labelled_value_swap(&Layout::of(plans), "Plan A costs $20 and Plan B $10."),
            None
        );
        assert_eq!(
            labelled_value_swap(
                &Layout::of(plans),
                "For $20 you get Plan A, for $10 Plan B."
            ),
            None
        );
        let league =
            "| Pos | Club | GD | Pts |\n|---|---|---|---|\n| 1 | Harbour City FC | +30 | 73 \
                      |\n| 2 | Redmill Athletic | +26 | 68 |\n| 3 | Kestrel Town | +19 | 68 |";
        let right = "Redmill finish level on 68 points with Kestrel Town, and Redmill's +26 is \
                     better than Kestrel's +19.";
        assert_eq!(labelled_value_swap(&Layout::of(league), right), None);
        assert_eq!(
            labelled_value_swap(
                &Layout::of(league),
                "Harbour City FC (73 pts) and Redmill Athletic (68 pts) go through."
            ),
            None
        );
        let swapped = "Kestrel finish level on 68 points with Redmill Athletic, and Kestrel's +26 \
                       is better than Redmill's +19.";
        assert_eq!(
            labelled_value_swap(&Layout::of(league), swapped),
            Some(("26".into(), "19".into()))
        );
    }
}
