//! Running a compiled program: the state-set simulation that finds the
//! leftmost-longest match, then the assignment of subexpressions (by
//! "dissection" without back references, by backtracking with them),
//! following the choices of LLVM's regex library.

use super::compile::{Op, Program, Sop};

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
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
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
    m.run()
}

struct Matcher<'a> {
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
    fn sop(&self, i: usize) -> Sop {
        self.strip[i]
    }
    fn opnd(&self, i: usize) -> usize {
        self.strip[i].opnd as usize
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
        if flag == BOW || flag == EOW {
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
        loop {
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
        // their own updates. The two differ for consecutive anchors.
        let snapshot;
        let bef = match bef {
            None if self.strip.len() <= SMALL_PROGRAM => {
                snapshot = aft.clone();
                Some(&snapshot)
            }
            b => b,
        };
        let mut pc = start;
        while pc != stop {
            let s = self.strip[pc];
            let here_bef = |aft: &States| match bef {
                Some(b) => b.get(pc),
                None => aft.get(pc),
            };
            match s.op {
                Op::End | Op::Nop => {}
                Op::Char => {
                    if ch == s.opnd as u16 && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::Bol => {
                    if (ch == BOL || ch == BOLEOL) && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::Eol => {
                    if (ch == EOL || ch == BOLEOL) && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::Bow => {
                    if ch == BOW && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::Eow => {
                    if ch == EOW && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::Any => {
                    if ch < 256 && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::AnyOf => {
                    if ch < 256 && self.prog.sets[s.opnd as usize].contains(ch as u8) && here_bef(aft) {
                        aft.set(pc + 1);
                    }
                }
                Op::BackStart | Op::BackEnd | Op::PlusStart | Op::QuestEnd | Op::LParen | Op::RParen | Op::ChEnd => {
                    if aft.get(pc) {
                        aft.set(pc + 1);
                    }
                }
                Op::PlusEnd => {
                    let back = pc - s.opnd as usize;
                    if aft.get(pc) {
                        aft.set(pc + 1);
                        let was = aft.get(back);
                        aft.set(back);
                        if !was {
                            // Reconsider the loop body.
                            pc = back;
                            continue;
                        }
                    }
                }
                Op::QuestStart | Op::ChStart => {
                    if aft.get(pc) {
                        aft.set(pc + 1);
                        aft.set(pc + s.opnd as usize);
                    }
                }
                Op::Or1 => {
                    if aft.get(pc) {
                        let mut look = 1;
                        while self.strip[pc + look].op != Op::ChEnd {
                            look += self.strip[pc + look].opnd as usize;
                        }
                        aft.set(pc + look);
                    }
                }
                Op::Or2 => {
                    if aft.get(pc) {
                        aft.set(pc + 1);
                        if self.strip[pc + s.opnd as usize].op != Op::ChEnd {
                            aft.set(pc + s.opnd as usize);
                        }
                    }
                }
            }
            pc += 1;
        }
    }

    /// The end (exclusive) of the sub-program starting at `ss`.
    fn sub_end(&self, ss: usize) -> usize {
        let mut es = ss;
        match self.sop(ss).op {
            Op::PlusStart | Op::QuestStart => es += self.opnd(es),
            Op::ChStart => {
                while self.sop(es).op != Op::ChEnd {
                    es += self.opnd(es);
                }
            }
            _ => {}
        }
        es + 1
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
                    let mut esub = ss + self.opnd(ss) - 1;
                    loop {
                        if self.slow(sp, rest, ssub, esub) == Some(rest) {
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
                    let i = self.opnd(ss);
                    self.pmatch[i].0 = sp as isize;
                }
                Op::RParen => {
                    let i = self.opnd(ss);
                    self.pmatch[i].1 = sp as isize;
                }
                _ => {}
            }
            ss = es;
        }
        sp
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
                    loop {
                        ss += self.opnd(ss);
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
                let (so, eo) = self.pmatch[i];
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
                self.lastpos[lev + 1] = sp;
                self.backref(sp, stop, ss + 1, stopst, lev + 1, rec)
            }
            Op::PlusEnd => {
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
                let mut esub = ss + op.opnd as usize - 1;
                loop {
                    if let Some(dp) = self.backref(sp, stop, ssub, stopst, lev, rec) {
                        return Some(dp);
                    }
                    if self.sop(esub).op == Op::ChEnd {
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
            Op::LParen => {
                let i = op.opnd as usize;
                let saved = self.pmatch[i].0;
                self.pmatch[i].0 = sp as isize;
                if let Some(dp) = self.backref(sp, stop, ss + 1, stopst, lev, rec) {
                    return Some(dp);
                }
                self.pmatch[i].0 = saved;
                None
            }
            Op::RParen => {
                let i = op.opnd as usize;
                let saved = self.pmatch[i].1;
                self.pmatch[i].1 = sp as isize;
                if let Some(dp) = self.backref(sp, stop, ss + 1, stopst, lev, rec) {
                    return Some(dp);
                }
                self.pmatch[i].1 = saved;
                None
            }
            _ => None,
        }
    }
}
