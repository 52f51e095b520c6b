#include "replay/archive.h"

#include "engine/text.h"

#include <cxxabi.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <optional>
#include <sstream>

#include <boost/archive/archive_exception.hpp>
#include <boost/archive/xml_archive_exception.hpp>
#include <boost/archive/xml_iarchive.hpp>
#include <boost/archive/xml_oarchive.hpp>
#include <boost/crc.hpp>
#include <boost/serialization/nvp.hpp>
#include <boost/serialization/split_free.hpp>
#include <boost/serialization/tracking.hpp>
#include <boost/serialization/version.hpp>

#include "replay/digest.h"

// Every class written to an archive: its version (bump it, and handle the old one in
// its load function, whenever its fields change) and no object tracking (nothing is
// serialized through pointers).
#define TW_ARCHIVED(T, V)                                                  \
  BOOST_CLASS_VERSION(T, V)                                                \
  BOOST_CLASS_TRACKING(T, boost::serialization::track_never)              \
  BOOST_SERIALIZATION_SPLIT_FREE(T)

TW_ARCHIVED(tw::replay::Seat, 1)
TW_ARCHIVED(tw::replay::MetaTag, 1)
TW_ARCHIVED(tw::replay::LogHeader, 1)
TW_ARCHIVED(tw::replay::GameLog, 1)
TW_ARCHIVED(tw::replay::Marker, 1)
TW_ARCHIVED(tw::replay::Annotation, 1)
TW_ARCHIVED(tw::replay::VariationRow, 1)
TW_ARCHIVED(tw::replay::AnnotationRow, 1)
TW_ARCHIVED(tw::replay::Replay, 1)

