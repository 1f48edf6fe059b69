//! The weather disguise with no key configured: Open-Meteo (geocoding + forecast) answered in the same
//! shapes as with OpenWeatherMap.

use crate::common;
use crate::weather_standin;

use std::time::Duration;

use common::{Options, Server};
use serde_json::{Value, json};
use weather_standin::{
    NOV_23_UTC, Reply, StandIn, assert_times_out, om_current, om_hourly, om_no_results, om_place,
    om_refusal, route,
};

/// Tonga, UTC+13:00: local midnight of 2026-11-23 is 11:00Z on the 22nd.
const TONGA: i64 = 13 * 3600;
const TONGA_MIDNIGHT: i64 = NOV_23_UTC - TONGA;

fn start(forecast: &StandIn, geocoding: &StandIn, timeout_secs: u64) -> Server {
    Server::start_with(Options {
        // No provider and no key: "auto" must pick Open-Meteo.
        config: Some(format!(
            "[weather]\nopen_meteo_url = \"{}\"\nopen_meteo_geocoding_url = \"{}\"\n\
             timeout_secs = {timeout_secs}\nrate_limit_per_minute = 0\n",
            forecast.url, geocoding.url
        )),
        ..Default::default()
    })
}

fn get(s: &Server, path: &str) -> (u16, Value) {
    common::get_json(s, path)
}

fn geocoding() -> StandIn {
    let search = || route().path("/v1/search");
    StandIn::start(vec![
        search().param("name", "Delhi").answers(Reply::Json(
            200,
            om_place("Delhi", "IN", 28.65195, 77.23149, "Asia/Kolkata"),
        )),
        search().param("name", "Nuku'alofa").answers(Reply::Json(
            200,
            om_place("Nuku'alofa", "TO", -21.13, -175.2, "Pacific/Tongatapu"),
        )),
        search().param("name", "Apia").answers(Reply::Json(
            200,
            om_place("Apia", "WS", -13.83, -171.76, "Pacific/Apia"),
        )),
        search().param("name", "Broken").answers(Reply::Json(
            200,
            om_place("Broken", "XX", 100.0, 0.0, "UTC"),
        )),
        search()
            .param("name", "Slow")
            .answers(Reply::Json(200, om_place("Slow", "XX", 1.0, 1.0, "UTC"))),
        search()
            .param("name", "Unstable")
            .answers(Reply::Raw(500, "Internal Server Error")),
        search().answers(Reply::Json(200, om_no_results())),
        route().answers(Reply::Raw(404, "{}")),
    ])
}

fn forecast_service() -> StandIn {
    let at = |latitude: &str| route().param("latitude", latitude);
    StandIn::start(vec![
        at("28.65195")
            .lacks("hourly")
            .answers(Reply::Json(200, om_current(19_800, NOV_23_UTC, 3, 1))),
        // Tonga at 16:20 local: today's midday has passed.
        at("-21.13").has("hourly").answers(Reply::Json(
            200,
            om_hourly(TONGA, TONGA_MIDNIGHT + 16 * 3600 + 1200, TONGA_MIDNIGHT, 6),
        )),
        // Samoa (also +13:00) at 09:15 local: today's midday is still ahead.
        at("-13.83").has("hourly").answers(Reply::Json(
            200,
            om_hourly(TONGA, TONGA_MIDNIGHT + 9 * 3600 + 900, TONGA_MIDNIGHT, 6),
        )),
        at("100").answers(om_refusal()),
        at("1").answers(Reply::Hang),
        route().answers(Reply::Raw(404, "{}")),
    ])
}

#[test]
fn current_weather_without_a_key() {
    let (geo, om) = (geocoding(), forecast_service());
    let s = start(&om, &geo, 5);
    assert!(
        s.wait_for_log("solace is ready", Duration::from_secs(1))
            .contains("open-meteo")
    );
    let (status, body) = get(&s, "/api/weather/current?city=Delhi");
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"city": "Delhi", "country": "IN", "main": "Clouds", "description": "overcast clouds",
               "icon": "cloudy", "temp_c": 31, "feels_like_c": 35, "wind_kmh": 13, "humidity": 40,
               "updated": NOV_23_UTC})
    );
    let search = &geo.requests()[0];
    assert_eq!(search.param("name"), Some("Delhi"));
    assert_eq!(search.param("count"), Some("1"));
    let asked = &om.requests()[0];
    assert_eq!(asked.param("longitude"), Some("77.23149"));
    assert_eq!(asked.param("timezone"), Some("auto"));
    assert_eq!(asked.param("wind_speed_unit"), Some("ms"));
    assert!(asked.user_agent.starts_with("solace/"));
}

