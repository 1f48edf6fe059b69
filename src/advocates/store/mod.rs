//! The advocates' tables, one file per table, each write its own transaction: `advocates.rs` (an
//! advocate's name and keys), `pairing_codes.rs` (the codes, as hashes), `links.rs` (who is paired with
//! whom), `shares.rs` (what she shares), `parts.rs` (a share's attachments) and `openings.rs` (each time an
//! advocate opened one of her shares).

pub mod advocates;
pub mod links;
pub mod openings;
pub mod pairing_codes;
pub mod parts;
pub mod shares;
