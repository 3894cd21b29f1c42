// Text from a file in every printer: each format's tests put the hostile
// texts (conformance/hostile_text.h) into every string field its writer
// can set, and hand the written file to expect_printers_hold().
#pragma once

#include <string>

#include "conformance/hostile_text.h"
#include "core/bytes.h"

namespace sp::test {

using conform::hostile_text;
using conform::hostile_texts;

// Every printer of the whole `file`, as the CLI runs them
// (formats::printer_problem): each ends in its text or in one error, none
// throws. json is valid UTF-8 (nlohmann's dump() throws otherwise) and, as
// yaml, holds no control character but its line breaks; so do identify
// and the project's own text dumps (fxc, pica: listings of names fxc and
// picasso only ever write as identifiers). Dumps that reproduce a peer
// byte for byte print what their peer prints: obj2yaml and bcanalyzer are
// compared with obj2yaml-22 and llvm-bcanalyzer-22 where those are
// installed (and the peer reads the file), spirv is SPIRV-Tools' own
// disassembler. `what` names the file in failures.
void expect_printers_hold(Bytes file, const std::string& what);

}  // namespace sp::test
