//! The operators' one table of their own (the accounts they act on are `crate::accounts`'s).

pub mod audit;
