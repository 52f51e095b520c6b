// tilewright: the command line. Everything it does is cli/app.h's run_cli, which the
// tests call with their own arguments and streams.
#include <iostream>
#include <string>
#include <vector>

#include "cli/app.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  return tw::run_cli(args, std::cin, std::cout, std::cerr);
}
