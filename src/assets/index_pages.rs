//! The three faces of `index.html`. A browser shows the document's `<title>` and icon from the first byte,
//! before any script runs, so the disguise paths get their own copy: the product name must never reach the
//! tab, the app switcher or the history entry of `/weather` and `/notes`, not even while the page loads.

use super::disguise::Disguise;

/// `template` (Vite's `index.html`) with its `<title>` set to `title` and its icon link pointing at `icon`
/// (or left as built when `None`), installable as the disguise `home`, with the screen's own `modules` and the
/// API answers it asks for first (`fetches`) preloaded.
pub fn render(
    template: &str,
    title: &str,
    icon: Option<&str>,
    home: Disguise,
    modules: &[String],
    fetches: &[&str],
) -> String {
    let mut html = replace_between(template, "<title>", "</title>", &escape(title));
    // A disguise screen's code, fetched beside the entry script instead of once that script has run. Low
    // priority, so that it does not hold back the stylesheet and the entry script the first paint waits for.
    let modules = modules.iter().map(|m| {
        format!(
            "<link rel=\"modulepreload\" fetchpriority=\"low\" crossorigin href=\"{}\" />\n  ",
            escape(m)
        )
    });
    // `crossorigin` (anonymous: same-origin credentials) is what lets the script's own `fetch` take the answer.
    let fetches = fetches.iter().map(|f| {
        format!(
            "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\" />\n  ",
            escape(f)
        )
    });
    let preloads: String = fetches.chain(modules).collect();
    // The installable app's manifest, which is always a disguise. It depends on the device's choice (a cookie),
    // so it is fetched with credentials. Safari names and draws a home-screen app from the page itself, so the
    // same disguise goes into its own two tags: never the page title, which may be the product's name.
    html = html.replacen(
        "</head>",
        &format!(
            "{preloads}<link rel=\"manifest\" href=\"/{}\" crossorigin=\"use-credentials\" />\n  \
             <meta name=\"apple-mobile-web-app-title\" content=\"{}\" />\n  \
             <link rel=\"apple-touch-icon\" href=\"{}\" />\n  </head>",
            super::manifest::PATH,
            escape(super::manifest::short_name(home)),
            home.picture(),
        ),
        1,
    );
    if let Some(icon) = icon {
        let tag = format!(
            r#"<link rel="icon" type="image/png" sizes="192x192" href="{}" />"#,
            escape(icon)
        );
        html = replace_tag(&html, r#"<link rel="icon""#, &tag);
    }
    html
}

fn replace_between(html: &str, open: &str, close: &str, with: &str) -> String {
    let Some(start) = html.find(open).map(|i| i + open.len()) else {
        return html.to_string();
    };
    let Some(len) = html[start..].find(close) else {
        return html.to_string();
    };
    format!("{}{with}{}", &html[..start], &html[start + len..])
}

fn replace_tag(html: &str, opening: &str, with: &str) -> String {
    let Some(start) = html.find(opening) else {
        // No icon link in the template: add one, so the browser does not fall back to /favicon.ico.
        return html.replacen("</head>", &format!("{with}\n  </head>"), 1);
    };
    let Some(len) = html[start..].find('>') else {
        return html.to_string();
    };
    format!("{}{with}{}", &html[..start], &html[start + len + 1..])
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = r#"<head>
    <link rel="icon" href="data:," />
    <title>Solace</title>
  </head>"#;

    #[test]
    fn every_disguise_has_the_title_the_app_sets() {
        for d in Disguise::ALL {
            assert!(!d.title().is_empty(), "{d:?}");
        }
        assert_eq!(Disguise::Notes.title(), "Quick Notes");
    }

    #[test]
    fn sets_title_and_icon() {
        let html = render(
            TEMPLATE,
            "Weather Forecast",
            Some("/icons/weather-192.png"),
            Disguise::Notes,
            &["/assets/a.js".into(), "/assets/b&c.js".into()],
            &["/api/config", "/api/x?a=1&b=2"],
        );
        assert!(html.contains("<title>Weather Forecast</title>"), "{html}");
        assert!(
            html.contains(
                r#"<link rel="icon" type="image/png" sizes="192x192" href="/icons/weather-192.png" />"#
            ),
            "{html}"
        );
        assert!(!html.contains("Solace"), "{html}");
        assert!(!html.contains("data:,"), "{html}");
        assert!(
            html.contains(r#"<link rel="manifest" href="/manifest.webmanifest""#),
            "{html}"
        );
        assert!(
            html.contains(r#"<meta name="apple-mobile-web-app-title" content="Notes" />"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<link rel="apple-touch-icon" href="/icons/notes-192.png" />"#),
            "{html}"
        );
        for module in ["/assets/a.js", "/assets/b&amp;c.js"] {
            let tag = format!(
                r#"<link rel="modulepreload" fetchpriority="low" crossorigin href="{module}" />"#
            );
            assert!(html.contains(&tag), "{html}");
        }
        for answer in ["/api/config", "/api/x?a=1&amp;b=2"] {
            let tag = format!(r#"<link rel="preload" as="fetch" crossorigin href="{answer}" />"#);
            assert!(html.contains(&tag), "{html}");
        }
    }

    #[test]
    fn the_product_name_is_escaped_and_the_icon_kept() {
        let html = render(
            TEMPLATE,
            "Safe & <Sound>",
            None,
            Disguise::Weather,
            &[],
            &[],
        );
        assert!(
            html.contains("<title>Safe &amp; &lt;Sound&gt;</title>"),
            "{html}"
        );
        assert!(html.contains(r#"href="data:,""#), "{html}");
        assert!(!html.contains("modulepreload"), "{html}");
        assert!(!html.contains("preload"), "{html}");
    }

    #[test]
    fn disguise_cookie() {
        assert_eq!(
            Disguise::of_cookie_header("a=b; view-mode=notes"),
            Some(Disguise::Notes)
        );
        assert_eq!(
            Disguise::of_cookie_header("view-mode=weather"),
            Some(Disguise::Weather)
        );
        assert_eq!(Disguise::of_cookie_header("view-mode=journal"), None);
        assert_eq!(Disguise::of_cookie_header("xview-mode=notes"), None);
    }

    #[test]
    fn disguise_paths() {
        assert_eq!(Disguise::of_path("weather"), Some(Disguise::Weather));
        assert_eq!(Disguise::of_path("notes/"), Some(Disguise::Notes));
        assert_eq!(Disguise::of_path("journal"), None);
        assert_eq!(Disguise::of_path("weather/x"), None);
    }
}
