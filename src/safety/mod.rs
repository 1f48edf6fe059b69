//! Safety settings for the quick exit (issue 9 §1): where "Exit now" sends the browser.

pub mod config;
