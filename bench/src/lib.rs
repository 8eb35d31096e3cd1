//! Shared problem definitions for the planner benchmark.
