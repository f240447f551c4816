//! Declarative op definitions: [`declare_ops!`] turns a list of `"dialect.op" { key: value, ... }`
//! entries into registered [`crate::OpDef`]s, in the spirit of MLIR's ODS records.
//!
//! An op with a conventional definition is a few lines:
//!
//! ```ignore
//! declare_ops! { reg;
//!     "memref.cast" {
//!         traits: [VIEW_LIKE, PURE],
//!         counts: OpCounts::new(Exactly(1), Exactly(1)),
//!         syntax: parse_cast, print_cast,
//!         verify: verify_cast,
//!         view_source: 0,
//!         hint: "cast",
//!     }
//! }
//! ```
//!
//! The keys, each optional, in any order:
//! - `traits: [A, B]`: [`crate::Traits`] constants by name;
//! - `counts: expr`: the [`crate::OpCounts`] the verifier checks first;
//! - `attrs: ["a", "b"]`: inherent attributes (MLIR properties), sorted;
//! - `property_kinds: [("a", Kind)]`: the [`crate::PropertyKind`] each property must have;
//! - `syntax: parse_fn, print_fn`: the custom assembly format;
//! - `verify: fn`: the op's own verifier, run after the counts and traits;
//! - `hint: "name"`: every result is named `%name` (or `hints: fn` for computed names);
//! - `memory: [Read(Operand(0)), Allocate(Result(0)) in AutomaticAllocationScope]`: exactly
//!   these memory effects ([`crate::EffectKind`] on [`crate::EffectOn`], in the default
//!   [`crate::Resource`] unless named); `effects: fn` for computed ones;
//! - `view_source: k`: the result views operand `k`;
//! - `region_branch: entry_fn, from_region_fn` (or `region_branch_of: a RegionBranch`); `successor_operands: fn`; `call: expr`;
//! - `implicit_terminator: "dialect.op"`; `default_dialect: "dialect"`.

