// TGN import and export of replays (the notation is /work/shared/NOTATION.md; the syntax
// layer is engine/tgn.h).
//
// Import is lax (whatever tgn::parse accepts: any spacing, missing turn numbers) and then
// strict about the game: the tags give the setup, the engine plays the main line and
// every variation from its branch point, and each decision is stored as the engine's
// canonical option string. Comments and glyphs become annotations, the comment before
// the first decision the pinned comment, and the record's tags are kept in the log's
// header (but for a Result tag the main line does not reach: ImportResult::warnings).
// Export writes the canonical text (tgn::write), so canonical TGN -> replay -> TGN is
// byte-identical. Board markers have no TGN syntax and are not exported (the XML archive
// keeps them).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/content.h"
#include "engine/tgn.h"
#include "replay/tree.h"

namespace tw::replay {

struct ImportResult {
  std::optional<Replay> replay;     // engaged exactly when errors is empty
  std::vector<std::string> errors;  // each names the source, line and column or ply
  // What was stored otherwise than written, each naming the source: a Result tag that
  // the main line does not reach is replaced by the replayed result, or dropped when the
  // main line ends before the game does (settle_result_tag, replay/log.h).
  std::vector<std::string> warnings;
};

// `source` names the text in messages (a file name).
ImportResult import_tgn(const Content& content, std::string_view text, const std::string& source);
ImportResult import_record(const Content& content, const tgn::Record& record,
                           const std::string& source);

tgn::Record to_record(const Replay& r);
std::string export_tgn(const Replay& r);

}  // namespace tw::replay
