//! Screen traces.
