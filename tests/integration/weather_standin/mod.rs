//! The Rust tests' side of the weather stand-in every suite shares (tests/support/weather-stand-in.mjs):
//! it runs the stand-in with Node, gives it the routes a test wants answered (in the providers' real wire
//! formats, built below), and reads back every request it got. A route can answer late or never.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Map, Value, json};

/// What the stand-in answers to a request a route matches.
pub enum Reply {
    Json(u16, Value),
    Raw(u16, &'static str),
    /// Answers after a pause (to hold a flight open).
    Slow(Duration, u16, Value),
    /// Accepts the request and never answers.
    Hang,
}

impl Reply {
    fn to_json(&self) -> Value {
        match self {
            Reply::Json(status, body) => json!({"status": status, "body": body.to_string()}),
            Reply::Raw(status, body) => json!({"status": status, "body": body}),
            Reply::Slow(pause, status, body) => json!({
                "status": status, "body": body.to_string(), "delayMs": pause.as_millis() as u64
            }),
            Reply::Hang => json!({"hang": true}),
        }
    }
}

/// Which requests get which reply: every condition must hold; the first matching route answers, and a
/// request no route matches gets a 404.
pub struct Route {
    path: Option<&'static str>,
    params: Map<String, Value>,
}

/// A route that matches every request until narrowed.
pub fn route() -> Route {
    Route {
        path: None,
        params: Map::new(),
    }
}

impl Route {
    pub fn path(mut self, path: &'static str) -> Self {
        self.path = Some(path);
        self
    }

    /// The query parameter `name` is `value`.
    pub fn param(mut self, name: &str, value: &str) -> Self {
        self.params.insert(name.into(), value.into());
        self
    }

    /// The query parameter `name` is there, whatever its value.
    pub fn has(mut self, name: &str) -> Self {
        self.params.insert(name.into(), true.into());
        self
    }

    /// The query parameter `name` is not there.
    pub fn lacks(mut self, name: &str) -> Self {
        self.params.insert(name.into(), false.into());
        self
    }

