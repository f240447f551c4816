/* Checked heap for programs run by mlir-runner-22 (see interp/src/jit.rs).
 *
 * Programs are lowered with `--finalize-memref-to-llvm=use-generic-functions=true`, so every
 * heap allocation and free of a memref goes through the three functions below. They keep the
 * set of live pointers, refuse (and count) frees of pointers that are not live (double or
 * invalid frees), and at process exit print one line to stderr:
 *   JIT-CHECK allocs=N frees=N leaks=N bad_frees=N
 * A batch of programs linked into one module (interp/src/jit/batch.rs) calls
 * `jit_check_program_end(k)` after program k: it ends k's standard output with a marker, prints
 * k's counts to stderr as `JIT-CHECK program=k allocs=N ...`, releases k's leaked blocks and
 * starts the next program from zero counts.
 * Single-threaded, as the programs we run are. */
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

static uintptr_t *slots;   /* open addressing; 0 = empty, 1 = deleted */
static size_t capacity, live, used;
static unsigned long allocs, frees, bad_frees;

static size_t slot_of(uintptr_t p) {
  p ^= p >> 33;
  p *= 0xff51afd7ed558ccdULL;
  p ^= p >> 33;
  return (size_t)p & (capacity - 1);
}

static void insert(uintptr_t p);

static void grow(void) {
  uintptr_t *old = slots;
  size_t old_capacity = capacity;
  capacity = capacity ? capacity * 2 : 1024;
  slots = calloc(capacity, sizeof *slots);
  if (!slots) abort();
  live = used = 0;
  for (size_t i = 0; i < old_capacity; i++)
    if (old[i] > 1) insert(old[i]);
  free(old);
}

static void insert(uintptr_t p) {
  if ((used + 1) * 2 > capacity) grow();
  size_t i = slot_of(p);
  while (slots[i] > 1) i = (i + 1) & (capacity - 1);
  if (slots[i] == 0) used++;
  slots[i] = p;
  live++;
}

static int remove_live(uintptr_t p) {
  if (!capacity) return 0;
  for (size_t i = slot_of(p); slots[i]; i = (i + 1) & (capacity - 1)) {
    if (slots[i] == p) {
      slots[i] = 1;
      live--;
      return 1;
    }
  }
  return 0;
}

static void *track(void *p) {
  if (!p) abort();
  insert((uintptr_t)p);
  allocs++;
  return p;
}

void *_mlir_memref_to_llvm_alloc(size_t size) { return track(malloc(size ? size : 1)); }

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  size_t rounded = (size + alignment - 1) / alignment * alignment;
  return track(aligned_alloc(alignment, rounded ? rounded : alignment));
}

void _mlir_memref_to_llvm_free(void *p) {
  if (remove_live((uintptr_t)p)) {
    frees++;
    free(p);
  } else {
    bad_frees++;
    fprintf(stderr, "JIT-CHECK: free of %p, which is not a live allocation\n", p);
  }
}

void jit_check_program_end(int64_t program) {
  printf("\x1eJIT-CHECK-END %lld\x1e", (long long)program);
  fflush(stdout);
  fprintf(stderr, "JIT-CHECK program=%lld allocs=%lu frees=%lu leaks=%lu bad_frees=%lu\n",
          (long long)program, allocs, frees, (unsigned long)live, bad_frees);
  for (size_t i = 0; i < capacity; i++)
    if (slots[i] > 1) free((void *)slots[i]);
  if (capacity) memset(slots, 0, capacity * sizeof *slots);
  live = used = 0;
  allocs = frees = bad_frees = 0;
}

__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "JIT-CHECK allocs=%lu frees=%lu leaks=%lu bad_frees=%lu\n", allocs, frees,
          (unsigned long)live, bad_frees);
}
