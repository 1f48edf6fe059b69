//! The shape of the code, checked: no import cycle between the modules of `src/`, every folder of `src/` on a
//! declared floor that only looks down, the auth service's layers only look down (docs/development.md,
//! "Layers"), every module with routes and tables of its own has the auth service's shape (`http/` over
//! `use_cases/` over `store/`, found by that shape, with no transaction opened above `store/`), accounts
//! are reached only through `crate::accounts`, and no file of the services grows past 300 lines. Every
//! source file is parsed as Rust, so a `use` inside a block, a full path in an expression and a path inside
//! a macro's body (`format!`, `json!`) count as much as an import at the top.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use syn::visit::Visit;

/// A module made of one file, as a path from the crate root (`["auth", "http", "wire"]`).
type Module = Vec<String>;

struct Source {
    file: PathBuf,
    module: Module,
    text: String,
}

/// Every file of `src/`, read once for the whole test binary: each check below walks the same tree, and
/// parsing it all again per check was most of this module's CPU time.
fn sources() -> &'static [Source] {
    static SOURCES: LazyLock<Vec<Source>> = LazyLock::new(read_sources);
    &SOURCES
}

/// The module graph of `src/`, built once (see `sources`).
fn module_graph() -> &'static BTreeMap<Module, BTreeSet<Module>> {
    static GRAPH: LazyLock<BTreeMap<Module, BTreeSet<Module>>> = LazyLock::new(|| graph(sources()));
    &GRAPH
}

fn read_sources() -> Vec<Source> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|f| f.file_name().unwrap() != "main.rs" || f.parent() != Some(&root))
        .map(|file| {
            let relative = file.strip_prefix(&root).unwrap().with_extension("");
            let mut module: Module = relative
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&file).unwrap();
            Source { file, module, text }
        })
        .collect()
}

/// Every path a file names (in `use` trees and in code), made absolute where it starts at the crate,
/// `super`, `self` or a child module.
struct Paths<'a> {
    /// The file's module, then any inline modules (`mod tests { .. }`) being walked.
    scope: Module,
    children: &'a BTreeSet<Module>,
    found: BTreeSet<Module>,
}

impl Paths<'_> {
    fn add(&mut self, segments: &[String]) {
        let Some(first) = segments.first() else {
            return;
        };
        let mut absolute = match first.as_str() {
            "crate" => Vec::new(),
            "self" => self.scope.clone(),
            "super" => self.scope.clone(),
            _ => {
                let mut child = self.scope.clone();
                child.push(first.clone());
                if !self.children.contains(&child) {
                    return;
                }
                self.scope.clone()
            }
        };
        let mut rest = segments;
        if first == "crate" || first == "self" {
            rest = &segments[1..];
        }
        while let Some(s) = rest.first().filter(|s| *s == "super") {
            let _ = s;
            absolute.pop();
            rest = &rest[1..];
        }
        absolute.extend(rest.iter().cloned());
        self.found.insert(absolute);
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.add(&prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.add(&prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.add(&prefix.clone()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }
}

impl Paths<'_> {
    fn tokens(&mut self, mut cursor: syn::buffer::Cursor) {
        let mut path: Vec<String> = Vec::new();
        // Whether the tokens just read were `::` after a name, so the next name continues the path.
        let mut joined = false;
        while !cursor.eof() {
            if let Some((inside, _, _, after)) = cursor.any_group() {
                self.add(&std::mem::take(&mut path));
                self.tokens(inside);
                joined = false;
                cursor = after;
                continue;
            }
            if let Some((ident, after)) = cursor.ident() {
                if !joined {
                    self.add(&std::mem::take(&mut path));
                }
                path.push(ident.to_string());
                joined = false;
                cursor = after;
                continue;
            }
            if let Some((first, after)) = cursor.punct()
                && first.as_char() == ':'
                && let Some((second, after)) = after.punct()
                && second.as_char() == ':'
                && !path.is_empty()
            {
                joined = true;
                cursor = after;
                continue;
            }
            self.add(&std::mem::take(&mut path));
            joined = false;
            cursor = cursor.token_tree().map_or(cursor, |(_, after)| after);
        }
        self.add(&path);
    }
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.add(&segments);
        syn::visit::visit_path(self, path);
    }

    /// A macro's body is tokens, not syntax (`format!`, `json!`, `vec!`), so its paths are read from the
    /// tokens: every run of names joined by `::`.
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        syn::visit::visit_macro(self, mac);
        let buffer = syn::buffer::TokenBuffer::new2(mac.tokens.clone());
        self.tokens(buffer.begin());
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.scope.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.scope.pop();
        }
    }
}