    pub fn answers(self, reply: Reply) -> Value {
        json!({"path": self.path, "params": self.params, "reply": reply.to_json()})
    }
}

#[derive(Debug, Clone)]
pub struct Request {
    pub path: String,
    pub query: Vec<(String, String)>,
    pub user_agent: String,
}

impl Request {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

pub struct StandIn {
    pub url: String,
    child: Child,
}

impl StandIn {
    /// Starts the stand-in answering with `routes` (each made by `route()...answers(...)`).
    pub fn start(routes: Vec<Value>) -> Self {
        let mut child = Command::new("node")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/support/weather-stand-in.mjs"
            ))
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the weather stand-in with node");
        let mut url = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut url)
            .unwrap();
        assert!(url.starts_with("http://"), "weather stand-in: {url:?}");
        let stand_in = Self {
            url: url.trim().to_string(),
            child,
        };
        stand_in.set_routes(routes);
        stand_in
    }

    /// Answers with other routes from now on (a service that changes what it publishes).
    pub fn set_routes(&self, routes: Vec<Value>) {
        let res = reqwest::blocking::Client::new()
            .post(format!("{}/__routes", self.url))
            .json(&routes)
            .send()
            .unwrap();
        assert_eq!(res.status(), 200);
    }

    pub fn requests(&self) -> Vec<Request> {
        let list: Vec<Value> = reqwest::blocking::get(format!("{}/__requests", self.url))
            .unwrap()
            .json()
            .unwrap();
        list.iter()
            .map(|r| Request {
                path: r["path"].as_str().unwrap().to_string(),
                query: r["query"]
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                    .collect(),
                user_agent: r["userAgent"].as_str().unwrap_or("").to_string(),
            })
            .collect()
    }

    /// How many requests reached `path`.
    pub fn calls(&self, path: &str) -> usize {
        self.requests().iter().filter(|r| r.path == path).count()
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// 2026-11-23T00:00:00Z.
pub const NOV_23_UTC: i64 = 1_795_392_000;

// ---- OpenWeatherMap wire format ----

pub fn owm_current(name: &str, country: &str, timezone: i64) -> Value {
    json!({
        "coord": {"lon": 77.2167, "lat": 28.6667},
        "weather": [{"id": 804, "main": "Clouds", "description": "overcast clouds", "icon": "04d"}],
        "base": "stations",
        "main": {"temp": 30.6, "feels_like": 34.9, "temp_min": 30.05, "temp_max": 30.6,
                 "pressure": 1004, "humidity": 40, "sea_level": 1004, "grnd_level": 979},
        "visibility": 4000,
        "wind": {"speed": 3.6, "deg": 290},
        "clouds": {"all": 100},
        "dt": NOV_23_UTC + 6 * 3600,
        "sys": {"type": 1, "id": 9165, "country": country, "sunrise": NOV_23_UTC + 3600, "sunset": NOV_23_UTC + 12 * 3600},
        "timezone": timezone,
        "id": 1273294,
        "name": name,
        "cod": 200
    })
}

/// Forty three-hourly slots from `start` (Unix seconds); slot `i` is `20 + i` °C, clear sky, with a
/// `(i % 4) * 25` % chance of precipitation. Sunrise is 10 hours before `start`, sunset an hour after.
pub fn owm_forecast(name: &str, country: &str, timezone: i64, start: i64) -> Value {
    let list: Vec<Value> = (0..40)
        .map(|i| {
            let dt = start + i * 3 * 3600;
            json!({
                "dt": dt,
                "main": {"temp": 20.4 + i as f64, "feels_like": 20.0, "temp_min": 19.0, "temp_max": 21.0,
                         "pressure": 1012, "sea_level": 1012, "grnd_level": 990, "humidity": 50, "temp_kf": 0},
                "weather": [{"id": 800, "main": "Clear", "description": "clear sky", "icon": "01d"}],
                "clouds": {"all": 0},
                "wind": {"speed": 2.1, "deg": 120, "gust": 3.0},
                "visibility": 10000,
                "pop": (i % 4) as f64 * 0.25,
                "sys": {"pod": "d"},
                "dt_txt": dt_txt(dt)
            })
        })
        .collect();
    json!({
        "cod": "200",
        "message": 0,
        "cnt": 40,
        "list": list,
        "city": {"id": 1273294, "name": name, "coord": {"lat": 28.6667, "lon": 77.2167}, "country": country,
                 "population": 10927986, "timezone": timezone, "sunrise": start - 36000, "sunset": start + 3600}
    })
}

pub fn owm_invalid_key() -> Reply {
    Reply::Json(
        401,
        json!({"cod": 401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}),
    )
}

pub fn owm_not_found() -> Reply {
    Reply::Json(404, json!({"cod": "404", "message": "city not found"}))
}

/// OpenWeatherMap's `dt_txt`: the slot's UTC date and time.
fn dt_txt(dt: i64) -> String {
    chrono::DateTime::from_timestamp(dt, 0)
        .unwrap()
        .format("%Y-%m-%d %H:%M:%S")
        .to_string()
}

// ---- Open-Meteo wire format ----

pub fn om_place(name: &str, country_code: &str, lat: f64, lon: f64, timezone: &str) -> Value {
    json!({
        "results": [{
            "id": 1273294, "name": name, "latitude": lat, "longitude": lon, "elevation": 227.0,
            "feature_code": "PPLC", "country_code": country_code, "timezone": timezone,
            "population": 10927986, "country_id": 1269750, "country": "Somewhere",
            "admin1_id": 1273293, "admin1": "Region"
        }],
        "generationtime_ms": 0.93
    })
}

pub fn om_no_results() -> Value {
    json!({"generationtime_ms": 0.41})
}

pub fn om_current(offset: i64, now: i64, code: u16, is_day: u8) -> Value {
    json!({
        "latitude": 28.625, "longitude": 77.25, "generationtime_ms": 0.05,
        "utc_offset_seconds": offset, "timezone": "Asia/Kolkata", "timezone_abbreviation": "GMT+5:30",
        "elevation": 220.0,
        "current_units": {"time": "unixtime", "interval": "seconds", "temperature_2m": "°C",
                          "relative_humidity_2m": "%", "apparent_temperature": "°C", "is_day": "",
                          "weather_code": "wmo code", "wind_speed_10m": "m/s"},
        "current": {"time": now, "interval": 900, "temperature_2m": 30.6, "relative_humidity_2m": 40,
                    "apparent_temperature": 34.9, "is_day": is_day, "weather_code": code, "wind_speed_10m": 3.6}
    })
}

/// Hourly values for `days` local days from `local_midnight_utc` (the instant of local 00:00 today);
/// hour `i` is `10 + i/10` °C, code 0 (clear) except at 12:00 local, which is 3 (overcast), with a
/// `(i % 24) * 4` % chance of precipitation. Daily: the day's extremes of those hours, sunrise 06:30 and
/// sunset 18:45 local, day `d` a `10 * d` % chance of precipitation.
pub fn om_hourly(offset: i64, now: i64, local_midnight_utc: i64, days: i64) -> Value {
    let n = days * 24;
    let time: Vec<i64> = (0..n).map(|i| local_midnight_utc + i * 3600).collect();
    let temp: Vec<f64> = (0..n).map(|i| 10.0 + i as f64 / 10.0).collect();
    let code: Vec<u16> = (0..n).map(|i| if i % 24 == 12 { 3 } else { 0 }).collect();
    let is_day: Vec<u8> = (0..n)
        .map(|i| u8::from((6..18).contains(&(i % 24))))
        .collect();
    let pop: Vec<i64> = (0..n).map(|i| (i % 24) * 4).collect();
    let day: Vec<i64> = (0..days).map(|d| local_midnight_utc + d * 86_400).collect();
    let max: Vec<f64> = (0..days)
        .map(|d| 10.0 + (d * 24 + 23) as f64 / 10.0)
        .collect();
    let min: Vec<f64> = (0..days).map(|d| 10.0 + (d * 24) as f64 / 10.0).collect();
    let sunrise: Vec<i64> = day.iter().map(|t| t + 6 * 3600 + 1800).collect();
    let sunset: Vec<i64> = day.iter().map(|t| t + 18 * 3600 + 2700).collect();
    let daily_pop: Vec<i64> = (0..days).map(|d| d * 10).collect();
    json!({
        "latitude": -21.125, "longitude": -175.25, "generationtime_ms": 0.1,
        "utc_offset_seconds": offset, "timezone": "Pacific/Tongatapu", "timezone_abbreviation": "GMT+13",
        "elevation": 4.0,
        "current_units": {"time": "unixtime", "interval": "seconds", "weather_code": "wmo code"},
        "current": {"time": now, "interval": 900, "weather_code": 0},
        "hourly_units": {"time": "unixtime", "temperature_2m": "°C", "weather_code": "wmo code", "is_day": "",
                         "precipitation_probability": "%"},
        "hourly": {"time": time, "temperature_2m": temp, "weather_code": code, "is_day": is_day,
                   "precipitation_probability": pop},
        "daily_units": {"time": "unixtime", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
                        "sunrise": "unixtime", "sunset": "unixtime", "precipitation_probability_max": "%"},
        "daily": {"time": day, "temperature_2m_max": max, "temperature_2m_min": min, "sunrise": sunrise,
                  "sunset": sunset, "precipitation_probability_max": daily_pop}
    })
}

pub fn om_refusal() -> Reply {
    Reply::Json(
        400,
        json!({"error": true, "reason": "Latitude must be in range of -90 to 90°. Given: 100.0."}),
    )
}

/// With `timeout_secs = 1`, the proxy answers 504 `upstream_timeout` when the timeout runs out: not at
/// once, and not hanging on a stand-in that never answers.
pub fn assert_times_out(s: &crate::common::Server, path: &str) {
    let started = std::time::Instant::now();
    let (status, body) = crate::common::get_json(s, path);
    let took = started.elapsed();
    assert_eq!(
        (status, body["error"].as_str()),
        (504, Some("upstream_timeout")),
        "{path}"
    );
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(3),
        "{path}: {took:?}"
    );
}