/// Registers ops declared as `"name" { key: value, ... }` entries (see the module docs).
macro_rules! declare_ops {
    ($reg:expr; $($name:literal { $($fields:tt)* })*) => {
        $({
            // An entry may have no keys (an op with nothing to declare).
            #[allow(unused_mut)]
            let mut def = $crate::registry::OpDef::new($name);
            $crate::dialects::decl::declare_ops!(@fields def; $($fields)*);
            $reg.register(def);
        })*
    };
    (@fields $def:ident;) => {};
    (@fields $def:ident; traits: [$($t:ident),* $(,)?], $($rest:tt)*) => {
        $def.traits = $crate::registry::Traits::NONE $(| $crate::registry::Traits::$t)*;
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; counts: $counts:expr, $($rest:tt)*) => {
        $def.counts = Some($counts);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; attrs: [$($attr:literal),* $(,)?], $($rest:tt)*) => {
        $def.inherent_attrs = &[$($attr),*];
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; property_kinds: [$(($prop:literal, $kind:ident)),* $(,)?], $($rest:tt)*) => {
        $def.property_kinds = &[$(($prop, $crate::registry::PropertyKind::$kind)),*];
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; syntax: $parse:expr, $print:expr, $($rest:tt)*) => {
        $def.parse = Some($parse);
        $def.print = Some($print);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; verify: $verify:expr, $($rest:tt)*) => {
        $def.verify = Some($verify);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; hint: $hint:literal, $($rest:tt)*) => {
        $def.name_hint = Some(|_, _, names| names.push($hint.into()));
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; hints: $hints:expr, $($rest:tt)*) => {
        $def.name_hint = Some($hints);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; memory: [$($kind:ident($on:ident$(($index:literal))?) $(in $resource:ident)?),* $(,)?], $($rest:tt)*) => {
        $def.effects = Some(|_, _| {
            $crate::registry::Effects::Known(smallvec::smallvec![$($crate::registry::MemoryEffect {
                kind: $crate::registry::EffectKind::$kind,
                on: $crate::registry::EffectOn::$on$(($index))?,
                resource: $crate::dialects::decl::declare_ops!(@resource $($resource)?),
            }),*])
        });
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@resource) => { $crate::registry::Resource::Default };
    (@resource $resource:ident) => { $crate::registry::Resource::$resource };
    (@fields $def:ident; effects: $effects:expr, $($rest:tt)*) => {
        $def.effects = Some($effects);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; view_source: $operand:literal, $($rest:tt)*) => {
        $def.view_source = Some(|ctx, op| ctx.operand(op, $operand));
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; region_branch: $entry:expr, $from_region:expr, $($rest:tt)*) => {
        $def.region_branch = Some($crate::registry::RegionBranch {
            entry: $entry,
            from_region: $from_region,
        });
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; region_branch_of: $branch:expr, $($rest:tt)*) => {
        $def.region_branch = Some($branch);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; successor_operands: $f:expr, $($rest:tt)*) => {
        $def.successor_operands = Some($f);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; call: $call:expr, $($rest:tt)*) => {
        $def.call = Some($call);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; implicit_terminator: $term:literal, $($rest:tt)*) => {
        $def.implicit_terminator = Some($term);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
    (@fields $def:ident; default_dialect: $dialect:literal, $($rest:tt)*) => {
        $def.default_dialect = Some($dialect);
        $crate::dialects::decl::declare_ops!(@fields $def; $($rest)*);
    };
}

pub(crate) use declare_ops;

#[cfg(test)]
mod tests {
    use crate::registry::Count::{Any, Exactly};
    use crate::registry::{OpCounts, PropertyKind, Registry, Traits};

    #[test]
    fn every_key_lands_in_its_field() {
        let mut reg = Registry::default();
        declare_ops! { reg;
            "t.view" {
                traits: [PURE, VIEW_LIKE],
                counts: OpCounts::new(Exactly(1), Any).segmented(2),
                attrs: ["a", "b"],
                property_kinds: [("a", Integer)],
                memory: [Read(Operand(0)), Allocate(Result(0)) in AutomaticAllocationScope, Free(Nothing)],
                verify: |_, _, _| {},
                hint: "v",
                view_source: 1,
                implicit_terminator: "t.end",
                default_dialect: "t",
            }
            "t.end" {}
        }
        let def = reg.def(reg.lookup("t.view").expect("declared"));
        assert_eq!(def.traits, Traits::PURE | Traits::VIEW_LIKE);
        assert_eq!(
            def.counts,
            Some(OpCounts::new(Exactly(1), Any).segmented(2))
        );
        assert_eq!(def.inherent_attrs, ["a", "b"]);
        assert_eq!(def.property_kinds, [("a", PropertyKind::Integer)]);
        assert!(def.verify.is_some() && def.view_source.is_some() && def.parse.is_none());
        assert_eq!(def.implicit_terminator, Some("t.end"));
        assert_eq!(def.default_dialect, Some("t"));
        let mut ctx = crate::Context::new();
        let view = ctx.registry.register(def.clone());
        let op = ctx.create_op(crate::OpState::new(view, ctx.unknown_loc()));
        let mut names = Vec::new();
        (def.name_hint.expect("hint"))(&ctx, op, &mut names);
        assert_eq!(names, ["v"]);
        let on_stack = crate::MemoryEffect {
            kind: crate::EffectKind::Allocate,
            on: crate::EffectOn::Result(0),
            resource: crate::Resource::AutomaticAllocationScope,
        };
        let read = crate::MemoryEffect {
            kind: crate::EffectKind::Read,
            on: crate::EffectOn::Operand(0),
            resource: crate::Resource::Default,
        };
        let free = crate::MemoryEffect {
            kind: crate::EffectKind::Free,
            on: crate::EffectOn::Nothing,
            ..read
        };
        assert_eq!(
            ctx.memory_effects(op),
            crate::Effects::Known(smallvec::smallvec![read, on_stack, free])
        );
        let end = reg.def(reg.lookup("t.end").expect("declared"));
        assert_eq!(end.traits, Traits::NONE);
        assert!(end.counts.is_none());
    }
}
