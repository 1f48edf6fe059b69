//! Builds the actix `App` (middleware, routes, shared state) and runs it until SIGTERM or SIGINT.

use std::net::SocketAddr;
use std::time::Duration;

use actix_web::middleware::from_fn;
use actix_web::{App, web};

use crate::assets::{self, Catalog, Disguise};
use crate::config::Config;
use crate::db::Db;
use crate::error;
use crate::health;
use crate::http::client_address::{self, TrustedProxies};
use crate::http::{api_errors, chunked, expect, request_log, security_headers, serve, systemd};
use crate::public_config::{self, PublicConfig};
use crate::{auth, local, timestamp, vault, weather};

/// The auth service reads smaller bodies than `/api` and refuses larger ones in GoTrue's format: a client
/// announcing more hears it before sending any of it (`http::expect`).
const BODIES: &[expect::Part] = &[expect::Part {
    prefix: "/auth/v1",
    largest: auth::http::routes::BODY_LIMIT,
    too_large: || {
        use actix_web::ResponseError;
        auth::errors::AuthError::PayloadTooLarge
            .error_response()
            .into()
    },
}];

/// In-flight requests get this long to finish after a stop signal; the process exits within 5 s.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(4);

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot start the auth service: {0}")]
    Auth(#[from] auth::StartError),
    #[error(transparent)]
    Weather(#[from] weather::ClientError),
    #[error(transparent)]
    Vault(#[from] vault::VaultError),
    #[error("cannot start time-stamping: {0}")]
    Timestamp(#[from] timestamp::errors::AuthorityError),
    #[error("cannot set up Web Push: {0}")]
    Push(#[from] crate::push::PushError),
    #[error("cannot set up e-mail: {0}")]
    Email(#[from] crate::email::EmailError),
    #[error("cannot use the bucket in storage.url: {0}")]
    Storage(#[from] crate::blobs::S3Error),
    #[error("cannot start beside the other instances: {0}")]
    Keys(#[from] crate::shared_keys::SharedKeyError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the server stopped: {0}")]
    Run(std::io::Error),
}

/// What the app's script asks the API for before it can draw `page` (`None`: any page but a disguise): the
/// config, and on the weather disguise the default city's weather (ui/src/features/disguise-weather/weather-prefetch.ts).
/// The page names them, so that the browser asks beside the entry script instead of once that script has run:
/// on a slow connection the screen is drawn a round trip sooner (bench/RESULTS.md, Lighthouse on /weather).
fn first_requests(page: Option<Disguise>) -> &'static [&'static str] {
    match page {
        Some(Disguise::Weather) => &[
            public_config::PATH,
            weather::FIRST_LOOKUP[0],
            weather::FIRST_LOOKUP[1],
        ],
        _ => &[public_config::PATH],
    }
}

pub async fn run(config: Config, db: Db) -> Result<(), ServeError> {
    let catalog = web::Data::new(Catalog::load(
        config.site.page_title.trim(),
        config.safety.default_disguise,
        first_requests,
    ));
    if !catalog.has_index() {
        tracing::warn!("the web app is missing from this binary (ui/dist was empty at build time)");
    }
    // Before any key is made: an instance beside others on PostgreSQL must have theirs.
    let shared_keys = crate::shared_keys::SharedKeys::of(&config);
    shared_keys.before_start(&db).await?;
    let mailer = crate::email::Mailer::from_config(&config.email)?.map(std::sync::Arc::new);
    let auth_service = auth::AuthService::new(
        &config.auth,
        &config.server.site_url,
        db.clone(),
        &config.server.data_dir,
        mailer.clone(),
        std::sync::Arc::new(crate::neighbours::Features),
    )?;
    let auth_service = web::Data::new(auth_service);
    auth::spawn_maintenance(auth_service.clone());
    let db = web::Data::new(db);
    let db_at_stop = db.clone();
    let proxies = TrustedProxies::new(&config.server.trusted_proxies);
    let proxy_data = web::Data::new(proxies.clone());
    let public = web::Data::new(PublicConfig::from_config(&config));
    let catalogues = web::Data::new(local::catalogue_route::ServedCatalogues::new(
        &config.catalogues,
    ));
    let headers = web::Data::new(security_headers::SecurityHeaders::new(
        &config.auth.external_url,
    ));
    let weather = web::Data::new(weather::Weather::from_config(&config.weather)?);
    let vault = web::Data::new(vault::Vault::new(
        &config.vault,
        &config.auth.external_url,
        &config.server.data_dir,
    )?);
    let stamps = web::Data::new(timestamp::Authority::load_or_create(
        &config.timestamp,
        &config.server.data_dir,
    )?);
    crate::metrics::certificate_ends(stamps.not_after());
    let external_stamps = web::Data::new(
        timestamp::external::ExternalAuthority::from_config(&config.timestamp)
            .map_err(timestamp::errors::AuthorityError::client)?,
    );
    let stamp_limit = web::Data::new(timestamp::StampLimit(crate::rate_limit::RateLimiter::new(
        config.timestamp.per_address_per_minute,
        Duration::from_secs(60),
    )));
    let copy = web::Data::new(crate::copy::CopyState {
        config: config.copy.clone(),
    });
    let room = web::Data::new(crate::room::Room::new(
        &config.server.data_dir,
        config.server.data_dir_min_free_mib,
    ));
    let blobs = crate::blobs::Blobs::new(config.storage.bucket_settings().as_ref())?;
    blobs.spawn_sweeper(db.get_ref().clone());
    let blobs = web::Data::new(blobs);
    let pairing_limit = web::Data::new(crate::advocates::PairingLimit::default());
    let advocates_config = web::Data::new(config.advocates.clone());
    crate::advocates::spawn_expiry(db.get_ref().clone());
    let checkin = web::Data::new(crate::checkin::CheckinState::new(
        config.checkin.clone(),
        mailer,
        auth_service.hashing_pool(),
        &config.server.site_url,
    ));
    let push = crate::push::PushService::from_config(
        &config.push,
        &config.server.site_url,
        &config.site.contact_email,
        &config.server.data_dir,
    )?
    .map(std::sync::Arc::new);
    shared_keys.after_start(db.get_ref()).await?;
    let alarm_watch = crate::checkin::delivery::watch::AlarmWatch::new(
        &config.operator.alert_email,
        &config.operator.email,
        checkin.mailer.clone(),
        config.checkin.alert_retry_hours,
    )?;
    crate::checkin::delivery::timer::spawn(
        db.get_ref().clone(),
        &checkin,
        push.clone(),
        std::sync::Arc::new(alarm_watch),
    );
    let operations = web::Data::new(crate::operations::Operations::new(
        &config,
        db.get_ref().clone(),
        stamps.clone().into_inner(),
        push.as_ref().map(|p| p.public_key()),
    ));
    let push = web::Data::new(push);
    let metrics_access = web::Data::new(crate::metrics::http::Access::new(
        &config.metrics,
        &config.operator.allowed_networks,
        &config.server.data_dir,
    ));
    let db_for_watchdog = db.get_ref().clone();
    let operators = web::Data::new(crate::operators::OperatorsState {
        config: config.operator.clone(),
        site_url: config.server.site_url.clone(),
        link_lifetime: config.auth.recovery_link_lifetime.0,
        wake: checkin.wake.clone(),
        test_mails: crate::rate_limit::RateLimiter::new(
            crate::operators::TEST_MAILS_PER_HOUR,
            std::time::Duration::from_secs(3600),
        ),
    });
    crate::operators::spawn_audit_pruning(db.get_ref().clone(), config.operator.audit_days);
    let listen = config.listen_addr();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());

    let app = move || {
        App::new()
            .app_data(db.clone())
            .app_data(auth_service.clone())
            .app_data(catalog.clone())
            .app_data(public.clone())
            .app_data(catalogues.clone())
            .app_data(headers.clone())
            .app_data(weather.clone())
            .app_data(vault.clone())
            .app_data(proxy_data.clone())
            .app_data(stamps.clone())
            .app_data(stamp_limit.clone())
            .app_data(external_stamps.clone())
            .app_data(copy.clone())
            .app_data(room.clone())
            .app_data(blobs.clone())
            .app_data(pairing_limit.clone())
            .app_data(advocates_config.clone())
            .app_data(checkin.clone())
            .app_data(push.clone())
            .app_data(metrics_access.clone())
            .app_data(operations.clone())
            .app_data(operators.clone())
            .wrap(from_fn(client_address::resolve))
            .wrap(from_fn(chunked::split_large_bodies))
            .wrap(from_fn(security_headers::apply))
            .wrap(from_fn(request_log::log))
            .wrap(from_fn(crate::metrics::http::record))
            .service(health::resource())
            .service(crate::metrics::http::resource())
            .service(
                web::scope("/auth/v1")
                    .wrap(from_fn(auth::http::wire::render))
                    .configure(auth::configure)
                    .default_service(web::to(auth::not_found)),
            )
            .service(
                web::scope("/api")
                    .wrap(from_fn(api_errors::as_json))
                    .app_data(web::JsonConfig::default().limit(expect::API_BODY_LIMIT))
                    .route("/config", web::get().to(public_config::get))
                    .route("/config/name", web::get().to(public_config::name))
                    .route(
                        "/locales/{file}",
                        web::get().to(local::catalogue_route::get),
                    )
                    .configure(weather::configure)
                    .configure(vault::configure)
                    .configure(timestamp::configure)
                    .configure(crate::copy::configure)
                    .configure(crate::advocates::configure)
                    .configure(crate::checkin::configure)
                    .configure(crate::push::configure)
                    .configure(crate::operations::http::configure)
                    .configure(crate::operators::configure)
                    .default_service(web::to(error::api_not_found)),
            )
            // The console's pages are the app's, behind the same gate as its routes.
            .service(
                web::scope("/operator")
                    .wrap(from_fn(crate::operators::gate::guard))
                    .default_service(web::to(assets::serve)),
            )
            .default_service(web::to(assets::serve))
    };
    let settings = serve::Settings {
        addr: listen,
        workers,
        shutdown_grace: SHUTDOWN_GRACE,
        connections: &config.connections,
        proxies: proxies.clone(),
        bodies: BODIES,
    };
    let (server, address) = serve::bind(app, &settings).map_err(|source| ServeError::Listen {
        addr: listen,
        source,
    })?;

    tracing::info!(
        address = %format!("http://{address}"),
        data_dir = %config.server.data_dir.display(),
        weather_provider = config.weather.active_provider().as_str(),
        "solace is ready"
    );
    systemd::ready(db_for_watchdog);
    actix_web::rt::spawn(stop_gracefully_on_signal(server.handle()));
    server.await.map_err(ServeError::Run)?;
    // The log can still hold copies of rows deleted since the last checkpoint.
    if let Err(e) = db_at_stop.checkpoint().await {
        tracing::warn!(error = %e, "could not empty the write-ahead log at shutdown");
    }
    tracing::info!("solace stopped");
    Ok(())
}

/// On SIGTERM or SIGINT: stop accepting connections and let in-flight requests finish.
async fn stop_gracefully_on_signal(handle: actix_web::dev::ServerHandle) {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        tracing::error!("cannot listen for stop signals; stop solace with SIGKILL");
        return;
    };
    let name = tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    };
    tracing::info!(signal = name, "stopping: finishing requests in flight");
    systemd::stopping();
    handle.stop(true).await;
}
