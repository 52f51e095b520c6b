#include "web/page_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace tw::web {

std::string write_page_file(const std::string& path, const Content& c, const replay::Replay& r, const PageOptions& o) {
  std::string html;
  try {
    html = page_html(c, r, o);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  std::string target = path;
  if (std::filesystem::path(target).extension().empty()) target += ".html";
  const std::string tmp = target + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << html;
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return "cannot write " + target;
    }
  }
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    std::remove(tmp.c_str());
    return "cannot write " + target;
  }
  return {};
}

}  // namespace tw::web
