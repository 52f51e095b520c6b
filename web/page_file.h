// Writing the web page of a game to a file (the editor's File > Export web page...; the
// CLI writes through its own cli/files.h). The one function of web/ that does I/O.
#pragma once

#include <string>

#include "web/page.h"

namespace tw::web {

// Writes page_html(c, r, o) to `path` (".html" appended when it has no extension), through
// a temporary file renamed over it: the old file stays whole when the write fails. Returns
// "" or what went wrong (a replay the engine refuses, a file that cannot be written).
std::string write_page_file(const std::string& path, const Content& c, const replay::Replay& r,
                            const PageOptions& o = {});

}  // namespace tw::web
