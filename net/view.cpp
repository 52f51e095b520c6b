#include "net/view.h"

#include "engine/report.h"
#include "net/view_draw.h"
#include "present/record.h"

namespace tw::net {

nlohmann::ordered_json public_view(const Game& g) {
  nlohmann::ordered_json j = state_json(g);
  // A face-down tile shows its place, not its type (the game's report says which).
  const ViewReport rep = view_report(g);
  for (size_t i = 0; i < rep.tiles.size() && i < j["board"].size(); ++i)
    if (rep.tiles[i].face_down) j["board"][i]["tile"] = nullptr;
  if (!g.finished()) j["pending"]["seat"] = g.pending().player;  // who decides, as a seat number
  std::string text = state_text(g);
  text += drawn_tile_text(g);
  j["text"] = text;
  j["events"] = event_lines(g);
  add_drawing(g, j);
  return j;
}

}  // namespace tw::net
