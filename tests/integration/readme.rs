//! The README is the operator's: its quick start shows the project's two commands (run the product; run
//! every test), CI runs that same test command, and it stays short enough to read (issue 37). These are
//! promises a newcomer relies on, so they are checked rather than trusted.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// The shell lines of the first fenced block under the "Quick start" heading, comments removed.
fn quick_start_commands(readme: &str) -> Vec<String> {
    let section = readme
        .split("\n## Quick start\n")
        .nth(1)
        .expect("the README has a Quick start section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    block
        .lines()
        .map(|l| l.split(" #").next().unwrap().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn the_quick_start_shows_both_commands_and_ci_runs_the_same_test_command() {
    let readme = read("README.md");
    let commands = quick_start_commands(&readme);
    assert_eq!(
        commands,
        ["cargo run --release", "tests/all.sh"],
        "the quick start's commands"
    );
    let ci = read(".ci/run");
    let runs: Vec<&str> = ci
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(runs.len(), 1, ".ci/run does one thing: {runs:?}");
    assert!(
        runs[0].contains("tests/all.sh"),
        ".ci/run calls the README's test command: {}",
        runs[0]
    );
    let mode = std::fs::metadata(root().join("tests/all.sh")).unwrap();
    assert!(
        std::os::unix::fs::PermissionsExt::mode(&mode.permissions()) & 0o111 != 0,
        "tests/all.sh can be run as the README shows it"
    );
}

#[test]
fn the_readme_stays_short_and_its_links_lead_somewhere() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 460,
        "README.md has {lines} lines; developer material belongs in docs/development.md"
    );
    // Every file the README points to by name exists, so a moved page never leaves a dead pointer.
    for word in readme.split(|c: char| c.is_whitespace() || "()[],;`\"".contains(c)) {
        let word = word.trim_end_matches(['.', ':']);
        let is_doc =
            (word.starts_with("docs/") && word.ends_with(".md")) || word.starts_with("packaging/");
        if is_doc {
            assert!(
                root().join(word).exists(),
                "README.md names {word}, which does not exist"
            );
        }
    }
}
