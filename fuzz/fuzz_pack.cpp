// libFuzzer target: content packs (schema/pack.h) on any bytes. A pack is parsed and, if
// it reads, imported into a new database in memory, all or nothing. The only acceptable
// failures are StoreErrors (PackError and LoadError among them) naming the problem; any
// other exception escapes and is reported, as is a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "schema/pack.h"
#include "schema/store.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tw;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    pack::Pack p = pack::parse_pack(text, "fuzz.json");
    Store store = Store::open_scratch({}, "fuzz.db");
    pack::import_pack(store, std::move(p), {});
    (void)store.load_content();
  } catch (const StoreError&) {
    return 0;
  }
  return 0;
}
