//! A content-addressed file cache under `target/llvmext-corpus/`, safe to
//! share between test binaries and benches running at the same time.
//!
//! Every cached file is named `<stem>-<key>.<ext>` where the key hashes all
//! inputs (source contents, flags, tool versions), so edits and tool
//! upgrades rebuild it; older versions with the same stem are pruned. Files
//! are built in a private temporary directory and renamed into place, so a
//! reader never sees a partial file, and a per-file lock keeps two processes
//! from doing the same (possibly long) build twice.

use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

/// The root package's directory.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Cargo's target directory: `$CARGO_TARGET_DIR`, else the directory the
/// running test/bench executable was built into (`<target>/<profile>/deps`),
/// else `<repo>/target`.
pub fn target_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("CARGO_TARGET_DIR") {
        let d = PathBuf::from(d);
        return if d.is_absolute() { d } else { repo_root().join(d) };
    }
    if let Ok(exe) = std::env::current_exe() {
        let deps = exe.parent();
        if let Some(profile) = deps.filter(|d| d.ends_with("deps")).and_then(Path::parent) {
            if let Some(target) = profile.parent() {
                return target.to_path_buf();
            }
        }
    }
    repo_root().join("target")
}

/// `target/llvmext-corpus/`, created on first use.
pub fn corpus_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = target_dir().join("llvmext-corpus");
        fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
        d
    })
    .clone()
}

