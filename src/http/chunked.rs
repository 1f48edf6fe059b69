//! Large in-memory bodies (the biggest scripts) go out in small pieces.
//!
//! actix copies a whole body chunk into the connection's write buffer before sending it, so every client
//! that asks for a large file and reads slowly (or never) held a full copy of it; a thousand of them held
//! hundreds of megabytes. Split into pieces, a connection holds at most the write buffer (32 KiB) plus one
//! piece. The pieces are slices of the same shared bytes: nothing is copied to make them.

use std::convert::Infallible;

use actix_web::body::{BoxBody, MessageBody, SizedStream};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web::Bytes;

/// Bodies up to this size are sent as one piece.
const PIECE: usize = 16 * 1024;

pub async fn split_large_bodies(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let res = next.call(req).await?;
    Ok(res.map_body(|_, body| match body.try_into_bytes() {
        Ok(bytes) if bytes.len() > PIECE => pieces(bytes),
        Ok(bytes) => BoxBody::new(bytes),
        Err(body) => body.boxed(),
    }))
}

fn pieces(bytes: Bytes) -> BoxBody {
    let len = bytes.len();
    let stream = futures_util::stream::iter(
        (0..len)
            .step_by(PIECE)
            .map(move |at| Ok::<_, Infallible>(bytes.slice(at..len.min(at + PIECE)))),
    );
    BoxBody::new(SizedStream::new(len as u64, stream))
}
