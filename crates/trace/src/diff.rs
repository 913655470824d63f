//! Comparing two traces step by step.
