// tw_mkdb --out FILE script.sql...: builds a Tilewright database from content scripts.
//
// The database is built as FILE.tmp (all migrations, then each script in its own
// transaction, then meta content_version) and fully loaded and validated before it is
// renamed to FILE: a failed build never leaves a half-made FILE behind. Exit status 0 on
// success (one summary line on stdout), 1 with every problem on stderr, 2 on bad usage.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/text.h"
#include "schema/migrations.h"
#include "schema/pack.h"
#include "schema/store.h"

namespace {

constexpr const char* kUsage = "usage: tw_mkdb --out FILE script.sql...\n";

// FNV-1a, 64 bits: a stable digest of the scripts, so content_version changes exactly
// when the shipped content does.
uint64_t fnv1a(uint64_t h, const std::string& s) {
  for (unsigned char ch : s) {
    h ^= ch;
    h *= 0x100000001b3ULL;
  }
  return h;
}


}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::string out;
  std::vector<std::string> scripts;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (arg == "--out") {
      if (i + 1 >= argc) {
        std::cerr << "tw_mkdb: --out needs a file name\n" << kUsage;
        return 2;
      }
      out = argv[++i];
    } else if (arg.rfind("--", 0) == 0) {
      std::cerr << "tw_mkdb: unknown option " << arg << "\n" << kUsage;
      return 2;
    } else {
      scripts.push_back(arg);
    }
  }
  if (out.empty()) {
    std::cerr << "tw_mkdb: --out FILE is required\n" << kUsage;
    return 2;
  }

  const std::string tmp = out + ".tmp";
  std::error_code ec;
  fs::remove(tmp, ec);
  try {
    size_t tile_types = 0;
    int tiles = 0;
    size_t rule_sets = 0;
    {
      tw::Store store = tw::Store::open(tmp, tw::Store::Mode::Create);
      uint64_t digest = 0xcbf29ce484222325ULL;
      for (const auto& path : scripts) {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw tw::StoreError(path + ": cannot read the script");
        std::ostringstream text;
        text << in.rdbuf();
        store.exec_script(text.str(), path);
        digest = fnv1a(fnv1a(digest, fs::path(path).filename().string()), text.str());
      }
      store.set_meta("content_version", tw::text::hex64(digest));
      const tw::Content content = store.load_content();
      // Every item as shipped, so `tilewright content update` can tell a user's change
      // from an older shipped version (schema/pack.h).
      tw::pack::mark_all_shipped(store);
      tile_types = content.tiles.size();
      for (const auto& t : content.tiles) tiles += t.count;
      rule_sets = content.rule_sets.size();
    }
    fs::rename(tmp, out, ec);
    if (ec) throw tw::StoreError(out + ": cannot move the finished database into place: " +
                                 ec.message());
    std::cout << "tw_mkdb: " << out << ": " << tile_types << " tile types (" << tiles
              << " tiles), " << rule_sets << " rule set" << (rule_sets == 1 ? "" : "s")
              << ", schema version " << tw::latest_schema_version() << "\n";
    return 0;
  } catch (const tw::LoadError& e) {
    fs::remove(tmp, ec);
    std::cerr << e.what() << "\ntw_mkdb: " << e.errors().size() << " problem"
              << (e.errors().size() == 1 ? "" : "s") << " in the content; " << out
              << " was not written\n";
    return 1;
  } catch (const std::exception& e) {
    fs::remove(tmp, ec);
    std::cerr << "tw_mkdb: " << e.what() << "\ntw_mkdb: " << out << " was not written\n";
    return 1;
  }
}
