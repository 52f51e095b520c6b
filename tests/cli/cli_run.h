// The command line as a user types it, for the CLI tests: run_cli with these words
// (the program name is added) and `input` on standard input; what it printed and the
// exit code.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"

namespace tw::test {

struct CliResult {
  int code;
  std::string out, err;
};

inline CliResult cli(const std::vector<std::string>& words, const std::string& input = "") {
  std::vector<std::string> args{"tilewright"};
  args.insert(args.end(), words.begin(), words.end());
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = run_cli(args, in, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace tw::test
