//! The disguises: the screens Solace can pass for (a weather app, a notes app), with the route, title, icons
//! and cookies each is known by. The start pages, the manifests, the safety section's default and the
//! server's preload links all name one.

/// A disguise screen whose path gets its own `index.html` (and the name the app installs under).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Disguise {
    #[default]
    Weather,
    Notes,
}

impl Disguise {
    pub const ALL: [Self; 2] = [Self::Weather, Self::Notes];

    /// The route (without the leading slash) the client app shows this disguise on.
    pub fn route(self) -> &'static str {
        match self {
            Self::Weather => "weather",
            Self::Notes => "notes",
        }
    }

    /// The titles of docs/product.md's disguise mode, from the file the app reads too, so the page the
    /// server sends and the title the app sets are the same words.
    pub fn title(self) -> &'static str {
        static TITLES: std::sync::LazyLock<std::collections::BTreeMap<String, String>> =
            std::sync::LazyLock::new(|| {
                serde_json::from_str(include_str!("../../ui/src/lib/disguise-titles.json"))
                    .expect("ui/src/lib/disguise-titles.json is a map of disguise to title")
            });
        TITLES
            .get(self.route())
            .map(String::as_str)
            .expect("every disguise has a title in ui/src/lib/disguise-titles.json")
    }

    /// The home-screen picture, which is also the tab's icon: a PNG, as an SVG icon costs the page's main
    /// thread a document of its own (bench/RESULTS.md, Lighthouse on /weather).
    pub fn picture(self) -> String {
        format!("/icons/{}-192.png", self.route())
    }

    /// An icon of our own under `ui/public/icons/`, drawn at any size, for the installed app's manifest.
    pub fn icon(self) -> &'static str {
        match self {
            Self::Weather => "/icons/weather.svg",
            Self::Notes => "/icons/notes.svg",
        }
    }

    /// The disguise a `Cookie` header names in `view-mode` (the app sets it while the browser is disguised).
    pub fn of_cookie_header(header: &str) -> Option<Self> {
        Self::of_named_cookie(header, "view-mode")
    }

    /// The disguise a `Cookie` header names in `name` (`view-mode`, or `home-app` for the installed app).
    pub fn of_named_cookie(header: &str, name: &str) -> Option<Self> {
        let value = header.split(';').find_map(|pair| {
            pair.trim()
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('='))
        })?;
        Self::ALL.into_iter().find(|d| d.route() == value.trim())
    }

    /// The disguise a request path names (a trailing slash still counts: the client router accepts it).
    pub fn of_path(path: &str) -> Option<Self> {
        let route = path.trim_matches('/');
        Self::ALL.into_iter().find(|d| d.route() == route)
    }
}
