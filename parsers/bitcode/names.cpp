#include "bitcode/names.h"

#include <array>

namespace sp::bitcode {
namespace {

// Every block id and record code the analyzer names is below these bounds
// (checked at compile time below).
constexpr uint32_t kBlockIds = 32;
constexpr uint32_t kCodes = 80;

struct Tables {
  std::array<std::string_view, kBlockIds> blocks{};
  std::array<std::array<std::string_view, kCodes>, kBlockIds> records{};
};

constexpr Tables make_tables() {
  Tables t;
#define SP_BC_BLOCK(id, name) t.blocks[id] = name;
#define SP_BC_RECORD(block, code, name) \
  static_assert((block) < kBlockIds && (code) < kCodes); \
  t.records[block][code] = name;
#include "bitcode/bcanalyzer_names.def"
#undef SP_BC_RECORD
#undef SP_BC_BLOCK
  return t;
}

constexpr Tables kTables = make_tables();

}  // namespace

std::string_view analyzer_block_name(uint32_t block_id) {
  return block_id < kBlockIds ? kTables.blocks[block_id] : std::string_view{};
}

std::string_view analyzer_record_name(uint32_t block_id, uint32_t code) {
  return block_id < kBlockIds && code < kCodes ? kTables.records[block_id][code] : std::string_view{};
}

}  // namespace sp::bitcode
