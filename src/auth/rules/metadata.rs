//! Bounds on `user_metadata` (the `data` of sign-up and `PUT /user`). It is copied into every access
//! token, so without a bound one signed-in caller could grow the account's tokens until its own
//! requests fail (docs/auth-contract.md). GoTrue has no limit of its own beyond a 1 MB request body;
//! ours is small because the app keeps only a few preferences there, and small enough that a token with
//! the largest metadata (base64 adds a third) and the longest address stays under the 8 KiB header line
//! that common reverse proxies accept by default.

use serde_json::{Map, Value};

use crate::auth::errors::{AuthError, AuthResult};

/// Largest `user_metadata`, as compact JSON, after a change is merged in.
pub const METADATA_MAX_BYTES: usize = 4 * 1024;
/// Deepest nesting of objects and arrays inside `user_metadata` (the object itself is level 1).
pub const METADATA_MAX_DEPTH: usize = 8;

/// Checks merged metadata against both bounds.
pub fn check(metadata: &Map<String, Value>) -> AuthResult<()> {
    let depth = 1 + metadata.values().map(depth).max().unwrap_or(0);
    if depth > METADATA_MAX_DEPTH {
        return Err(AuthError::MetadataTooDeep {
            max_depth: METADATA_MAX_DEPTH,
        });
    }
    let size = serde_json::to_vec(metadata).map_or(usize::MAX, |v| v.len());
    if size > METADATA_MAX_BYTES {
        return Err(AuthError::MetadataTooLarge {
            max_bytes: METADATA_MAX_BYTES,
        });
    }
    Ok(())
}

fn depth(v: &Value) -> usize {
    match v {
        Value::Object(m) => 1 + m.values().map(depth).max().unwrap_or(0),
        Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn small_metadata_passes() {
        assert_eq!(
            check(&map(json!({"theme": "dark", "a": {"b": [1, 2]}}))),
            Ok(())
        );
    }

    #[test]
    fn too_large_metadata_is_refused() {
        let big = "x".repeat(METADATA_MAX_BYTES);
        assert_eq!(
            check(&map(json!({ "note": big }))),
            Err(AuthError::MetadataTooLarge {
                max_bytes: METADATA_MAX_BYTES
            })
        );
    }

    #[test]
    fn deep_metadata_is_refused_at_one_level_past_the_limit() {
        let mut v = json!(1);
        for _ in 0..METADATA_MAX_DEPTH - 1 {
            v = json!([v]);
        }
        assert_eq!(check(&map(json!({ "k": v.clone() }))), Ok(()));
        assert!(matches!(
            check(&map(json!({ "k": [v] }))),
            Err(AuthError::MetadataTooDeep { .. })
        ));
    }
}
