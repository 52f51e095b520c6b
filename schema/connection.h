// The store layer's own door to a Store's SQLite connection. Only the store layer uses
// it: schema/ (the Store, packs, the game server's rooms) and replay/replay_store.cpp
// (the replay tables, whose logs need Boost.Serialization), and the tests that look at
// rows directly. Every other file calls a named, typed store function instead;
// tests/check_store_sql.sh fails when a file outside the store layer includes this
// header or names SQLite.
#pragma once

#include <SQLiteCpp/Database.h>

#include "schema/store.h"

namespace tw::store_layer {

// The open connection of `s` (read-only or writable as `s` was opened).
SQLite::Database& connection(Store& s);

}  // namespace tw::store_layer