/// A small, fast, non-cryptographic 64-bit hash for cache keys (FxHash
/// rounds over 8-byte words, then a SplitMix64 finalizer). Every input is
/// length-prefixed, so `["ab", "c"]` and `["a", "bc"]` differ.
#[derive(Debug, Clone)]
pub struct KeyHasher(u64);

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl KeyHasher {
    /// A fresh hasher.
    pub fn new() -> Self {
        Self::default()
    }

    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    /// Adds a byte string.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.word(b.len() as u64);
        let mut chunks = b.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let mut tail = [0u8; 8];
        tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.word(u64::from_le_bytes(tail));
        self
    }

    /// Adds a string.
    pub fn str(&mut self, s: &str) -> &mut Self {
        self.bytes(s.as_bytes())
    }

    /// Adds a number.
    pub fn u64(&mut self, v: u64) -> &mut Self {
        self.word(v);
        self
    }

    /// The hash.
    pub fn finish(&self) -> u64 {
        let mut z = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Removes the lock file when dropped (also while unwinding from a panic).
struct LockGuard(PathBuf);

impl Drop for LockGuard {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Whether the lock at `path` was left behind by a process that is gone (or
/// is implausibly old).
fn lock_is_stale(path: &Path) -> bool {
    let Ok(meta) = fs::metadata(path) else { return false };
    let age = meta.modified().ok().and_then(|m| SystemTime::now().duration_since(m).ok());
    let age = age.unwrap_or_default();
    if age > Duration::from_secs(3600) {
        return true;
    }
    let pid: Option<u32> = fs::read_to_string(path).ok().and_then(|s| s.trim().parse().ok());
    match pid {
        // Linux: the owner is alive iff /proc/<pid> exists.
        Some(pid) if Path::new("/proc/self").exists() => {
            !Path::new(&format!("/proc/{pid}")).exists()
        }
        Some(_) => false,
        // Being written right now, or garbage.
        None => age > Duration::from_secs(30),
    }
}

/// Runs `f` while holding the lock file `lock` (created exclusively; waits
/// while another live process or thread holds it; breaks stale locks).
pub fn with_file_lock<T>(lock: &Path, f: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let mut notice = Duration::from_secs(60);
    loop {
        match OpenOptions::new().write(true).create_new(true).open(lock) {
            Ok(mut file) => {
                let _ = write!(file, "{}", std::process::id());
                drop(file);
                let _guard = LockGuard(lock.to_path_buf());
                return f();
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                if lock_is_stale(lock) {
                    let _ = fs::remove_file(lock);
                    continue;
                }
                std::thread::sleep(Duration::from_millis(100));
                if start.elapsed() > notice {
                    eprintln!("still waiting for {} (held by another build)", lock.display());
                    notice += Duration::from_secs(60);
                }
            }
            Err(e) => panic!("cannot create lock file {}: {e}", lock.display()),
        }
    }
}

/// A fresh, unique scratch directory inside `dir` (removed by the guard).
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// Creates `<dir>/.tmp-<label>-<pid>-<n>`.
    pub fn new(dir: &Path, label: &str) -> Self {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let p = dir.join(format!(".tmp-{label}-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&p);
        fs::create_dir_all(&p).unwrap_or_else(|e| panic!("cannot create {}: {e}", p.display()));
        ScratchDir(p)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn is_hex_key(s: &str) -> bool {
    s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Deletes `<stem>-<other key>.<ext>` files next to `keep`.
fn prune(dir: &Path, stem: &str, ext: &str, keep: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let suffix = format!(".{ext}");
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let stale = name
            .strip_prefix(stem)
            .and_then(|r| r.strip_prefix('-'))
            .and_then(|r| r.strip_suffix(suffix.as_str()))
            .is_some_and(is_hex_key);
        if stale && e.path() != keep {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// The cached file `<dir>/<stem>-<key>.<ext>`, built if missing by
/// `build(scratch_dir, out_path)`, which must write `out_path` (inside the
/// scratch directory) or return an error message.
///
/// # Panics
/// If `build` fails.
pub fn cached_file(
    dir: &Path,
    stem: &str,
    ext: &str,
    key: u64,
    build: impl FnOnce(&Path, &Path) -> Result<(), String>,
) -> PathBuf {
    let file = dir.join(format!("{stem}-{key:016x}.{ext}"));
    if file.is_file() {
        return file;
    }
    let lock = dir.join(format!("{stem}-{key:016x}.{ext}.lock"));
    with_file_lock(&lock, || {
        if file.is_file() {
            return;
        }
        let scratch = ScratchDir::new(dir, stem);
        let out = scratch.path().join(format!("out.{ext}"));
        if let Err(e) = build(scratch.path(), &out) {
            panic!("building corpus file {}: {e}", file.display());
        }
        fs::rename(&out, &file)
            .unwrap_or_else(|e| panic!("cannot move {} to {}: {e}", out.display(), file.display()));
        prune(dir, stem, ext, &file);
    });
    file
}

/// A cached directory `<dir>/<stem>-<key>/`, filled if missing by
/// `fill(scratch_dir)`; complete once it holds a `.complete` marker.
///
/// # Panics
/// If `fill` fails.
pub fn cached_dir(
    dir: &Path,
    stem: &str,
    key: u64,
    fill: impl FnOnce(&Path) -> Result<(), String>,
) -> PathBuf {
    let target = dir.join(format!("{stem}-{key:016x}"));
    let marker = target.join(".complete");
    if marker.is_file() {
        return target;
    }
    let lock = dir.join(format!("{stem}-{key:016x}.lock"));
    with_file_lock(&lock, || {
        if marker.is_file() {
            return;
        }
        let scratch = ScratchDir::new(dir, stem);
        let fill_dir = scratch.path().join("d");
        fs::create_dir_all(&fill_dir).unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = fill(&fill_dir) {
            panic!("filling {}: {e}", target.display());
        }
        fs::write(fill_dir.join(".complete"), b"").unwrap_or_else(|e| panic!("{e}"));
        let _ = fs::remove_dir_all(&target);
        fs::rename(&fill_dir, &target).unwrap_or_else(|e| {
            panic!("cannot move {} to {}: {e}", fill_dir.display(), target.display())
        });
        // Drop other versions.
        if let Ok(entries) = fs::read_dir(dir) {
            for e in entries.flatten() {
                let name = e.file_name();
                let Some(name) = name.to_str() else { continue };
                let other = name
                    .strip_prefix(stem)
                    .and_then(|r| r.strip_prefix('-'))
                    .is_some_and(is_hex_key);
                if other && e.path() != target && e.path().is_dir() {
                    let _ = fs::remove_dir_all(e.path());
                }
            }
        }
    });
    target
}
