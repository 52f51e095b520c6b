// `tilewright content ...`: the rule sets, levels and tile sets of a database, and
// content packs to share them (schema/pack.h; docs/content-packs.md).
//
//   content list [--json]                      rule sets, levels, tile sets: id, system,
//                                              parent, digest, shipped/changed/own
//   content show ID [--json]                   every parameter: value, default, where it
//                                              is inherited from, range, meaning
//   content diff A B [--json]                  what differs (exit 1 when something does)
//   content export ID... [--out FILE]          a content pack of what the ids need
//   content import FILE [--rename NEW|OLD=NEW]... [--replace] [--dry-run]
//   content clone SRC NEW [--set KEY=VALUE]... [--name TEXT] [--dry-run]
//                                              a checked copy with some values changed
//   content update [--from DB] [--force] [--dry-run]
//                                              shipped content into your database
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tw {

struct ContentArgs {
  enum class Action { None, List, Show, Diff, Export, Import, Update, Clone };
  Action action = Action::None;
  std::optional<std::string> db;
  bool json = false;
  std::vector<std::string> ids;      // show (1), diff (2), export (1+)
  std::string file;                  // import
  std::string out_file;              // export
  std::vector<std::string> renames;  // import: NEW or OLD=NEW
  bool replace = false;              // import
  bool dry_run = false;              // import, update
  bool force = false;                // update
  std::string from;                  // update: the shipped database (default: the bundled default.db)
  std::vector<std::string> sets;     // clone: KEY=VALUE
  std::string name;                  // clone: the copy's display name
};

CLI::App* add_content_commands(CLI::App& app, ContentArgs& args);
int cmd_content(const ContentArgs& args, std::ostream& out, std::ostream& err);

}  // namespace tw
