//! Style-controlled training rows for the grounded kinds (DESIGN §2.1 "Style invariance").
//!
//! HaluEval's QA, dialogue and summarisation sets pair a human's correct answer with ChatGPT's
//! hallucinated one, so a model fitted on them can learn the writer instead of the support. From
//! each dev group's *correct* answer this module derives pairs in which both labels share one
//! writer and one style:
//! - the correct answer (label 0) against the same answer with one name, number or date swapped
//!   for another of the same type — from the passage when it holds one (an intrinsic swap), else
//!   from another item or by changing the number (FactCC's entity and number swaps, Kryscinski et
//!   al. 2020) — or, when it has none, against the correct answer of another item;
//! - for short QA answers, the same answer in sentence form (the passage sentence that states it)
//!   against that sentence with the answer swapped or negated (half of these pairs are sent
//!   without the question, as a contract-only client sends them), and the answer restated from
//!   the question ("The capital of X is Y.") against the same with Y swapped;
//! - for summaries, the summary without its last sentence against it with a swap, or with a
//!   sentence of another item's summary appended.
//! - the correct answer (for QA its sentence form) reworded — a share of its content words
//!   replaced by words the passage lacks, a lexical stand-in for FactCC's paraphrase
//!   transformation — against the reworded answer with a name, number or date swapped;
//! - for each QA group that allows one, an extrinsic addition shared by both labels (Maynez et al. 2020):
//!   the sentence form followed by another item's sentence, opening with a name and without
//!   digits, that the passage leaves unsupported without contradicting it, against the same with
//!   the answer swapped. Maynez et al. count such content as a hallucination of a summary (and
//!   found much of it factual); here the label is whether the answer to the question is right,
//!   so content beside it that the passage cannot check is no error of the answer.
//!
//! Everything is a deterministic function of the dev rows (choices by FNV-1a hashes of the group).

use epistemic_audit_core::grounding::{analyse, sentence_spans, ClaimStatus};
use epistemic_audit_core::lexicon::is_common_word;
use epistemic_audit_core::text::{fnv1a, is_stopword, strip_possessive, tokens, Token, FNV_OFFSET};

/// A dev group's correct answer with its request.
#[derive(Debug, Clone)]
pub struct Item {
    /// The group id (synthetic rows keep it, so folds never split a group).
    pub group: String,
    /// The passage.
    pub context: String,
    /// The question or dialogue history.
    pub prompt: Option<String>,
    /// The correct answer.
    pub right: String,
}

