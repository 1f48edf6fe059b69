//! What the cache, the single flight and the rate limit save: upstream calls, and a survivor's repeated
//! look-ups never hammer the weather service.

use crate::common;
use crate::weather_standin;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use common::{Options, Server, client};
use serde_json::{Value, json};
use weather_standin::{
    NOV_23_UTC, Reply, StandIn, om_current, om_hourly, om_place, owm_current, owm_forecast,
    owm_not_found, route,
};

fn owm_server(upstream: &str, extra: &str) -> Server {
    Server::start_with(Options {
        config: Some(format!(
            "[weather]\napi_key = \"k-123456\"\nopenweathermap_url = \"{upstream}\"\n{extra}\n"
        )),
        ..Default::default()
    })
}

fn get(s: &Server, path: &str) -> (u16, Value) {
    common::get_json(s, path)
}

/// Fires `paths` all at once (threads released together) and returns the answers in order.
fn concurrently(s: &Server, paths: Vec<String>) -> Vec<(u16, Value)> {
    let barrier = Arc::new(Barrier::new(paths.len()));
    let http = client();
    let threads: Vec<_> = paths
        .into_iter()
        .map(|path| {
            let (barrier, http, url) = (barrier.clone(), http.clone(), s.url(&path));
            std::thread::spawn(move || {
                barrier.wait();
                let res = http.get(url).send().unwrap();
                (res.status().as_u16(), res.json::<Value>().unwrap())
            })
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

#[test]
fn fifty_concurrent_look_ups_cost_one_upstream_call() {
    // The answer takes 500 ms, so all fifty requests arrive while the first call is in flight.
    let owm = StandIn::start(vec![route().answers(Reply::Slow(
        Duration::from_millis(500),
        200,
        owm_current("Delhi", "IN", 19_800),
    ))]);
    let s = owm_server(&owm.url, "rate_limit_per_minute = 0");
    let started = Instant::now();
    let answers = concurrently(&s, vec!["/api/weather/current?city=Delhi".into(); 50]);
    assert!(answers.iter().all(|(status, _)| *status == 200));
    assert!(answers.iter().all(|(_, body)| body == &answers[0].1));
    assert_eq!(owm.calls("/data/2.5/weather"), 1);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "the waiters shared the one answer"
    );
}

#[test]
fn open_meteo_shares_the_geocoding_between_current_and_forecast() {
    let geo = StandIn::start(vec![route().answers(Reply::Slow(
        Duration::from_millis(300),
        200,
        om_place("Delhi", "IN", 28.65, 77.23, "Asia/Kolkata"),
    ))]);
    let pause = Duration::from_millis(300);
    let om = StandIn::start(vec![
        route().has("hourly").answers(Reply::Slow(
            pause,
            200,
            om_hourly(19_800, NOV_23_UTC, NOV_23_UTC - 19_800, 6),
        )),
        route().answers(Reply::Slow(
            pause,
            200,
            om_current(19_800, NOV_23_UTC, 0, 1),
        )),
    ]);
    let s = Server::start_with(Options {
        config: Some(format!(
            "[weather]\nopen_meteo_url = \"{}\"\nopen_meteo_geocoding_url = \"{}\"\nrate_limit_per_minute = 0\n",
            om.url, geo.url
        )),
        ..Default::default()
    });
    let paths = (0..50)
        .map(|i| {
            let endpoint = if i % 2 == 0 { "current" } else { "forecast" };
            format!("/api/weather/{endpoint}?city=Delhi")
        })
        .collect();
    let answers = concurrently(&s, paths);
    assert!(
        answers.iter().all(|(status, _)| *status == 200),
        "{answers:?}"
    );
    assert_eq!(geo.calls("/v1/search"), 1, "one geocoding call");
    assert_eq!(
        om.calls("/v1/forecast"),
        2,
        "one call for current, one for the forecast"
    );
}

#[test]
fn spelling_variants_of_one_city_share_an_entry_until_it_expires() {
    let owm = StandIn::start(vec![
        route().answers(Reply::Json(200, owm_current("New Delhi", "IN", 19_800))),
    ]);
    let s = owm_server(&owm.url, "cache_ttl_secs = 1\nrate_limit_per_minute = 0");
    for city in ["New%20Delhi", "%20new%20%20delhi%20", "NEW+DELHI"] {
        let (status, body) = get(&s, &format!("/api/weather/current?city={city}"));
        assert_eq!((status, &body["city"]), (200, &json!("New Delhi")));
    }
    assert_eq!(owm.calls("/data/2.5/weather"), 1);
    // No event marks an expiry: wait out the configured one-second TTL.
    std::thread::sleep(Duration::from_millis(1100));
    get(&s, "/api/weather/current?city=new%20delhi");
    assert_eq!(
        owm.calls("/data/2.5/weather"),
        2,
        "expired after cache_ttl_secs"
    );
}

#[test]
fn not_found_is_remembered_but_failures_are_retried() {
    let owm = StandIn::start(vec![
        route().param("q", "Atlantis").answers(owm_not_found()),
        route().answers(Reply::Raw(503, "Service Unavailable")),
    ]);
    let s = owm_server(&owm.url, "rate_limit_per_minute = 0");
    for _ in 0..3 {
        assert_eq!(get(&s, "/api/weather/current?city=Atlantis").0, 404);
        assert_eq!(get(&s, "/api/weather/current?city=Delhi").0, 502);
    }
    let asked = |city: &str| {
        owm.requests()
            .iter()
            .filter(|r| r.param("q") == Some(city))
            .count()
    };
    assert_eq!(asked("Atlantis"), 1);
    assert_eq!(asked("Delhi"), 3);
}

#[test]
fn each_address_gets_a_limited_number_of_look_ups_per_minute() {
    let owm = StandIn::start(vec![
        route().path("/data/2.5/forecast").answers(Reply::Json(
            200,
            owm_forecast("Delhi", "IN", 19_800, NOV_23_UTC),
        )),
        route().answers(Reply::Json(200, owm_current("Delhi", "IN", 19_800))),
    ]);
    let s = owm_server(&owm.url, "rate_limit_per_minute = 3");
    assert_eq!(get(&s, "/api/weather/current?city=Delhi").0, 200);
    assert_eq!(get(&s, "/api/weather/forecast?city=Delhi").0, 200);
    assert_eq!(get(&s, "/api/weather/current?city=Delhi").0, 200);
    let res = client()
        .get(s.url("/api/weather/forecast?city=Delhi"))
        .send()
        .unwrap();
    assert_eq!(res.status().as_u16(), 429);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let body: Value = res.json().unwrap();
    assert_eq!(body["error"], "rate_limited");
    assert_eq!(owm.requests().len(), 2);
}

#[test]
fn switched_off_weather_answers_503_and_the_app_still_loads() {
    let s = Server::start_with(Options {
        config: Some("[weather]\nprovider = \"off\"\ndefault_city = \"  Nuku'alofa \"\n".into()),
        ..Default::default()
    });
    assert!(
        s.wait_for_log("solace is ready", Duration::from_secs(1))
            .contains("off")
    );
    for endpoint in ["current", "forecast"] {
        let (status, body) = get(&s, &format!("/api/weather/{endpoint}?city=Delhi"));
        assert_eq!((status, body["error"].as_str()), (503, Some("weather_off")));
    }
    let (status, config) = get(&s, "/api/config");
    assert_eq!(
        (status, &config["weather"]["provider"]),
        (200, &json!("off"))
    );
    // The operator's city reaches the UI, trimmed, even with weather switched off.
    assert_eq!(config["weather"]["default_city"], "Nuku'alofa");
    let (status, body) = get(&s, "/api/weather/elsewhere");
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")));
}
