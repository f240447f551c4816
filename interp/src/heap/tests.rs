//! Unit tests of the checked heap: one per diagnostic kind, addresses, scopes, the ideal peak
//! and the report. Locations are plain strings (`&'static str` is a valid location type).

use super::*;

type TestHeap = Heap<&'static str>;

const F32: ScalarType = ScalarType::F32;
const I32: ScalarType = ScalarType::Int { bits: 32 };

fn heap() -> TestHeap {
    Heap::default()
}

fn heap_with(uninitialized_reads: UninitializedReadPolicy) -> TestHeap {
    Heap::new(HeapConfig {
        uninitialized_reads,
        ..HeapConfig::default()
    })
}

/// A heap buffer of `count` f32 elements allocated at `site`, all initialized to zero.
fn initialized_f32_buffer(heap: &mut TestHeap, count: i64, site: &'static str) -> AllocId {
    let id = heap
        .alloc(AllocKind::Heap, count, 4, site)
        .expect("small allocation succeeds");
    for index in 0..count {
        heap.store_element(id, index, Scalar::F32(0.0), &"init")
            .expect("in-bounds store succeeds");
    }
    id
}

fn only_error(heap: &TestHeap) -> &HeapError {
    assert_eq!(heap.errors().len(), 1, "errors: {:#?}", heap.errors());
    &heap.errors()[0]
}

// ----- addresses ------------------------------------------------------------------------------

#[test]
fn addresses_are_deterministic_aligned_and_separated() {
    let mut first = heap();
    let a = first.alloc(AllocKind::Heap, 10, 4, "a").unwrap();
    let b = first.alloc(AllocKind::Heap, 16, 4, "b").unwrap();
    let c = first.alloc(AllocKind::Heap, 0, 4, "c").unwrap();
    assert_eq!(first.address_of(a), Some(HEAP_BASE));
    // 40 bytes + 64-byte red zone, rounded up to 64.
    assert_eq!(first.address_of(b), Some(HEAP_BASE + 128));
    // 64 bytes + 64-byte red zone.
    assert_eq!(first.address_of(c), Some(HEAP_BASE + 256));

    let mut second = heap();
    let replay: Vec<_> = [10, 16, 0]
        .into_iter()
        .map(|count| {
            let id = second.alloc(AllocKind::Heap, count, 4, "x").unwrap();
            second.address_of(id)
        })
        .collect();
    let original: Vec<_> = [a, b, c]
        .into_iter()
        .map(|id| first.address_of(id))
        .collect();
    assert_eq!(replay, original);
}

#[test]
fn addresses_are_never_reused_after_free() {
    let mut heap = heap();
    let a = heap.alloc(AllocKind::Heap, 4, 4, "a").unwrap();
    let a_address = heap.address_of(a).unwrap();
    heap.free(a, &"free a").unwrap();
    let b = heap.alloc(AllocKind::Heap, 4, 4, "b").unwrap();
    assert_ne!(heap.address_of(b), Some(a_address));
    assert_ne!(a, b);
    // The dangling address still resolves to the dead buffer, for diagnostics.
    assert_eq!(heap.allocation_of_address(a_address), Some((a, 0)));
    assert!(!heap.is_live(a));
}

#[test]
fn each_memory_kind_has_its_own_region() {
    let mut heap = heap();
    let global = heap
        .define_global(
            GlobalSpec {
                name: "g",
                size_bytes: 8,
                alignment: 0,
                constant: false,
                initial_value: None,
            },
            "g",
        )
        .unwrap();
    let stack = heap.alloc(AllocKind::Stack, 2, 4, "s").unwrap();
    let on_heap = heap.alloc(AllocKind::Heap, 2, 4, "h").unwrap();
    assert_eq!(heap.address_of(global), Some(GLOBAL_BASE));
    assert_eq!(heap.address_of(stack), Some(STACK_BASE));
    assert_eq!(heap.address_of(on_heap), Some(HEAP_BASE));
}

#[test]
fn requested_alignment_is_honoured() {
    let mut heap = heap();
    heap.alloc(AllocKind::Heap, 1, 1, "a").unwrap();
    let aligned = heap.alloc_bytes(AllocKind::Heap, 8, 4096, "b").unwrap();
    assert_eq!(heap.address_of(aligned).unwrap() % 4096, 0);
    let odd = heap.alloc_bytes(AllocKind::Heap, 8, 24, "c").unwrap();
    assert_eq!(heap.address_of(odd).unwrap() % MIN_ALIGNMENT, 0);
}

