// The state every editor view shares: the open database, its content, the undo stack.
// Owned by the main frame; views keep a reference and subscribe to content changes.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/content.h"
#include "schema/store.h"

class wxCommandProcessor;
class wxConfigBase;

namespace twe {

struct EditorContext {
  std::string db_path;                   // the open database file
  std::unique_ptr<tw::Store> store;      // opened read-write (null when none is open)
  tw::Content content;                   // loaded from store
  wxCommandProcessor* commands = nullptr;  // the frame's undo/redo stack
  wxConfigBase* config = nullptr;        // settings (wxConfig)
  std::function<void(const std::string&)> status;  // show a message in the status bar

  // Called after content was (re)loaded or edited, so views refresh.
  std::vector<std::function<void()>> content_listeners;
  void notify_content_changed() {
    for (auto& f : content_listeners) f();
  }
};

}  // namespace twe
