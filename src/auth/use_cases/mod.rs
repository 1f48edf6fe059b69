//! One file per thing a person or the operator asks of the auth service (sign up, sign in, refresh, sign
//! out, recovery links, two-step sign-in, the admin API). Each is a method on `AuthService` that calls the
//! storage units of work in `store`; none knows about HTTP.

pub mod admin;
pub mod admin_factors;
pub mod admin_params;
pub mod check_password;
pub mod delete_account;
pub mod google_callback;
pub mod google_flow;
pub mod logout;
pub mod logout_later;
pub mod mfa;
pub mod password_grant;
pub mod pkce;
pub mod recovery;
pub mod refresh;
pub mod sign_up_by_mail;
pub mod signup;
pub mod user;