#[test]
fn allocation_of_address_finds_interior_pointers_only() {
    let mut heap = heap();
    let a = heap.alloc(AllocKind::Heap, 4, 4, "a").unwrap();
    let base = heap.address_of(a).unwrap();
    assert_eq!(heap.allocation_of_address(base + 15), Some((a, 15)));
    assert_eq!(
        heap.allocation_of_address(base + 16),
        None,
        "one past the end"
    );
    assert_eq!(heap.allocation_of_address(base - 1), None);
    assert_eq!(heap.allocation_of_address(0), None);
}

// ----- loads and stores -----------------------------------------------------------------------

#[test]
fn stores_are_read_back_and_reinterpretable() {
    let mut heap = heap();
    let id = heap.alloc(AllocKind::Heap, 4, 4, "a").unwrap();
    heap.store_element(id, 2, Scalar::F32(1.5), &"store")
        .unwrap();
    assert_eq!(heap.load_element(id, 2, F32, &"load"), Ok(Scalar::F32(1.5)));
    let bits = heap.load(id, 8, I32, &"view").unwrap();
    assert_eq!(bits.as_u128(), Some(u128::from(1.5f32.to_bits())));
    assert!(heap.errors().is_empty() && heap.warnings().is_empty());
}

// ----- use after free -------------------------------------------------------------------------

#[test]
fn load_after_free_is_use_after_free() {
    let mut heap = heap();
    let id = initialized_f32_buffer(&mut heap, 4, "alloc site");
    heap.free(id, &"free site").unwrap();
    let error = heap.load_element(id, 0, F32, &"load site").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::UseAfterFree);
    assert_eq!(error.location.as_deref(), Some("load site"));
    assert_eq!(error.alloc_site.as_deref(), Some("alloc site"));
    assert_eq!(error.freed_at.as_deref(), Some("free site"));
    assert!(
        error.message.starts_with("access to freed heap buffer"),
        "{}",
        error.message
    );
    assert_eq!(only_error(&heap), &error);
    let report = heap.finish(None);
    assert_eq!(report.use_after_free, 1);
    assert_eq!(report.leaks, 0);
}

#[test]
fn store_and_copy_after_free_are_use_after_free() {
    let mut heap = heap();
    let dead = initialized_f32_buffer(&mut heap, 2, "dead");
    let live = initialized_f32_buffer(&mut heap, 2, "live");
    heap.free(dead, &"free").unwrap();
    let store = heap.store_element(dead, 0, Scalar::F32(1.0), &"store");
    assert_eq!(store.unwrap_err().kind, HeapErrorKind::UseAfterFree);
    let copy = heap.copy_bytes(live, 0, dead, 0, 8, &"copy");
    assert_eq!(copy.unwrap_err().kind, HeapErrorKind::UseAfterFree);
    assert_eq!(heap.finish(None).use_after_free, 2);
}

#[test]
fn stack_buffers_die_when_their_scope_exits() {
    let mut heap = heap();
    let scope = heap.push_stack_scope();
    let id = heap.alloc(AllocKind::Stack, 2, 4, "alloca").unwrap();
    assert_eq!(
        heap.allocation(id).map(Allocation::kind),
        Some(&MemoryKind::Stack { scope })
    );
    heap.store_element(id, 0, Scalar::F32(1.0), &"store")
        .unwrap();
    assert_eq!(heap.live_bytes(), 8);
    assert_eq!(heap.pop_stack_scope(), Some(scope));
    assert_eq!(heap.live_bytes(), 0);
    let error = heap.load_element(id, 0, F32, &"load").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::UseAfterFree);
    assert!(error.message.contains("scope exited"), "{}", error.message);
    assert_eq!(error.alloc_site.as_deref(), Some("alloca"));
}

#[test]
fn popping_the_outermost_scope_does_nothing() {
    let mut heap = heap();
    let id = heap.alloc(AllocKind::Stack, 1, 4, "alloca").unwrap();
    assert_eq!(heap.pop_stack_scope(), None);
    assert!(heap.is_live(id));
}