namespace tw::replay {
namespace {

using boost::serialization::make_nvp;
using IArchive = boost::archive::xml_iarchive;
using OArchive = boost::archive::xml_oarchive;

// The size of the archive being loaded: no list in it can have more items than it has
// bytes. Set by `Loading` for the duration of one load on this thread.
thread_local size_t g_load_limit = 0;

struct Loading {
  explicit Loading(size_t bytes) { g_load_limit = bytes; }
  ~Loading() { g_load_limit = 0; }
  Loading(const Loading&) = delete;
  Loading& operator=(const Loading&) = delete;
};

// Thrown from inside a load function; caught and given its place by `load_archive`.
struct BadContent : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
void save_list(OArchive& ar, const char* count_name, const char* item_name,
               const std::vector<T>& v) {
  const uint64_t count = v.size();
  ar << make_nvp(count_name, count);
  for (const T& x : v) ar << make_nvp(item_name, x);
}

template <class T>
void load_list(IArchive& ar, const char* count_name, const char* item_name, std::vector<T>& v) {
  uint64_t count = 0;
  ar >> make_nvp(count_name, count);
  if (count > g_load_limit)
    throw BadContent(std::string(count_name) + " " + std::to_string(count) +
                     " cannot fit in an archive of " + std::to_string(g_load_limit) + " bytes");
  v.clear();
  v.reserve(static_cast<size_t>(count));
  for (uint64_t i = 0; i < count; ++i) {
    T x{};
    ar >> make_nvp(item_name, x);
    v.push_back(std::move(x));
  }
}

// Boost.Serialization hands a class's stored version to its load function without
// checking it against the class's own: this does, naming the class.
template <class T>
void check_version(const char* what, unsigned int version) {
  const unsigned int known = boost::serialization::version<T>::value;
  if (version > known)
    throw BadContent("the archive holds version " + std::to_string(version) + " of tw::replay::" +
                     what + ", newer than this build's " + std::to_string(known) +
                     ": written by a newer Tilewright");
  if (version < 1) throw BadContent(std::string("tw::replay::") + what + " has unknown version 0");
}

}  // namespace

// --- Serialization of each class (found by Boost through argument-dependent lookup).

template <class Ar>
void save(Ar& ar, const Seat& s, unsigned int) {
  ar << make_nvp("name", s.name) << make_nvp("bot", s.bot);
}
template <class Ar>
void load(Ar& ar, Seat& s, unsigned int version) {
  check_version<Seat>("Seat", version);
  ar >> make_nvp("name", s.name) >> make_nvp("bot", s.bot);
}

template <class Ar>
void save(Ar& ar, const MetaTag& t, unsigned int) {
  ar << make_nvp("name", t.name) << make_nvp("value", t.value);
}
template <class Ar>
void load(Ar& ar, MetaTag& t, unsigned int version) {
  check_version<MetaTag>("MetaTag", version);
  ar >> make_nvp("name", t.name) >> make_nvp("value", t.value);
}

template <class Ar>
void save(Ar& ar, const LogHeader& h, unsigned int) {
  ar << make_nvp("magic", h.magic) << make_nvp("format", h.format)
     << make_nvp("engine_version", h.engine_version);
  const std::string digest = hex64(h.rules_digest);
  ar << make_nvp("rules_digest", digest) << make_nvp("rule_set", h.rule_set)
     << make_nvp("level", h.level) << make_nvp("seed", h.seed);
  save_list(ar, "player_count", "player", h.players);
  save_list(ar, "draw_count", "draw", h.draw);
  save_list(ar, "tag_count", "tag", h.tags);
}
template <class Ar>
void load(Ar& ar, LogHeader& h, unsigned int version) {
  check_version<LogHeader>("LogHeader", version);
  ar >> make_nvp("magic", h.magic);
  if (h.magic != kLogMagic) throw BadContent("not a Tilewright game log (its magic is wrong)");
  ar >> make_nvp("format", h.format);
  if (h.format > kLogFormat)
    throw BadContent("game log format " + std::to_string(h.format) +
                     " is newer than this build's " + std::to_string(kLogFormat) +
                     ": written by a newer Tilewright");
  if (h.format < 1) throw BadContent("unknown game log format 0");
  ar >> make_nvp("engine_version", h.engine_version);
  std::string digest;
  ar >> make_nvp("rules_digest", digest);
  const auto d = parse_hex64(digest);
  if (!d) throw BadContent("rules_digest '" + digest + "' is not 16 hex digits");
  h.rules_digest = *d;
  ar >> make_nvp("rule_set", h.rule_set) >> make_nvp("level", h.level) >> make_nvp("seed", h.seed);
  load_list(ar, "player_count", "player", h.players);
  load_list(ar, "draw_count", "draw", h.draw);
  load_list(ar, "tag_count", "tag", h.tags);
}

template <class Ar>
void save(Ar& ar, const GameLog& log, unsigned int) {
  ar << make_nvp("header", log.header);
  save_list(ar, "decision_count", "decision", log.decisions);
  std::vector<std::string> hashes;
  hashes.reserve(log.hashes.size());
  for (uint64_t h : log.hashes) hashes.push_back(hex64(h));
  save_list(ar, "hash_count", "hash", hashes);
  const int finished = log.finished ? 1 : 0;
  ar << make_nvp("finished", finished) << make_nvp("result", log.result);
}
template <class Ar>
void load(Ar& ar, GameLog& log, unsigned int version) {
  check_version<GameLog>("GameLog", version);
  ar >> make_nvp("header", log.header);
  load_list(ar, "decision_count", "decision", log.decisions);
  std::vector<std::string> hashes;
  load_list(ar, "hash_count", "hash", hashes);
  log.hashes.clear();
  for (size_t i = 0; i < hashes.size(); ++i) {
    const auto h = parse_hex64(hashes[i]);
    if (!h) throw BadContent("hash " + std::to_string(i) + " '" + hashes[i] + "' is not 16 hex digits");
    log.hashes.push_back(*h);
  }
  int finished = 0;
  ar >> make_nvp("finished", finished) >> make_nvp("result", log.result);
  if (finished != 0 && finished != 1) throw BadContent("finished must be 0 or 1");
  log.finished = finished == 1;
  if (auto e = check_shape(log); !e.empty()) throw BadContent(e);
}

template <class Ar>
void save(Ar& ar, const Marker& m, unsigned int) {
  const std::string kind(marker_kind_name(m.kind));
  ar << make_nvp("kind", kind) << make_nvp("x", m.x) << make_nvp("y", m.y)
     << make_nvp("x2", m.x2) << make_nvp("y2", m.y2) << make_nvp("text", m.text);
}
template <class Ar>
void load(Ar& ar, Marker& m, unsigned int version) {
  check_version<Marker>("Marker", version);
  std::string kind;
  ar >> make_nvp("kind", kind);
  const auto k = parse_marker_kind(kind);
  if (!k) throw BadContent("marker kind '" + kind + "' is not cell, arrow or label");
  m.kind = *k;
  ar >> make_nvp("x", m.x) >> make_nvp("y", m.y) >> make_nvp("x2", m.x2) >> make_nvp("y2", m.y2)
     >> make_nvp("text", m.text);
}

template <class Ar>
void save(Ar& ar, const Annotation& a, unsigned int) {
  ar << make_nvp("comment", a.comment) << make_nvp("glyph", a.glyph);
  save_list(ar, "marker_count", "marker", a.markers);
}
template <class Ar>
void load(Ar& ar, Annotation& a, unsigned int version) {
  check_version<Annotation>("Annotation", version);
  ar >> make_nvp("comment", a.comment) >> make_nvp("glyph", a.glyph);
  load_list(ar, "marker_count", "marker", a.markers);
}

template <class Ar>
void save(Ar& ar, const VariationRow& v, unsigned int) {
  ar << make_nvp("node", v.node) << make_nvp("index", v.index);
  save_list(ar, "move_count", "move", v.moves);
}
template <class Ar>
void load(Ar& ar, VariationRow& v, unsigned int version) {
  check_version<VariationRow>("VariationRow", version);
  ar >> make_nvp("node", v.node) >> make_nvp("index", v.index);
  load_list(ar, "move_count", "move", v.moves);
}

template <class Ar>
void save(Ar& ar, const AnnotationRow& a, unsigned int) {
  ar << make_nvp("node", a.node) << make_nvp("note", a.note);
}
template <class Ar>
void load(Ar& ar, AnnotationRow& a, unsigned int version) {
  check_version<AnnotationRow>("AnnotationRow", version);
  ar >> make_nvp("node", a.node) >> make_nvp("note", a.note);
}

template <class Ar>
void save(Ar& ar, const Replay& r, unsigned int) {
  const FlatTree flat = flatten(r);
  ar << make_nvp("id", r.id) << make_nvp("created", r.created) << make_nvp("game_log", r.log)
     << make_nvp("pinned", r.pinned);
  save_list(ar, "variation_count", "variation", flat.variations);
  save_list(ar, "annotation_count", "annotation", flat.annotations);
}
template <class Ar>
void load(Ar& ar, Replay& r, unsigned int version) {
  check_version<Replay>("Replay", version);
  FlatTree flat;
  ar >> make_nvp("id", r.id) >> make_nvp("created", r.created) >> make_nvp("game_log", r.log) >>
      make_nvp("pinned", r.pinned);
  load_list(ar, "variation_count", "variation", flat.variations);
  load_list(ar, "annotation_count", "annotation", flat.annotations);
  if (auto e = unflatten(r, flat); !e.empty()) throw BadContent(e);
  if (auto e = check_tree(r); !e.empty()) throw BadContent(e);
}

namespace {

std::string demangle(const std::string& name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> out(
      abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && out ? std::string(out.get()) : name;
}

std::string describe(const boost::archive::archive_exception& e) {
  using E = boost::archive::archive_exception;
  const std::string what = e.what();
  switch (e.code) {
    case E::unsupported_class_version: {
      const std::string prefix = "class version ";
      const std::string cls =
          what.rfind(prefix, 0) == 0 ? demangle(what.substr(prefix.size())) : what;
      return "the archive holds a newer version of " + cls +
             " than this build knows: written by a newer Tilewright";
    }
    case E::unsupported_version:
      return "the archive was written by a newer Boost.Serialization than this build's";
    case E::invalid_signature:
      return "not a Boost.Serialization archive (bad signature)";
    case E::input_stream_error:
      return "the archive is malformed or ends early (" + what + ")";
    default:
      return "the archive is malformed (" + what + ")";
  }
}

// Every element name the archives use.
constexpr std::array<std::string_view, 39> kElementNames = {
    "boost_serialization", "replay", "game_log", "header", "magic", "format", "engine_version",
    "rules_digest", "rule_set", "level", "seed", "player_count", "player", "name", "bot",
    "draw_count", "draw", "tag_count", "tag", "value", "decision_count", "decision",
    "hash_count", "hash", "finished", "result", "id", "created", "pinned", "variation_count",
    "variation", "node", "index", "move_count", "move", "annotation_count", "annotation", "note",
    "comment"};
constexpr std::array<std::string_view, 9> kMoreElementNames = {
    "glyph", "marker_count", "marker", "kind", "x", "y", "x2", "y2", "text"};

bool known_element(std::string_view name) {
  return std::find(kElementNames.begin(), kElementNames.end(), name) != kElementNames.end() ||
         std::find(kMoreElementNames.begin(), kMoreElementNames.end(), name) !=
             kMoreElementNames.end();
}

// The value of attribute `name` in a start tag's attribute text, or nullopt.
std::optional<std::string_view> attribute(std::string_view attrs, std::string_view name) {
  for (size_t at = attrs.find(name); at != std::string_view::npos; at = attrs.find(name, at + 1)) {
    const bool starts = at == 0 || std::isspace(static_cast<unsigned char>(attrs[at - 1]));
    const size_t q = at + name.size();
    if (!starts || attrs.substr(q, 2) != "=\"") continue;
    const size_t close = attrs.find('"', q + 2);
    if (close == std::string_view::npos) return std::nullopt;
    return attrs.substr(q + 2, close - q - 2);
  }
  return std::nullopt;
}

std::optional<int64_t> small_number(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  int64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = 10 * v + (c - '0');
  }
  return v;
}

// What Boost.Serialization reads from a start tag's attributes without checking it: the
// archive's library version (Boost accepts any number in an XML archive) and the class
// ids (ignored for objects that are not pointers). Boost writes class_id on the first
// element of each class, numbered 0, 1, 2, ... in order; anything else was altered.
template <class Fail>
void check_attributes(std::string_view name, std::string_view attrs, size_t at, int64_t& next_class_id,
                      const Fail& fail) {
  if (name == "boost_serialization") {
    const auto v = attribute(attrs, "version");
    const int64_t n = v ? small_number(*v).value_or(-1) : -1;
    const int64_t known = static_cast<int64_t>(boost::archive::BOOST_ARCHIVE_VERSION());
    if (n < 1)
      fail(at, "the archive's version attribute is " + (v ? "\"" + text::printable(*v, 40) + "\"" : std::string("missing")) +
                   ", not a Boost.Serialization library version");
    else if (n > known)
      fail(at, "the archive says Boost.Serialization library version " + std::to_string(n) + ", newer than this build's " +
                   std::to_string(known) + ": written by a newer program, or altered");
    return;
  }
  if (const auto id = attribute(attrs, "class_id")) {
    const int64_t n = small_number(*id).value_or(-1);
    if (n != next_class_id)
      fail(at, "<" + std::string(name) + "> has class_id \"" + text::printable(*id, 40) + "\"; this archive's classes are " +
                   "numbered in order of appearance, so it must be " + std::to_string(next_class_id) +
                   " (the archive was altered)");
    ++next_class_id;
    const auto tracking = attribute(attrs, "tracking_level");
    if (!tracking || *tracking != "0")
      fail(at, "<" + std::string(name) + "> has tracking_level " +
                   (tracking ? "\"" + text::printable(*tracking, 40) + "\"" : std::string("missing")) +
                   "; a Tilewright archive tracks no object (0)");
  } else if (attribute(attrs, "class_id_reference") || attribute(attrs, "object_id") ||
             attribute(attrs, "object_id_reference")) {
    fail(at, "<" + std::string(name) + "> names an object or class reference; a Tilewright archive has none");
  }
}

// Boost 1.74 checks an end tag's name by reading the expected name at the length of the
// name found (basic_xml_iarchive.ipp, load_end): past its end when the input's name is
// longer, an out-of-bounds read the fuzzer found. So archives are opened with
// no_xml_tag_checking, and this scan checks the tags first: well formed, balanced, and
// named as this format names its elements.
void check_xml_tags(std::string_view xml, const std::string& where, int64_t base) {
  const auto fail = [&](size_t at, const std::string& what) {
    throw ReplayError(where, base + static_cast<int64_t>(at), what);
  };
  std::vector<std::string_view> open;
  int64_t next_class_id = 0;
  size_t i = 0;
  while ((i = xml.find('<', i)) != std::string_view::npos) {
    const size_t at = i;
    if (xml.substr(i, 2) == "<?" || xml.substr(i, 2) == "<!") {
      const size_t close = xml.find('>', i);
      if (close == std::string_view::npos) fail(at, "the archive ends inside a declaration");
      i = close + 1;
      continue;
    }
    const bool end = xml.substr(i, 2) == "</";
    size_t j = i + (end ? 2 : 1);
    const size_t name_start = j;
    while (j < xml.size() && (std::isalnum(static_cast<unsigned char>(xml[j])) || xml[j] == '_')) ++j;
    const std::string_view name = xml.substr(name_start, j - name_start);
    if (name.empty()) fail(at, "a tag without a name");
    const size_t close = xml.find('>', j);
    if (close == std::string_view::npos) fail(at, "the archive ends inside a tag");
    if (!known_element(name))
      fail(at, "unknown element <" + std::string(name.substr(0, 40)) + ">: not a Tilewright replay archive");
    if (!end) check_attributes(name, xml.substr(j, close - j), at, next_class_id, fail);
    if (end) {
      if (open.empty() || open.back() != name)
        fail(at, "</" + std::string(name) + "> does not close " +
                     (open.empty() ? std::string("any element") : "<" + std::string(open.back()) + ">"));
      open.pop_back();
    } else if (xml[close - 1] != '/') {
      open.push_back(name);
    }
    i = close + 1;
  }
  if (!open.empty()) fail(xml.size(), "the archive ends before </" + std::string(open.back()) + ">");
}

template <class T>
void load_archive(std::string_view xml, const std::string& where, int64_t base, const char* name,
                  T& out) {
  if (xml.size() > kMaxArchiveBytes)
    throw ReplayError(where, base, "the archive holds " + std::to_string(xml.size()) +
                                       " bytes, more than the " +
                                       std::to_string(kMaxArchiveBytes) + " allowed");
  std::istringstream is{std::string(xml)};
  const auto offset = [&]() -> int64_t {
    is.clear();
    const auto pos = is.tellg();
    return base + (pos < 0 ? static_cast<int64_t>(xml.size()) : static_cast<int64_t>(pos));
  };
  check_xml_tags(xml, where, base);
  Loading guard(xml.size());
  try {
    IArchive ar(is, boost::archive::no_xml_tag_checking);
    ar >> make_nvp(name, out);
  } catch (const BadContent& e) {
    throw ReplayError(where, offset(), e.what());
  } catch (const boost::archive::archive_exception& e) {
    throw ReplayError(where, offset(), describe(e));
  } catch (const std::bad_alloc&) {
    throw ReplayError(where, offset(), "the archive asks for more memory than there is");
  } catch (const std::exception& e) {
    throw ReplayError(where, offset(), std::string("the archive is malformed (") + e.what() + ")");
  }
}

template <class T>
std::string save_archive(const char* name, const T& value) {
  std::ostringstream os;
  {
    OArchive ar(os);
    ar << make_nvp(name, value);
  }
  return os.str();
}

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put_u64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
uint64_t get_le(std::string_view s, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i)
    v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<size_t>(i)]);
  return v;
}

}  // namespace

