//! What a phone weather app shows besides the midday forecast, built the same way for both providers
//! from the slots they send: the next hours, each local day's high and low and chance of precipitation,
//! and today's summary with sunrise and sunset. Times are the city's local time, as the forecast's dates.

use std::collections::BTreeMap;

use chrono::DateTime;
use serde::Serialize;

use super::midday::Slot;
use super::{Day, Icon};

/// The hourly strip covers the next 24 hours: 8 three-hourly steps or 24 hourly ones.
pub const STRIP_HOURS: i64 = 24;

/// One step of the hourly strip.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hour {
    pub dt: i64,
    /// The city's local time of the step, `HH:MM`.
    pub time: String,
    pub main: String,
    pub description: String,
    pub icon: Icon,
    pub temp_c: i64,
    /// Chance of precipitation in percent, when the service gives one.
    pub pop: Option<i64>,
}

/// Today in the city: its high and low, chance of precipitation, sunrise and sunset (local `HH:MM`).
/// Each is absent when the service has nothing for it (a day already over, polar night).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Today {
    pub date: String,
    pub high_c: Option<i64>,
    pub low_c: Option<i64>,
    pub pop: Option<i64>,
    pub sunrise: Option<String>,
    pub sunset: Option<String>,
}

/// One local day's extremes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    pub high_c: i64,
    pub low_c: i64,
    pub pop: Option<i64>,
}

/// Local dates (`YYYY-MM-DD`) to their range.
pub type Ranges = BTreeMap<String, DayRange>;

pub fn local_date(dt: i64, utc_offset_secs: i64) -> String {
    local(dt, utc_offset_secs, "%Y-%m-%d")
}

pub fn local_time(dt: i64, utc_offset_secs: i64) -> String {
    local(dt, utc_offset_secs, "%H:%M")
}

fn local(dt: i64, utc_offset_secs: i64, format: &str) -> String {
    DateTime::from_timestamp(dt + utc_offset_secs, 0)
        .map(|t| t.format(format).to_string())
        .unwrap_or_default()
}

/// The steps from `from` on that fall within the next [`STRIP_HOURS`].
pub fn strip(slots: &[Slot], from: i64, utc_offset_secs: i64) -> Vec<Hour> {
    let mut next: Vec<&Slot> = slots.iter().filter(|s| s.dt >= from).collect();
    next.sort_by_key(|s| s.dt);
    let Some(first) = next.first().map(|s| s.dt) else {
        return Vec::new();
    };
    next.into_iter()
        .take_while(|s| s.dt < first + STRIP_HOURS * 3600)
        .map(|s| Hour {
            dt: s.dt,
            time: local_time(s.dt, utc_offset_secs),
            main: s.main.clone(),
            description: s.description.clone(),
            icon: s.icon,
            temp_c: s.temp_c,
            pop: s.pop,
        })
        .collect()
}

/// Each local day's range over the slots it has (for a service that gives no daily figures).
pub fn ranges_of(slots: &[Slot], utc_offset_secs: i64) -> Ranges {
    let mut ranges = Ranges::new();
    for s in slots {
        let r = ranges
            .entry(local_date(s.dt, utc_offset_secs))
            .or_insert(DayRange {
                high_c: s.temp_c,
                low_c: s.temp_c,
                pop: None,
            });
        r.high_c = r.high_c.max(s.temp_c);
        r.low_c = r.low_c.min(s.temp_c);
        r.pop = r.pop.max(s.pop);
    }
    ranges
}

/// Gives each forecast day its local day's range (a day without one keeps its midday figure).
pub fn with_ranges(mut days: Vec<Day>, ranges: &Ranges) -> Vec<Day> {
    for d in &mut days {
        if let Some(r) = ranges.get(&d.date) {
            d.high_c = r.high_c.max(d.temp_c);
            d.low_c = r.low_c.min(d.temp_c);
            d.pop = r.pop.or(d.pop);
        }
    }
    days
}

/// Today's summary for the local `date`.
pub fn today(
    date: String,
    ranges: &Ranges,
    sun: (Option<i64>, Option<i64>),
    utc_offset_secs: i64,
) -> Today {
    let range = ranges.get(&date);
    let at = |dt: Option<i64>| dt.map(|dt| local_time(dt, utc_offset_secs));
    Today {
        high_c: range.map(|r| r.high_c),
        low_c: range.map(|r| r.low_c),
        pop: range.and_then(|r| r.pop),
        sunrise: at(sun.0),
        sunset: at(sun.1),
        date,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(dt: i64, temp_c: i64, pop: Option<i64>) -> Slot {
        Slot {
            dt,
            main: "Clear".into(),
            description: "clear sky".into(),
            icon: Icon::ClearDay,
            temp_c,
            pop,
        }
    }

    // 2026-11-23T00:00:00Z
    const MIDNIGHT_UTC: i64 = 1_795_392_000;

    #[test]
    fn the_strip_covers_the_next_24_hours_in_local_time() {
        let slots: Vec<Slot> = (0..40)
            .map(|i| slot(MIDNIGHT_UTC + i * 10_800, i, None))
            .collect();
        let hours = strip(&slots, MIDNIGHT_UTC + 3600, 13 * 3600);
        assert_eq!(hours.len(), 8);
        assert_eq!(hours[0].dt, MIDNIGHT_UTC + 10_800);
        assert_eq!(hours[0].time, "16:00");
        assert_eq!(hours[7].time, "13:00");
    }

    #[test]
    fn ranges_follow_the_local_date() {
        // -10:00: UTC 09:00 on the 23rd is 23:00 on the 22nd; UTC 12:00 is 02:00 on the 23rd.
        let slots = [
            slot(MIDNIGHT_UTC + 9 * 3600, 15, Some(10)),
            slot(MIDNIGHT_UTC + 12 * 3600, 12, Some(40)),
            slot(MIDNIGHT_UTC + 24 * 3600, 25, None),
        ];
        let r = ranges_of(&slots, -10 * 3600);
        assert_eq!(
            r["2026-11-22"],
            DayRange {
                high_c: 15,
                low_c: 15,
                pop: Some(10)
            }
        );
        assert_eq!(
            r["2026-11-23"],
            DayRange {
                high_c: 25,
                low_c: 12,
                pop: Some(40)
            }
        );
        let t = today(
            "2026-11-23".into(),
            &r,
            (Some(MIDNIGHT_UTC + 17 * 3600), None),
            -10 * 3600,
        );
        assert_eq!((t.high_c, t.low_c, t.pop), (Some(25), Some(12), Some(40)));
        assert_eq!((t.sunrise.as_deref(), t.sunset), (Some("07:00"), None));
    }
}