#[test]
fn repeated_errors_are_counted_each_time_and_recorded_once() {
    let mut heap = heap();
    let id = initialized_f32_buffer(&mut heap, 1, "alloc");
    heap.free(id, &"free").unwrap();
    for _ in 0..3 {
        let _ = heap.load_element(id, 0, F32, &"loop body");
    }
    let _ = heap.load_element(id, 0, F32, &"after loop");
    assert_eq!(heap.errors().len(), 2);
    assert_eq!(heap.finish(None).use_after_free, 4);
}

// ----- frees ----------------------------------------------------------------------------------

#[test]
fn a_leak_names_the_dealloc_that_passed_over_it() {
    let mut heap = heap();
    let skipped = heap.alloc(AllocKind::Heap, 1, 4, "alloc").unwrap();
    let freed_later = heap.alloc(AllocKind::Heap, 1, 4, "alloc2").unwrap();
    heap.note_skipped_free(skipped, &"dealloc");
    heap.note_skipped_free(freed_later, &"dealloc");
    heap.free(freed_later, &"free").unwrap();
    let report = heap.finish(Some(&"return"));
    assert_eq!(report.leaks, 1);
    assert_eq!(
        report.errors[0].message,
        "heap buffer #0 (4 bytes) is never freed (the bufferization.dealloc at dealloc passes \
         over it: an earlier memref of its list aliases it, under a false condition)"
    );
}

#[test]
fn a_run_cut_short_reports_no_leaks_but_keeps_its_errors() {
    let mut heap = heap();
    heap.alloc(AllocKind::Heap, 1, 4, "still live").unwrap();
    let freed = heap.alloc(AllocKind::Heap, 1, 4, "alloc2").unwrap();
    heap.free(freed, &"free").unwrap();
    assert!(heap.free(freed, &"free again").is_err());
    let report = heap.finish_cut_short();
    assert_eq!(
        (report.leaks, report.leaked_bytes, report.double_frees),
        (0, 0, 1)
    );
    assert_eq!(report.errors.len(), 1);
}

#[test]
fn comparing_a_freed_pointer_only_with_older_buffers_is_no_hazard() {
    let mut heap = heap();
    let older = heap.alloc(AllocKind::Heap, 1, 4, "older").unwrap();
    heap.begin_uncounted_op();
    let freed = heap.alloc(AllocKind::Heap, 1, 4, "freed").unwrap();
    heap.begin_uncounted_op();
    heap.free(freed, &"free").unwrap();
    heap.begin_uncounted_op();
    assert_eq!(
        heap.check_compared_pointers(&[freed, older], &"dealloc"),
        Ok(())
    );
    let newer = heap.alloc(AllocKind::Heap, 1, 4, "newer").unwrap();
    let error = heap
        .check_compared_pointers(&[older, freed, newer], &"dealloc")
        .unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::UseAfterFree);
    assert_eq!(error.alloc_site.as_deref(), Some("freed"));
    assert_eq!(error.freed_at.as_deref(), Some("free"));
}

#[test]
fn second_free_is_a_double_free() {
    let mut heap = heap();
    let id = heap.alloc(AllocKind::Heap, 1, 4, "alloc").unwrap();
    let address = heap.address_of(id).unwrap();
    assert_eq!(heap.free_address(address, &"first"), Ok(Some(id)));
    let error = heap.free_address(address, &"second").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::DoubleFree);
    assert_eq!(error.location.as_deref(), Some("second"));
    assert_eq!(error.alloc_site.as_deref(), Some("alloc"));
    assert_eq!(error.freed_at.as_deref(), Some("first"));
    assert_eq!(error.message, "double free of heap buffer #0 (4 bytes)");
    let report = heap.finish(None);
    assert_eq!((report.frees, report.double_frees, report.leaks), (1, 1, 0));
}

#[test]
fn freeing_a_stack_buffer_is_invalid() {
    let mut heap = heap();
    let id = heap.alloc(AllocKind::Stack, 1, 4, "alloca").unwrap();
    let error = heap.free(id, &"dealloc").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::InvalidFree);
    assert!(error.message.contains("on the stack"), "{}", error.message);
    assert_eq!(error.alloc_site.as_deref(), Some("alloca"));
    assert!(heap.is_live(id), "an invalid free changes nothing");
    let report = heap.finish(None);
    assert_eq!((report.invalid_frees, report.frees), (1, 0));
}

