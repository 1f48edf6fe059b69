//! The incident log lives in her browser (docs/evidence.md); the server only stamps digests
//! (`crate::timestamp`) and tells the form which kinds of abuse to offer (`config`).

pub mod config;
