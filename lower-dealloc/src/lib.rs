//! `bufferization-lower-deallocations` and `convert-bufferization-to-memref`.