#[test]
fn freeing_a_global_is_invalid() {
    let mut heap = heap();
    let spec = GlobalSpec {
        name: "table",
        size_bytes: 16,
        alignment: 64,
        constant: true,
        initial_value: None,
    };
    let id = heap.define_global(spec, "global site").unwrap();
    let address = heap.address_of(id).unwrap();
    let error = heap.free_address(address, &"dealloc").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::InvalidFree);
    assert!(error.message.contains("global @table"), "{}", error.message);
    assert_eq!(error.alloc_site.as_deref(), Some("global site"));
    assert_eq!(heap.finish(None).invalid_frees, 1);
}

#[test]
fn freeing_an_address_never_allocated_is_invalid() {
    let mut heap = heap();
    let error = heap.free_address(0xdead_beef, &"dealloc").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::InvalidFree);
    assert_eq!(error.alloc_site, None);
    assert!(error.message.contains("0xdeadbeef"), "{}", error.message);
    assert_eq!(heap.finish(None).invalid_frees, 1);
}

#[test]
fn freeing_an_interior_pointer_is_invalid() {
    let mut heap = heap();
    let id = heap.alloc(AllocKind::Heap, 4, 4, "alloc").unwrap();
    let address = heap.address_of(id).unwrap();
    let error = heap.free_address(address + 4, &"dealloc").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::InvalidFree);
    assert_eq!(error.alloc_site.as_deref(), Some("alloc"));
    assert!(heap.is_live(id));
}

#[test]
fn freeing_null_is_a_no_op() {
    let mut heap = heap();
    assert_eq!(heap.free_address(0, &"dealloc"), Ok(None));
    let report = heap.finish(None);
    assert_eq!((report.frees, report.invalid_frees), (0, 0));
}

// ----- out of bounds --------------------------------------------------------------------------

#[test]
fn accesses_outside_the_buffer_are_out_of_bounds() {
    let mut heap = heap();
    let id = initialized_f32_buffer(&mut heap, 4, "alloc");
    let past_end = heap.load_element(id, 4, F32, &"past end").unwrap_err();
    assert_eq!(past_end.kind, HeapErrorKind::OutOfBounds);
    assert_eq!(past_end.alloc_site.as_deref(), Some("alloc"));
    assert_eq!(past_end.location.as_deref(), Some("past end"));
    let negative = heap.store_element(id, -1, Scalar::F32(0.0), &"negative");
    assert_eq!(negative.unwrap_err().kind, HeapErrorKind::OutOfBounds);
    let straddling = heap.load(id, 14, F32, &"straddling");
    assert_eq!(straddling.unwrap_err().kind, HeapErrorKind::OutOfBounds);
    let huge = heap.load_element(id, i64::MAX, F32, &"overflow");
    assert_eq!(huge.unwrap_err().kind, HeapErrorKind::OutOfBounds);
    let copy = heap.copy_bytes(id, 8, id, 0, 9, &"copy");
    assert_eq!(copy.unwrap_err().kind, HeapErrorKind::OutOfBounds);
    assert_eq!(heap.load_element(id, 3, F32, &"last"), Ok(Scalar::F32(0.0)));
    assert_eq!(heap.finish(None).out_of_bounds, 5);
}

#[test]
fn accesses_to_unknown_allocations_are_wild() {
    let mut heap = heap();
    let error = heap.load(AllocId(7), 0, F32, &"load").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::WildAccess);
    assert_eq!(heap.finish(None).wild_accesses, 1);
}

// ----- uninitialized reads --------------------------------------------------------------------

#[test]
fn uninitialized_read_is_a_warning_by_default() {
    let mut heap = heap();
    let id = heap.alloc(AllocKind::Heap, 2, 4, "alloc").unwrap();
    assert_eq!(heap.load_element(id, 1, F32, &"load"), Ok(Scalar::F32(0.0)));
    assert!(heap.errors().is_empty());
    let warning = &heap.warnings()[0];
    assert_eq!(warning.kind, HeapErrorKind::UninitializedRead);
    assert_eq!(warning.location.as_deref(), Some("load"));
    assert_eq!(warning.alloc_site.as_deref(), Some("alloc"));
    heap.free(id, &"free").unwrap();
    let report = heap.finish(None);
    assert_eq!(report.uninitialized_reads, 1);
    assert!(report.has_no_errors());
}

#[test]
fn uninitialized_read_can_be_an_error() {
    let mut heap = heap_with(UninitializedReadPolicy::Error);
    let id = heap.alloc(AllocKind::Heap, 2, 4, "alloc").unwrap();
    let error = heap.load_element(id, 0, F32, &"load").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::UninitializedRead);
    assert_eq!(only_error(&heap).location.as_deref(), Some("load"));
    assert!(heap.warnings().is_empty());
}

