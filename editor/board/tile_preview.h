// TilePreview: a small window showing one tile type in one rotation (the drawn tile in
// the play view, the selected tile in the scenario view).
#pragma once

#include <wx/window.h>

#include "engine/content.h"

namespace twe {

class TilePreview : public wxWindow {
 public:
  TilePreview(wxWindow* parent, int size = 96);
  void set(const tw::TileType* t, int rot) { tile_ = t; rot_ = rot; Refresh(); }

 private:
  const tw::TileType* tile_ = nullptr;
  int rot_ = 0;
};

}  // namespace twe
