// Rng: the engine's own seeded random number generator and shuffle.
//
// xoshiro256** seeded through SplitMix64, with a rejection-sampled bounded draw and a
// Fisher-Yates shuffle written here. Only integer arithmetic whose result the C++
// standard fixes is used, so the same seed gives the same game with any compiler or
// standard library (std::uniform_int_distribution and std::shuffle do not promise that).
// The state is four words plus a draw counter, so it can be saved and restored exactly.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

namespace tw {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
    draws_ = 0;
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    ++draws_;
    return result;
  }

  // Uniform in [0, n); n > 0. Lemire's multiply-shift with rejection: exactly uniform,
  // and a division only in the rare case that a rejection may be needed.
  uint64_t below(uint64_t n) {
    uint64_t hi = 0;
    uint64_t lo = mul128(next(), n, hi);
    if (lo < n) {
      const uint64_t threshold = (0 - n) % n;  // 2^64 mod n
      while (lo < threshold) lo = mul128(next(), n, hi);
    }
    return hi;
  }

  template <class Vec>
  void shuffle(Vec& v, size_t first = 0) {
    for (size_t i = v.size(); i > first + 1; --i) {
      const size_t j = first + static_cast<size_t>(below(i - first));
      using std::swap;
      swap(v[i - 1], v[j]);
    }
  }

  uint64_t draws() const { return draws_; }
  const std::array<uint64_t, 4>& state() const { return s_; }

  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  // The full 128-bit product a * b: returns the low word, stores the high word.
  static uint64_t mul128(uint64_t a, uint64_t b, uint64_t& hi) {
#if defined(__SIZEOF_INT128__)
    __extension__ using u128 = unsigned __int128;
    const u128 p = static_cast<u128>(a) * b;
    hi = static_cast<uint64_t>(p >> 64);
    return static_cast<uint64_t>(p);
#else
    const uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
    const uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
    const uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return (mid << 32) | (ll & 0xFFFFFFFFu);
#endif
  }
  std::array<uint64_t, 4> s_{};
  uint64_t draws_ = 0;
};

// A 64-bit hash for state digests and text seeds: FNV-1a over bytes, and a whole-word
// step (xor, multiply, rotate) for integers. Fixed arithmetic: the same on every compiler.
struct Fnv64 {
  uint64_t h = 0xcbf29ce484222325ULL;
  void byte(uint8_t b) { h = (h ^ b) * 0x100000001b3ULL; }
  void u64(uint64_t v) {
    h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
  }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void text(std::string_view s) {
    for (char c : s) byte(static_cast<uint8_t>(c));
    byte(0);
  }
};

}  // namespace tw
