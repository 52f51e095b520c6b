// The editor's document layer: undoable edits of the open database. Each edit is a
// wxCommand whose Do()/Undo() call one edit of the store (schema/store.h: checked in C++,
// one transaction, a typed EditError when refused), then bring ctx.content up to date
// by re-reading only what the edit changed (Store::refresh) and notify the views. No SQL
// here: views and commands never touch SQLite, and every change can be undone and
// redone. A refused write leaves the database as it was, reports the problem (naming
// table, row and column) through ctx.status and last_edit_error() and returns false, so
// wxCommandProcessor does not record it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <wx/cmdproc.h>

#include "context.h"

namespace twe {

// Reloads ctx.content from ctx.store and notifies the views; false with *error on
// failure (ctx.content is then left as it was).
bool reload_content(EditorContext& ctx, std::string* error = nullptr);

// Re-reads what `change` names into ctx.content (Store::refresh) and notifies the views;
// false with *error on failure. What the last call read: last_refresh().
bool refresh_content(EditorContext& ctx, const tw::ContentChange& change, std::string* error = nullptr);
const tw::Refreshed& last_refresh();

// The message of the last edit that failed ("" when the last one succeeded).
const std::string& last_edit_error();
// Its short form, for showing next to the field: what was wrong with the value (the
// store's first problem, without the database path and row), "" when it succeeded.
const std::string& last_edit_problem();

// Replaces a tile type (identified by tile_set and id) with `after`; Undo writes `before`.
class SaveTileCommand : public wxCommand {
 public:
  SaveTileCommand(EditorContext& ctx, tw::TileType before, tw::TileType after);
  bool Do() override;
  bool Undo() override;

 private:
  bool write(const tw::TileType& t);
  EditorContext& ctx_;
  tw::TileType before_, after_;
};

// A new tile type (a designer's "save as new"); Undo deletes it again.
class AddTileCommand : public wxCommand {
 public:
  AddTileCommand(EditorContext& ctx, tw::TileType tile);
  bool Do() override;
  bool Undo() override;

 private:
  EditorContext& ctx_;
  tw::TileType tile_;
};

// A rule set's explicit parameter rows: key -> value, or nullopt for "no row" (inherited
// from the parent or the engine default).
using ParamRows = tw::ParamEdit;

// The rule_param rows a rule set sets itself (not inherited).
ParamRows explicit_params(const EditorContext& ctx, const std::string& rule_set);

// Sets (or removes, for nullopt) rule parameter rows; Undo restores the old rows.
class SetRuleParamsCommand : public wxCommand {
 public:
  SetRuleParamsCommand(EditorContext& ctx, std::string rule_set, ParamRows after);
  bool Do() override;
  bool Undo() override;

 private:
  bool write(const ParamRows& rows);
  EditorContext& ctx_;
  std::string rule_set_;
  ParamRows before_, after_;
};

// Copies rule set `source` (its row, parameters and pool) as `new_id`; Undo deletes it.
class CloneRuleSetCommand : public wxCommand {
 public:
  CloneRuleSetCommand(EditorContext& ctx, std::string source, std::string new_id,
                      std::string new_name);
  bool Do() override;
  bool Undo() override;

 private:
  EditorContext& ctx_;
  std::string source_, new_id_, new_name_;
};

// Copies co-op level `source` (its row and follower rows) as `new_id` through
// Store::save_level (checked, one transaction); Undo deletes the copy.
class CloneLevelCommand : public wxCommand {
 public:
  CloneLevelCommand(EditorContext& ctx, std::string source, std::string new_id, std::string new_name);
  bool Do() override;
  bool Undo() override;

 private:
  EditorContext& ctx_;
  std::string source_, new_id_, new_name_;
};

// Sets a rule set's pool count for one tile (0 removes the row); Undo restores it.
class SetPoolCountCommand : public wxCommand {
 public:
  SetPoolCountCommand(EditorContext& ctx, std::string rule_set, std::string tile_set,
                      std::string tile_id, int count);
  bool Do() override;
  bool Undo() override;

 private:
  bool write(int count);
  EditorContext& ctx_;
  std::string rule_set_, tile_set_, tile_id_;
  int before_ = 0, after_ = 0;
};

// Sets one column of a level (a column of tw::level_columns(), or "followers": its
// level_followers rows as tw::level_followers_text() writes them) through
// Store::set_level_value / set_level_followers. Undo restores the old value.
class SetLevelFieldCommand : public wxCommand {
 public:
  SetLevelFieldCommand(EditorContext& ctx, std::string level, std::string column, std::string value);
  bool Do() override;
  bool Undo() override;

 private:
  bool write(const std::string& value);
  EditorContext& ctx_;
  std::string level_, column_, before_, after_;
};

}  // namespace twe
