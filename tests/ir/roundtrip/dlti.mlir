// RUN: dealloc-opt %s --split-input-file
// UPSTREAM-OUTPUT: --split-input-file

// A data layout spec written with `#dlti.dl_entry<key, value>` entries prints them as
// `key = value`, with typed values (`32` becomes `32 : i64`).
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32>, #dlti.dl_entry<i64, dense<64> : vector<2xi64>>, #dlti.dl_entry<"dlti.stack_alignment", 128 : i32>>} {
  func.func @f() {
    return
  }
}

// -----

// The `key = value` spelling, unspaced.
module attributes {dlti.dl_spec = #dlti.dl_spec<index=16:i64>} {
}

// -----

// The two spellings mixed.
module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "little", #dlti.dl_entry<index, 64 : i64>>} {
}

// -----

// An empty spec (mlir-opt-22 crashes on an empty spec nested in another, so it stands alone).
module attributes {dlti.dl_spec = #dlti.dl_spec<>} {
}

// -----

// A lone entry keeps its own spelling, normalized.
module attributes {my.entry = #dlti.dl_entry<index,   32>, my.named = #dlti.dl_entry<"key", "value">} {
}
