//! The web app manifest: what 'Add to Home screen' installs. It is always one of the disguises (name, icons,
//! colours, first screen), never the product: an app icon on a shared phone must look like any other app.

use serde_json::{Value, json};

use super::disguise::Disguise;

/// The URL path (without the leading slash) the pages link to.
pub const PATH: &str = "manifest.webmanifest";

/// The cookie the app sets when she picks, in Settings, the disguise the app installs as.
pub const CHOICE_COOKIE: &str = "home-app";

struct Look {
    name: &'static str,
    short_name: &'static str,
    description: &'static str,
    theme: &'static str,
    background: &'static str,
}

fn look(d: Disguise) -> Look {
    match d {
        Disguise::Weather => Look {
            name: d.title(),
            short_name: "Weather",
            description: "Today's weather, the next hours and the days ahead.",
            theme: "#2f80d1",
            background: "#2f80d1",
        },
        Disguise::Notes => Look {
            name: d.title(),
            short_name: "Notes",
            description: "Jot down lists, ideas and reminders.",
            theme: "#f2c230",
            background: "#fffbe8",
        },
    }
}

/// The short name a home screen shows under the icon.
pub fn short_name(d: Disguise) -> &'static str {
    look(d).short_name
}

/// The manifest of one disguise. One `id` for both, so a changed choice updates the installed app in place
/// instead of adding a second one next to it.
pub fn render(d: Disguise) -> String {
    let look = look(d);
    let route = d.route();
    let png = |size: u32, purpose: &str| {
        let name = if purpose == "maskable" {
            format!("/icons/{route}-maskable-{size}.png")
        } else {
            format!("/icons/{route}-{size}.png")
        };
        json!({ "src": name, "sizes": format!("{size}x{size}"), "type": "image/png", "purpose": purpose })
    };
    let manifest: Value = json!({
        "id": "/",
        "name": look.name,
        "short_name": look.short_name,
        "description": look.description,
        "start_url": format!("/{route}"),
        "scope": "/",
        "display": "standalone",
        "theme_color": look.theme,
        "background_color": look.background,
        "icons": [
            { "src": d.icon(), "sizes": "any", "type": "image/svg+xml", "purpose": "any" },
            png(192, "any"),
            png(512, "any"),
            png(192, "maskable"),
            png(512, "maskable"),
        ],
    });
    serde_json::to_string_pretty(&manifest).expect("a JSON value serialises")
}

/// The disguise a request's cookies chose for the installed app, or the operator's default.
pub fn chosen(cookie_header: Option<&str>, default: Disguise) -> Disguise {
    cookie_header
        .and_then(|h| Disguise::of_named_cookie(h, CHOICE_COOKIE))
        .unwrap_or(default)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_disguise_has_its_own_name_icons_and_first_screen() {
        for d in Disguise::ALL {
            let m: Value = serde_json::from_str(&render(d)).unwrap();
            assert_eq!(m["name"], d.title());
            assert_eq!(m["start_url"], format!("/{}", d.route()));
            assert_eq!(m["scope"], "/");
            let icons = m["icons"].as_array().unwrap();
            for size in ["192x192", "512x512"] {
                assert!(
                    icons
                        .iter()
                        .any(|i| i["sizes"] == size && i["purpose"] == "any")
                );
                assert!(
                    icons
                        .iter()
                        .any(|i| i["sizes"] == size && i["purpose"] == "maskable")
                );
            }
            assert!(
                icons
                    .iter()
                    .all(|i| i["src"].as_str().unwrap().contains(d.route()))
            );
            let text = render(d).to_lowercase();
            assert!(
                !text.contains("solace") && !text.contains("support"),
                "{text}"
            );
        }
    }

    #[test]
    fn the_cookie_choice_wins_over_the_default() {
        assert_eq!(chosen(None, Disguise::Notes), Disguise::Notes);
        assert_eq!(
            chosen(Some("view-mode=weather; home-app=notes"), Disguise::Weather),
            Disguise::Notes
        );
        assert_eq!(
            chosen(Some("home-app=journal"), Disguise::Weather),
            Disguise::Weather
        );
        assert_eq!(
            chosen(Some("xhome-app=notes"), Disguise::Weather),
            Disguise::Weather
        );
    }
}
