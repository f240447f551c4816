//! The words of the change record (`context/changes.rs`), which the verifier of touched ops
//! reads: why each op was noted, so that an op noted only because something around it moved or
//! changed is checked for what that can break, not for every rule.
//!
//! The record is the `Vec<Op>` the pass manager carries from the pass to the verifier. Most
//! notes are an op whose own fields changed (it was placed, or its operands, attributes,
//! results, regions or successors changed), written as the op's id alone, so the common note
//! costs nothing to write or read. Three other reasons are written in the id's top bits (no
//! arena holds 2^30 entities):
//! - an op that moved with an ancestor (nested in an op placed elsewhere, or directly in
//!   blocks moved to a twin of their op): its fields are as they were when it last verified;
//! - an op some of whose operands now read another value of the same type (a use redirected
//!   by `replace_all_uses_with`): its signature is as it was, only its operands' values moved;
//! - a block whose arguments changed, or which left its region: the parent op's id, tagged,
//!   then the block's id in the next word (the parent is written too, as the block may be in
//!   no region, or in another one, by the time the record is read).

use cranelift_entity::EntityRef;

use crate::entity::{Block, Op};

/// What a transformation touched, as the context recorded it
/// ([`Context::take_recorded_changes`](crate::Context::take_recorded_changes)), for
/// [`verify_changed`](crate::verify::verify_changed): the notes of this module. Its words have
/// the form of op ids, but some carry a reason in their top bits and a block's id may follow
/// its parent's, so it is not a list of ops and offers none to read; a list of plain ops makes
/// a record of ops touched themselves ([`ChangeRecord::of_touched`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChangeRecord {
    pub(crate) words: Vec<Op>,
}

impl ChangeRecord {
    /// The record noting each op of `ops` as touched (changed itself).
    pub fn of_touched(ops: impl IntoIterator<Item = Op>) -> Self {
        ChangeRecord {
            words: ops.into_iter().collect(),
        }
    }

    /// Whether nothing was noted.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// Why an op is in the change record.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Note {
    /// The op changed (placed, or its operands, attributes, results, regions or successors
    /// changed), or something its rules read did: every rule that reads it is checked.
    Touched(Op),
    /// The op moved with an ancestor; its own fields did not change.
    Moved(Op),
    /// Operands of the op now read other values of the same types; nothing else of it
    /// changed, so its signature is as it was.
    Replaced(Op),
    /// The arguments of `block`, in a region of `parent`, changed, or `block` was taken out of
    /// `parent`'s regions.
    BlockArgs { parent: Op, block: Block },
}

/// How many low bits of a word hold an id.
const ID_BITS: u32 = 30;
/// The low bits of a word: the id.
const ID_MASK: u32 = (1 << ID_BITS) - 1;
/// The reason of [`Note::Moved`] in a word's top bits.
const MOVED: u32 = 1 << ID_BITS;
/// The reason of [`Note::BlockArgs`] in the parent's word (the block's follows untagged).
const BLOCK_ARGS: u32 = 2 << ID_BITS;
/// The reason of [`Note::Replaced`] in a word's top bits.
const REPLACED: u32 = 3 << ID_BITS;

/// The word of `id` with `reason` in its top bits.
fn word(id: usize, reason: u32) -> Op {
    debug_assert!(id as u32 <= ID_MASK, "ids fit below the reason bits");
    Op::from_u32(id as u32 | reason)
}

/// The word noting that `op` moved with an ancestor ([`Note::Moved`]).
pub(crate) fn moved(op: Op) -> Op {
    word(op.index(), MOVED)
}

/// The word noting that operands of `op` now read other values of the same types
/// ([`Note::Replaced`]).
pub(crate) fn replaced(op: Op) -> Op {
    word(op.index(), REPLACED)
}

/// Writes the two words noting that the arguments of `block`, in a region of `parent`,
/// changed or that the block leaves that region ([`Note::BlockArgs`]).
pub(crate) fn push_block_args(record: &mut Vec<Op>, parent: Op, block: Block) {
    record.push(word(parent.index(), BLOCK_ARGS));
    record.push(word(block.index(), 0));
}

/// The note of `record` starting at word `at`, and where the next one starts.
#[inline]
pub(crate) fn read(record: &[Op], at: usize) -> (Note, usize) {
    let word = record[at].as_u32();
    let id = word & ID_MASK;
    match word & !ID_MASK {
        0 => (Note::Touched(Op::from_u32(id)), at + 1),
        MOVED => (Note::Moved(Op::from_u32(id)), at + 1),
        REPLACED => (Note::Replaced(Op::from_u32(id)), at + 1),
        // A record cut short after a parent's word (never written so) notes the parent.
        _ => match record.get(at + 1) {
            Some(block) => {
                let parent = Op::from_u32(id);
                let block = Block::from_u32(block.as_u32());
                (Note::BlockArgs { parent, block }, at + 2)
            }
            None => (Note::Touched(Op::from_u32(id)), at + 1),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{Note, moved, push_block_args, read, replaced};
    use crate::entity::{Block, Op};

    /// Every kind of note reads back as written, in order, the block of a block note from the
    /// word after its parent's.
    #[test]
    fn notes_read_back_as_written() {
        let (a, b, c) = (
            Op::from_u32(7),
            Op::from_u32(0),
            Op::from_u32((1 << 30) - 1),
        );
        let block = Block::from_u32(5);
        let mut record = vec![a, moved(b)];
        push_block_args(&mut record, c, block);
        record.push(moved(c));
        record.push(replaced(c));
        let mut notes: Vec<Note> = Vec::new();
        let mut at = 0;
        while at < record.len() {
            let (note, next) = read(&record, at);
            notes.push(note);
            at = next;
        }
        assert_eq!(
            notes,
            [
                Note::Touched(a),
                Note::Moved(b),
                Note::BlockArgs { parent: c, block },
                Note::Moved(c),
                Note::Replaced(c),
            ]
        );
    }
}
