//! The copy's two keys: the recovery wrap of her data key and the outbox public key.

use std::sync::Arc;

use super::Owner;
use crate::copy::errors::CopyError;
use crate::copy::rules::MAX_KEY_CHARS;
use crate::copy::store::accounts::{self, Keys};
use crate::room::Room;

pub async fn set(owner: Owner, room: Arc<Room>, keys: Keys) -> Result<(), CopyError> {
    room.check()?;
    let too_long = |k: &Option<String>| k.as_ref().is_some_and(|k| k.len() > MAX_KEY_CHARS);
    if too_long(&keys.recovery_wrap) || too_long(&keys.outbox_public_key) {
        return Err(CopyError::Invalid(
            "A key is longer than a wrapped key can be.",
        ));
    }
    let Owner {
        db, account, limit, ..
    } = owner;
    db.write(move |conn| accounts::set_keys(conn, &account, &keys, limit))
        .await
}