/// Which file modules each file module uses. A use of an enclosing module (a re-export in a `mod.rs`) does
/// not count: the module tree itself is not a dependency.
fn graph(sources: &[Source]) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules: BTreeSet<Module> = sources.iter().map(|s| s.module.clone()).collect();
    let mut edges = BTreeMap::new();
    for source in sources {
        let ast = syn::parse_file(&source.text)
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", source.file.display()));
        let mut children: BTreeSet<Module> = modules.clone();
        // Inline modules are children too, for paths that start with their name.
        for item in &ast.items {
            if let syn::Item::Mod(m) = item {
                let mut child = source.module.clone();
                child.push(m.ident.to_string());
                children.insert(child);
            }
        }
        let mut paths = Paths {
            scope: source.module.clone(),
            children: &children,
            found: BTreeSet::new(),
        };
        paths.visit_file(&ast);
        let targets: BTreeSet<Module> = paths
            .found
            .into_iter()
            .filter_map(|path| {
                (1..=path.len())
                    .rev()
                    .map(|n| path[..n].to_vec())
                    .find(|m| modules.contains(m))
            })
            .filter(|target| !source.module.starts_with(target))
            .collect();
        edges.insert(source.module.clone(), targets);
    }
    edges
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// Strongly connected groups of more than one module (Tarjan's algorithm).
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        groups: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, m: &'a Module) {
            let i = self.index.len();
            self.index.insert(m, i);
            self.low.insert(m, i);
            self.stack.push(m);
            self.on_stack.insert(m);
            for next in self.edges.get(m).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[m].min(self.low[next]);
                    self.low.insert(m, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[m].min(self.index[next]);
                    self.low.insert(m, low);
                }
            }
            if self.low[m] == self.index[m] {
                let mut group = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    group.push(name(top));
                    if top == m {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.groups.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for m in edges.keys() {
        if !walk.index.contains_key(m) {
            walk.visit(m);
        }
    }
    walk.groups
}

#[test]
fn no_module_imports_itself_back_through_others() {
    let groups = cycles(module_graph());
    assert!(groups.is_empty(), "import cycles in src/: {groups:#?}");
}

/// The floors of `src/`, from the top down (docs/development.md, "Layers"): a module may use its own floor
/// and those below it, never one above. Every top-level module is on exactly one floor; a new one has to be
/// given its place here.
const FLOORS: &[(&str, &[&str])] = &[
    (
        "front doors: the web server, the command-line front ends, and /health, which gathers what each \
         feature says of its state (the alarms' e-mail among them), and the check that an instance holds the \
         keys the others on its database use",
        &["server", "commands", "health", "shared_keys"],
    ),
    ("the operator's view of the whole service", &["operations"]),
    (
        "the whole configuration, which gathers every section",
        &["config", "public_config"],
    ),
    (
        "the operator's console, which acts on the features below it",
        &["operators"],
    ),
    (
        "features built on the other features, and what they say of an account to the floors below",
        &["checkin", "advocates", "neighbours"],
    ),
    ("features that keep her data", &["copy", "push"]),
    (
        "the vault, which asks the auth service who is signed in",
        &["vault"],
    ),
    ("the sign-in service", &["auth"]),
    ("accounts", &["accounts"]),
    (
        "features that stand alone",
        &[
            "email",
            "weather",
            "timestamp",
            "evidence",
            "local",
            "incidents",
            "safety",
            "assets",
            "room",
            "moving",
        ],
    ),
    (
        "plumbing: the database connection, where large bytes are kept, HTTP, logs, limits, the command \
         line's words",
        &[
            "db",
            "blobs",
            "http",
            "logging",
            "error",
            "rate_limit",
            "cli",
            "metrics",
        ],
    ),
    (
        "the ground floor: shared helpers that use nothing of Solace",
        &[
            "ground",
            "config_error",
            "secret",
            "opaque_tokens",
            "data_dir",
        ],
    ),
];

/// Arrows up that stay for now, each with why.
const PENDING: &[(&str, &str)] = &[];

/// The floor of a module's top-level folder, counted from the ground (0) up; `None` for the crate root and
/// for a folder on no floor.
fn floor(module: &Module) -> Option<usize> {
    let top = module.first()?;
    let from_top = FLOORS.iter().position(|(_, m)| m.contains(&top.as_str()))?;
    Some(FLOORS.len() - 1 - from_top)
}

#[test]
fn every_folder_only_looks_down() {
    let mut breaks = Vec::new();
    for (from, targets) in module_graph() {
        if from.len() == 1 && floor(from).is_none() {
            breaks.push(format!("{} is on no floor of FLOORS", name(from)));
        }
        let Some(own) = floor(from) else { continue };
        for to in targets {
            if floor(to).is_some_and(|theirs| theirs > own)
                && !PENDING.contains(&(name(from).as_str(), name(to).as_str()))
            {
                breaks.push(format!("{} uses {}", name(from), name(to)));
            }
        }
    }
    assert!(
        breaks.is_empty(),
        "a lower floor uses a higher one: {breaks:#?}"
    );
}

/// The auth service's layers, from the edge down (docs/development.md): a module may use its own layer and
/// those below it, never one above. `errors` and the folder facades (`mod.rs`) belong to no layer.
fn auth_layer(module: &Module) -> Option<usize> {
    if module.first().map(String::as_str) != Some("auth") || module.len() < 2 {
        return None;
    }
    match module[1].as_str() {
        "http" => Some(5),
        "use_cases" => Some(4),
        "service" => Some(3),
        "store" => Some(2),
        "rules" => Some(1),
        "keys" => Some(0),
        _ => None,
    }
}

#[test]
fn the_auth_service_s_layers_only_look_down() {
    let mut breaks = Vec::new();
    for (from, targets) in module_graph() {
        let Some(own) = auth_layer(from).filter(|_| from.len() > 2 || from[1] == "service") else {
            continue;
        };
        for to in targets {
            if auth_layer(to).is_some_and(|theirs| theirs > own) {
                breaks.push(format!("{} uses {}", name(from), name(to)));
            }
        }
    }
    assert!(
        breaks.is_empty(),
        "a lower layer uses a higher one: {breaks:#?}"
    );
}

/// The top-level modules that have taken the auth service's shape: an `http/`, a `use_cases/` and a
/// `store/` folder. The rules below find them by that shape, so a module joins them when it is reshaped.
fn shaped(sources: &[Source]) -> BTreeSet<String> {
    // A folder: a file inside it, or its `mod.rs`.
    let has = |top: &str, layer: &str| {
        sources.iter().any(|s| {
            s.module.len() > 1
                && s.module[0] == top
                && s.module[1] == layer
                && (s.module.len() > 2 || s.file.ends_with(format!("{layer}/mod.rs")))
        })
    };
    sources
        .iter()
        .filter_map(|s| s.module.first())
        .filter(|top| has(top, "http") && has(top, "use_cases") && has(top, "store"))
        .cloned()
        .collect()
}

/// A module's layer when it has the shape: `http` (routes) over `use_cases` over `store`.
fn shape_layer(shaped: &BTreeSet<String>, module: &Module) -> Option<usize> {
    if module.len() < 2 || !shaped.contains(&module[0]) {
        return None;
    }
    match module[1].as_str() {
        "http" => Some(2),
        "use_cases" => Some(1),
        "store" => Some(0),
        _ => None,
    }
}

/// In every module of that shape, routes sit over use cases over storage, and no storage file imports a
/// route file, its own module's or another's.
#[test]
fn shaped_modules_layers_only_look_down() {
    let sources = sources();
    let shaped = shaped(sources);
    let mut breaks = Vec::new();
    for (from, targets) in module_graph() {
        let Some(own) = shape_layer(&shaped, from) else {
            continue;
        };
        for to in targets {
            let Some(theirs) = shape_layer(&shaped, to) else {
                continue;
            };
            if (to[0] == from[0] && theirs > own) || (own == 0 && theirs == 2) {
                breaks.push(format!("{} uses {}", name(from), name(to)));
            }
        }
    }
    assert!(
        breaks.is_empty(),
        "a lower layer uses a higher one: {breaks:#?}"
    );
}

/// Modules with tables of their own and routes to them that have not taken the shape yet, each with why.
const NOT_YET_SHAPED: &[(&str, &str)] = &[];

/// Every module of `src/` that answers HTTP requests and keeps tables of its own (a `store`) has the shape:
/// route files only in `http/`, storage only in `store/`, the actions in `use_cases/` between them.
#[test]
fn modules_with_routes_and_tables_take_the_shape() {
    let sources = sources();
    let shaped = shaped(sources);
    let tops: BTreeSet<&String> = sources.iter().filter_map(|s| s.module.first()).collect();
    let mut flat = Vec::new();
    for top in tops {
        let files: Vec<&Source> = sources
            .iter()
            .filter(|s| s.module.first() == Some(top))
            .collect();
        let routes = files
            .iter()
            .any(|s| s.text.contains("web::ServiceConfig") || s.text.contains("HttpResponse"));
        let stores = files
            .iter()
            .any(|s| s.module.get(1).is_some_and(|m| m == "store"));
        if !routes || !stores || NOT_YET_SHAPED.iter().any(|(m, _)| m == top) {
            continue;
        }
        if !shaped.contains(top) {
            flat.push(format!(
                "{top} has routes and a store but no http/, use_cases/ and store/"
            ));
            continue;
        }
        for s in files {
            let layer = s.module.get(1).map(String::as_str);
            let routes_here =
                s.text.contains("web::ServiceConfig") || s.text.contains("HttpResponse");
            if routes_here && s.module.len() > 1 && layer != Some("http") && layer != Some("errors")
            {
                flat.push(format!("{} answers HTTP outside http/", s.file.display()));
            }
        }
    }
    assert!(flat.is_empty(), "{flat:#?}");
}

/// Storage functions own their transactions (docs/development.md, "The walk of a request"): the use cases
/// and routes of every module with the shape (the auth service's first) call units of work and never open
/// one themselves.
#[test]
fn use_cases_and_routes_open_no_transaction() {
    struct Opens(usize);
    impl<'ast> Visit<'ast> for Opens {
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            if call.method == "transaction" || call.method == "transaction_with_behavior" {
                self.0 += 1;
            }
            syn::visit::visit_expr_method_call(self, call);
        }
    }
    let sources = sources();
    let shaped = shaped(sources);
    assert!(shaped.contains("auth"), "the auth service lost its shape");
    assert!(
        shaped.contains("operators"),
        "the operator's console lost its shape"
    );
    let mut opened = Vec::new();
    for source in sources {
        if shape_layer(&shaped, &source.module).is_none_or(|layer| layer == 0) {
            continue;
        }
        let mut opens = Opens(0);
        opens.visit_file(&syn::parse_file(&source.text).unwrap());
        if opens.0 > 0 {
            opened.push(format!(
                "{} opens {} transaction(s)",
                source.file.display(),
                opens.0
            ));
        }
    }
    assert!(opened.is_empty(), "{opened:#?}");
}

