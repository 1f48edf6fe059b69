//! The check-in alerts of the people paired with an advocate (their notes sealed to the advocate's key,
//! opened in the advocate's browser), where else an alert reaches them, and dismissing one.

use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::alerts::{self, Alert};
use crate::db::Db;

/// The advocate's alerts, and the address an alert is also e-mailed to (`None` when this server sends no
/// e-mail), so the area can say which ways an alert reaches them.
pub async fn list(
    state: &CheckinState,
    db: &Db,
    advocate: String,
) -> Result<(Vec<Alert>, Option<String>), CheckinError> {
    let mail = state.mailer.is_some();
    db.read(move |c| {
        let email_to = match mail {
            true => Some(alerts::address_of(c, &advocate)?),
            false => None,
        };
        Ok((alerts::of_advocate(c, &advocate)?, email_to))
    })
    .await
}

/// Whether the advocate had that alert.
pub async fn dismiss(db: &Db, advocate: String, id: String) -> Result<bool, CheckinError> {
    db.write(move |c| alerts::dismiss(c, &advocate, &id)).await
}
