//! `/api/checkin`: what this server offers and her running check-in, starting one, and a test alert
//! through every channel she chose.

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::Deserialize;
use serde_json::json;

use super::errors::CheckinError;
use super::limits::To;
use super::store::{self, NewCheckin};
use super::{CheckinState, alerts, late, mail, pin};
use crate::advocates::private;
use crate::error::ApiError;
use crate::ground::clock::now_ms;
use crate::logging::mask_email;
use crate::vault::SignedIn;

pub const MAX_RECIPIENTS: usize = 5;
const MAX_NOTE_CHARS: usize = 1000;
const MAX_SEALED_BYTES: usize = 16 * 1024;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/checkin", web::get().to(status))
        .route("/checkin", web::post().to(start))
        .route("/checkin/test", web::post().to(test));
}

async fn status(
    SignedIn { account, db }: SignedIn,
    state: web::Data<CheckinState>,
) -> Result<HttpResponse, ApiError> {
    let (running, alarm) = db
        .read(move |c| {
            Ok::<_, CheckinError>((store::running(c, &account)?, late::alarm(c, &account)?))
        })
        .await?;
    Ok(private().json(json!({
        "email": state.mailer.is_some(),
        "min_minutes": state.config.min_minutes,
        "max_minutes": state.config.max_minutes,
        "max_recipients": MAX_RECIPIENTS,
        "now": now_ms(),
        "checkin": running,
        // An overdue alarm she can still answer with her PIN (docs/checkin.md, "Checking in late").
        "alarm": alarm,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SealedNote {
    id: String,
    /// Her note sealed in her browser to this advocate's public key, base64.
    sealed: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartBody {
    minutes: u32,
    #[serde(default)]
    note: String,
    #[serde(default)]
    emails: Vec<String>,
    #[serde(default)]
    advocates: Vec<SealedNote>,
    pin: String,
    #[serde(default)]
    duress_pin: Option<String>,
    /// The language of the e-mail: her screen's.
    #[serde(default)]
    language: Option<String>,
}

fn addresses(raw: &[String], state: &CheckinState) -> Result<Vec<String>, CheckinError> {
    if raw.is_empty() {
        return Ok(Vec::new());
    }
    if state.mailer.is_none() {
        return Err(CheckinError::NoEmail);
    }
    let mut out: Vec<String> = Vec::new();
    for a in raw {
        if !crate::email::send::is_address(a) {
            return Err(CheckinError::Invalid(format!(
                "{} is not an e-mail address.",
                mask_email(a)
            )));
        }
        out.push(a.trim().to_lowercase());
    }
    out.sort();
    out.dedup();
    if out.len() > MAX_RECIPIENTS {
        return Err(CheckinError::Invalid(format!(
            "At most {MAX_RECIPIENTS} e-mail addresses."
        )));
    }
    Ok(out)
}

pub(super) fn sealed_notes(raw: Vec<SealedNote>) -> Result<Vec<(String, Vec<u8>)>, CheckinError> {
    let bad = || CheckinError::Invalid("Each advocate needs the note sealed to them.".into());
    if raw.len() > 20 {
        return Err(CheckinError::Invalid("At most 20 advocates.".into()));
    }
    let mut seen = std::collections::HashSet::new();
    raw.into_iter()
        .map(|n| {
            let sealed = B64.decode(n.sealed.as_bytes()).map_err(|_| bad())?;
            if sealed.is_empty() || sealed.len() > MAX_SEALED_BYTES || n.id.len() > 64 {
                return Err(bad());
            }
            if !seen.insert(n.id.clone()) {
                return Err(CheckinError::Invalid(
                    "Each advocate can be chosen once.".into(),
                ));
            }
            Ok((n.id, sealed))
        })
        .collect()
}

/// Everyone a check-in or a test would alert, for the day's limits (`limits.rs`).
fn whom<'a>(emails: &'a [String], advocates: &'a [(String, Vec<u8>)]) -> Vec<To<'a>> {
    let emails = emails.iter().map(|a| To::Email(a));
    emails
        .chain(advocates.iter().map(|(id, _)| To::Advocate(id)))
        .collect()
}

fn check_note(note: &str) -> Result<(), CheckinError> {
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(CheckinError::Invalid(format!(
            "The note can be at most {MAX_NOTE_CHARS} characters."
        )));
    }
    Ok(())
}

fn check_pin(pin: &str) -> Result<(), CheckinError> {
    let n = pin.chars().count();
    if !(4..=32).contains(&n) {
        return Err(CheckinError::Invalid(
            "A PIN has 4 to 32 characters.".into(),
        ));
    }
    Ok(())
}

async fn start(
    req: actix_web::HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<StartBody>,
) -> Result<HttpResponse, ApiError> {
    let (SignedIn { account, db }, session) = SignedIn::with_session(&req).await?;
    let body = body.into_inner();
    let (min, max) = (state.config.min_minutes, state.config.max_minutes);
    if !(min..=max).contains(&body.minutes) {
        return Err(
            CheckinError::Invalid(format!("A check-in lasts {min} to {max} minutes.")).into(),
        );
    }
    check_note(&body.note)?;
    let recipients = addresses(&body.emails, &state)?;
    let advocates = sealed_notes(body.advocates)?;
    if recipients.is_empty() && advocates.is_empty() {
        return Err(CheckinError::Invalid("Choose at least one person to alert.".into()).into());
    }
    check_pin(&body.pin)?;
    if let Some(d) = &body.duress_pin {
        check_pin(d)?;
        if *d == body.pin {
            return Err(CheckinError::Invalid(
                "The help-now PIN must differ from your PIN.".into(),
            )
            .into());
        }
    }
    state
        .limits
        .allow(&account, &whom(&recipients, &advocates), false)?;
    state
        .sends
        .check(&account)
        .map_err(|wait| ApiError::rate_limited(wait.0))?;
    let pin_hash = pin::hash(&state.passwords, body.pin).await?;
    let duress_pin_hash = match body.duress_pin {
        Some(d) => Some(pin::hash(&state.passwords, d).await?),
        None => None,
    };
    let new = NewCheckin {
        id: uuid::Uuid::new_v4().to_string(),
        account_id: account.clone(),
        ends_at: now_ms() + i64::from(body.minutes) * 60_000,
        note: body.note.trim().to_string(),
        language: mail::language(body.language.as_deref()).to_string(),
        recipients,
        advocates,
        pin_hash,
        duress_pin_hash,
        session: session.unwrap_or_default(),
    };
    let running = db
        .write(move |c| {
            store::start(c, &new)?;
            Ok::<_, CheckinError>(store::running(c, &account)?)
        })
        .await?;
    state.wake.notify_one();
    tracing::info!("a check-in started");
    Ok(HttpResponse::Created().json(json!({ "checkin": running })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TestBody {
    #[serde(default)]
    note: String,
    #[serde(default)]
    emails: Vec<String>,
    #[serde(default)]
    advocates: Vec<SealedNote>,
    #[serde(default)]
    language: Option<String>,
}

/// Sends a labelled test now and answers what happened on each channel: accepted by the mail server (what
/// happens after, the server cannot know), stored for the advocate.
async fn test(
    SignedIn { account, db }: SignedIn,
    state: web::Data<CheckinState>,
    push: web::Data<Option<std::sync::Arc<crate::push::PushService>>>,
    body: web::Json<TestBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    check_note(&body.note)?;
    let recipients = addresses(&body.emails, &state)?;
    let advocates = sealed_notes(body.advocates)?;
    state
        .limits
        .allow(&account, &whom(&recipients, &advocates), true)?;
    state
        .sends
        .check(&account)
        .map_err(|wait| ApiError::rate_limited(wait.0))?;
    let language = mail::language(body.language.as_deref());
    let (subject, text) = mail::alert("test", &body.note, language);
    let mut emails = Vec::new();
    for to in recipients {
        let mailer = state.mailer.clone().ok_or(CheckinError::NoEmail)?;
        let accepted = mail::deliver(mailer, &to, &subject, &text).await;
        emails.push(json!({"to": to, "accepted": accepted}));
    }
    let (subject, text) = mail::advocate_alert("test", language, &state.advocates_area);
    let mut delivered = Vec::new();
    for (advocate, sealed) in advocates {
        let (me, id) = (account.clone(), advocate.clone());
        let stored = db
            .write(move |c| alerts::insert_test(c, &me, &id, &sealed, now_ms()))
            .await?;
        if let (Some(_), Some(push)) = (&stored, push.get_ref()) {
            push.notify(&db, advocate.clone(), crate::push::Message::Alert);
        }
        // Their e-mail: accepted by the mail server, or null when this server sends none.
        let emailed = match (&stored, state.mailer.clone()) {
            (Some(to), Some(mailer)) => Some(mail::deliver(mailer, to, &subject, &text).await),
            _ => None,
        };
        delivered.push(json!({"id": advocate, "delivered": stored.is_some(), "emailed": emailed}));
    }
    tracing::info!("a test check-in alert was sent");
    Ok(private().json(json!({"emails": emails, "advocates": delivered})))
}
