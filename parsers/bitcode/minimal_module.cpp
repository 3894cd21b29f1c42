#include "bitcode/minimal_module.h"

#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"

namespace sp::bitcode {

std::vector<uint8_t> minimal_module(uint64_t version) {
  constexpr uint32_t kVersionRecord = 1;  // MODULE_CODE_VERSION
  bitstream::Writer w(bitstream::kLlvmIrMagic);
  w.enter_block(kModuleBlock, 3);
  const uint64_t ops[] = {version};
  w.record(kVersionRecord, ops);
  w.end_block();
  return w.finish();
}

}  // namespace sp::bitcode
