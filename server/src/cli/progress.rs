//! Progress of long CLI work (`eval` scoring, `eval --triviaqa` questions): an indicatif bar on
//! stderr when stderr is a terminal, nothing otherwise (logs and pipes stay clean).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `len` steps named `what`, drawn on stderr only when it is a terminal (else hidden:
/// [`ProgressBar::is_hidden`]).
pub fn bar(len: u64, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{msg} [{bar:30}] {pos}/{len} ({elapsed_precise}, about {eta} left)",
    )
    .map(|s| s.progress_chars("=> "))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    pb.set_style(style);
    pb.set_message(what.to_string());
    pb
}
