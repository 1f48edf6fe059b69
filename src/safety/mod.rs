//! Safety settings for the quick exit: where "Exit now" sends the browser.

pub mod config;
