#include "doc/edits.h"

#include <algorithm>
#include <exception>
#include <map>

#include "engine/rules/level_columns.h"

namespace twe {
namespace {

std::string g_last_error;
std::string g_last_problem;
tw::Refreshed g_last_refresh;

bool fail(EditorContext& ctx, const std::string& what, const std::exception& e) {
  g_last_error = what + ": " + e.what();
  g_last_problem = e.what();
  if (const auto* edit = dynamic_cast<const tw::LoadError*>(&e); edit && !edit->errors().empty()) {
    const tw::ContentError& w = edit->errors().front();
    g_last_problem = (w.value.empty() ? std::string() : "'" + w.value + "': ") + w.message;
  }
  if (ctx.status) ctx.status(g_last_error);
  return false;
}

bool refuse(EditorContext& ctx, const std::string& message) {
  g_last_error = message;
  g_last_problem = message;
  if (ctx.status) ctx.status(g_last_error);
  return false;
}

bool writable(EditorContext& ctx) {
  if (ctx.store && !ctx.store->read_only()) return true;
  return refuse(ctx, "no database is open for writing");
}

// After a write: re-read what it changed, notify the views, show `message`.
bool done(EditorContext& ctx, const tw::ContentChange& change, const std::string& message) {
  g_last_error.clear();
  g_last_problem.clear();
  std::string error;
  if (!refresh_content(ctx, change, &error)) {
    g_last_error = error;
    if (ctx.status) ctx.status(error);
    return true;  // the write happened; the reload problem is shown
  }
  if (ctx.status) ctx.status(message);
  return true;
}

tw::ContentChange levels_changed() {
  tw::ContentChange ch;
  ch.levels = true;
  return ch;
}

}  // namespace

const std::string& last_edit_error() { return g_last_error; }
const std::string& last_edit_problem() { return g_last_problem; }
const tw::Refreshed& last_refresh() { return g_last_refresh; }

bool reload_content(EditorContext& ctx, std::string* error) {
  if (!ctx.store) {
    ctx.content = tw::Content{};
    ctx.notify_content_changed();
    return true;
  }
  try {
    ctx.content = ctx.store->load_content();
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  g_last_refresh = tw::Refreshed{};
  g_last_refresh.everything = true;
  ctx.notify_content_changed();
  return true;
}

bool refresh_content(EditorContext& ctx, const tw::ContentChange& change, std::string* error) {
  if (!ctx.store) return reload_content(ctx, error);
  try {
    g_last_refresh = ctx.store->refresh(ctx.content, change);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  ctx.notify_content_changed();
  return true;
}

// --- tiles ---

SaveTileCommand::SaveTileCommand(EditorContext& ctx, tw::TileType before, tw::TileType after)
    : wxCommand(true, "Edit tile " + wxString::FromUTF8(after.tile_set + "/" + after.id)),
      ctx_(ctx), before_(std::move(before)), after_(std::move(after)) {}

bool SaveTileCommand::write(const tw::TileType& t) {
  if (!writable(ctx_)) return false;
  try {
    ctx_.store->save_tile_type(t);
  } catch (const std::exception& e) {
    return fail(ctx_, "tile " + t.tile_set + "/" + t.id + " not saved", e);
  }
  tw::ContentChange ch;
  ch.tiles.emplace_back(t.tile_set, t.id);
  return done(ctx_, ch, "Saved tile " + t.tile_set + "/" + t.id);
}
bool SaveTileCommand::Do() { return write(after_); }
bool SaveTileCommand::Undo() { return write(before_); }

AddTileCommand::AddTileCommand(EditorContext& ctx, tw::TileType tile)
    : wxCommand(true, "New tile " + wxString::FromUTF8(tile.tile_set + "/" + tile.id)), ctx_(ctx), tile_(std::move(tile)) {}

bool AddTileCommand::Do() {
  if (!writable(ctx_)) return false;
  const std::string name = tile_.tile_set + "/" + tile_.id;
  try {
    if (ctx_.content.find_tile(tile_.tile_set, tile_.id) >= 0)
      throw std::runtime_error("a tile " + name + " exists already");
    if (tile_.id.empty()) throw std::runtime_error("a tile needs an id");
    ctx_.store->save_tile_type(tile_);
  } catch (const std::exception& e) {
    return fail(ctx_, "tile " + name + " not added", e);
  }
  tw::ContentChange ch;
  ch.tile_list = true;
  return done(ctx_, ch, "Added tile " + name);
}

bool AddTileCommand::Undo() {
  if (!writable(ctx_)) return false;
  try {
    ctx_.store->delete_tile_type(tile_.tile_set, tile_.id);
  } catch (const std::exception& e) {
    return fail(ctx_, "tile " + tile_.tile_set + "/" + tile_.id + " not removed", e);
  }
  tw::ContentChange ch;
  ch.tile_list = true;
  return done(ctx_, ch, "Removed tile " + tile_.tile_set + "/" + tile_.id);
}

// --- rule parameters ---

ParamRows explicit_params(const EditorContext& ctx, const std::string& rule_set) {
  ParamRows rows;
  if (!ctx.store) return rows;
  for (auto& [k, v] : ctx.store->rule_params(rule_set)) rows.emplace_back(k, v);
  return rows;
}

SetRuleParamsCommand::SetRuleParamsCommand(EditorContext& ctx, std::string rule_set,
                                           ParamRows after)
    : wxCommand(true, "Set " + wxString::FromUTF8(after.size() == 1 ? after[0].first : "parameters") +
                          " of " + wxString::FromUTF8(rule_set)),
      ctx_(ctx), rule_set_(std::move(rule_set)), after_(std::move(after)) {
  std::map<std::string, int64_t> old;
  for (auto& [k, v] : explicit_params(ctx_, rule_set_)) old[k] = *v;
  for (auto& [k, v] : after_) {
    auto it = old.find(k);
    before_.emplace_back(k, it == old.end() ? std::nullopt : std::optional<int64_t>(it->second));
  }
}

bool SetRuleParamsCommand::write(const ParamRows& rows) {
  if (!writable(ctx_)) return false;
  tw::ContentChange ch;
  try {
    ch = ctx_.store->set_rule_params(rule_set_, rows);
  } catch (const std::exception& e) {
    return fail(ctx_, "rule set " + rule_set_ + " not changed", e);
  }
  return done(ctx_, ch, "Saved rule set " + rule_set_);
}
bool SetRuleParamsCommand::Do() { return write(after_); }
bool SetRuleParamsCommand::Undo() { return write(before_); }

// --- clone ---

CloneRuleSetCommand::CloneRuleSetCommand(EditorContext& ctx, std::string source, std::string new_id,
                                         std::string new_name)
    : wxCommand(true, "Clone rule set " + wxString::FromUTF8(source)), ctx_(ctx),
      source_(std::move(source)), new_id_(std::move(new_id)), new_name_(std::move(new_name)) {}

bool CloneRuleSetCommand::Do() {
  if (!writable(ctx_)) return false;
  tw::ContentChange ch;
  try {
    // A variant of the source: its parent, every rule inherited ("Compare with parent"
    // then shows just what the clone changes).
    ch = ctx_.store->clone_rule_set(source_, new_id_, new_name_, true);
  } catch (const std::exception& e) {
    return fail(ctx_, "rule set " + new_id_ + " not created", e);
  }
  return done(ctx_, ch, "Created rule set " + new_id_ + ", a variant of " + source_);
}

bool CloneRuleSetCommand::Undo() {
  if (!writable(ctx_)) return false;
  tw::ContentChange ch;
  try {
    ch = ctx_.store->delete_rule_set(new_id_);
  } catch (const std::exception& e) {
    return fail(ctx_, "rule set " + new_id_ + " not removed", e);
  }
  return done(ctx_, ch, "Removed rule set " + new_id_);
}

// --- pool ---

SetPoolCountCommand::SetPoolCountCommand(EditorContext& ctx, std::string rule_set, std::string tile_set,
                                         std::string tile_id, int count)
    : wxCommand(true, "Set count of " + wxString::FromUTF8(tile_id) + " in " + wxString::FromUTF8(rule_set)),
      ctx_(ctx), rule_set_(std::move(rule_set)), tile_set_(std::move(tile_set)),
      tile_id_(std::move(tile_id)), after_(count) {
  if (ctx_.store) {
    try {
      before_ = ctx_.store->pool_count(rule_set_, tile_set_, tile_id_);
    } catch (const std::exception&) {
      before_ = 0;  // Do() reports the problem
    }
  }
}

bool SetPoolCountCommand::write(int count) {
  if (!writable(ctx_)) return false;
  tw::ContentChange ch;
  try {
    ch = ctx_.store->set_pool_count(rule_set_, tile_set_, tile_id_, count);
  } catch (const std::exception& e) {
    return fail(ctx_, "pool of " + rule_set_ + " not changed", e);
  }
  return done(ctx_, ch, "Pool of " + rule_set_ + ": " + tile_id_ + " x" + std::to_string(count));
}
bool SetPoolCountCommand::Do() { return write(after_); }
bool SetPoolCountCommand::Undo() { return write(before_); }

// --- levels ---

CloneLevelCommand::CloneLevelCommand(EditorContext& ctx, std::string source, std::string new_id, std::string new_name)
    : wxCommand(true, "Clone level " + wxString::FromUTF8(source)),
      ctx_(ctx), source_(std::move(source)), new_id_(std::move(new_id)), new_name_(std::move(new_name)) {}

bool CloneLevelCommand::Do() {
  if (!writable(ctx_)) return false;
  tw::ContentChange ch;
  try {
    ch = ctx_.store->clone_level(source_, new_id_, new_name_);
  } catch (const std::exception& e) {
    return fail(ctx_, "level " + source_ + " not cloned", e);
  }
  return done(ctx_, ch, "Cloned level " + source_ + " as " + new_id_);
}

bool CloneLevelCommand::Undo() {
  if (!writable(ctx_)) return false;
  try {
    ctx_.store->delete_level(new_id_);
  } catch (const std::exception& e) {
    return fail(ctx_, "level " + new_id_ + " not removed", e);
  }
  return done(ctx_, levels_changed(), "Removed level " + new_id_);
}

SetLevelFieldCommand::SetLevelFieldCommand(EditorContext& ctx, std::string level, std::string column,
                                           std::string value)
    : wxCommand(true, "Set " + wxString::FromUTF8(column) + " of level " + wxString::FromUTF8(level)),
      ctx_(ctx), level_(std::move(level)), column_(std::move(column)), after_(std::move(value)) {
  // The value before, as the level table writes it (from the loaded content, which the
  // edits keep up to date).
  if (const tw::Level* l = ctx_.content.find_level(level_)) {
    if (column_ == "followers")
      before_ = tw::level_followers_text(l->followers);
    else if (const tw::LevelColumn* c = tw::find_level_column(column_))
      before_ = c->get(*l);
  }
}

bool SetLevelFieldCommand::write(const std::string& value) {
  if (!writable(ctx_)) return false;
  tw::ContentChange ch;
  try {
    if (column_ == "followers") {
      // "1p: 4x3; 2p: 2x3; 3p: 1x5": the level_followers rows, replaced as a whole.
      std::string why;
      const auto rows = tw::parse_level_followers(value, &why);
      if (!rows) return refuse(ctx_, "level " + level_ + " not changed: " + why);
      ch = ctx_.store->set_level_followers(level_, *rows);
    } else {
      ch = ctx_.store->set_level_value(level_, column_, value);
    }
  } catch (const std::exception& e) {
    return fail(ctx_, "level " + level_ + " not changed", e);
  }
  return done(ctx_, ch, column_ == "followers" ? "Saved the followers of level " + level_ : "Saved level " + level_);
}
bool SetLevelFieldCommand::Do() { return write(after_); }
bool SetLevelFieldCommand::Undo() { return write(before_); }

}  // namespace twe