#[test]
fn forecast_uses_the_local_midday_across_the_date_line() {
    let (geo, om) = (geocoding(), forecast_service());
    let s = start(&om, &geo, 5);

    let (status, body) = get(&s, "/api/weather/forecast?city=Nuku'alofa");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["city"], "Nuku'alofa");
    let days = body["days"].as_array().unwrap();
    // Local noon on the 24th is 23:00Z on the 23rd: the UTC date is a day behind the local one.
    assert_eq!(
        days[0],
        json!({"dt": NOV_23_UTC + 23 * 3600, "date": "2026-11-24", "time": "12:00", "main": "Clouds",
               "description": "overcast clouds", "icon": "cloudy", "temp_c": 14,
               "high_c": 15, "low_c": 12, "pop": 10})
    );
    let dates: Vec<&str> = days.iter().map(|d| d["date"].as_str().unwrap()).collect();
    assert_eq!(
        dates,
        [
            "2026-11-24",
            "2026-11-25",
            "2026-11-26",
            "2026-11-27",
            "2026-11-28"
        ]
    );
    assert!(days.iter().all(|d| d["time"] == "12:00"));
    assert_eq!(
        days.iter()
            .map(|d| d["high_c"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [15, 17, 20, 22, 24]
    );

    // Today is the local 23rd (UTC still says the 22nd): its daily figures, sunrise and sunset.
    assert_eq!(
        body["today"],
        json!({"date": "2026-11-23", "high_c": 12, "low_c": 10, "pop": 0,
               "sunrise": "06:30", "sunset": "18:45"})
    );
    // Hourly from the start of the current local hour (16:00), 24 of them, into tomorrow afternoon.
    let hourly = body["hourly"].as_array().unwrap();
    assert_eq!(hourly.len(), 24);
    assert_eq!(
        hourly[0],
        json!({"dt": TONGA_MIDNIGHT + 16 * 3600, "time": "16:00", "main": "Clear", "description": "clear sky",
               "icon": "clear-day", "temp_c": 12, "pop": 64})
    );
    assert_eq!(hourly[23]["time"], "15:00");
    let asked = om
        .requests()
        .into_iter()
        .find(|r| r.param("daily").is_some())
        .unwrap();
    assert_eq!(
        asked.param("daily"),
        Some("temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_probability_max")
    );

    let (_, body) = get(&s, "/api/weather/forecast?city=Apia");
    let days = body["days"].as_array().unwrap();
    assert_eq!(days.len(), 5);
    assert_eq!(
        (&days[0]["date"], &days[0]["time"]),
        (&json!("2026-11-23"), &json!("12:00")),
        "a midday still ahead today is the first day"
    );
}

#[test]
fn unknown_cities_and_failures_map_to_statuses_the_ui_knows() {
    let (geo, om) = (geocoding(), forecast_service());
    let s = start(&om, &geo, 5);
    for endpoint in ["current", "forecast"] {
        for (city, status, code) in [
            ("Atlantis", 404, "city_not_found"),
            ("Broken", 502, "upstream_error"),
            ("Unstable", 502, "upstream_error"),
        ] {
            let (got, body) = get(&s, &format!("/api/weather/{endpoint}?city={city}"));
            assert_eq!(
                (got, body["error"].as_str()),
                (status, Some(code)),
                "{city}"
            );
        }
    }
    assert_eq!(
        geo.requests()
            .iter()
            .filter(|r| r.param("name") == Some("Atlantis"))
            .count(),
        1,
        "an unknown city is remembered for a while"
    );
}

#[test]
fn a_silent_forecast_service_answers_504_within_the_timeout() {
    let (geo, om) = (geocoding(), forecast_service());
    let s = start(&om, &geo, 1);
    assert_times_out(&s, "/api/weather/current?city=Slow");
}

#[test]
fn a_country_code_narrows_the_search() {
    let geo = StandIn::start(vec![
        route()
            .param("name", "London")
            .param("countryCode", "GB")
            .answers(Reply::Json(
                200,
                om_place("London", "GB", 28.65195, -0.12, "Europe/London"),
            )),
        route().answers(Reply::Json(200, om_no_results())),
    ]);
    let om = forecast_service();
    let s = start(&om, &geo, 5);
    let (status, body) = get(&s, "/api/weather/current?city=London,%20GB");
    assert_eq!((status, &body["country"]), (200, &json!("GB")), "{body}");
}
