//! `canonicalize`, `cse` and `buffer-deallocation-simplification`.
