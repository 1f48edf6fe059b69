//! The weather disguise with an OpenWeatherMap key: what the browser gets for a city, for every way the
//! service can fail, and that the key never leaves the server.

use crate::common;
use crate::weather_standin;

use std::time::Duration;

use common::{Options, Server};
use serde_json::{Value, json};
use weather_standin::{
    NOV_23_UTC, Reply, StandIn, assert_times_out, owm_current, owm_forecast, owm_invalid_key,
    owm_not_found, route,
};

const KEY: &str = "owm-key-7f3a9c21d4";

fn start(upstream: &str, timeout_secs: u64) -> Server {
    Server::start_with(Options {
        config: Some(format!(
            "[weather]\nprovider = \"openweathermap\"\napi_key = \"{KEY}\"\nopenweathermap_url = \"{upstream}\"\n\
             timeout_secs = {timeout_secs}\nrate_limit_per_minute = 0\n"
        )),
        ..Default::default()
    })
}

fn get(s: &Server, path: &str) -> (u16, Value) {
    let (status, body) = common::get_json(s, path);
    assert!(
        !body.to_string().contains(KEY),
        "the key leaked in {path}: {body}"
    );
    (status, body)
}

#[test]
fn current_weather_for_a_known_city() {
    let owm = StandIn::start(vec![
        route()
            .path("/data/2.5/weather")
            .answers(Reply::Json(200, owm_current("Delhi", "IN", 19_800))),
        route().answers(Reply::Raw(404, "{}")),
    ]);
    let s = start(&owm.url, 5);
    let (status, body) = get(&s, "/api/weather/current?city=Delhi");
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"city": "Delhi", "country": "IN", "main": "Clouds", "description": "overcast clouds",
               "icon": "cloudy", "temp_c": 31, "feels_like_c": 35, "wind_kmh": 13, "humidity": 40,
               "updated": NOV_23_UTC + 6 * 3600})
    );
    let asked = &owm.requests()[0];
    assert_eq!(asked.param("q"), Some("Delhi"));
    assert_eq!(asked.param("units"), Some("metric"));
    assert_eq!(asked.param("appid"), Some(KEY), "the key is sent upstream");
    assert!(
        asked.user_agent.starts_with("solace/"),
        "{}",
        asked.user_agent
    );
}

#[test]
fn forecast_takes_one_midday_slot_per_local_day_across_the_date_line() {
    // Honolulu, UTC-10:00. The list starts at 03:00Z on the 23rd = 17:00 on the 22nd locally, so the
    // 22nd has no midday left; each later day's 14:00 local is 00:00Z on the *next* UTC date.
    let owm = StandIn::start(vec![
        route().path("/data/2.5/forecast").answers(Reply::Json(
            200,
            owm_forecast("Honolulu", "US", -36_000, NOV_23_UTC + 3 * 3600),
        )),
        route().answers(Reply::Raw(404, "{}")),
    ]);
    let s = start(&owm.url, 5);
    let (status, body) = get(&s, "/api/weather/forecast?city=Honolulu");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["city"], "Honolulu");
    let days = body["days"].as_array().unwrap();
    assert_eq!(days.len(), 5);
    let first = &days[0];
    assert_eq!(
        first,
        &json!({"dt": NOV_23_UTC + 24 * 3600, "date": "2026-11-23", "time": "14:00", "main": "Clear",
                "description": "clear sky", "icon": "clear-day", "temp_c": 27,
                // The 23rd's local steps run 02:00 to 23:00 (23.4 to 30.4 °C); one has a 75 % chance.
                "high_c": 30, "low_c": 23, "pop": 75})
    );
    let dates: Vec<&str> = days.iter().map(|d| d["date"].as_str().unwrap()).collect();
    assert_eq!(
        dates,
        [
            "2026-11-23",
            "2026-11-24",
            "2026-11-25",
            "2026-11-26",
            "2026-11-27"
        ]
    );
    assert!(days.iter().all(|d| d["time"] == "14:00"));
    assert_eq!(owm.requests()[0].param("units"), Some("metric"));

    // Now is before 17:00 on the 22nd locally: today is the 22nd, whatever the UTC date says.
    assert_eq!(
        body["today"],
        json!({"date": "2026-11-22", "high_c": 22, "low_c": 20, "pop": 50,
               "sunrise": "07:00", "sunset": "18:00"})
    );
    // The next 24 hours in OpenWeatherMap's three-hour steps, in the city's local time.
    let hourly = body["hourly"].as_array().unwrap();
    let times: Vec<&str> = hourly.iter().map(|h| h["time"].as_str().unwrap()).collect();
    assert_eq!(
        times,
        [
            "17:00", "20:00", "23:00", "02:00", "05:00", "08:00", "11:00", "14:00"
        ]
    );
    assert_eq!(
        hourly[1],
        json!({"dt": NOV_23_UTC + 6 * 3600, "time": "20:00", "main": "Clear", "description": "clear sky",
               "icon": "clear-day", "temp_c": 21, "pop": 25})
    );
}

