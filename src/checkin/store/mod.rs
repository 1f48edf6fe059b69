//! The check-in tables, one file per table, each function its own transaction: `checkins.rs` (a check-in
//! with her note, addresses and sealed notes), `tries.rs` (her sessions and the wrong PINs counted against
//! each), `late_alarms.rs` (an overdue alarm kept for her late check-in), `due.rs` (the timer's side: what
//! falls due, each e-mail done, retries), `alerts.rs` (the alerts her advocates see), `outcomes.rs` (what
//! became of each alert, counted for the operator) and `retries.rs` (alerts waiting to be
//! tried again, as the timer and the operator see them); `leases.rs` says which instance sends an alert.

pub mod alerts;
pub mod checkins;
pub mod due;
pub mod late_alarms;
pub mod leases;
pub mod outcomes;
pub mod retries;
pub mod tries;
