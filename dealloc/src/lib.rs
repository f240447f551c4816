//! Ownership-based buffer deallocation (`ownership-based-buffer-deallocation`) and
//! `expand-realloc`.
