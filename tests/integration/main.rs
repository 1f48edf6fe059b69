//! Every Rust integration test, as modules of one test binary: one compile and one link instead of one per
//! file (docs/development.md, "The test command's time"). Most start the real `solace` binary on loopback
//! (`common`); `cargo test --test integration MODULE::` runs one file's tests.

// What the tests share: starting the binary, the auth helpers, the time-stamping, weather and stores' stand-ins.
mod auth_support;
mod checkin_support;
mod common;
mod nginx_support;
mod push_support;
mod python_stand_in;
mod stores_support;
mod tsa_support;
mod weather_standin;

// The tests, one module per area.
mod advocate_openings;
mod advocate_parts;
mod advocate_share_limits;
mod advocates;
mod architecture;
mod auth_accounts;
mod auth_admin;
mod auth_delete_account;
mod auth_disabled;
mod auth_errors;
mod auth_hardening;
mod auth_logout_offline;
mod auth_mfa;
mod auth_oauth;
mod auth_password_holder;
mod auth_sessions;
mod auth_signup;
mod auth_signup_mail;
mod auth_tokens;
mod auth_trusted_keys;
mod checkin;
mod checkin_abuse;
mod checkin_account;
mod checkin_alarms;
mod checkin_his_pins;
mod checkin_late;
mod config_checks;
mod connection_reuse;
mod copy;
mod copy_room;
mod hostile_clients;
mod install_manifest;
mod local_config;
mod metrics;
mod migrate_data;
mod operations;
mod operators;
mod proxy_token_size;
mod push;
mod readme;
mod reliability_connections;
mod reliability_crash;
mod reliability_fuzz;
mod reliability_jwt;
mod reliability_rate_limit;
mod reliability_small_fixes;
mod safety_config;
mod several_instances;
mod site_names;
mod static_assets;
mod stores_config;
mod stores_postgres;
mod stores_s3;
mod systemd_notify;
mod timestamp;
mod users_cli;
mod vault;
mod verify_evidence;
mod weather_cache;
mod weather_open_meteo;
mod weather_openweathermap;
