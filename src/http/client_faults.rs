//! actix logs a malformed or broken client request ("stream error: request parse error ...") at ERROR.
//! Those are the client's fault, routine on any public address, and must not page an operator or bury real
//! errors: this layer hides them from the log output and re-logs each one at DEBUG under our own target.

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer};

/// Where actix's HTTP/1 connection handling logs client faults.
const SOURCE: &str = "actix_http::h1";

/// True for the events this module re-logs; the output layer drops them.
pub fn is_client_fault(meta: &Metadata<'_>) -> bool {
    *meta.level() == Level::ERROR && meta.target().starts_with(SOURCE)
}

pub struct DemoteClientFaults;

impl<S: Subscriber> Layer<S> for DemoteClientFaults {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        if !is_client_fault(event.metadata()) {
            return;
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        tracing::debug!(target: "solace::http", problem = %message.0, "malformed or broken client request");
    }
}

struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}
