//! The benchmark's request parts, shared by the criterion bench (`core.rs`) and the repeat
//! example (`core/examples/repeat.rs`), so that `repeat bench-qa` and `repeat bench-long`
//! measure the bench's requests.

/// A realistic answer paragraph (numbers, names, hedges), repeated and cut to `chars` characters.
pub fn text_of(chars: usize) -> String {
    const PARA: &str = "The Eiffel Tower was completed in 1889 for the World's Fair in Paris and stood as \
        the tallest man-made structure for about 41 years. Gustave Eiffel's company designed it, \
        although the engineers Maurice Koechlin and Émile Nouguier drew the first plans. It is roughly \
        330 metres tall today, and it may sway by several centimetres in strong wind. ";
    PARA.chars().cycle().take(chars).collect()
}

/// The benchmark's prompt.
pub const PROMPT: &str = "Tell me about the history of the Eiffel Tower.";
/// The benchmark's 300-character context.
pub const CONTEXT: &str = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, \
    France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower \
    from 1887 to 1889. It was the tallest man-made structure in the world until 1930.";

/// The long-source bench's context of `chars` characters (`long/context_chars/N`, DESIGN §2.7):
/// [`CONTEXT`] repeated to `chars` characters, then a quarter as much of [`text_of`]'s paragraph.
pub fn long_context(chars: usize) -> String {
    CONTEXT
        .chars()
        .chain(" ".chars())
        .cycle()
        .take(chars)
        .collect::<String>()
        + " "
        + &text_of(chars / 4)
}
