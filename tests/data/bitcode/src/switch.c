int classify(int c) {
  switch (c) {
    case 0: return 10;
    case 1: case 2: return 20;
    case 100: return -1;
    case -7: return 7;
    default: return c * 3;
  }
}
unsigned long long big(unsigned long long x) { return x * 0xFFFFFFFFFFFFFFFFull + 0x8000000000000000ull; }
__int128 wide(__int128 a) { return a * ((__int128)1 << 100); }
