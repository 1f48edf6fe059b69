//! Google sign-ins between `/authorize` and `/callback`, kept in memory. `/authorize` needs no account,
//! so anything it stored on disk would let anonymous callers grow the data directory; here a flood only
//! replaces older entries. A flow reaches the database only once Google has sent the person back with a
//! PKCE code to hold for the app's exchange (`google_store::sign_in`). A restart forgets the pending ones:
//! such a sign-in fails with `bad_oauth_state` and can simply be started again.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::auth::store::oauth_flows::FlowRow;
use crate::auth::store::sessions::FLOW_TTL_MS;

/// Most Google sign-ins that may be under way at once. Past this many the expired go first, then the
/// oldest; a real sign-in takes under a minute, and `authorize_per_ip` keeps one client from churning
/// through the room. Each entry holds two random strings and a redirect address that fits in a request
/// line, so the whole table stays within a few megabytes whatever callers do.
pub const MAX_PENDING_FLOWS: usize = 1_000;

#[derive(Default)]
pub struct PendingFlows {
    by_state: Mutex<HashMap<String, FlowRow>>,
}

impl PendingFlows {
    /// Keeps a flow begun at `/authorize` (its `id` is the state sent to Google), making room first.
    pub fn begin(&self, flow: FlowRow, now: i64) {
        let mut flows = self.by_state.lock().unwrap_or_else(|p| p.into_inner());
        if flows.len() >= MAX_PENDING_FLOWS {
            flows.retain(|_, f| now - f.created_at <= FLOW_TTL_MS);
        }
        while flows.len() >= MAX_PENDING_FLOWS {
            let oldest = flows
                .iter()
                .min_by_key(|(_, f)| f.created_at)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => flows.remove(&id),
                None => break,
            };
        }
        flows.insert(flow.id.clone(), flow);
    }

    /// Takes the flow of `state` out: a state is good for one callback only.
    pub fn claim(&self, state: &str) -> Option<FlowRow> {
        let mut flows = self.by_state.lock().unwrap_or_else(|p| p.into_inner());
        flows.remove(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow(id: usize, created_at: i64) -> FlowRow {
        FlowRow {
            id: format!("state-{id}"),
            redirect_to: "http://localhost/".into(),
            code_challenge: None,
            code_challenge_method: None,
            google_verifier: "v".into(),
            user_id: None,
            provider_access_token: None,
            provider_refresh_token: None,
            created_at,
            code_issued_at: None,
        }
    }

    #[test]
    fn a_state_is_claimed_once() {
        let p = PendingFlows::default();
        p.begin(flow(1, 0), 0);
        assert_eq!(p.claim("state-1").map(|f| f.id), Some("state-1".into()));
        assert!(p.claim("state-1").is_none());
        assert!(p.claim("state-2").is_none());
    }

    #[test]
    fn a_full_table_drops_the_oldest_and_keeps_the_newest() {
        let p = PendingFlows::default();
        for i in 0..MAX_PENDING_FLOWS + 5 {
            p.begin(flow(i, i as i64), i as i64);
        }
        assert_eq!(p.by_state.lock().unwrap().len(), MAX_PENDING_FLOWS);
        assert!(p.claim("state-4").is_none(), "among the oldest");
        assert!(p.claim("state-5").is_some());
        assert!(
            p.claim(&format!("state-{}", MAX_PENDING_FLOWS + 4))
                .is_some()
        );
    }
}
