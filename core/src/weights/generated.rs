// @generated bootstrap: empty until the trainer runs. Do not edit.
use super::RawKind;
/// Version tag of the embedded model.
pub const SCORER_VERSION: &str = "untrained";
/// Dense feature names the weights were trained with.
pub const TRAINED_DENSE_NAMES: &[&str] = &[];
pub(super) const KINDS: &[RawKind] = &[];