/// Accounts are one home that the auth service and the operator's `solace users` command share; neither
/// of those reaches into the other, and accounts know neither (the floors keep accounts below both).
#[test]
fn accounts_are_shared_through_one_module() {
    let forbidden = [
        ("auth", "commands::users"),
        ("commands::users", "auth"),
        ("accounts", "auth"),
        ("accounts", "commands"),
    ];
    let within =
        |module: &str, prefix: &str| module == prefix || module.starts_with(&format!("{prefix}::"));
    let mut breaks = Vec::new();
    for (from, targets) in module_graph() {
        for to in targets {
            let (from, to) = (name(from), name(to));
            if forbidden
                .iter()
                .any(|(a, b)| within(&from, a) && within(&to, b))
            {
                breaks.push(format!("{from} uses {to}"));
            }
        }
    }
    assert!(breaks.is_empty(), "{breaks:#?}");
}

/// A file past 300 lines is doing more than one thing; and an error is a type, not a `String` that
/// callers can only print.
#[test]
fn files_stay_small_and_errors_stay_typed() {
    let mut problems = Vec::new();
    for source in sources() {
        let lines = source.text.lines().count();
        if matches!(
            source.module.first().map(String::as_str),
            Some("auth" | "accounts" | "copy" | "push" | "checkin" | "operators" | "advocates")
        ) && lines > 300
        {
            problems.push(format!("{} has {lines} lines", source.file.display()));
        }
        let compact: String = source.text.split_whitespace().collect();
        if compact.contains(",String>") && compact.contains("Result<") {
            for (n, line) in source.text.lines().enumerate() {
                let l: String = line.split_whitespace().collect();
                if l.contains("Result<") && l.contains(",String>") {
                    problems.push(format!(
                        "{}:{} returns a String error",
                        source.file.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Every string literal of a file, macro bodies' (`format!`) included: where its SQL is.
fn literals(text: &str) -> Vec<String> {
    struct Strings(Vec<String>);
    impl Strings {
        fn tokens(&mut self, mut cursor: syn::buffer::Cursor) {
            while !cursor.eof() {
                if let Some((inside, _, _, after)) = cursor.any_group() {
                    self.tokens(inside);
                    cursor = after;
                } else if let Some((literal, after)) = cursor.literal() {
                    if let Ok(s) = syn::parse_str::<syn::LitStr>(&literal.to_string()) {
                        self.0.push(s.value());
                    }
                    cursor = after;
                } else {
                    cursor = cursor.token_tree().map_or(cursor, |(_, after)| after);
                }
            }
        }
    }
    impl<'ast> Visit<'ast> for Strings {
        fn visit_lit_str(&mut self, s: &'ast syn::LitStr) {
            self.0.push(s.value());
        }
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let buffer = syn::buffer::TokenBuffer::new2(mac.tokens.clone());
            self.tokens(buffer.begin());
        }
    }
    let mut strings = Strings(Vec::new());
    strings.visit_file(&syn::parse_file(text).unwrap());
    strings.0
}

/// The tables the migrations create (a table rebuilt under a `_new` name and renamed is the same table).
fn tables() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db/migrations");
    let mut found = BTreeSet::new();
    // SQLite's files; PostgreSQL's (`postgres/`) create the same tables (src/db/migrations.rs checks it).
    for file in std::fs::read_dir(dir).unwrap() {
        let path = file.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let sql = std::fs::read_to_string(path).unwrap();
        let words = sql_words(&sql);
        for pair in words.windows(2) {
            if pair[0] == "table" && pair[1] != "if" {
                found.insert(pair[1].trim_end_matches("_new").to_string());
            }
            if pair[0] == "exists" {
                found.insert(pair[1].trim_end_matches("_new").to_string());
            }
        }
    }
    found
}

fn sql_words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every table has one home (issue 37): the SQL that names a table (`FROM`, `INTO`, `UPDATE`, `JOIN`) sits in
/// one top-level module; any other module asks that one. `src/db/` keeps the connection and the migrations
/// and names no table outside them.
#[test]
fn every_table_has_one_home() {
    let tables = tables();
    let mut homes: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources() {
        let top = name(&source.module[..source.module.len().min(1)].to_vec());
        for text in literals(&source.text) {
            let words = sql_words(&text);
            // SQL, not a sentence that says "from sessions".
            let statement = ["select", "insert", "update", "delete"];
            if !words.iter().any(|w| statement.contains(&w.as_str())) {
                continue;
            }
            for pair in words.windows(2) {
                if matches!(pair[0].as_str(), "from" | "into" | "update" | "join")
                    && tables.contains(&pair[1])
                    && !(top == "db" && source.module.get(1).is_some_and(|m| m == "migrations"))
                {
                    homes
                        .entry(pair[1].clone())
                        .or_default()
                        .insert(top.clone());
                }
            }
        }
    }
    assert!(
        homes.contains_key("copy_accounts") && homes.contains_key("users"),
        "no SQL found: {homes:#?}"
    );
    let shared: Vec<String> = homes
        .iter()
        .filter(|(_, modules)| modules.len() > 1)
        .map(|(table, modules)| format!("{table} is named in {modules:?}"))
        .collect();
    assert!(shared.is_empty(), "{shared:#?}");
}

/// A bare NULL in a select list (or a fragment spliced into one): PostgreSQL cannot type it.
fn bare_null_selected(text: &str) -> bool {
    let spaced = text
        .to_lowercase()
        .replace(',', " , ")
        .replace('(', " ( ")
        .replace(')', " ) ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    if tokens == ["null"] {
        return true;
    }
    let mut clause = "";
    for (i, token) in tokens.iter().enumerate() {
        let keywords = [
            "select", "from", "values", "set", "where", "on", "when", "then", "else",
        ];
        if keywords.contains(token) {
            clause = token;
        }
        let before = i.checked_sub(1).map(|j| tokens[j]);
        let after = tokens.get(i + 1).copied();
        if *token == "null"
            && clause == "select"
            && matches!(before, Some("select" | ","))
            && matches!(after, None | Some("," | "from" | "as"))
        {
            return true;
        }
    }
    false
}

/// A subquery in FROM without a name: PostgreSQL before 16 refuses it (`FROM (SELECT ..) AS due`).
fn unnamed_subquery(text: &str) -> bool {
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    let mut from = 0;
    while let Some(found) = lower[from..].find("from") {
        let at = from + found + 4;
        from = at;
        let rest = lower[at..].trim_start();
        if !rest.starts_with('(') {
            continue;
        }
        let open = lower.len() - rest.len();
        let mut depth = 0;
        let mut close = None;
        for (i, b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        let next = lower[close + 1..]
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .find(|w| !w.is_empty());
        let clauses = [
            "where", "order", "group", "union", "limit", "join", "on", "having",
        ];
        if next.is_none_or(|w| clauses.contains(&w))
            && !lower[close + 1..].trim_start().starts_with(',')
        {
            return true;
        }
    }
    false
}

/// The stores' SQL runs on SQLite and PostgreSQL (docs/development.md, "The database layer"): outside
/// `src/db/`, no statement uses SQLite's `rowid`, selects a bare NULL, compares with `IS (NOT) ?N`
/// (PostgreSQL's is `IS (NOT) DISTINCT FROM`), tests a placeholder for NULL uncast (`?3 IS NULL`: PostgreSQL
/// cannot tell its type), calls SQLite's JSON functions, or leaves a subquery in FROM unnamed.
#[test]
fn stores_write_sql_both_engines_run() {
    let mut found = Vec::new();
    for source in sources() {
        if source.module.first().is_some_and(|m| m == "db") {
            continue;
        }
        for text in literals(&source.text) {
            let words = sql_words(&text);
            let statement = ["select", "insert", "update", "delete", "order"];
            let sql = words.iter().any(|w| statement.contains(&w.as_str()));
            if sql && words.iter().any(|w| w == "rowid") {
                found.push(format!("{}: rowid in {text:?}", source.file.display()));
            }
            if bare_null_selected(&text) {
                found.push(format!(
                    "{}: a bare NULL in {text:?}",
                    source.file.display()
                ));
            }
            let spaced = text
                .to_lowercase()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let sides: Vec<&str> = spaced.split(" is ").collect();
            let untyped_null_test = sides.windows(2).any(|pair| {
                (pair[1].starts_with("null") || pair[1].starts_with("not null"))
                    && pair[0]
                        .rsplit(|c: char| c.is_whitespace() || c == '(')
                        .next()
                        .is_some_and(|operand| operand.starts_with('?'))
            });
            if sql && untyped_null_test {
                found.push(format!(
                    "{}: a placeholder tested for NULL uncast in {text:?}",
                    source.file.display()
                ));
            }
            if sql && (spaced.contains(" is ?") || spaced.contains(" is not ?")) {
                found.push(format!(
                    "{}: IS with a placeholder in {text:?}",
                    source.file.display()
                ));
            }
            if sql && words.iter().any(|w| w.starts_with("json_")) {
                found.push(format!(
                    "{}: SQLite's JSON in {text:?}",
                    source.file.display()
                ));
            }
            if sql && unnamed_subquery(&text) {
                found.push(format!(
                    "{}: an unnamed subquery in FROM in {text:?}",
                    source.file.display()
                ));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// `src/db/` keeps the connection and the migrations only (docs/development.md, "Layers"): what a row takes
/// on the disk, and how much a deletion removes at once, belong to the room on the disk (`src/room/`).
/// Its files are the engine-neutral layer ("The database layer"), SQLite's side of it and PostgreSQL's
/// (`pg`, `pg_server`, `placeholders`, and `stand_in`, the unit tests' cluster).
#[test]
fn the_database_folder_keeps_the_connection_and_the_migrations() {
    let layer = [
        "connection",
        "error",
        "migrations",
        "pg",
        "pg_server",
        "placeholders",
        "row",
        "sqlite",
        "stand_in",
        "tests",
        "value",
    ];
    let extra: Vec<String> = sources()
        .iter()
        .filter(|s| s.module.first().is_some_and(|m| m == "db"))
        .filter(|s| s.module != ["db"] && !(s.module.len() == 2 && layer.contains(&&*s.module[1])))
        .map(|s| s.file.display().to_string())
        .collect();
    assert!(extra.is_empty(), "src/db/ holds more: {extra:#?}");
}

/// Only `src/db/` names the drivers and the pool: every store speaks to `crate::db::Connection`, so either
/// engine comes in behind that one folder (docs/development.md, "The database layer"). PostgreSQL's client
/// is named outside it only where `[database] url` is read into the client's settings
/// (`src/config/database.rs`) and by `validate-config --connect`'s check (`src/commands/connect/`).
#[test]
fn only_the_database_layer_names_the_drivers() {
    let named: Vec<String> = sources()
        .iter()
        .filter(|s| s.module.first().is_none_or(|m| m != "db"))
        .filter(|s| {
            let settings = s.module == ["config", "database"]
                || s.module.starts_with(&["commands".into(), "connect".into()]);
            ["rusqlite", "r2d2"].iter().any(|d| s.text.contains(d))
                || (!settings
                    && (s.text.contains("postgres::") || s.text.contains("tokio_postgres")))
        })
        .map(|s| s.file.display().to_string())
        .collect();
    assert!(named.is_empty(), "{named:#?}");
}

/// Passwords and check-in PINs are hashed on one bounded pool of threads (src/auth/keys/password.rs): no
/// other file uses the Argon2 crate, so no second path can take a thread and 19 MiB per request.
#[test]
fn argon2_is_used_only_by_the_auth_service_s_keys() {
    let users: Vec<String> = sources()
        .iter()
        .filter(|s| {
            s.text.contains("argon2::") && !s.module.starts_with(&["auth".into(), "keys".into()])
        })
        .map(|s| s.file.display().to_string())
        .collect();
    assert!(users.is_empty(), "{users:#?}");
}
