// A part built from a model, for the writer to lay out from its decoded
// content: how the seed generator and the structure-aware mutator make
// parts.
#pragma once

#include <utility>

#include "core/bytes.h"
#include "core/strings.h"
#include "dxcontainer/model.h"

namespace sp::fuzz {

// `data` matters only for a RawPart, whose bytes the writer copies as they are.
inline dxc::Part model_part(const char (&fourcc)[5], dxc::PartContent content, Bytes data = {}) {
  dxc::Part p;
  p.fourcc = make_fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]);
  p.content = std::move(content);
  p.data = data;
  return p;
}

}  // namespace sp::fuzz
