// Mutations of a part's decoded content, for the structure-aware mutator.
//
// A byte flip inside a PSV0 or RTS0 part rarely changes what the parser does
// beyond the first check it fails: a version or a count lives in one place
// and the sizes, offsets and tables that follow it have to agree. Changed in
// the model instead (a version, a shader stage, a list one item longer or
// shorter, one field set to a boundary value) and written again by the
// project's writer, which recomputes every derived field, the part stays
// consistent and the parser goes past its first checks into the code for
// that version, stage or layout.
#pragma once

#include "dxcontainer/model.h"
#include "support/random.h"

namespace sp::fuzz {

// Lists are not grown past this: real parts hold a few dozen items, and
// longer lists only make every execution slower.
inline constexpr size_t kMaxListItems = 32;

// Makes one change to p's decoded content; false when p holds none (a raw
// part), so the caller changes something else.
bool mutate_content(dxc::Part& p, Random& r);

// A new part of a kind the parsers decode (PSV0, RTS0, a signature, SRCI,
// RDAT, DXIL, HASH, SFI0, ILDN or VERS) whose content is a small valid
// model, so the writer gives it consistent bytes: how a container gains a
// kind of part none of its seeds had, for mutate_content to work on.
dxc::Part fresh_decoded_part(Random& r);

}  // namespace sp::fuzz
