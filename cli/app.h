// The `tilewright` command line as one function: what main() runs, and what the tests
// run with their own arguments and streams.
//
// Conventions (README, "The command line"):
//   exit 0 ok, 1 an illegal decision or a failed check, 2 usage or bad input (CLI11's own
//   usage errors included), 3 a database that cannot be used;
//   global options (--db) before or after the subcommand;
//   "did you mean" for a misspelled subcommand or option, and every "unknown X" lists
//   the known ones;
//   every command that takes --json prints a JSON object on failure too, with the same
//   exit code: {"error": ..., "ply": ..., "line": ...}.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tw {

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

// The shell completion script for `shell` ("bash" or "zsh"), generated from the command
// definitions; "" for another shell.
std::string completion_script(const std::string& shell);
// The manual page (roff, section 1), generated from the command definitions.
std::string man_page();

}  // namespace tw
