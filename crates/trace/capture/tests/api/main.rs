//! The crate's public API, module by module.

mod cast;
mod last_words;
mod output;
mod preload;
mod screen;
#[cfg(unix)]
mod session;