#[test]
fn upstream_refusals_and_failures_map_to_statuses_the_ui_knows() {
    let city = |q: &str| route().param("q", q);
    let owm = StandIn::start(vec![
        city("Nowhere").answers(owm_not_found()),
        city("Badkey").answers(owm_invalid_key()),
        city("Broken").answers(Reply::Raw(500, "<html>Internal Server Error</html>")),
        city("Throttled").answers(Reply::Json(
            429,
            json!({"cod": 429, "message": "Your account is temporary blocked"}),
        )),
        city("Garbled").answers(Reply::Raw(200, "{\"cod\":200,\"name\":")),
        route().answers(Reply::Raw(500, "{}")),
    ]);
    let s = start(&owm.url, 5);
    for endpoint in ["current", "forecast"] {
        for (city, status, code) in [
            ("Nowhere", 404, "city_not_found"),
            ("Badkey", 401, "invalid_api_key"),
            ("Broken", 502, "upstream_error"),
            ("Throttled", 502, "upstream_error"),
            ("Garbled", 502, "upstream_error"),
        ] {
            let (got, body) = get(&s, &format!("/api/weather/{endpoint}?city={city}"));
            assert_eq!(
                (got, body["error"].as_str()),
                (status, Some(code)),
                "{city}"
            );
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
            if status == 502 {
                assert_eq!(
                    body["message"],
                    "The weather service is not answering properly."
                );
            }
            assert!(
                !body.to_string().contains("openweathermap.org"),
                "no upstream text or URL reaches the browser: {body}"
            );
        }
    }
    assert!(!s.logs().contains(KEY), "{}", s.logs());
}

#[test]
fn a_look_up_without_a_city_is_for_the_configured_default_city() {
    let owm = StandIn::start(vec![
        route()
            .path("/data/2.5/weather")
            .answers(Reply::Json(200, owm_current("Pune", "IN", 19_800))),
        route().answers(Reply::Raw(404, "{}")),
    ]);
    let s = Server::start_with(Options {
        config: Some(format!(
            "[weather]\nprovider = \"openweathermap\"\napi_key = \"{KEY}\"\nopenweathermap_url = \"{}\"\n\
             default_city = \"  Pune \"\n",
            owm.url
        )),
        ..Default::default()
    });
    let (status, body) = get(&s, "/api/weather/current");
    assert_eq!((status, body["city"].as_str()), (200, Some("Pune")));
    assert_eq!(owm.requests()[0].param("q"), Some("Pune"));
}

#[test]
fn bad_city_names_are_refused_before_asking_upstream() {
    let owm = StandIn::start(vec![
        route().answers(Reply::Json(200, owm_current("X", "XX", 0))),
    ]);
    let s = start(&owm.url, 5);
    let long = "a".repeat(101);
    for query in [
        "?city=",
        "?city=%20%20%20",
        &format!("?city={long}"),
        "?city=Del%00hi",
        "?city=Del%0Ahi",
        "?city=a&city=b",
    ] {
        for endpoint in ["current", "forecast"] {
            let (status, body) = get(&s, &format!("/api/weather/{endpoint}{query}"));
            assert_eq!(
                (status, body["error"].as_str()),
                (400, Some("bad_city")),
                "{query}"
            );
        }
    }
    assert_eq!(owm.requests().len(), 0);
    let (status, _) = get(&s, &format!("/api/weather/current?city={}", &long[1..]));
    assert_eq!(status, 200, "100 characters are fine");
}

#[test]
fn a_silent_upstream_answers_504_within_the_timeout() {
    let owm = StandIn::start(vec![route().answers(Reply::Hang)]);
    let s = start(&owm.url, 1);
    for endpoint in ["current", "forecast"] {
        assert_times_out(&s, &format!("/api/weather/{endpoint}?city=Delhi"));
    }
}

#[test]
fn an_unreachable_upstream_is_a_502_and_the_key_stays_out_of_the_logs() {
    // A port nobody listens on: reqwest's error would carry the full URL with the key.
    let closed = format!("http://127.0.0.1:{}", common::free_port());
    let s = Server::start_with(Options {
        config: Some(format!(
            "[weather]\napi_key = \"{KEY}\"\nopenweathermap_url = \"{closed}\"\nrate_limit_per_minute = 0\n"
        )),
        env: vec![("RUST_LOG".into(), "debug".into())],
        ..Default::default()
    });
    let ready = s.wait_for_log("solace is ready", Duration::from_secs(5));
    assert!(ready.contains("openweathermap"), "{ready}");
    for endpoint in ["current", "forecast"] {
        let (status, body) = get(&s, &format!("/api/weather/{endpoint}?city=Delhi"));
        assert_eq!(
            (status, body["error"].as_str()),
            (502, Some("upstream_error"))
        );
    }
    s.wait_for_log("cannot reach the weather service", Duration::from_secs(5));
    let logs = s.logs();
    assert!(!logs.contains(KEY), "{logs}");
    assert!(!logs.contains("appid"), "{logs}");
}
