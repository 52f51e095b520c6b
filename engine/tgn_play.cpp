#include "engine/tgn_play.h"
#include "engine/plural.h"

namespace tw::tgn {

std::optional<Option> read_decision(const Game& g, const Node& node, int ply, std::string& error) {
  if (g.finished()) {
    error = "ply " + std::to_string(ply) + ": '" + node.move + "' comes after the end of the game";
    return std::nullopt;
  }
  std::string why;
  auto o = g.parse_option(node.move, &why);
  if (o) return o;
  std::string where = "ply " + std::to_string(ply);
  if (node.line > 0) where += " (line " + std::to_string(node.line) + ")";
  error = where + ": illegal decision '" + node.move + "': " + why;
  if (why.find("legal option") == std::string::npos)
    error += " (" + text::counted(static_cast<long long>(g.pending().options.size()), "legal option", "legal options") + ")";
  return std::nullopt;
}

}  // namespace tw::tgn