#[test]
fn uninitialized_read_can_be_ignored_but_is_counted() {
    let mut heap = heap_with(UninitializedReadPolicy::Ignore);
    let id = heap.alloc(AllocKind::Heap, 2, 4, "alloc").unwrap();
    assert!(heap.load_element(id, 0, F32, &"load").is_ok());
    assert!(heap.warnings().is_empty() && heap.errors().is_empty());
    assert_eq!(heap.finish(None).uninitialized_reads, 1);
}

#[test]
fn initialization_is_tracked_per_byte_and_travels_with_copies() {
    let mut heap = heap_with(UninitializedReadPolicy::Error);
    let src = heap.alloc(AllocKind::Heap, 2, 4, "src").unwrap();
    let dst = heap.alloc(AllocKind::Heap, 2, 4, "dst").unwrap();
    heap.store(src, 0, Scalar::int(16, 7), &"half").unwrap();
    let partial = heap.load(src, 0, I32, &"partial");
    assert_eq!(partial.unwrap_err().kind, HeapErrorKind::UninitializedRead);
    heap.store(src, 2, Scalar::int(16, 0), &"other half")
        .unwrap();
    // Copying uninitialized bytes (element 1) is not a read of them.
    heap.copy_bytes(src, 0, dst, 0, 8, &"copy").unwrap();
    assert_eq!(
        heap.load(dst, 0, I32, &"ok").map(|v| v.as_u128()),
        Ok(Some(7))
    );
    let still_uninit = heap.load_element(dst, 1, I32, &"uninit");
    assert_eq!(
        still_uninit.unwrap_err().kind,
        HeapErrorKind::UninitializedRead
    );
    assert_eq!(heap.finish(None).uninitialized_reads, 2);
}

// ----- leaks ----------------------------------------------------------------------------------

#[test]
fn live_heap_buffers_leak_at_the_end_but_stack_and_globals_do_not() {
    let mut heap = heap();
    let spec = GlobalSpec {
        name: "g",
        size_bytes: 4,
        alignment: 0,
        constant: false,
        initial_value: Some(&[Scalar::F32(2.0)]),
    };
    heap.define_global(spec, "global").unwrap();
    heap.alloc(AllocKind::Stack, 4, 4, "alloca").unwrap();
    let freed = heap.alloc(AllocKind::Heap, 1, 8, "freed").unwrap();
    let leaked = heap.alloc(AllocKind::Heap, 10, 4, "leaked site").unwrap();
    heap.free(freed, &"free").unwrap();
    let report = heap.finish(Some(&"return"));
    assert_eq!((report.leaks, report.leaked_bytes), (1, 40));
    let leak = &report.errors[0];
    assert_eq!(leak.kind, HeapErrorKind::Leak);
    assert_eq!(leak.location.as_deref(), Some("return"));
    assert_eq!(leak.alloc_site.as_deref(), Some("leaked site"));
    assert!(
        leak.message.contains(&leaked.to_string()),
        "{}",
        leak.message
    );
    assert!(!report.deallocation_is_clean());
}

// ----- globals and realloc --------------------------------------------------------------------

#[test]
fn globals_are_initialized_unique_per_name_and_constant_ones_are_read_only() {
    let mut heap = heap();
    let values = [Scalar::F32(1.0), Scalar::F32(2.0)];
    let spec = GlobalSpec {
        name: "c",
        size_bytes: 8,
        alignment: 0,
        constant: true,
        initial_value: Some(&values),
    };
    let id = heap.define_global(spec, "global").unwrap();
    assert_eq!(heap.define_global(spec, "again"), Ok(id));
    assert_eq!(heap.global("c"), Some(id));
    assert_eq!(heap.load_element(id, 1, F32, &"load"), Ok(Scalar::F32(2.0)));
    let store = heap.store_element(id, 0, Scalar::F32(3.0), &"store");
    assert_eq!(store.unwrap_err().kind, HeapErrorKind::WriteToConstant);
    let too_big = GlobalSpec {
        name: "small",
        size_bytes: 4,
        ..spec
    };
    let error = heap.define_global(too_big, "small").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::AllocationFailed);
}

