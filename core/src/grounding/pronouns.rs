//! A pronoun's gender against the sources' ([`gender_swap`]): the pronoun swap of FactCC
//! (Kryscinski et al. 2020), "She joined the company in 1980" restated as "He joined …".

use super::*;

/// Third-person singular pronouns of the masculine gender.
pub(super) const MASCULINE: &[&str] = &["he", "him", "his", "himself"];

/// Third-person singular pronouns of the feminine gender.
pub(super) const FEMININE: &[&str] = &["she", "her", "hers", "herself"];

/// The grammatical gender of a pronoun token: 0 masculine ([`MASCULINE`]), 1 feminine
/// ([`FEMININE`]), `None` for any other token.
fn gender(raw: &str) -> Option<usize> {
    let is = |words: &[&str]| words.iter().any(|w| raw.eq_ignore_ascii_case(w));
    if is(MASCULINE) {
        Some(0)
    } else if is(FEMININE) {
        Some(1)
    } else {
        None
    }
}

/// The first token of each gender among `toks`: `[masculine, feminine]`.
pub(super) fn first_pronouns<'t, 'a>(toks: &'t [Token<'a>]) -> [Option<&'t Token<'a>>; 2] {
    let mut out = [None, None];
    for t in toks {
        if let Some(g) = gender(t.raw) {
            out[g] = out[g].or(Some(t));
        }
    }
    out
}

/// A personal pronoun of one gender in a claim whose sources refer to someone by the other
/// gender only: Some((the claim's pronoun, the sources' first one), lower-cased). A claim with
/// pronouns of both genders, and sources with both or with neither, are not judged (two people,
/// or no way to tell). `sources` are the pronouns of the sources ([`first_pronouns`] of all
/// their tokens); the caller judges a claim the sources otherwise state, so its pronoun refers
/// to someone they name.
pub(super) fn gender_swap(
    claim_toks: &[Token<'_>],
    sources: [Option<&Token<'_>>; 2],
) -> Option<(String, String)> {
    let [m, f] = first_pronouns(claim_toks);
    let (said, g) = match (m, f) {
        (Some(t), None) => (t, 0),
        (None, Some(t)) => (t, 1),
        _ => return None,
    };
    let stated = sources[1 - g].filter(|_| sources[g].is_none())?;
    Some((to_lower(said.raw), to_lower(stated.raw)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pronoun_of_the_other_gender_swaps_only_against_sources_of_one() {
        let src = tokens("Mary Barra became chief executive in 2014. She had joined as an intern.");
        let sources = first_pronouns(&src);
        let swap = gender_swap(&tokens("He joined the company as an intern."), sources);
        assert_eq!(swap, Some(("he".to_string(), "she".to_string())));
        assert_eq!(
            gender_swap(&tokens("She joined as an intern."), sources),
            None
        );
        // Both genders in the sources: two people, not judged.
        let src = tokens("She met her husband John in 1990. He was a teacher.");
        let both = first_pronouns(&src);
        assert_eq!(gender_swap(&tokens("He was a doctor."), both), None);
        // No pronoun in the sources: nothing to tell the gender by.
        let src = tokens("Alex Kim founded the company in 2001.");
        assert_eq!(
            gender_swap(&tokens("He founded it."), first_pronouns(&src)),
            None
        );
    }
}
