// Finding options in a decision's list by value, for the search (engine/bots/mcts.cpp):
// each iteration matches a node's children (options of earlier deals) to the options of
// this deal. Comparing every pair costs children x options comparisons, hundreds to
// thousands at a placement; OptionIndex hashes the list once and finds each child in about
// one probe, with the same answer as scanning the list from the front.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/game.h"

namespace tw {

class OptionIndex {
 public:
  // Below this many (lookups x options) scanning the list is the cheaper.
  static constexpr size_t kScanBelow = 64;

  // Hashes `opts` (kept by reference until the next index() call). Open addressing with
  // linear probing, the indices inserted in order: equal options lie on one probe chain in
  // index order, so the first match found on the chain is the first in the list.
  void index(const OptionList& opts) {
    opts_ = &opts;
    bits_ = 4;
    while ((size_t{1} << bits_) < 2 * opts.size()) ++bits_;
    const size_t mask = (size_t{1} << bits_) - 1;
    table_.assign(mask + 1, -1);
    for (size_t i = 0; i < opts.size(); ++i) {
      size_t s = hash(opts[i]) >> (64 - bits_);
      while (table_[s] >= 0) s = (s + 1) & mask;
      table_[s] = static_cast<int32_t>(i);
    }
  }

  // The first index i with opts[i] == m and skip(i) false, or opts.size(): what a scan
  // from the front (scan()) answers.
  template <class Skip>
  size_t find(const Option& m, Skip skip) const {
    const size_t mask = (size_t{1} << bits_) - 1;
    for (size_t s = hash(m) >> (64 - bits_); table_[s] >= 0; s = (s + 1) & mask) {
      const size_t i = static_cast<size_t>(table_[s]);
      if (!skip(i) && (*opts_)[i] == m) return i;
    }
    return opts_->size();
  }

  template <class Skip>
  static size_t scan(const OptionList& opts, const Option& m, Skip skip) {
    for (size_t i = 0; i < opts.size(); ++i)
      if (!skip(i) && opts[i] == m) return i;
    return opts.size();
  }

  // Every field of an option, mixed (Fibonacci hashing: the top bits are the slot).
  static uint64_t hash(const Option& o) {
    const uint64_t a = uint64_t{static_cast<uint8_t>(o.kind)} | uint64_t{o.rot} << 8 | uint64_t{o.seg} << 16 |
                       uint64_t{o.colour} << 24 | uint64_t{static_cast<uint16_t>(o.x)} << 32 |
                       uint64_t{static_cast<uint16_t>(o.y)} << 48;
    return (a ^ (uint64_t{o.tile} * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL;
  }

 private:
  const OptionList* opts_ = nullptr;
  std::vector<int32_t> table_;  // option indices by hash, -1: empty
  unsigned bits_ = 4;           // 2^bits_ slots, at least twice the options
};

}  // namespace tw
