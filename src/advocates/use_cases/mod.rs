//! What advocates and the survivors paired with them can do, one action per file: who is asking
//! (`caller.rs`), the advocate's area (`home.rs`, `set_keys.rs`, `pairing_code.rs`), her pairings
//! (`her_advocates.rs`, `pair.rs`, `confirm_key.rs`, `unpair.rs`), sharing (`share.rs`, `list_shares.rs`,
//! `withdraw.rs`, `open.rs`, `put_part.rs`) and the minute's clean-up (`expiry.rs`). Each checks what it
//! is given (`checks.rs`, the `[advocates]` limits), and calls the storage functions, which run their own
//! transactions.

pub mod caller;
mod checks;
pub mod confirm_key;
pub mod expiry;
pub mod her_advocates;
pub mod home;
pub mod list_shares;
pub mod open;
pub mod pair;
pub mod pairing_code;
pub mod put_part;
pub mod set_keys;
pub mod share;
pub mod unpair;
pub mod withdraw;
