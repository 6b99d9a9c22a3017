//! What the example tools share: the system's message for an I/O error as
//! LLVM's tools print it.

/// The system's message for `e` (`strerror`'s text, as LLVM prints it),
/// without Rust's " (os error N)".
pub fn os_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s,
    }
}
