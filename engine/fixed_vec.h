// FixedVec: a vector of at most N elements stored in place (no heap), for the game's
// per-player and per-colour lists: copying a game copies it with the game's other plain
// fields, which is what the search bots do most. Growing past N is a caller's bug; it is
// caught by a check in every build (the element is dropped and `overflowed()` says so,
// which check_invariants reports), never by writing past the end.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace tw {

template <class T, std::size_t N>
class FixedVec {
 public:
  FixedVec() = default;
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  bool overflowed() const { return overflow_; }
  T& operator[](std::size_t i) { return a_[i]; }
  const T& operator[](std::size_t i) const { return a_[i]; }
  T* begin() { return a_.data(); }
  T* end() { return a_.data() + n_; }
  const T* begin() const { return a_.data(); }
  const T* end() const { return a_.data() + n_; }
  const T& front() const { return a_[0]; }
  void clear() {
    n_ = 0;
    overflow_ = false;
  }
  void push_back(const T& v) {
    if (n_ < N)
      a_[n_++] = v;
    else
      overflow_ = true;
  }
  void assign(std::size_t n, const T& v) {
    clear();
    for (std::size_t i = 0; i < n; ++i) push_back(v);
  }
  friend bool operator==(const FixedVec& a, const FixedVec& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }
  friend bool operator==(const FixedVec& a, const std::vector<T>& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }

 private:
  std::array<T, N> a_{};
  std::size_t n_ = 0;
  bool overflow_ = false;
};

}  // namespace tw
