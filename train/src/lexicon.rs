//! Derives `core/src/weights/common_words.txt`, the lexicon of ordinary words that
//! `epistemic_audit_core::lexicon` reads: every word written all in lower case in at least
//! [`MIN_GROUPS`] distinct dev groups.

use epistemic_audit_core::lexicon::MIN_GROUPS;
use epistemic_audit_core::text::tokens;
use std::collections::{HashMap, HashSet};

/// Counts, per lower-case word, the distinct dev groups that write it.
#[derive(Default)]
pub struct Lexicon {
    /// Word → id.
    ids: HashMap<String, u32>,
    /// Group → ids of the words it writes in lower case.
    groups: HashMap<String, HashSet<u32>>,
}

impl Lexicon {
    /// Adds the lower-case words of `texts` to `group`'s words: tokens (`core::text::tokens`) that
    /// are words of two or more characters, all letters (an inner `-` or `'` allowed), none upper case.
    pub fn add(&mut self, group: &str, texts: &[&str]) {
        let set = self.groups.entry(group.to_string()).or_default();
        for text in texts {
            for t in tokens(text) {
                let w = t.raw;
                let lower_word = !t.is_number
                    && w.chars().count() >= 2
                    && w.chars().next().is_some_and(char::is_lowercase)
                    && w.chars()
                        .all(|c| c.is_lowercase() || c == '-' || c == '\'' || c == '’');
                if lower_word {
                    let n = self.ids.len() as u32;
                    set.insert(*self.ids.entry(w.to_string()).or_insert(n));
                }
            }
        }
    }

    /// The words written in lower case by at least [`MIN_GROUPS`] groups, sorted by bytes, one per
    /// line (the format of `weights/common_words.txt`).
    pub fn render(&self) -> String {
        let mut count = vec![0usize; self.ids.len()];
        for set in self.groups.values() {
            for &id in set {
                count[id as usize] += 1;
            }
        }
        let mut words: Vec<&str> = self
            .ids
            .iter()
            .filter(|(_, &id)| count[id as usize] >= MIN_GROUPS)
            .map(|(w, _)| w.as_str())
            .collect();
        words.sort_unstable();
        let mut out = String::with_capacity(words.len() * 9);
        for w in words {
            out.push_str(w);
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_counts_once_per_group_and_names_never() {
        let mut lx = Lexicon::default();
        for g in 0..MIN_GROUPS {
            let g = g.to_string();
            lx.add(
                &g,
                &["Officials said rain fell in Sydney.", "officials left"],
            );
            lx.add(&g, &["Rain fell.", "The rain fell."]);
        }
        lx.add("last", &["only here: zebra"]);
        let words: Vec<String> = lx.render().lines().map(str::to_string).collect();
        assert!(words.contains(&"officials".to_string()));
        assert!(words.contains(&"rain".to_string()));
        // Only ever capitalised, or written by fewer than MIN_GROUPS groups.
        assert!(!words.iter().any(|w| w == "sydney" || w == "zebra"));
        let mut sorted = words.clone();
        sorted.sort();
        assert_eq!(words, sorted);
    }
}
