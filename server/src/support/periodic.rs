//! Background work that runs on a fixed period for as long as its owner is alive.

use std::future::Future;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// Spawns a tokio task that calls `work(owner)` every `period` (first call one period from now;
/// missed ticks are delayed, not bunched). The task holds only a [`Weak`] reference between ticks
/// and ends by itself once `owner` is dropped. Must be called inside a tokio runtime.
pub fn spawn_while_alive<T, F, Fut>(
    owner: &Arc<T>,
    period: Duration,
    work: F,
) -> tokio::task::JoinHandle<()>
where
    T: Send + Sync + 'static,
    F: Fn(Arc<T>) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    let weak: Weak<T> = Arc::downgrade(owner);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tick.tick().await;
            let Some(owner) = weak.upgrade() else { return };
            work(owner).await;
        }
    })
}
