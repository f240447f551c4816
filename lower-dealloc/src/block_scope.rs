//! Which op of a block each user of a value is nested in, found without climbing from every
//! user to the top of the function (for `last_use.rs`).
//!
//! A free's placement asks, for each use of each alias of its buffer, the op of the free's
//! block holding the user ([`Context::ancestor_in_block`]). Most aliases are defined far from
//! that block (in the other loops of a chain), and a climb from a user that is not in the block
//! goes up to the function. But every user of a value is nested in the region defining it
//! (a value is seen in its region and the regions nested in it, not around it), so that
//! region alone tells much:
//!
//! - defined in a region nested in an op of the free's block: every user is in that op, found
//!   once for all users;
//! - defined in the free's block's region or one holding it: a user is in the free's block or
//!   not, and its climb ends at the first of these regions it reaches (any op climbs so);
//! - defined anywhere else: no user is in the free's block.
//!
//! The relation is found by climbing from the defining region to the first region enclosing
//! the free's block, which is close for the aliases of a chain of loops next to each other.

use ir::{Block, Context, Op, Region, Value};

/// The block of a free and the regions enclosing it, from the nearest out.
#[derive(Default)]
pub(crate) struct BlockScope {
    block: Option<Block>,
    /// The region of `block`, then the regions holding the ops that hold it, from the nearest
    /// out.
    enclosing: Vec<Region>,
}

/// Where the users of one value are, seen from the scope's block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Users {
    /// Every user is nested in this op of the block.
    Under(Op),
    /// A user may be in the block or not: it climbs to the block or to a region holding it.
    Climb,
    /// No user is in the block.
    Outside,
}

impl BlockScope {
    /// Makes `block` the scope's block (keeping the allocation).
    pub(crate) fn reset(&mut self, ctx: &Context, block: Block) {
        self.block = Some(block);
        self.enclosing.clear();
        let mut region = ctx.block_parent(block);
        while let Some(current) = region {
            self.enclosing.push(current);
            region = ctx
                .region_parent(current)
                .and_then(|op| ctx.op_parent_region(op));
        }
    }

    /// Where the users of `value` are.
    pub(crate) fn users_of(&self, ctx: &Context, value: Value) -> Users {
        let Some(block) = self.block else {
            return Users::Outside;
        };
        let Some(defined_in) = ctx
            .value_parent_block(value)
            .and_then(|b| ctx.block_parent(b))
        else {
            return Users::Climb;
        };
        if self.enclosing.contains(&defined_in) {
            return Users::Climb;
        }
        let mut current = defined_in;
        loop {
            let Some(op) = ctx.region_parent(current) else {
                return Users::Outside;
            };
            let Some(parent) = ctx.op_parent(op) else {
                return Users::Outside;
            };
            if parent == block {
                return Users::Under(op);
            }
            let Some(region) = ctx.block_parent(parent) else {
                return Users::Outside;
            };
            if self.enclosing.contains(&region) {
                return Users::Outside;
            }
            current = region;
        }
    }

    /// The op of the block holding `user` (a user of a value whose users are at `users`), as
    /// [`Context::ancestor_in_block`] answers.
    pub(crate) fn top(&self, ctx: &Context, users: Users, user: Op) -> Option<Op> {
        match users {
            Users::Under(op) => Some(op),
            Users::Outside => None,
            Users::Climb => self.climb(ctx, user),
        }
    }

    /// The op of the block holding `op`, found by climbing from it until the block, or until a
    /// region holding the block (then `op` is elsewhere in it: had it been in the block, the
    /// climb would have met the block first).
    pub(crate) fn climb(&self, ctx: &Context, op: Op) -> Option<Op> {
        let block = self.block?;
        let mut current = op;
        loop {
            let parent = ctx.op_parent(current)?;
            if parent == block {
                return Some(current);
            }
            let region = ctx.block_parent(parent)?;
            if self.enclosing.contains(&region) {
                return None;
            }
            current = ctx.region_parent(region)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{blocks_and_values, parsed};

    /// Values defined at every level of two nests of loops side by side, used at every level
    /// of both (through loads, the loops' operands and their yields), and in the blocks of a
    /// region after the one defining them.
    const PROGRAM: &str = r#"
func.func @f(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = scf.for %i = %c0 to %n step %c1 iter_args(%x = %m) -> (memref<2xf32>) {
    %v = memref.load %x[%c0] : memref<2xf32>
    %b = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (memref<2xf32>) {
      %w = memref.load %y[%c0] : memref<2xf32>
      %u = memref.load %m[%c0] : memref<2xf32>
      %c = scf.for %k = %c0 to %n step %c1 iter_args(%z = %y) -> (memref<2xf32>) {
        %t = memref.load %x[%c0] : memref<2xf32>
        scf.yield %z : memref<2xf32>
      }
      scf.yield %c : memref<2xf32>
    }
    scf.yield %b : memref<2xf32>
  }
  %d = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<2xf32>) {
    %e = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (memref<2xf32>) {
      %w = memref.load %a[%c0] : memref<2xf32>
      scf.yield %y : memref<2xf32>
    }
    scf.yield %e : memref<2xf32>
  }
  %r = memref.load %d[%c0] : memref<2xf32>
  cf.br ^bb1
^bb1:
  %s = memref.load %d[%c0] : memref<2xf32>
  %g = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<2xf32>) {
    %w = memref.load %d[%c0] : memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  cf.br ^bb2
^bb2:
  %h = memref.load %g[%c0] : memref<2xf32>
  return
}
"#;

    #[test]
    fn the_top_of_every_user_is_its_ancestor_in_the_block() {
        let (ctx, module) = parsed(PROGRAM);
        let ops = ctx.walk_preorder(module);
        let (blocks, values) = blocks_and_values(&ctx, module);
        let mut scope = BlockScope::default();
        let (mut under, mut outside, mut found, mut nested) = (0, 0, 0, 0);
        for &block in &blocks {
            scope.reset(&ctx, block);
            for &value in &values {
                let users = scope.users_of(&ctx, value);
                under += usize::from(matches!(users, Users::Under(_)));
                outside += usize::from(users == Users::Outside);
                for (user, _) in ctx.uses(value) {
                    let expected = ctx.ancestor_in_block(block, user);
                    found += usize::from(expected.is_some());
                    assert_eq!(
                        scope.top(&ctx, users, user),
                        expected,
                        "{value:?} in {block:?}"
                    );
                }
            }
            for &op in &ops {
                let top = scope.climb(&ctx, op);
                assert_eq!(top, ctx.ancestor_in_block(block, op));
                // The last-use placement climbs once per run of users in another block.
                if let Some(parent) = ctx.op_parent(op).filter(|&p| p != block) {
                    let first = ctx.block_ops(parent).next().expect("holds op");
                    assert_eq!(top, scope.climb(&ctx, first), "{op:?} in {block:?}");
                    nested += usize::from(top.is_some());
                }
            }
        }
        assert!(under > 0 && outside > 0 && found > 0 && nested > 0);
    }
}
