//! A labelled test alert, sent now through every channel she chose, within the day's limits: what
//! happened on each, accepted by the mail server (what happens after, the server cannot know) or stored
//! for the advocate.

use std::sync::Arc;

use serde::Serialize;

use super::checks::{self, SealedNote};
use crate::checkin::CheckinState;
use crate::checkin::delivery::mail;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::alerts;
use crate::ground::clock::now_ms;
use crate::push::{Message, PushService};
use crate::vault::SignedIn;

/// A test as she asks for it.
pub struct Test {
    pub note: String,
    pub emails: Vec<String>,
    pub advocates: Vec<SealedNote>,
    pub language: Option<String>,
}

/// One of her trusted people's e-mail: whether the mail server accepted it.
#[derive(Serialize)]
pub struct Emailed {
    pub to: String,
    pub accepted: bool,
}

/// One of her advocates: whether the alert was stored for them, and their e-mail accepted by the mail
/// server (`None` when this server sends none, or nothing was stored).
#[derive(Serialize)]
pub struct Delivered {
    pub id: String,
    pub delivered: bool,
    pub emailed: Option<bool>,
}

pub async fn send(
    state: &CheckinState,
    SignedIn { account, db }: SignedIn,
    push: Option<&Arc<PushService>>,
    asked: Test,
) -> Result<(Vec<Emailed>, Vec<Delivered>), CheckinError> {
    checks::note(&asked.note)?;
    let recipients = checks::addresses(&asked.emails, state)?;
    let advocates = checks::sealed_notes(asked.advocates)?;
    state
        .limits
        .allow(&account, &checks::whom(&recipients, &advocates), true)?;
    checks::sends(state, &account)?;
    let language = mail::language(asked.language.as_deref());
    let (subject, text) = mail::alert("test", &asked.note, language);
    let mut emails = Vec::new();
    for to in recipients {
        let mailer = state.mailer.clone().ok_or(CheckinError::NoEmail)?;
        let accepted = mail::deliver(mailer, &to, &subject, &text).await;
        emails.push(Emailed { to, accepted });
    }
    let (subject, text) = mail::advocate_alert("test", language, &state.advocates_area);
    let mut delivered = Vec::new();
    for (advocate, sealed) in advocates {
        let (me, id) = (account.clone(), advocate.clone());
        let stored = db
            .write(move |c| alerts::insert_test(c, &me, &id, &sealed, now_ms()))
            .await?;
        if let (Some(_), Some(push)) = (&stored, push) {
            push.notify(&db, advocate.clone(), Message::Alert);
        }
        let emailed = match (&stored, state.mailer.clone()) {
            (Some(to), Some(mailer)) => Some(mail::deliver(mailer, to, &subject, &text).await),
            _ => None,
        };
        delivered.push(Delivered {
            id: advocate,
            delivered: stored.is_some(),
            emailed,
        });
    }
    tracing::info!("a test check-in alert was sent");
    Ok((emails, delivered))
}
