//! A browser stops notifications for the signed-in account.

use crate::db::Db;
use crate::push::errors::SubscriptionError;
use crate::push::store::subscriptions;

pub async fn unsubscribe(
    db: &Db,
    account: String,
    endpoint: String,
) -> Result<(), SubscriptionError> {
    db.write(move |c| subscriptions::remove(c, &account, &endpoint))
        .await?;
    Ok(())
}
