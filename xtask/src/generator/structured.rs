//! The generator's `linalg` and `affine` statements: what a bufferized program holds besides
//! `memref` and `scf`.
//!
//! Structured ops work on a static view of exactly the extents a buffer is guaranteed to have
//! (a `memref.subview` unless the buffer's type already is that shape), so they never touch
//! elements the program did not write: `linalg.fill` of a writable buffer, `linalg.copy` and an
//! elementwise `linalg.generic` (one or two inputs, maybe transposing a matrix) into a fresh
//! buffer, and `linalg.matmul` of a matrix by a fresh filled one into a zero-filled result.
//! Affine statements are `affine.for` nests over the guaranteed extents: a fill of a writable
//! buffer by `affine.store`, or a sum of its elements by `affine.load` carried in `iter_args`,
//! then printed.

use super::{Flags, Gen, MemTy, MemVal, Node, Strided, Want};

impl Gen<'_> {
    /// One `linalg` statement.
    pub(super) fn structured(&mut self, out: &mut Vec<Node>) {
        match self.rng.below(4) {
            0 => self.linalg_fill(out),
            1 => self.linalg_copy(out),
            2 => self.linalg_generic(out),
            _ => self.linalg_matmul(out),
        }
    }

    /// One `affine` statement.
    pub(super) fn affine_loop(&mut self, out: &mut Vec<Node>) {
        if self.rng.chance(1, 2) {
            self.affine_fill(out);
        } else {
            self.affine_sum(out);
        }
    }

    /// `m` itself when its type is static and exactly its extents, else a subview of them.
    fn exact_view(&mut self, out: &mut Vec<Node>, m: &MemVal) -> MemVal {
        let exact =
            m.ty.layout.is_none() && m.ty.dims.iter().zip(&m.ext).all(|(d, &e)| *d == Some(e));
        if exact {
            return m.clone();
        }
        let src = m.ty.strided();
        let ty = MemTy {
            dims: m.ext.iter().map(|&e| Some(e)).collect(),
            layout: Some(Strided {
                strides: src.strides,
                offset: src.offset,
            }),
        };
        let name = self.fresh();
        let zeros = vec!["0"; m.ext.len()].join(", ");
        let sizes: Vec<String> = m.ext.iter().map(usize::to_string).collect();
        let ones = vec!["1"; m.ext.len()].join(", ");
        out.push(Node::Leaf(format!(
            "{name} = memref.subview {}[{zeros}] [{}] [{ones}] : {} to {}\n",
            m.name,
            sizes.join(", "),
            m.ty.text(),
            ty.text()
        )));
        MemVal {
            name,
            ty,
            ext: m.ext.clone(),
            flags: m.flags,
        }
    }

    /// A fresh heap buffer of static `dims`, not initialized: a structured op writes it all.
    fn uninitialized(&mut self, out: &mut Vec<Node>, dims: &[usize]) -> MemVal {
        let name = self.fresh();
        let ty = MemTy::identity(dims.iter().map(|&d| Some(d)).collect());
        out.push(Node::Leaf(format!(
            "{name} = memref.alloc() : {}\n",
            ty.text()
        )));
        let storable = self.rng.chance(1, 2);
        MemVal {
            name,
            ty,
            ext: dims.to_vec(),
            flags: Flags {
                stack: false,
                storable,
                callable: !storable,
            },
        }
    }

    fn storable_mem(&mut self) -> Option<MemVal> {
        let mems: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| m.flags.storable && !m.ext.is_empty())
            .collect();
        self.pick(&mems)
    }

    /// A buffer of rank 1 or more in scope, or a fresh one.
    fn any_mem(&mut self, out: &mut Vec<Node>) -> MemVal {
        let mems: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| !m.ext.is_empty())
            .collect();
        match self.pick(&mems) {
            Some(m) => m,
            None => self.fresh_alloc(out),
        }
    }

    fn linalg_fill(&mut self, out: &mut Vec<Node>) {
        let Some(m) = self.storable_mem() else {
            self.linalg_copy(out);
            return;
        };
        let view = self.exact_view(out, &m);
        let v = self.int_value();
        self.cov.bump("linalg.fill");
        out.push(Node::Leaf(format!(
            "linalg.fill ins({v} : i64) outs({} : {})\n",
            view.name,
            view.ty.text()
        )));
    }

    fn linalg_copy(&mut self, out: &mut Vec<Node>) {
        let m = self.any_mem(out);
        let src = self.exact_view(out, &m);
        let dst = self.uninitialized(out, &src.ext);
        self.cov.bump("linalg.copy");
        out.push(Node::Leaf(format!(
            "linalg.copy ins({} : {}) outs({} : {})\n",
            src.name,
            src.ty.text(),
            dst.name,
            dst.ty.text()
        )));
        self.add_mem(dst);
    }

    /// `out = in op k` or `out = in op in`, elementwise; a matrix may come out transposed.
    fn linalg_generic(&mut self, out: &mut Vec<Node>) {
        let m = self.any_mem(out);
        let src = self.exact_view(out, &m);
        let rank = src.ext.len();
        let dims: Vec<String> = (0..rank).map(|d| format!("d{d}")).collect();
        let identity = format!("affine_map<({0}) -> ({0})>", dims.join(", "));
        let transpose = rank == 2 && self.rng.chance(1, 3);
        let (out_map, out_ext) = if transpose {
            let map = "affine_map<(d0, d1) -> (d1, d0)>".to_string();
            (map, vec![src.ext[1], src.ext[0]])
        } else {
            (identity.clone(), src.ext.clone())
        };
        let dst = self.uninitialized(out, &out_ext);
        let two_inputs = self.rng.chance(1, 2);
        let op = ["addi", "muli", "subi", "maxsi"][self.rng.below(4)];
        let [a, b, o, r] = [0; 4].map(|_| self.fresh());
        let (ins, maps, args, rhs) = if two_inputs {
            let ins = format!("{0}, {0} : {1}, {1}", src.name, src.ty.text());
            let maps = format!("{identity}, {identity}, {out_map}");
            (ins, maps, format!("{a}: i64, {b}: i64, {o}: i64"), b)
        } else {
            let ins = format!("{} : {}", src.name, src.ty.text());
            let maps = format!("{identity}, {out_map}");
            let k = self.rng.below(5) as i64 - 1;
            (ins, maps, format!("{a}: i64, {o}: i64"), self.int_const(k))
        };
        let iterators = vec!["\"parallel\""; rank].join(", ");
        self.cov.bump(if transpose {
            "linalg.generic (transposing)"
        } else {
            "linalg.generic"
        });
        out.push(Node::Leaf(format!(
            "linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}} ins({ins}) outs({} : {}) {{\n\
             ^bb0({args}):\n  {r} = arith.{op} {a}, {rhs} : i64\n  linalg.yield {r} : i64\n}}\n",
            dst.name,
            dst.ty.text()
        )));
        self.add_mem(dst);
    }

    /// `C = A * B` for a matrix `A` in scope, a fresh filled `B` and a zero-filled `C`.
    fn linalg_matmul(&mut self, out: &mut Vec<Node>) {
        let matrices: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| m.ext.len() == 2)
            .collect();
        let Some(m) = self.pick(&matrices) else {
            self.linalg_generic(out);
            return;
        };
        let a = self.exact_view(out, &m);
        let n = 1 + self.rng.below(3);
        let b = self.alloc(out, &[Some(a.ext[1]), Some(n)], &[], Want::ANY);
        let c = self.uninitialized(out, &[a.ext[0], n]);
        let zero = self.int_const(0);
        self.cov.bump("linalg.matmul");
        out.push(Node::Leaf(format!(
            "linalg.fill ins({zero} : i64) outs({c} : {ct})\n\
             linalg.matmul ins({}, {} : {}, {}) outs({c} : {ct})\n",
            a.name,
            b.name,
            a.ty.text(),
            b.ty.text(),
            c = c.name,
            ct = c.ty.text()
        )));
        self.add_mem(b);
        self.add_mem(c);
    }

    /// `affine.for` nest storing `base + i0 + i1 + ...` into every element of a writable buffer.
    fn affine_fill(&mut self, out: &mut Vec<Node>) {
        let Some(m) = self.storable_mem() else {
            self.affine_sum(out);
            return;
        };
        let base = self.int_value();
        let ivs: Vec<String> = m.ext.iter().map(|_| self.fresh()).collect();
        let mut body = Vec::new();
        let sum = self.sum_of_ivs(&mut body, base, &ivs);
        body.push(Node::Leaf(format!(
            "affine.store {sum}, {}[{}] : {}\n",
            m.name,
            ivs.join(", "),
            m.ty.text()
        )));
        for (iv, &e) in ivs.iter().zip(&m.ext).rev() {
            body = vec![Node::Group {
                parts: vec![format!("affine.for {iv} = 0 to {e} {{\n"), "}\n".into()],
                regions: vec![body],
                indent: true,
            }];
        }
        self.cov.bump("affine.for (fill)");
        out.extend(body);
    }

    /// `affine.for` nest summing every element of a buffer in `iter_args`; the sum is printed.
    fn affine_sum(&mut self, out: &mut Vec<Node>) {
        let m = self.any_mem(out);
        let ivs: Vec<String> = m.ext.iter().map(|_| self.fresh()).collect();
        let results: Vec<String> = m.ext.iter().map(|_| self.fresh()).collect();
        let accs: Vec<String> = m.ext.iter().map(|_| self.fresh()).collect();
        let (x, s) = (self.fresh(), self.fresh());
        let innermost = accs.last().cloned().unwrap_or_default();
        let mut body = vec![Node::Leaf(format!(
            "{x} = affine.load {}[{}] : {}\n{s} = arith.addi {innermost}, {x} : i64\naffine.yield {s} : i64\n",
            m.name,
            ivs.join(", "),
            m.ty.text()
        ))];
        let init = self.int_value();
        for d in (0..ivs.len()).rev() {
            let start = if d == 0 { &init } else { &accs[d - 1] };
            let mut group = vec![Node::Group {
                parts: vec![
                    format!(
                        "{} = affine.for {} = 0 to {} iter_args({} = {start}) -> (i64) {{\n",
                        results[d], ivs[d], m.ext[d], accs[d]
                    ),
                    "}\n".into(),
                ],
                regions: vec![body],
                indent: true,
            }];
            if d > 0 {
                group.push(Node::Leaf(format!("affine.yield {} : i64\n", results[d])));
            }
            body = group;
        }
        self.cov.bump("affine.for (sum)");
        out.extend(body);
        let total = results.first().cloned().unwrap_or(init);
        self.print(out, &total);
        self.add_int(total);
    }
}
