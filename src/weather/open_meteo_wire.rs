//! Open-Meteo's answers as they come over the wire, and its WMO weather codes in OpenWeatherMap's words.

use serde::Deserialize;

use super::Icon;
use super::outlook::{self, DayRange, Ranges};
use super::round;

#[derive(Debug, Clone, Deserialize)]
pub(super) struct Place {
    pub(super) name: String,
    #[serde(default)]
    pub(super) country_code: String,
    pub(super) latitude: f64,
    pub(super) longitude: f64,
}

#[derive(Deserialize)]
pub(super) struct Refusal {
    #[serde(default)]
    pub(super) reason: String,
}

#[derive(Deserialize)]
pub(super) struct SearchWire {
    /// Absent when nothing matches.
    #[serde(default)]
    pub(super) results: Vec<Place>,
}

#[derive(Deserialize)]
pub(super) struct CurrentWire {
    pub(super) current: CurrentValues,
}

#[derive(Deserialize)]
pub(super) struct CurrentValues {
    pub(super) time: i64,
    pub(super) temperature_2m: f64,
    pub(super) relative_humidity_2m: f64,
    pub(super) apparent_temperature: f64,
    pub(super) is_day: u8,
    pub(super) weather_code: u16,
    pub(super) wind_speed_10m: f64,
}

#[derive(Deserialize)]
pub(super) struct HourlyWire {
    pub(super) utc_offset_seconds: i64,
    pub(super) current: Now,
    pub(super) hourly: Hourly,
    pub(super) daily: Daily,
}

#[derive(Deserialize)]
pub(super) struct Now {
    pub(super) time: i64,
}

/// Parallel arrays, one element per hour; a value may be null where the model has none.
#[derive(Deserialize)]
pub(super) struct Hourly {
    pub(super) time: Vec<i64>,
    pub(super) temperature_2m: Vec<Option<f64>>,
    pub(super) weather_code: Vec<Option<u16>>,
    pub(super) is_day: Vec<Option<u8>>,
    #[serde(default)]
    pub(super) precipitation_probability: Vec<Option<f64>>,
}

/// Parallel arrays, one element per local day; `time` is the instant of the day's local midnight.
#[derive(Deserialize)]
pub(super) struct Daily {
    pub(super) time: Vec<i64>,
    pub(super) temperature_2m_max: Vec<Option<f64>>,
    pub(super) temperature_2m_min: Vec<Option<f64>>,
    #[serde(default)]
    pub(super) sunrise: Vec<Option<i64>>,
    #[serde(default)]
    pub(super) sunset: Vec<Option<i64>>,
    #[serde(default)]
    pub(super) precipitation_probability_max: Vec<Option<f64>>,
}

impl Daily {
    /// Each day's range, and sunrise and sunset on the local `today`.
    pub(super) fn read(&self, offset: i64, today: &str) -> (Ranges, (Option<i64>, Option<i64>)) {
        let at = |v: &[Option<f64>], i: usize| v.get(i).copied().flatten();
        let mut ranges = Ranges::new();
        let mut sun = (None, None);
        for (i, &t) in self.time.iter().enumerate() {
            // Noon, so the date cannot slip across midnight on a daylight-saving day.
            let date = outlook::local_date(t + 12 * 3600, offset);
            if date == today {
                sun = (
                    self.sunrise.get(i).copied().flatten(),
                    self.sunset.get(i).copied().flatten(),
                );
            }
            let (Some(high), Some(low)) = (
                at(&self.temperature_2m_max, i),
                at(&self.temperature_2m_min, i),
            ) else {
                continue;
            };
            ranges.insert(
                date,
                DayRange {
                    high_c: round(high),
                    low_c: round(low),
                    pop: at(&self.precipitation_probability_max, i).map(round),
                },
            );
        }
        (ranges, sun)
    }
}

/// WMO weather interpretation codes (as Open-Meteo documents them) in OpenWeatherMap's words.
pub(super) fn wmo(code: u16, day: bool) -> (&'static str, &'static str, Icon) {
    match code {
        0 => ("Clear", "clear sky", Icon::clear(day)),
        1 => ("Clouds", "few clouds", Icon::partly_cloudy(day)),
        2 => ("Clouds", "scattered clouds", Icon::partly_cloudy(day)),
        3 => ("Clouds", "overcast clouds", Icon::Cloudy),
        45 => ("Fog", "fog", Icon::Fog),
        48 => ("Fog", "freezing fog", Icon::Fog),
        51 => ("Drizzle", "light intensity drizzle", Icon::Drizzle),
        53 => ("Drizzle", "drizzle", Icon::Drizzle),
        55 => ("Drizzle", "heavy intensity drizzle", Icon::Drizzle),
        56 | 57 => ("Drizzle", "freezing drizzle", Icon::Drizzle),
        61 => ("Rain", "light rain", Icon::Rain),
        63 => ("Rain", "moderate rain", Icon::Rain),
        65 => ("Rain", "heavy intensity rain", Icon::Rain),
        66 | 67 => ("Rain", "freezing rain", Icon::Snow),
        71 => ("Snow", "light snow", Icon::Snow),
        73 => ("Snow", "snow", Icon::Snow),
        75 => ("Snow", "heavy snow", Icon::Snow),
        77 => ("Snow", "snow grains", Icon::Snow),
        80 => ("Rain", "light intensity shower rain", Icon::Rain),
        81 => ("Rain", "shower rain", Icon::Rain),
        82 => ("Rain", "heavy intensity shower rain", Icon::Rain),
        85 => ("Snow", "light shower snow", Icon::Snow),
        86 => ("Snow", "heavy shower snow", Icon::Snow),
        95 => ("Thunderstorm", "thunderstorm", Icon::Thunderstorm),
        96 | 99 => ("Thunderstorm", "thunderstorm with hail", Icon::Thunderstorm),
        _ => ("Clouds", "clouds", Icon::Cloudy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn wmo_codes_read_like_openweathermap() {
        assert_eq!(wmo(0, true), ("Clear", "clear sky", Icon::ClearDay));
        assert_eq!(wmo(0, false).2, Icon::ClearNight);
        assert_eq!(wmo(2, false).2, Icon::PartlyCloudyNight);
        assert_eq!(wmo(3, true), ("Clouds", "overcast clouds", Icon::Cloudy));
        assert_eq!(wmo(45, true).2, Icon::Fog);
        assert_eq!(wmo(53, true).2, Icon::Drizzle);
        assert_eq!(wmo(81, true).0, "Rain");
        assert_eq!(wmo(75, true).2, Icon::Snow);
        assert_eq!(wmo(99, true).2, Icon::Thunderstorm);
    }
}
