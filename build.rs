//! Builds the React app into `ui/dist` when it is missing or older than its sources, then writes brotli
//! and gzip variants beside each compressible file so the server never compresses at request time.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const UI_INPUTS: &[&str] = &[
    "src",
    "public",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "service-worker-plugin.ts",
    "tsconfig.json",
];
const COMPRESSIBLE: &[&str] = &[
    "html",
    "js",
    "mjs",
    "css",
    "svg",
    "json",
    "txt",
    "map",
    "webmanifest",
    "wav",
    "xml",
];

fn main() {
    let ui = PathBuf::from(env("CARGO_MANIFEST_DIR")).join("ui");
    println!("cargo:rerun-if-env-changed=SOLACE_SKIP_UI_BUILD");
    for input in UI_INPUTS {
        println!("cargo:rerun-if-changed=ui/{input}");
    }
    export_ui_languages(&ui);
    let dist = ui.join("dist");
    let skip = std::env::var("SOLACE_SKIP_UI_BUILD").is_ok_and(|v| v == "1");
    // The test command builds the web app in a stage of its own, beside the compile, and holds this lock
    // while it does: waiting here means this script neither builds the app a second time nor compresses
    // a half-written ui/dist. Held until the script ends.
    let _building = lock_ui(&ui);
    if !skip && ui.join("package.json").exists() && is_stale(&ui, &dist) {
        build_ui(&ui);
    }
    if dist.exists() {
        precompress(&dist);
    }
}

/// Takes `ui/.build-lock` (the file the test command locks with flock(1) while it builds the app), waiting
/// for whoever holds it. Without the file system's locks the build goes on unlocked, as before.
fn lock_ui(ui: &Path) -> Option<fs::File> {
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(ui.join(".build-lock"))
        .ok()?;
    file.lock().ok()?;
    Some(file)
}

/// The languages the UI ships (a folder with an `index.ts` under ui/src/locales), so that
/// `validate-config` can refuse a default language the page could not show.
fn export_ui_languages(ui: &Path) {
    let mut languages: Vec<String> = fs::read_dir(ui.join("src/locales"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().join("index.ts").exists())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    if languages.is_empty() {
        languages.push("en".into());
    }
    languages.sort();
    // English is the reference an operator's catalogue is checked against: embed its files.
    let english = ui.join("src/locales/en");
    let mut files: Vec<PathBuf> = fs::read_dir(&english)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let entries: String = files
        .iter()
        .map(|path| {
            let namespace = path.file_stem().unwrap().to_string_lossy();
            format!(
                "    ({namespace:?}, include_str!({:?})),\n",
                path.display().to_string()
            )
        })
        .collect();
    let out = PathBuf::from(env("OUT_DIR")).join("english_catalogue.rs");
    fs::write(
        out,
        format!("pub const ENGLISH_FILES: &[(&str, &str)] = &[\n{entries}];\n"),
    )
    .expect("write english_catalogue.rs");
    println!(
        "cargo:rustc-env=SOLACE_UI_LANGUAGES={}",
        languages.join(",")
    );
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

fn newest_mtime(path: &Path) -> Option<SystemTime> {
    let meta = fs::metadata(path).ok()?;
    let own = meta.modified().ok();
    if !meta.is_dir() {
        return own;
    }
    fs::read_dir(path)
        .ok()?
        .flatten()
        .filter_map(|e| newest_mtime(&e.path()))
        .chain(own)
        .max()
}

fn is_stale(ui: &Path, dist: &Path) -> bool {
    let Some(built) = fs::metadata(dist.join("index.html"))
        .and_then(|m| m.modified())
        .ok()
    else {
        return true;
    };
    UI_INPUTS
        .iter()
        .filter_map(|i| newest_mtime(&ui.join(i)))
        .any(|t| t > built)
}

fn build_ui(ui: &Path) {
    if Command::new("npm")
        .arg("--version")
        .output()
        .map_or(true, |o| !o.status.success())
    {
        panic!(
            "\n\nsolace: building the web app needs Node.js (20 or newer) and npm, and `npm` was not found.\n\
             Install them (Debian: `apt-get install nodejs npm`), or build the UI yourself with \
             `npm ci && npm run build` in ui/, or set SOLACE_SKIP_UI_BUILD=1 to build without the web app.\n"
        );
    }
    let installed = ui.join("node_modules/.package-lock.json");
    let lock_newer = match (
        newest_mtime(&ui.join("package-lock.json")),
        newest_mtime(&installed),
    ) {
        (Some(lock), Some(inst)) => lock > inst,
        _ => true,
    };
    if lock_newer {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(ui),
            "npm ci",
        );
    }
    run(
        Command::new("npm").args(["run", "build"]).current_dir(ui),
        "npm run build",
    );
}

fn run(cmd: &mut Command, what: &str) {
    let status = cmd
        .status()
        .unwrap_or_else(|e| panic!("solace: could not start `{what}`: {e}"));
    if !status.success() {
        panic!("solace: `{what}` failed ({status}) in ui/; see its output above");
    }
}

fn precompress(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            precompress(&path);
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !COMPRESSIBLE.contains(&ext) {
            continue;
        }
        let Ok(data) = fs::read(&path) else { continue };
        if data.len() < 256 {
            continue;
        }
        let source_time = newest_mtime(&path);
        write_variant(&path, "br", source_time, &data, |out| {
            let params = brotli::enc::BrotliEncoderParams {
                quality: 11,
                lgwin: 22,
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &data[..], out, &params).map(|_| ())
        });
        write_variant(&path, "gz", source_time, &data, |out| {
            let mut enc = flate2::write::GzEncoder::new(out, flate2::Compression::best());
            enc.write_all(&data)?;
            enc.finish().map(|_| ())
        });
    }
}

/// Writes `<file>.<suffix>` unless an up-to-date one exists; a variant that saves nothing is not kept.
fn write_variant(
    path: &Path,
    suffix: &str,
    source_time: Option<SystemTime>,
    data: &[u8],
    compress: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>,
) {
    let target = PathBuf::from(format!("{}.{suffix}", path.display()));
    if newest_mtime(&target).is_some_and(|t| Some(t) >= source_time) {
        return;
    }
    let mut out = Vec::new();
    compress(&mut out).unwrap_or_else(|e| panic!("compressing {}: {e}", path.display()));
    if out.len() * 10 < data.len() * 9 {
        fs::write(&target, out).unwrap_or_else(|e| panic!("writing {}: {e}", target.display()));
    } else {
        let _ = fs::remove_file(&target);
    }
}
