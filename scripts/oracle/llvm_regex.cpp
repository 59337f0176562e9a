// Oracle for tessel's regex engine: reads cases from stdin and prints what
// llvm::Regex makes of them. Each case is three lines: flags ("n" newline,
// "i" ignore case, "-" none), the pattern and the text, with "\n" and "\\"
// escaped. Output per case: "invalid: <message>", "nomatch", or "match"
// followed by the offsets of the match and of each group ("-" if unset).
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"
#include <csignal>
#include <iostream>
#include <unistd.h>
#include <string>

static std::string unescape(const std::string &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char c = s[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += s[i];
    }
  }
  return out;
}

// A case that runs away (the library backtracks exponentially on some
// patterns with back references) ends the process with status 124.
static void onAlarm(int) { _exit(124); }

int main() {
  std::signal(SIGALRM, onAlarm);
  std::string flags, pat, text;
  while (std::getline(std::cin, flags) && std::getline(std::cin, pat) &&
         std::getline(std::cin, text)) {
    unsigned f = 0;
    if (flags.find('n') != std::string::npos) f |= llvm::Regex::Newline;
    if (flags.find('i') != std::string::npos) f |= llvm::Regex::IgnoreCase;
    std::string p = unescape(pat), t = unescape(text);
    alarm(5);
    llvm::Regex re(p, f);
    std::string err;
    if (!re.isValid(err)) {
      std::cout << "invalid: " << err << std::endl;
      continue;
    }
    llvm::SmallVector<llvm::StringRef, 8> m;
    if (!re.match(t, &m)) {
      std::cout << "nomatch" << std::endl;
      continue;
    }
    std::cout << "match";
    for (auto &g : m) {
      if (g.data() == nullptr) std::cout << " -";
      else std::cout << " " << (g.data() - t.data()) << ":" << (g.data() - t.data() + g.size());
    }
    std::cout << std::endl;
  }
}
