//! The HTTP server assembled from its parts: actix-web's `HttpServer` does the same, but offers neither an
//! `Expect: 100-continue` hook nor a typed view of each accepted socket, and we need both
//! (src/http/expect.rs, src/http/connections.rs).

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use actix_http::body::MessageBody;
use actix_http::{HttpService, KeepAlive, Request, Response};
use actix_service::{IntoServiceFactory, Service, ServiceFactory, ServiceFactoryExt, map_config};
use actix_web::dev::AppConfig;

use super::client_address::TrustedProxies;
use super::connections::{ConnectionTable, ConnectionsConfig};
use super::expect;

/// The kernel's queue of connections not yet accepted.
const BACKLOG: i32 = 1024;
/// After a stop signal, how long a connection that is not answering gets before it is dropped.
const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(1);

pub struct Settings<'a> {
    pub addr: SocketAddr,
    pub workers: usize,
    pub shutdown_grace: Duration,
    pub connections: &'a ConnectionsConfig,
    pub proxies: TrustedProxies,
    /// The parts of the site with their own body limit and error format (`expect::Part`).
    pub bodies: &'static [expect::Part],
}

pub fn bind<F, I, S, B>(
    factory: F,
    settings: &Settings,
) -> std::io::Result<(actix_server::Server, SocketAddr)>
where
    F: Fn() -> I + Send + Clone + 'static,
    I: IntoServiceFactory<S, Request>,
    S: ServiceFactory<Request, Config = AppConfig> + 'static,
    S::Error: Into<actix_web::Error> + 'static,
    S::InitError: fmt::Debug,
    S::Response: Into<Response<B>> + 'static,
    <S::Service as Service<Request>>::Future: 'static,
    S::Service: 'static,
    B: MessageBody + 'static,
{
    let listener = listen(settings.addr)?;
    let local = listener.local_addr()?;
    let c = settings.connections;
    let table = ConnectionTable::new(c, settings.proxies.clone());
    let bodies = settings.bodies;
    let keep_alive = Duration::from_secs(c.idle_timeout_secs);
    let request_timeout = Duration::from_secs(c.request_timeout_secs);
    let server = actix_server::Server::build()
        .workers(settings.workers)
        // A backstop per worker thread; the table below is the real cap, counted across workers.
        .max_concurrent_connections(c.max_total)
        .shutdown_timeout(settings.shutdown_grace.as_secs())
        // actix treats SIGINT as a forced stop; we want Ctrl-C to be as gentle as SIGTERM (server.rs).
        .disable_signals()
        .listen("solace", listener, move || {
            let table: Arc<ConnectionTable> = table.clone();
            let app = factory()
                .into_factory()
                .map_err(|e| e.into().error_response());
            HttpService::build()
                .keep_alive(KeepAlive::Timeout(keep_alive))
                .client_request_timeout(request_timeout)
                .client_disconnect_timeout(DISCONNECT_TIMEOUT)
                .local_addr(local)
                // A response goes out in several writes (head, then the body's pieces). With Nagle's
                // algorithm on, the kernel holds the last small write until the client acknowledges the
                // previous ones, and a client delays that acknowledgement by about 40 ms: every response
                // on a reused connection waited that long.
                .tcp_nodelay(true)
                .on_connect_ext(move |io: &_, ext: &mut _| table.on_connect(io, ext))
                .expect(expect::guard(bodies))
                .finish(map_config(app, |_| AppConfig::default()))
                .tcp()
        })?
        .run();
    Ok((server, local))
}

fn listen(addr: SocketAddr) -> std::io::Result<std::net::TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(BACKLOG)?;
    Ok(socket.into())
}
