// A Diagnostic as JSON, the same in every format's dump and in `check
// --json`: code, offset (with "offset_unit": "bit" for bit offsets), path,
// message. Header-only: core does not link nlohmann-json, its printers do.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/diagnostic.h"
#include "core/strings.h"

namespace sp {

inline nlohmann::ordered_json diagnostic_json(const Diagnostic& d) {
  nlohmann::ordered_json j = {{"code", std::string(code_name(d.code))}, {"offset", d.offset}};
  if (d.unit == OffsetUnit::bit) j["offset_unit"] = "bit";
  j["path"] = d.path;
  j["message"] = utf8_text(d.message);
  return j;
}

}  // namespace sp