#[test]
fn realloc_moves_contents_and_frees_the_old_buffer() {
    let mut heap = heap();
    let old = heap.alloc(AllocKind::Heap, 2, 4, "old").unwrap();
    heap.store_element(old, 0, Scalar::F32(5.0), &"store")
        .unwrap();
    heap.store_element(old, 1, Scalar::F32(6.0), &"store")
        .unwrap();
    let new = heap.realloc(old, 12, "new", &"realloc").unwrap();
    assert_ne!(heap.address_of(new), heap.address_of(old));
    assert!(!heap.is_live(old));
    assert_eq!(
        heap.load_element(new, 1, F32, &"load"),
        Ok(Scalar::F32(6.0))
    );
    let grown = heap.load_element(new, 2, F32, &"grown");
    assert!(grown.is_ok(), "uninitialized tail is only a warning");
    assert_eq!(heap.warnings().len(), 1);
    heap.free(new, &"free").unwrap();
    let report = heap.finish(None);
    assert_eq!(
        (report.allocs, report.frees, report.bytes_copied),
        (2, 2, 8)
    );
}

#[test]
fn realloc_of_a_stack_buffer_is_an_invalid_free() {
    let mut heap = heap();
    let stack = heap.alloc(AllocKind::Stack, 2, 4, "alloca").unwrap();
    let error = heap.realloc(stack, 16, "new", &"realloc").unwrap_err();
    assert_eq!(error.kind, HeapErrorKind::InvalidFree);
    assert_eq!(heap.finish(None).allocs, 0);
}

#[test]
fn bad_allocation_sizes_fail_without_panicking() {
    let mut heap = Heap::new(HeapConfig {
        max_allocation_bytes: 1024,
        ..HeapConfig::default()
    });
    let negative = heap.alloc(AllocKind::Heap, -1, 4, "negative").unwrap_err();
    assert_eq!(negative.kind, HeapErrorKind::AllocationFailed);
    assert_eq!(negative.alloc_site.as_deref(), Some("negative"));
    let overflow = heap.alloc(AllocKind::Heap, i64::MAX, 8, "overflow");
    assert_eq!(overflow.unwrap_err().kind, HeapErrorKind::AllocationFailed);
    let too_big = heap.alloc(AllocKind::Heap, 257, 4, "too big");
    assert_eq!(too_big.unwrap_err().kind, HeapErrorKind::AllocationFailed);
    let report = heap.finish(None);
    assert_eq!((report.allocs, report.errors.len()), (0, 3));
}

// ----- statistics -----------------------------------------------------------------------------

#[test]
fn peak_counts_heap_and_stack_but_not_globals() {
    let mut heap = heap();
    let spec = GlobalSpec {
        name: "g",
        size_bytes: 1000,
        alignment: 0,
        constant: false,
        initial_value: None,
    };
    heap.define_global(spec, "g").unwrap();
    let a = heap.alloc(AllocKind::Heap, 10, 1, "a").unwrap();
    heap.alloc(AllocKind::Stack, 20, 1, "s").unwrap();
    heap.free(a, &"free").unwrap();
    heap.alloc(AllocKind::Heap, 5, 1, "b").unwrap();
    let report = heap.finish(None);
    assert_eq!((report.peak_bytes, report.peak_buffers), (30, 2));
    assert_eq!((report.allocs, report.stack_allocs), (2, 1));
}

#[test]
fn counters_track_ops_copies_clones_and_alias_checks() {
    let mut heap = heap();
    heap.begin_op("memref.alloc");
    let a = initialized_f32_buffer(&mut heap, 4, "a");
    heap.begin_op("bufferization.clone");
    let b = heap.alloc(AllocKind::Heap, 4, 4, "b").unwrap();
    heap.copy_bytes(a, 0, b, 0, 16, &"clone").unwrap();
    heap.record_clone();
    heap.begin_op("bufferization.dealloc");
    heap.record_alias_checks(3);
    heap.begin_op("memref.dealloc");
    heap.free(a, &"free").unwrap();
    heap.begin_op("memref.dealloc");
    heap.free(b, &"free").unwrap();
    let report = heap.finish(None);
    assert_eq!(report.steps, 5);
    assert_eq!(report.bytes_copied, 16);
    assert_eq!(report.clones, 1);
    assert_eq!(report.alias_checks, 3);
    let ops: Vec<_> = report
        .ops_executed
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        ops,
        [
            ("bufferization.clone", 1),
            ("bufferization.dealloc", 1),
            ("memref.alloc", 1),
            ("memref.dealloc", 2)
        ]
    );
    assert!(report.deallocation_is_clean());
}

