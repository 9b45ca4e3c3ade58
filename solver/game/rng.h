// A small, fast random generator with a fixed algorithm (xoshiro256**,
// seeded through splitmix64), so that a seed gives the same games on every
// platform and standard library -- std::uniform_int_distribution does not
// promise that.
#pragma once
#include <cstdint>

namespace game {

class Rng {
 public:
  explicit Rng(uint64_t seed = 1) {
    for (auto& x : s_) x = splitmix(seed);
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
    return result;
  }
  // Uniform in [0, n) for n >= 1 (multiply-shift; the bias is below 2^-32).
  uint32_t below(uint32_t n) { return uint32_t(((next() >> 32) * uint64_t(n)) >> 32); }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }

  static uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace game
