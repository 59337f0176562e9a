//! Running a compiled program: the state-set simulation that finds the
//! leftmost-longest match, then the assignment of subexpressions (by
//! "dissection" without back references, by backtracking with them),
//! following the choices of LLVM's regex library.

use super::compile::{Op, Program, Sop};
use super::CharSet;

/// Input symbols beyond the 256 byte values.
const OUT: u16 = 256;
const BOL: u16 = 257;
const EOL: u16 = 258;
const BOLEOL: u16 = 259;
const NOTHING: u16 = 260;
const BOW: u16 = 261;
const EOW: u16 = 262;

/// Zero-length back references allowed in a row before giving up.
const MAX_RECURSION: u32 = 100;

/// Programs of at most this many operations run on one-word state sets
/// in the C library.
const SMALL_PROGRAM: usize = 64;

/// Deepest backtracking recursion before a search is abandoned as "no
/// match". LLVM's library has no limit and overflows its stack on the
/// patterns that reach it (see `regex_differential.py`); callers run
/// searches on a thread with a stack that holds this many frames.
const MAX_BACKTRACK_DEPTH: usize = 50_000;

/// Backtracking steps allowed for one search; LLVM's library backtracks
/// exponentially on some patterns with back references and never returns.
/// tessel gives up and reports no match instead of hanging.
const MAX_BACKTRACK_STEPS: u64 = 20_000_000;

/// A set of program positions.
#[derive(Clone, PartialEq, Eq)]
struct States(Vec<u64>);

impl States {
    fn new(n: usize) -> Self {
        States(vec![0; n.div_ceil(64)])
    }
    fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }
    fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    fn set(&mut self, i: usize) {
        // Programs built from copies of dropped operations (`(x){0}` then
        // `\1`) can point anywhere; such targets are dead states.
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
}

fn is_word(c: u16) -> bool {
    c < 256 && ((c as u8).is_ascii_alphanumeric() || c == u16::from(b'_'))
}

/// Match offsets of the whole match and of each group (`None`: the group
/// did not take part).
pub(crate) type Captures = Vec<Option<(usize, usize)>>;

/// One search of `prog` over `s`.
pub(crate) fn search(prog: &Program, s: &[u8]) -> Option<Captures> {
    let n = prog.strip.len();
    let mut m = Matcher {
        first_bytes: None,
        word_anchors: true,
        prog,
        strip: &prog.strip,
        s,
        coldp: 0,
        pmatch: vec![(-1, -1); prog.nsub + 1],
        lastpos: vec![0; prog.nplus + 1],
        depth: 0,
        steps: 0,
        st: States::new(n + 1),
        fresh: States::new(n + 1),
        tmp: States::new(n + 1),
    };
    m.first_bytes = m.compute_first_bytes();
    // Without word anchors a word-boundary step changes nothing (the
    // state sets are closed under empty moves).
    m.word_anchors = prog.strip.iter().any(|s| matches!(s.op, Op::Bow | Op::Eow));
    m.run()
}

struct Matcher<'a> {
    /// Bytes that can start a match, when that is all a match start needs
    /// (no anchors, no empty match): lets `fast` skip the rest.
    first_bytes: Option<CharSet>,
    word_anchors: bool,
    prog: &'a Program,
    strip: &'a [Sop],
    s: &'a [u8],
    coldp: usize,
    pmatch: Vec<(isize, isize)>,
    lastpos: Vec<usize>,
    depth: usize,
    steps: u64,
    st: States,
    fresh: States,
    tmp: States,
}

