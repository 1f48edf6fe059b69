//! `/api/checkin`: what this server offers and her running check-in, starting one, and a test alert
//! through every channel she chose.

use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use crate::checkin::CheckinState;
use crate::checkin::use_cases::start::{self, Start};
use crate::checkin::use_cases::test_alert::{self, Test};
use crate::checkin::use_cases::{SealedNote, status};
use crate::error::ApiError;
use crate::push::PushService;
use crate::vault::SignedIn;

pub(super) async fn status(
    her: SignedIn,
    state: web::Data<CheckinState>,
) -> Result<HttpResponse, ApiError> {
    let s = status::status(&state, her).await?;
    Ok(HttpResponse::Ok().json(json!({
        "email": s.email,
        "min_minutes": s.min_minutes,
        "max_minutes": s.max_minutes,
        "max_recipients": s.max_recipients,
        "now": s.now,
        "checkin": s.checkin,
        "alarm": s.alarm,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SealedBody {
    id: String,
    /// Her note sealed in her browser to this advocate's public key, base64.
    sealed: String,
}

fn sealed(advocates: Vec<SealedBody>) -> Vec<SealedNote> {
    let note = |SealedBody { id, sealed }| SealedNote { id, sealed };
    advocates.into_iter().map(note).collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StartBody {
    minutes: u32,
    #[serde(default)]
    note: String,
    #[serde(default)]
    emails: Vec<String>,
    #[serde(default)]
    advocates: Vec<SealedBody>,
    pin: String,
    #[serde(default)]
    duress_pin: Option<String>,
    /// The language of the e-mail: her screen's.
    #[serde(default)]
    language: Option<String>,
}

pub(super) async fn start(
    req: HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<StartBody>,
) -> Result<HttpResponse, ApiError> {
    let (her, session) = SignedIn::with_session(&req).await?;
    let b = body.into_inner();
    let asked = Start {
        minutes: b.minutes,
        note: b.note,
        emails: b.emails,
        advocates: sealed(b.advocates),
        pin: b.pin,
        duress_pin: b.duress_pin,
        language: b.language,
    };
    let running = start::start(&state, her, session, asked).await?;
    Ok(HttpResponse::Created().json(json!({ "checkin": running })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TestBody {
    #[serde(default)]
    note: String,
    #[serde(default)]
    emails: Vec<String>,
    #[serde(default)]
    advocates: Vec<SealedBody>,
    #[serde(default)]
    language: Option<String>,
}

/// What happened on each channel of the test.
pub(super) async fn test(
    her: SignedIn,
    state: web::Data<CheckinState>,
    push: web::Data<Option<Arc<PushService>>>,
    body: web::Json<TestBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let asked = Test {
        note: b.note,
        emails: b.emails,
        advocates: sealed(b.advocates),
        language: b.language,
    };
    let (emails, advocates) = test_alert::send(&state, her, push.get_ref().as_ref(), asked).await?;
    Ok(HttpResponse::Ok().json(json!({"emails": emails, "advocates": advocates})))
}
