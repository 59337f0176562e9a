//! Runs regex cases in the format of `scripts/oracle/llvm_regex.cpp` with
//! tessel's engine, for differential testing against llvm::Regex.

use std::io::{BufRead, Write};
use tessel_filecheck::regex::{Flags, Regex};

fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            i += 1;
            out.push(match b[i] {
                b'n' => b'\n',
                b't' => b'\t',
                c => c,
            });
        } else {
            out.push(b[i]);
        }
        i += 1;
    }
    out
}

fn main() {
    // Deep backtracking needs a large stack, as in the FileCheck driver.
    std::thread::Builder::new().stack_size(256 << 20).spawn(run).unwrap().join().unwrap();
}

fn run() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    while let (Some(flags), Some(pat), Some(text)) = (lines.next(), lines.next(), lines.next()) {
        let f = Flags { newline: flags.contains('n'), ignore_case: flags.contains('i') };
        let (p, t) = (unescape(&pat), unescape(&text));
        match Regex::from_bytes(&p, f) {
            Err(e) => writeln!(out, "invalid: {e}").unwrap(),
            Ok(re) => match re.captures(&t) {
                None => writeln!(out, "nomatch").unwrap(),
                Some(caps) => {
                    let mut line = String::from("match");
                    for g in caps {
                        match g {
                            Some((s, e)) => line.push_str(&format!(" {s}:{e}")),
                            None => line.push_str(" -"),
                        }
                    }
                    writeln!(out, "{line}").unwrap();
                }
            },
        }
    }
}