ReplayError::ReplayError(std::string where, int64_t offset, const std::string& problem)
    : std::runtime_error(text::printable(where + (offset >= 0 ? ", byte " + std::to_string(offset) : "") + ": " +
                                             problem,
                                         text::PrintableOptions{4096, true})),
      where_(std::move(where)),
      offset_(offset) {}

uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

std::string log_to_xml(const GameLog& log) { return save_archive("game_log", log); }

GameLog log_from_xml(std::string_view xml, const std::string& where) {
  GameLog log;
  load_archive(xml, where, 0, "game_log", log);
  return log;
}

std::string pack_log(const GameLog& log) {
  const std::string xml = log_to_xml(log);
  std::string out(kBlobMagic);
  put_u32(out, kBlobFormat);
  put_u64(out, xml.size());
  put_u32(out, crc32(xml));
  return out + xml;
}

GameLog unpack_log(std::string_view blob, const std::string& where) {
  if (blob.size() < kBlobHeaderSize)
    throw ReplayError(where, static_cast<int64_t>(blob.size()),
                      "truncated: the blob holds " + std::to_string(blob.size()) +
                          " bytes, its header alone takes " + std::to_string(kBlobHeaderSize));
  if (blob.substr(0, kBlobMagic.size()) != kBlobMagic)
    throw ReplayError(where, 0, "not a Tilewright replay log (the magic \"TWREPLAY\" is missing)");
  const auto version = static_cast<uint32_t>(get_le(blob, 8, 4));
  if (version > kBlobFormat)
    throw ReplayError(where, 8, "log format version " + std::to_string(version) +
                                    " is newer than this build's " + std::to_string(kBlobFormat) +
                                    ": written by a newer Tilewright");
  if (version == 0) throw ReplayError(where, 8, "unknown log format version 0");
  const uint64_t length = get_le(blob, 12, 8);
  const size_t have = blob.size() - kBlobHeaderSize;
  if (length > have)
    throw ReplayError(where, static_cast<int64_t>(blob.size()),
                      "truncated: the header announces " + std::to_string(length) +
                          " bytes of archive, only " + std::to_string(have) + " follow");
  if (length < have)
    throw ReplayError(where, static_cast<int64_t>(kBlobHeaderSize + length),
                      std::to_string(have - length) + " unexpected bytes after the archive");
  const std::string_view xml = blob.substr(kBlobHeaderSize);
  const auto stored = static_cast<uint32_t>(get_le(blob, 20, 4));
  const uint32_t actual = crc32(xml);
  if (stored != actual) {
    std::ostringstream msg;
    msg << std::hex << "checksum mismatch: the header says crc32 " << stored << ", the archive's is "
        << actual << " (the blob is damaged)";
    throw ReplayError(where, 20, msg.str());
  }
  GameLog log;
  load_archive(xml, where, static_cast<int64_t>(kBlobHeaderSize), "game_log", log);
  return log;
}

std::string replay_to_xml(const Replay& r) { return save_archive("replay", r); }

Replay replay_from_xml(std::string_view xml, const std::string& where) {
  Replay r;
  load_archive(xml, where, 0, "replay", r);
  return r;
}

}  // namespace tw::replay
