//! The forecast rule both providers share: for each day, the first slot between 12:00 and 15:00 in the
//! city's local time; at most five days, starting with the first day that has such a slot (so today
//! counts only while its midday is still ahead).

use chrono::DateTime;

use super::{Day, Icon};

pub const MAX_DAYS: usize = 5;
const WINDOW_MINUTES: std::ops::RangeInclusive<i64> = 12 * 60..=15 * 60;
const DAY_SECS: i64 = 24 * 60 * 60;

/// One forecast slot before the rule is applied.
#[derive(Debug, Clone)]
pub struct Slot {
    pub dt: i64,
    pub main: String,
    pub description: String,
    pub icon: Icon,
    pub temp_c: i64,
    /// Chance of precipitation in percent.
    pub pop: Option<i64>,
}

/// `utc_offset_secs`: the city's offset from UTC (east positive), as both services report it.
pub fn pick(mut slots: Vec<Slot>, utc_offset_secs: i64) -> Vec<Day> {
    slots.sort_by_key(|s| s.dt);
    let mut days: Vec<Day> = Vec::with_capacity(MAX_DAYS);
    for slot in slots {
        let local = slot.dt + utc_offset_secs;
        if !WINDOW_MINUTES.contains(&(local.rem_euclid(DAY_SECS) / 60)) {
            continue;
        }
        let Some(when) = DateTime::from_timestamp(local, 0) else {
            continue;
        };
        let date = when.format("%Y-%m-%d").to_string();
        if days.last().is_some_and(|d| d.date == date) {
            continue;
        }
        days.push(Day {
            dt: slot.dt,
            date,
            time: when.format("%H:%M").to_string(),
            main: slot.main,
            description: slot.description,
            icon: slot.icon,
            temp_c: slot.temp_c,
            high_c: slot.temp_c,
            low_c: slot.temp_c,
            pop: slot.pop,
        });
        if days.len() == MAX_DAYS {
            break;
        }
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(start: i64, step: i64, n: i64) -> Vec<Slot> {
        (0..n)
            .map(|i| Slot {
                dt: start + i * step,
                main: "Clear".into(),
                description: "clear sky".into(),
                icon: Icon::ClearDay,
                temp_c: i,
                pop: None,
            })
            .collect()
    }

    // 2026-11-23T00:00:00Z
    const MIDNIGHT_UTC: i64 = 1_795_392_000;

    #[test]
    fn one_slot_per_local_day_in_the_midday_window() {
        // Three-hourly slots from UTC midnight, a +05:30 city: local 05:30, 08:30, 11:30, 14:30, ...
        let days = pick(slots(MIDNIGHT_UTC, 3 * 3600, 40), 19_800);
        assert_eq!(days.len(), 5);
        assert_eq!(days[0].date, "2026-11-23");
        assert_eq!(days[0].time, "14:30");
        assert_eq!(days[0].dt, MIDNIGHT_UTC + 9 * 3600);
        assert_eq!(days[4].date, "2026-11-27");
    }

    #[test]
    fn the_local_date_is_used_across_the_date_line() {
        // +13:00: UTC 00:00 on the 23rd is 13:00 on the 23rd locally; UTC 23:00 on the 22nd is 12:00.
        let days = pick(slots(MIDNIGHT_UTC - 3600, 3600, 3), 13 * 3600);
        assert_eq!(days.len(), 1);
        assert_eq!(
            (days[0].date.as_str(), days[0].time.as_str()),
            ("2026-11-23", "12:00")
        );
        // -10:00: UTC 00:00 on the 23rd is 14:00 on the 22nd.
        let days = pick(slots(MIDNIGHT_UTC, 3600, 2), -10 * 3600);
        assert_eq!(
            (days[0].date.as_str(), days[0].time.as_str()),
            ("2026-11-22", "14:00")
        );
    }

    #[test]
    fn a_day_without_a_midday_slot_is_skipped() {
        let days = pick(slots(MIDNIGHT_UTC + 16 * 3600, 3600, 6), 0);
        assert!(days.is_empty());
    }
}