// ----- ideal peak -----------------------------------------------------------------------------

#[test]
fn ideal_peak_frees_each_heap_buffer_after_its_last_access() {
    let mut heap = heap();
    heap.begin_op("alloc a"); // step 1
    let a = heap.alloc(AllocKind::Heap, 100, 1, "a").unwrap();
    heap.begin_op("use a"); // step 2
    heap.touch(a, &"use a").unwrap();
    heap.begin_op("alloc b"); // step 3
    let b = heap.alloc(AllocKind::Heap, 50, 1, "b").unwrap();
    heap.begin_op("use b"); // step 4
    heap.touch(b, &"use b").unwrap();
    heap.begin_op("free a"); // step 5
    heap.free(a, &"free a").unwrap();
    heap.begin_op("free b"); // step 6
    heap.free(b, &"free b").unwrap();
    let report = heap.finish(None);
    assert_eq!(report.peak_bytes, 150);
    assert_eq!(report.ideal_peak_bytes, 100);
}

#[test]
fn ideal_peak_keeps_buffers_accessed_together_live_together() {
    let mut heap = heap();
    heap.begin_op("alloc a"); // step 1
    let a = initialized_f32_buffer(&mut heap, 10, "a"); // 40 bytes, accessed at step 1
    heap.begin_op("alloc b"); // step 2: never accessed, live only at step 2
    heap.alloc(AllocKind::Heap, 1000, 1, "b").unwrap();
    heap.begin_op("copy"); // step 3: a is read while c is allocated
    let c = heap.alloc(AllocKind::Heap, 10, 4, "c").unwrap();
    heap.copy_bytes(a, 0, c, 0, 40, &"copy").unwrap();
    heap.begin_op("end"); // step 4
    assert_eq!(heap.ideal_peak_bytes(), 1040);
    let report = heap.finish(None);
    assert_eq!(report.ideal_peak_bytes, 1040);
    assert_eq!(report.peak_bytes, 1080);
    assert_eq!(report.leaks, 3);
}

#[test]
fn ideal_peak_keeps_real_stack_lifetimes() {
    let mut heap = heap();
    heap.begin_op("scope"); // step 1
    heap.push_stack_scope();
    heap.alloc(AllocKind::Stack, 64, 1, "s").unwrap();
    heap.begin_op("alloc"); // step 2: the stack buffer is still live
    let h = heap.alloc(AllocKind::Heap, 32, 1, "h").unwrap();
    heap.begin_op("pop"); // step 3
    heap.pop_stack_scope();
    heap.begin_op("free"); // step 4
    heap.free(h, &"free").unwrap();
    assert_eq!(heap.finish(None).ideal_peak_bytes, 96);
}

#[test]
fn interval_sweep_does_not_overlap_touching_intervals() {
    let intervals = [(0, 2, 10), (2, 4, 20), (3, 5, 5)];
    assert_eq!(peak_of_intervals(intervals.into_iter()), 25);
    assert_eq!(peak_of_intervals(std::iter::empty()), 0);
}

// ----- report ---------------------------------------------------------------------------------

#[test]
fn finished_report_renders_required_json_keys() {
    let mut heap = heap();
    heap.begin_op("memref.alloc");
    let id = heap
        .alloc(AllocKind::Heap, 1, 4, "loc(\"a.mlir\":2:3)")
        .unwrap();
    heap.free(id, &"loc(\"a.mlir\":4:3)").unwrap();
    let _ = heap.free(id, &"loc(\"a.mlir\":5:3)");
    let json = heap.finish(None).to_json_value();
    for key in [
        "allocs",
        "frees",
        "leaks",
        "leaked_bytes",
        "double_frees",
        "invalid_frees",
        "use_after_free",
        "out_of_bounds",
        "peak_bytes",
        "ideal_peak_bytes",
        "bytes_copied",
        "clones",
        "alias_checks",
        "errors",
    ] {
        assert!(json.get(key).is_some(), "missing key {key}");
    }
    assert_eq!(json["double_frees"], 1);
    assert_eq!(json["errors"][0]["kind"], "double_free");
    assert_eq!(json["errors"][0]["location"], "loc(\"a.mlir\":5:3)");
    assert_eq!(json["errors"][0]["alloc_site"], "loc(\"a.mlir\":2:3)");
    assert_eq!(json["ops_executed"]["memref.alloc"], 1);
}