impl Matcher<'_> {
    fn end(&self) -> usize {
        self.s.len()
    }
    /// The operation at `i`; past the end (only in programs made from
    /// copies of dropped operations) an operation that matches nothing.
    fn sop(&self, i: usize) -> Sop {
        self.strip.get(i).copied().unwrap_or(Sop { op: Op::Nop, opnd: 0 })
    }
    fn opnd(&self, i: usize) -> usize {
        self.sop(i).opnd as usize
    }

    fn run(&mut self) -> Option<Captures> {
        let gf = 1;
        let gl = self.strip.len() - 1;
        let stop = self.end();
        let mut start = 0;
        let endp;
        loop {
            self.fast(start, stop, gf, gl)?;
            let mut e = loop {
                if let Some(e) = self.slow(self.coldp, stop, gf, gl) {
                    break e;
                }
                if self.coldp >= self.end() {
                    return None;
                }
                self.coldp += 1;
            };
            if self.prog.nsub == 0 && !self.prog.backrefs {
                endp = e;
                break;
            }
            for p in self.pmatch.iter_mut().skip(1) {
                *p = (-1, -1);
            }
            if !self.prog.backrefs {
                self.dissect(self.coldp, e, gf, gl);
                endp = e;
                break;
            }
            let mut dp = self.backref(self.coldp, e, gf, gl, 0, 0);
            let mut end_known = true;
            while dp.is_none() && e > self.coldp {
                match self.slow(self.coldp, e - 1, gf, gl) {
                    Some(shorter) => {
                        e = shorter;
                        dp = self.backref(self.coldp, e, gf, gl, 0, 0);
                    }
                    None => {
                        end_known = false;
                        break;
                    }
                }
            }
            if dp.is_some() {
                endp = e;
                break;
            }
            if self.coldp >= stop {
                // The C library gives up here and reports the last span it
                // tried as a match (its groups unset).
                if !end_known {
                    return None;
                }
                endp = e;
                break;
            }
            start = self.coldp + 1;
        }
        let mut caps = Vec::with_capacity(self.pmatch.len());
        caps.push(Some((self.coldp, endp)));
        for &(so, eo) in &self.pmatch[1..] {
            caps.push(if so >= 0 && eo >= 0 { Some((so as usize, eo as usize)) } else { None });
        }
        Some(caps)
    }

    /// The bytes that move the start state, if skipping to them is exact:
    /// the program has no anchors and cannot match the empty string.
    fn compute_first_bytes(&self) -> Option<CharSet> {
        let has_anchor = self.strip.iter().any(|s| matches!(s.op, Op::Bol | Op::Eol | Op::Bow | Op::Eow));
        let gl = self.strip.len() - 1;
        if has_anchor {
            return None;
        }
        let mut fresh = States::new(self.strip.len() + 1);
        fresh.set(1);
        self.step(1, gl, None, NOTHING, &mut fresh);
        if fresh.get(gl) {
            return None;
        }
        // A byte advances the start states iff a live state consumes it.
        let mut set = CharSet::default();
        for (pc, s) in self.strip.iter().enumerate().take(gl) {
            if !fresh.get(pc) {
                continue;
            }
            match s.op {
                Op::Char => set.add(s.opnd as u8),
                Op::AnyOf => set = set.union(&self.prog.sets[s.opnd as usize]),
                Op::Any => return None,
                _ => {}
            }
        }
        Some(set)
    }

    /// The input symbol at `p` (OUT at the end).
    fn at(&self, p: usize) -> u16 {
        if p >= self.end() {
            OUT
        } else {
            u16::from(self.s[p])
        }
    }

    /// Applies the line and word boundary steps between `lastc` and `c`.
    fn boundaries(&self, st: &mut States, startst: usize, stopst: usize, lastc: u16, c: u16) {
        let mut flag = 0u16;
        let mut times = 0;
        let newline = self.prog.newline;
        if (lastc == u16::from(b'\n') && newline) || lastc == OUT {
            flag = BOL;
            times = self.prog.nbol;
        }
        if (c == u16::from(b'\n') && newline) || c == OUT {
            flag = if flag == BOL { BOLEOL } else { EOL };
            times += self.prog.neol;
        }
        for _ in 0..times {
            self.step(startst, stopst, None, flag, st);
        }
        if (flag == BOL || (lastc != OUT && !is_word(lastc))) && (c != OUT && is_word(c)) {
            flag = BOW;
        }
        if (lastc != OUT && is_word(lastc)) && (flag == EOL || (c != OUT && !is_word(c))) {
            flag = EOW;
        }
        if (flag == BOW || flag == EOW) && self.word_anchors {
            self.step(startst, stopst, None, flag, st);
        }
    }

    /// Scans for any match; sets `coldp` to where the earliest match can
    /// start. Returns whether one exists.
    fn fast(&mut self, start: usize, stop: usize, startst: usize, stopst: usize) -> Option<()> {
        let mut st = std::mem::replace(&mut self.st, States(Vec::new()));
        let mut fresh = std::mem::replace(&mut self.fresh, States(Vec::new()));
        let mut tmp = std::mem::replace(&mut self.tmp, States(Vec::new()));
        st.clear();
        st.set(startst);
        self.step(startst, stopst, None, NOTHING, &mut st);
        fresh.clone_from(&st);
        let mut c = if start == 0 { OUT } else { u16::from(self.s[start - 1]) };
        let mut coldp = start;
        let mut p = start;
        let skip = self.first_bytes.filter(|_| startst == 1 && stopst == self.strip.len() - 1);
        loop {
            if let Some(first) = skip {
                if p < stop && st == fresh {
                    // No match is under way: jump to the next byte that
                    // can start one (the states stay `fresh` until then).
                    let q = self.s[p..stop].iter().position(|&b| first.contains(b)).map_or(stop, |k| p + k);
                    if q > p {
                        p = q;
                        c = u16::from(self.s[p - 1]);
                    }
                }
            }
            let lastc = c;
            c = self.at(p);
            if st == fresh {
                coldp = p;
            }
            self.boundaries(&mut st, startst, stopst, lastc, c);
            if st.get(stopst) || p == stop {
                break;
            }
            tmp.clone_from(&st);
            st.clone_from(&fresh);
            self.step(startst, stopst, Some(&tmp), c, &mut st);
            p += 1;
        }
        let found = st.get(stopst);
        self.coldp = coldp;
        self.st = st;
        self.fresh = fresh;
        self.tmp = tmp;
        found.then_some(())
    }

    /// The end of the longest match of `startst..stopst` anchored at
    /// `start` and ending by `stop`.
    fn slow(&mut self, start: usize, stop: usize, startst: usize, stopst: usize) -> Option<usize> {
        let mut st = std::mem::replace(&mut self.st, States(Vec::new()));
        let mut tmp = std::mem::replace(&mut self.tmp, States(Vec::new()));
        st.clear();
        st.set(startst);
        self.step(startst, stopst, None, NOTHING, &mut st);
        let mut c = if start == 0 { OUT } else { u16::from(self.s[start - 1]) };
        let mut matchp = None;
        let mut p = start;
        loop {
            let lastc = c;
            c = self.at(p);
            self.boundaries(&mut st, startst, stopst, lastc, c);
            if st.get(stopst) {
                matchp = Some(p);
            }
            if st.is_empty() || p >= stop {
                break;
            }
            tmp.clone_from(&st);
            st.clear();
            self.step(startst, stopst, Some(&tmp), c, &mut st);
            p += 1;
        }
        self.st = st;
        self.tmp = tmp;
        matchp
    }

    /// Maps the states reachable before symbol `ch` to those reachable
    /// after it (`bef: None` steps `aft` in place).
    fn step(&self, start: usize, stop: usize, bef: Option<&States>, ch: u16, aft: &mut States) {
        // The C library keeps programs of up to 64 operations in a machine
        // word passed by value, so an in-place step reads the states as
        // they were before it; larger programs share one array and see
        // their own updates. The two differ for consecutive anchors. Only
        // anchor operations read `bef` in an in-place step (no byte is
        // consumed), so only those steps need the snapshot.
        let snapshot;
        let bef: &[u64] = match bef {
            Some(b) => &b.0,
            None if self.strip.len() <= SMALL_PROGRAM && ch != NOTHING => {
                snapshot = aft.0.clone();
                &snapshot
            }
            None => &[],
        };
        let in_place = bef.is_empty();
        let strip = self.strip;
        let aft = &mut aft.0;
        let cap = aft.len() * 64;
        let get = |w: &[u64], i: usize| i < w.len() * 64 && (w[i >> 6] >> (i & 63)) & 1 == 1;
        let set = |w: &mut Vec<u64>, i: usize| {
            if i < cap {
                w[i >> 6] |= 1 << (i & 63);
            }
        };
        // Visits only live positions: an operation fires only if its state
        // is set before (bytes, anchors) or after (empty moves) the symbol,
        // and everything it sets lies further on (loops jump back and
        // resume there explicitly).
        let next_live = |bef: &[u64], aft: &[u64], from: usize| -> usize {
            let mut i = from >> 6;
            let words = aft.len();
            let mut mask = if from & 63 == 0 { !0u64 } else { !0u64 << (from & 63) };
            while i < words {
                let w = (aft[i] | bef.get(i).copied().unwrap_or(0)) & mask;
                if w != 0 {
                    return i * 64 + w.trailing_zeros() as usize;
                }
                mask = !0;
                i += 1;
            }
            usize::MAX
        };
        let mut pc = next_live(bef, aft, start);
        while pc < stop {
            let s = strip[pc];
            let here_bef = if in_place { get(aft, pc) } else { get(bef, pc) };
            let here = get(aft, pc);
            match s.op {
                Op::End | Op::Nop => {}
                Op::Char => {
                    if here_bef && ch == s.opnd as u16 {
                        set(aft, pc + 1);
                    }
                }
                Op::Bol => {
                    if here_bef && (ch == BOL || ch == BOLEOL) {
                        set(aft, pc + 1);
                    }
                }
                Op::Eol => {
                    if here_bef && (ch == EOL || ch == BOLEOL) {
                        set(aft, pc + 1);
                    }
                }
                Op::Bow => {
                    if here_bef && ch == BOW {
                        set(aft, pc + 1);
                    }
                }
                Op::Eow => {
                    if here_bef && ch == EOW {
                        set(aft, pc + 1);
                    }
                }
                Op::Any => {
                    if here_bef && ch < 256 {
                        set(aft, pc + 1);
                    }
                }
                Op::AnyOf => {
                    if here_bef && ch < 256 && self.prog.sets[s.opnd as usize].contains(ch as u8) {
                        set(aft, pc + 1);
                    }
                }
                Op::BackStart | Op::BackEnd | Op::PlusStart | Op::QuestEnd | Op::LParen | Op::RParen | Op::ChEnd => {
                    if here {
                        set(aft, pc + 1);
                    }
                }
                Op::PlusEnd => {
                    if here {
                        set(aft, pc + 1);
                        if let Some(back) = pc.checked_sub(s.opnd as usize) {
                            let was = get(aft, back);
                            set(aft, back);
                            if !was && get(aft, back) {
                                // Reconsider the loop body.
                                pc = back;
                                continue;
                            }
                        }
                    }
                }
                Op::QuestStart | Op::ChStart => {
                    if here {
                        set(aft, pc + 1);
                        set(aft, pc + s.opnd as usize);
                    }
                }
                Op::Or1 => {
                    if here {
                        let mut look = 1;
                        let mut hops = 0;
                        let found = loop {
                            let t = self.sop(pc + look);
                            if t.op == Op::ChEnd {
                                break true;
                            }
                            if t.opnd == 0 || hops > strip.len() {
                                break false;
                            }
                            look += t.opnd as usize;
                            hops += 1;
                        };
                        if found {
                            set(aft, pc + look);
                        }
                    }
                }
                Op::Or2 => {
                    if here {
                        set(aft, pc + 1);
                        if self.sop(pc + s.opnd as usize).op != Op::ChEnd {
                            set(aft, pc + s.opnd as usize);
                        }
                    }
                }
            }
            pc = next_live(bef, aft, pc + 1);
        }
    }

    /// The end (exclusive) of the sub-program starting at `ss`.
    fn sub_end(&self, ss: usize) -> usize {
        let mut es = ss;
        match self.sop(ss).op {
            Op::PlusStart | Op::QuestStart => es += self.opnd(es),
            Op::ChStart => {
                let mut hops = 0;
                while self.sop(es).op != Op::ChEnd && self.opnd(es) > 0 && hops <= self.strip.len() {
                    es += self.opnd(es);
                    hops += 1;
                }
            }
            _ => {}
        }
        (es + 1).max(ss + 1)
    }

    /// The longest match end of `ss..es` from `sp` that lets the rest of
    /// the program (`es..stopst`) match exactly up to `stop`.
    fn longest_fitting(&mut self, sp: usize, stop: usize, ss: usize, es: usize, stopst: usize) -> usize {
        let mut stp = stop;
        loop {
            let Some(rest) = self.slow(sp, stp, ss, es) else { return sp };
            if self.slow(rest, stop, es, stopst) == Some(stop) || rest <= sp {
                return rest;
            }
            stp = rest - 1;
        }
    }

    /// Assigns subexpressions for a match of `startst..stopst` spanning
    /// exactly `start..stop` (no back references).
    fn dissect(&mut self, start: usize, stop: usize, startst: usize, stopst: usize) -> usize {
        let mut sp = start;
        let mut ss = startst;
        while ss < stopst {
            let es = self.sub_end(ss);
            match self.sop(ss).op {
                Op::Char | Op::Any | Op::AnyOf => sp += 1,
                Op::Bol | Op::Eol | Op::Bow | Op::Eow => {}
                Op::QuestStart => {
                    let rest = self.longest_fitting(sp, stop, ss, es, stopst);
                    let (ssub, esub) = (ss + 1, es - 1);
                    if self.slow(sp, rest, ssub, esub).is_some() {
                        self.dissect(sp, rest, ssub, esub);
                    }
                    sp = rest;
                }
                Op::PlusStart => {
                    let rest = self.longest_fitting(sp, stop, ss, es, stopst);
                    let (ssub, esub) = (ss + 1, es - 1);
                    let mut ssp = sp;
                    let mut oldssp = ssp;
                    let mut sep;
                    loop {
                        sep = self.slow(ssp, rest, ssub, esub);
                        match sep {
                            Some(e) if e != ssp => {
                                oldssp = ssp;
                                ssp = e;
                            }
                            _ => break,
                        }
                    }
                    let sep = match sep {
                        Some(e) => e,
                        None => {
                            let e = ssp;
                            ssp = oldssp;
                            e
                        }
                    };
                    self.dissect(ssp, sep, ssub, esub);
                    sp = rest;
                }
                Op::ChStart => {
                    let rest = self.longest_fitting(sp, stop, ss, es, stopst);
                    let mut ssub = ss + 1;
                    let mut esub = (ss + self.opnd(ss)).saturating_sub(1).max(ssub);
                    let mut hops = 0;
                    loop {
                        hops += 1;
                        if self.slow(sp, rest, ssub, esub) == Some(rest) || hops > self.strip.len() {
                            break;
                        }
                        if self.sop(esub).op != Op::Or1 {
                            break;
                        }
                        esub += 1;
                        ssub = esub + 1;
                        esub += self.opnd(esub);
                        if self.sop(esub).op == Op::Or2 {
                            esub -= 1;
                        } else if self.sop(esub).op != Op::ChEnd {
                            break;
                        }
                    }
                    self.dissect(sp, rest, ssub, esub);
                    sp = rest;
                }
                Op::LParen => {
                    if let Some(m) = self.pmatch.get_mut(self.strip[ss].opnd as usize) {
                        m.0 = sp as isize;
                    }
                }
                Op::RParen => {
                    if let Some(m) = self.pmatch.get_mut(self.strip[ss].opnd as usize) {
                        m.1 = sp as isize;
                    }
                }
                _ => {}
            }
            ss = es;
        }
        sp
    }

    /// Sets the start (`open`) or end of group `i`; returns the old value.
    fn set_group_bound(&mut self, i: usize, open: bool, v: isize) -> isize {
        let m = &mut self.pmatch[i];
        std::mem::replace(if open { &mut m.0 } else { &mut m.1 }, v)
    }

    /// Matches `startst..stopst` exactly over `start..stop` by
    /// backtracking, assigning subexpressions and checking back references.
    fn backref(
        &mut self,
        start: usize,
        stop: usize,
        startst: usize,
        stopst: usize,
        lev: usize,
        rec: u32,
    ) -> Option<usize> {
        self.steps += 1;
        if self.depth >= MAX_BACKTRACK_DEPTH || self.steps > MAX_BACKTRACK_STEPS {
            return None;
        }
        self.depth += 1;
        let r = self.backref_inner(start, stop, startst, stopst, lev, rec);
        self.depth -= 1;
        r
    }

    fn backref_inner(
        &mut self,
        start: usize,
        stop: usize,
        startst: usize,
        stopst: usize,
        lev: usize,
        rec: u32,
    ) -> Option<usize> {
        let s = self.s;
        let end = self.end();
        let newline = self.prog.newline;
        let mut sp = start;
        let mut ss = startst;
        // The easy part: everything up to the first choice.
        let mut hard = false;
        while !hard && ss < stopst {
            let op = self.sop(ss);
            match op.op {
                Op::Char => {
                    if sp == stop || u16::from(s[sp]) != op.opnd as u16 {
                        return None;
                    }
                    sp += 1;
                }
                Op::Any => {
                    if sp == stop {
                        return None;
                    }
                    sp += 1;
                }
                Op::AnyOf => {
                    if sp == stop || !self.prog.sets[op.opnd as usize].contains(s[sp]) {
                        return None;
                    }
                    sp += 1;
                }
                Op::Bol => {
                    let ok = sp == 0 || (sp < end && s[sp - 1] == b'\n' && newline);
                    if !ok {
                        return None;
                    }
                }
                Op::Eol => {
                    let ok = sp == end || (sp < end && s[sp] == b'\n' && newline);
                    if !ok {
                        return None;
                    }
                }
                Op::Bow => {
                    let before = sp == 0
                        || (sp < end && s[sp - 1] == b'\n' && newline)
                        || (sp > 0 && !is_word(u16::from(s[sp - 1])));
                    if !(before && sp < end && is_word(u16::from(s[sp]))) {
                        return None;
                    }
                }
                Op::Eow => {
                    let after = sp == end
                        || (sp < end && s[sp] == b'\n' && newline)
                        || (sp < end && !is_word(u16::from(s[sp])));
                    if !(after && sp > 0 && is_word(u16::from(s[sp - 1]))) {
                        return None;
                    }
                }
                Op::QuestEnd | Op::ChEnd => {}
                Op::Or1 => {
                    // Done with a branch: skip to the end of the alternation.
                    ss += 1;
                    let mut hops = 0;
                    loop {
                        let d = self.opnd(ss);
                        if d == 0 || hops > self.strip.len() {
                            return None;
                        }
                        ss += d;
                        hops += 1;
                        if self.sop(ss).op == Op::ChEnd {
                            break;
                        }
                    }
                }
                _ => {
                    hard = true;
                    continue;
                }
            }
            ss += 1;
        }
        if !hard {
            return (sp == stop).then_some(sp);
        }
        let op = self.sop(ss);
        match op.op {
            Op::BackStart => {
                let i = op.opnd as usize;
                let &(so, eo) = self.pmatch.get(i)?;
                if eo < 0 || so < 0 {
                    return None;
                }
                let len = (eo - so) as usize;
                let mut rec = rec;
                if len == 0 {
                    if rec > MAX_RECURSION {
                        return None;
                    }
                    rec += 1;
                }
                if sp + len > stop {
                    return None;
                }
                let so = so as usize;
                if s[sp..sp + len] != s[so..so + len] {
                    return None;
                }
                let mut k = ss;
                while !(self.sop(k).op == Op::BackEnd && self.opnd(k) == i) {
                    if k >= self.strip.len() {
                        return None;
                    }
                    k += 1;
                }
                self.backref(sp + len, stop, k + 1, stopst, lev, rec)
            }
            Op::QuestStart => {
                if let Some(dp) = self.backref(sp, stop, ss + 1, stopst, lev, rec) {
                    return Some(dp);
                }
                self.backref(sp, stop, ss + op.opnd as usize + 1, stopst, lev, rec)
            }
            Op::PlusStart => {
                if lev + 1 >= self.lastpos.len() {
                    return None;
                }
                self.lastpos[lev + 1] = sp;
                self.backref(sp, stop, ss + 1, stopst, lev + 1, rec)
            }
            Op::PlusEnd => {
                if lev == 0 || lev >= self.lastpos.len() || op.opnd as usize > ss {
                    return None;
                }
                if sp == self.lastpos[lev] {
                    return self.backref(sp, stop, ss + 1, stopst, lev - 1, rec);
                }
                self.lastpos[lev] = sp;
                match self.backref(sp, stop, ss - op.opnd as usize + 1, stopst, lev, rec) {
                    Some(dp) => Some(dp),
                    None => self.backref(sp, stop, ss + 1, stopst, lev - 1, rec),
                }
            }
            Op::ChStart => {
                let mut ssub = ss + 1;
                let mut esub = (ss + op.opnd as usize).saturating_sub(1);
                let mut hops = 0;
                loop {
                    if let Some(dp) = self.backref(sp, stop, ssub, stopst, lev, rec) {
                        return Some(dp);
                    }
                    hops += 1;
                    if self.sop(esub).op == Op::ChEnd || self.opnd(esub + 1) == 0 || hops > self.strip.len() {
                        return None;
                    }
                    esub += 1;
                    ssub = esub + 1;
                    esub += self.opnd(esub);
                    if self.sop(esub).op == Op::Or2 {
                        esub -= 1;
                    }
                }
            }
            Op::LParen | Op::RParen if (op.opnd as usize) < self.pmatch.len() => {
                // Set the group's start (or end) here; undo it if the rest fails.
                let (i, open) = (op.opnd as usize, op.op == Op::LParen);
                let saved = self.set_group_bound(i, open, sp as isize);
                if let Some(dp) = self.backref(sp, stop, ss + 1, stopst, lev, rec) {
                    return Some(dp);
                }
                self.set_group_bound(i, open, saved);
                None
            }
            _ => None,
        }
    }
}