/// A synthetic labelled request.
#[derive(Debug, Clone)]
pub struct Synth {
    /// Group id.
    pub group: String,
    /// Passage.
    pub context: String,
    /// Prompt (None for the contract-only variants).
    pub prompt: Option<String>,
    /// The answer.
    pub text: String,
    /// true = hallucinated / incorrect.
    pub hallucinated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntKind {
    Name,
    Number,
    Year,
}

/// Byte spans of the names (runs of capitalised words, a sentence-initial word only when it is
/// neither a stopword nor an ordinary word of the lexicon, `core::lexicon`; a possessive "'s"
/// left outside) and numbers of `s`, with their type. "Officials said" or "According to" hold no
/// name, and "Instagram's" names the same thing as "Instagram": swapping such spans made
/// "hallucinated" rows that are not wrong.
fn entities(s: &str) -> Vec<(usize, usize, EntKind)> {
    let toks = tokens(s);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        if t.is_number {
            let digits = t.raw.chars().all(|c| c.is_ascii_digit());
            let year =
                digits && t.raw.len() == 4 && (t.raw.starts_with('1') || t.raw.starts_with("20"));
            out.push((
                t.start,
                t.start + t.raw.len(),
                if year { EntKind::Year } else { EntKind::Number },
            ));
            i += 1;
            continue;
        }
        let cap = t.raw.chars().next().is_some_and(char::is_uppercase);
        let lower = t.raw.to_lowercase();
        let ordinary = is_stopword(&lower) || (t.sentence_start && is_common_word(&lower));
        if cap && !ordinary {
            let mut j = i + 1;
            while j < toks.len()
                && !toks[j].is_number
                && toks[j].raw.chars().next().is_some_and(char::is_uppercase)
                && s[toks[j - 1].start + toks[j - 1].raw.len()..toks[j].start]
                    .trim()
                    .is_empty()
            {
                j += 1;
            }
            let last = toks[j - 1];
            let raw = strip_possessive(last.raw);
            out.push((t.start, last.start + raw.len(), EntKind::Name));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn h(parts: &[&str]) -> u64 {
    parts.iter().fold(FNV_OFFSET, |acc, p| {
        fnv1a(fnv1a(acc, p.as_bytes()), &[0xff])
    })
}

fn contains_ci(hay: &str, needle: &str) -> bool {
    hay.to_lowercase().contains(&needle.to_lowercase())
}

/// `s` with one name, number or date swapped for another of the same type (module docs), or
/// None when `s` has none that can be swapped. `pool` is another item's passage, the source of
/// extrinsic names.
fn swap(s: &str, item: &Item, pool: &str, salt: &str) -> Option<String> {
    let ents = entities(s);
    let prompt = item.prompt.as_deref().unwrap_or("");
    // Swap what the passage supports (a swap of an unsupported name leaves the answer as
    // unsupported as it was); entities the prompt already names are the question's subject.
    let cands: Vec<&(usize, usize, EntKind)> = ents
        .iter()
        .filter(|(a, b, _)| {
            !contains_ci(prompt, &s[*a..*b]) && contains_ci(&item.context, &s[*a..*b])
        })
        .collect();
    if cands.is_empty() {
        return None;
    }
    let &(a, b, kind) = cands[(h(&[&item.group, salt, "pick"]) % cands.len() as u64) as usize];
    let old = &s[a..b];
    let fits = |src: &str| -> Vec<String> {
        entities(src)
            .into_iter()
            .filter(|(x, y, k)| {
                *k == kind && !contains_ci(s, &src[*x..*y]) && !contains_ci(prompt, &src[*x..*y])
            })
            .map(|(x, y, _)| src[x..y].to_string())
            .collect()
    };
    // Half the swaps take another entity of the passage (intrinsic), half one from elsewhere.
    let intrinsic = if h(&[&item.group, salt, "where"]).is_multiple_of(2) {
        fits(&item.context)
    } else {
        Vec::new()
    };
    let new = if !intrinsic.is_empty() {
        intrinsic[(h(&[&item.group, salt, "in"]) % intrinsic.len() as u64) as usize].clone()
    } else {
        match kind {
            EntKind::Year => {
                let y: i64 = old.parse().ok()?;
                let d = 1 + (h(&[&item.group, salt, "y"]) % 25) as i64;
                (if h(&[&item.group, salt, "s"]).is_multiple_of(2) {
                    y + d
                } else {
                    y - d
                })
                .to_string()
            }
            EntKind::Number => {
                let digits: String = old.chars().filter(char::is_ascii_digit).collect();
                let n: u64 = digits.parse().ok()?;
                let m = match h(&[&item.group, salt, "n"]) % 3 {
                    0 => n * 2 + 1,
                    1 => n + 1 + n / 3,
                    _ => (n / 2).max(n + 3),
                };
                m.to_string()
            }
            EntKind::Name => {
                let extrinsic = fits(pool);
                if extrinsic.is_empty() {
                    return None;
                }
                extrinsic[(h(&[&item.group, salt, "ex"]) % extrinsic.len() as u64) as usize].clone()
            }
        }
    };
    if new.eq_ignore_ascii_case(old) {
        return None;
    }
    Some(format!("{}{}{}", &s[..a], new, &s[b..]))
}

/// `s` reworded: a share (20–50 %, by hash) of its lower-case content words (no stopwords,
/// names or numbers) replaced by content words of `pool` that neither the passage nor the prompt
/// contain, or None when `s` has fewer than two such words. A lexical stand-in for FactCC's
/// semantically invariant paraphrase transformation (Kryscinski et al. 2020, back-translation):
/// the claim's names, numbers and dates stay, its wording leaves the passage's, as in a correct
/// answer written in the answerer's own words.
fn reword(s: &str, item: &Item, pool: &str, salt: &str) -> Option<String> {
    let prompt = item.prompt.as_deref().unwrap_or("");
    let content = |t: &Token<'_>| {
        !t.is_number
            && t.raw.len() >= 3
            && t.raw.chars().all(char::is_lowercase)
            && !is_stopword(t.raw)
    };
    let words: Vec<Token<'_>> = tokens(s).into_iter().filter(content).collect();
    if words.len() < 2 {
        return None;
    }
    let fresh: Vec<&str> = tokens(pool)
        .into_iter()
        .filter(content)
        .map(|t| t.raw)
        .filter(|w| !contains_ci(&item.context, w) && !contains_ci(prompt, w) && !contains_ci(s, w))
        .collect();
    if fresh.is_empty() {
        return None;
    }
    let share = [0.2, 0.35, 0.5][(h(&[&item.group, salt, "share"]) % 3) as usize];
    let k = ((words.len() as f64 * share).round() as usize).max(1);
    let mut picked: Vec<usize> = (0..words.len()).collect();
    picked.sort_by_key(|&i| h(&[&item.group, salt, "w", &i.to_string()]));
    picked.truncate(k);
    picked.sort_unstable();
    let mut out = String::with_capacity(s.len() + 16);
    let mut at = 0;
    for (n, &i) in picked.iter().enumerate() {
        let w = &words[i];
        out.push_str(&s[at..w.start]);
        let f = h(&[&item.group, salt, "f", &n.to_string()]) % fresh.len() as u64;
        out.push_str(fresh[f as usize]);
        at = w.start + w.raw.len();
    }
    out.push_str(&s[at..]);
    Some(out)
}

/// `s` with "not" after its first auxiliary verb, or None without one.
fn negate(s: &str) -> Option<String> {
    const AUX: &[&str] = &[
        "is", "was", "are", "were", "has", "had", "can", "will", "could", "would", "does", "did",
    ];
    let t = tokens(s)
        .into_iter()
        .find(|t| AUX.contains(&t.raw.to_lowercase().as_str()))?;
    let e = t.start + t.raw.len();
    Some(format!("{} not{}", &s[..e], &s[e..]))
}

/// The passage sentence that states a short answer (≤ 6 words) verbatim, if any.
fn sentence_form(item: &Item) -> Option<String> {
    let r = item.right.trim().trim_end_matches('.');
    if r.is_empty() || tokens(r).len() > 6 {
        return None;
    }
    sentence_spans(&item.context)
        .into_iter()
        .map(|(a, b)| &item.context[a..b])
        .find(|s| contains_ci(s, r) && s.len() < 400)
        .map(str::to_string)
}

/// The answer `r` restated as a declarative sentence built from the question `q` (not a span of
/// the passage): "… in what city?" → "… in Delhi."; "What is the capital of X?" → "The capital
/// of X is Delhi."; "Who wrote X?" → "Delhi wrote X."; None for other questions.
fn question_form(q: &str, r: &str) -> Option<String> {
    let q = q.trim().trim_end_matches('?').trim();
    let r = r.trim().trim_end_matches('.');
    let lower = q.to_lowercase();
    let words: Vec<&str> = q.split_whitespace().collect();
    let lw: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    // "… in what city" / "… which country": the wh-phrase stands where the answer goes.
    if let Some(i) = lw.iter().position(|w| w == "what" || w == "which") {
        if i > 0 && i + 1 < words.len() {
            let mut out: Vec<&str> = words[..i].to_vec();
            out.push(r);
            out.extend_from_slice(&words[i + 2..]);
            return Some(format!("{}.", out.join(" ")));
        }
    }
    for aux in ["is", "was", "are", "were"] {
        for wh in ["what", "who", "which"] {
            let head = format!("{wh} {aux} ");
            if lower.starts_with(&head) && words.len() > 2 {
                let rest = words[2..].join(" ");
                let mut rest_c = rest.chars();
                let rest = match rest_c.next() {
                    Some(c) => c.to_uppercase().collect::<String>() + rest_c.as_str(),
                    None => return None,
                };
                return Some(format!("{rest} {aux} {r}."));
            }
        }
    }
    if lw.first().is_some_and(|w| w == "who") && words.len() > 1 {
        return Some(format!("{r} {}.", words[1..].join(" ")));
    }
    None
}

/// The style-controlled rows of `items` (one kind's groups, in file order), module docs.
pub fn controlled(kind: &str, items: &[Item]) -> Vec<Synth> {
    let mut out = Vec::new();
    let n = items.len();
    for (i, item) in items.iter().enumerate() {
        let other =
            &items[(i + 1 + (h(&[&item.group, "other"]) % (n.max(2) as u64 - 1)) as usize) % n];
        let row = |text: String, hallucinated: bool, with_prompt: bool| Synth {
            group: item.group.clone(),
            context: item.context.clone(),
            prompt: if with_prompt {
                item.prompt.clone()
            } else {
                None
            },
            text,
            hallucinated,
        };
        let foreign = || -> Option<String> {
            let r = other.right.trim();
            (!r.is_empty() && !contains_ci(&item.context, r)).then(|| r.to_string())
        };
        let neg_a = swap(&item.right, item, &other.context, "a").or_else(foreign);
        if let Some(neg) = neg_a {
            out.push(row(item.right.clone(), false, true));
            out.push(row(neg, true, true));
        }
        // The same answer in other words (module docs) against it with a name, number or date
        // swapped: wording that leaves the passage's is no sign of error, a changed entity is.
        let mut reworded = |base: &str, salt: &str, with_prompt: bool| {
            if let Some(rw) = reword(base, item, &other.context, salt) {
                if let Some(neg) = swap(&rw, item, &other.context, salt) {
                    out.push(row(rw, false, with_prompt));
                    out.push(row(neg, true, with_prompt));
                }
            }
        };
        // The passage sentence that states a short QA answer, used by three kinds of pairs.
        let sent_form = if kind == "qa" {
            sentence_form(item)
        } else {
            None
        };
        match kind {
            "qa" => {
                if let Some(sent) = &sent_form {
                    reworded(
                        sent,
                        "ra",
                        h(&[&item.group, "contract-r"]).is_multiple_of(2),
                    );
                }
            }
            _ => reworded(&item.right, "ra", true),
        }
        match kind {
            "qa" => {
                // The answer restated from the question: supported, but not a span of the passage.
                let restated = item
                    .prompt
                    .as_deref()
                    .filter(|_| tokens(&item.right).len() <= 6)
                    .and_then(|q| question_form(q, &item.right));
                if let Some(sent) = restated {
                    // Always with the question: its words are the answer's support.
                    if let Some(neg) = swap(&sent, item, &other.context, "q") {
                        out.push(row(sent, false, true));
                        out.push(row(neg, true, true));
                    }
                }
                // An extrinsic addition (Maynez et al. 2020, "On Faithfulness and Factuality in
                // Abstractive Summarization": content the passage neither states nor
                // contradicts, often factual) shared by both labels: the sentence form followed
                // by another item's sentence that this passage leaves unsupported without
                // contradicting it, against the same with the answer swapped. A name the
                // passage lacks is then no sign of error by itself; a changed one is. Only
                // sentences without digits: a number the passage lacks stays a sign of error,
                // as a changed quantity is the commonest substitution and not every number has
                // a slot in its sentence where the change can be seen.
                // It opens with a name, so that it is about its own subject: one opening "It
                // was founded …" would speak of this item's.
                let extra = || {
                    sentence_form(other).filter(|x| {
                        !x.bytes().any(|b| b.is_ascii_digit())
                            && entities(x)
                                .first()
                                .is_some_and(|&(a, _, k)| a == 0 && k == EntKind::Name)
                            && !contains_ci(&item.context, x)
                            && {
                                let claims = analyse(x, "", &item.context).claims;
                                !claims.is_empty()
                                    && claims.iter().all(|c| c.status == ClaimStatus::Unsupported)
                            }
                    })
                };
                if let Some((sent, extra)) = sent_form.clone().and_then(|s| Some((s, extra()?))) {
                    if let Some(neg) = swap(&sent, item, &other.context, "x") {
                        out.push(row(format!("{sent} {extra}"), false, true));
                        out.push(row(format!("{neg} {extra}"), true, true));
                    }
                }
                if let Some(sent) = sent_form {
                    let neg = if h(&[&item.group, "neg"]).is_multiple_of(4) {
                        negate(&sent)
                    } else {
                        None
                    }
                    .or_else(|| swap(&sent, item, &other.context, "b"));
                    if let Some(neg) = neg {
                        let with_prompt = h(&[&item.group, "contract"]).is_multiple_of(2);
                        out.push(row(sent, false, with_prompt));
                        out.push(row(neg, true, with_prompt));
                    }
                }
            }
            "summarization" => {
                let spans = sentence_spans(&item.right);
                if spans.len() >= 2 {
                    let short = item.right[..spans[spans.len() - 2].1].to_string();
                    let neg = swap(&short, item, &other.context, "c").or_else(|| {
                        let os = sentence_spans(&other.right);
                        os.first()
                            .map(|&(a, b)| format!("{short} {}", &other.right[a..b]))
                    });
                    if let Some(neg) = neg {
                        out.push(row(short, false, true));
                        out.push(row(neg, true, true));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item() -> Item {
        Item {
            group: "g".into(),
            context: "Canberra is the capital city of Australia. Sydney is its largest city, founded in 1788.".into(),
            prompt: Some("What is the capital of Australia?".into()),
            right: "Canberra".into(),
        }
    }

    #[test]
    fn swaps_take_a_same_type_entity_from_the_passage() {
        let it = item();
        // Half the salts swap within the passage; the rest take a name from the pool.
        let swaps: Vec<Option<String>> = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .map(|salt| swap("Canberra", &it, "Perth is in the west.", salt))
            .collect();
        assert!(
            swaps.iter().any(|s| s.as_deref() == Some("Sydney")),
            "{swaps:?}"
        );
        assert!(
            swaps.iter().any(|s| s.as_deref() == Some("Perth")),
            "{swaps:?}"
        );
        assert!(
            swaps
                .iter()
                .all(|s| s.as_deref().is_some_and(|s| s != "Canberra")),
            "{swaps:?}"
        );
        for salt in ["a", "b", "c"] {
            let y = swap("It was founded in 1788.", &it, "", salt).unwrap();
            assert!(
                y.starts_with("It was founded in ") && !y.contains("1788"),
                "{y}"
            );
        }
        assert_eq!(
            negate("Canberra is the capital.").as_deref(),
            Some("Canberra is not the capital.")
        );
        assert_eq!(
            sentence_form(&it).as_deref(),
            Some("Canberra is the capital city of Australia.")
        );
    }

    #[test]
    fn rewording_keeps_names_and_numbers_and_leaves_the_passage_wording() {
        let it = item();
        let s = "Canberra became the capital city of Australia in 1913 after a long rivalry.";
        let pool =
            "Glaciers carve valleys slowly while rivers deposit fertile sediment downstream.";
        let rw = reword(s, &it, pool, "r").expect("has content words");
        assert_ne!(rw, s);
        for kept in ["Canberra", "Australia", "1913"] {
            assert!(rw.contains(kept), "{rw}");
        }
        // Every replacement comes from the pool and is absent from the passage.
        let pool_words: Vec<&str> = pool.split_whitespace().collect();
        let changed: Vec<&str> = rw
            .split_whitespace()
            .filter(|w| !s.split_whitespace().any(|o| o == *w))
            .collect();
        assert!(!changed.is_empty());
        for w in &changed {
            let w = w.trim_end_matches('.');
            assert!(
                pool_words.iter().any(|p| p.trim_end_matches('.') == w),
                "{w}"
            );
            assert!(!contains_ci(&it.context, w), "{w}");
        }
        assert_eq!(
            reword("Canberra.", &it, pool, "r"),
            None,
            "no content words"
        );
    }

    #[test]
    fn answers_are_restated_from_the_question() {
        let f = |q: &str, r: &str| question_form(q, r);
        assert_eq!(
            f("What is the capital of Australia?", "Canberra").as_deref(),
            Some("The capital of Australia is Canberra.")
        );
        assert_eq!(
            f("The family has a head office in what city?", "Delhi").as_deref(),
            Some("The family has a head office in Delhi.")
        );
        assert_eq!(
            f("Who wrote Hamlet?", "Shakespeare").as_deref(),
            Some("Shakespeare wrote Hamlet.")
        );
        assert_eq!(f("Are both bands from Wales?", "yes"), None);
    }

    #[test]
    fn controlled_rows_are_balanced() {
        let items = vec![
            item(),
            Item {
                group: "h".into(),
                right: "Sydney".into(),
                ..item()
            },
        ];
        let rows = controlled("qa", &items);
        let pos = rows.iter().filter(|r| !r.hallucinated).count();
        assert_eq!(pos * 2, rows.len());
        assert!(!rows.is_empty());
    }

    #[test]
    fn an_extrinsic_addition_is_shared_by_both_labels_and_holds_no_number() {
        // Many groups, so that the hashed half that gets an addition is not empty.
        let items: Vec<Item> = (0..40)
            .map(|i| {
                if i % 2 == 0 {
                    Item {
                        group: format!("g{i}"),
                        ..item()
                    }
                } else {
                    Item {
                        group: format!("g{i}"),
                        context: "The Amazon River flows through Peru, Colombia and Brazil. \
                                  Its basin is home to many species of fish."
                            .into(),
                        prompt: Some("Which country does the Amazon reach last?".into()),
                        right: "Brazil".into(),
                    }
                }
            })
            .collect();
        let rows = controlled("qa", &items);
        let additions: Vec<&[Synth]> = rows
            .chunks(2)
            .filter(|p| p[0].text.contains(". ") && p[0].text.split(". ").count() == 2)
            .filter(|p| {
                let tail = |r: &Synth| r.text.split_once(". ").map(|(_, t)| t.to_string());
                tail(&p[0]).is_some() && tail(&p[0]) == tail(&p[1])
            })
            .collect();
        assert!(!additions.is_empty());
        for pair in additions {
            assert!(!pair[0].hallucinated && pair[1].hallucinated, "{pair:?}");
            let tail = pair[0].text.split_once(". ").unwrap().1;
            assert!(!tail.bytes().any(|b| b.is_ascii_digit()), "{tail}");
            assert!(!pair[0].context.contains(tail.trim_end_matches('.')));
        }
    }
}
