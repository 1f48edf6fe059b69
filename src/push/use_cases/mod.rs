//! What Web Push does: a browser allows notifications for the signed-in account (`subscribe.rs`) or stops
//! them (`unsubscribe.rs`), and the server notifies an account's browsers (`notify.rs`). Each calls the
//! storage in `crate::push::store`, which owns its transactions.

pub mod notify;
pub mod subscribe;
pub mod unsubscribe;
