"""The planted bugs. Each replaces one exact text (which must occur once in
its file) and lives in a function no other mutant touches, so each found
bug is a crash state of its own. They weaken what the parsers rely on:
bounds checks by subtraction, record strides, count limits, NUL searches.
A mutant in a core helper surfaces in whichever parser calls it; `target`
is the fuzz target expected to reach it. Such a mutant owns every
function of that target its bug can surface in, so no other mutant may sit
there: core-reader-read crashes in whichever of HASH, ILDN and VERS the
fuzzer breaks first (each reads through SpanReader::read), so a planted
ILDN or VERS bug would share its triage cluster one run in three; a
signature read past its table would share core-range-fits'."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Mutant:
    id: str
    file: str
    function: str
    find: str
    replace: str
    description: str
    target: str


MUTANTS = (
    # parsers/core: the helpers every parser trusts.
    Mutant("core-range-fits", "parsers/core/bytes.h", "range_fits",
           "return offset <= size && length <= size - offset;",
           "return offset <= size && length <= size - offset + 1;",
           "range_fits accepts a range one byte past the end", "signature"),
    Mutant("core-load-padded", "parsers/core/bytes.h", "load_le_padded",
           "if (offset <= record.size() && sizeof(T) <= record.size() - offset) return",
           "if (offset <= record.size()) return",
           "load_le_padded loads a full field from a record that ends inside it", "psv0"),
    Mutant("core-reader-read", "parsers/core/span_reader.h", "SpanReader::read",
           "if (n > remaining()) return std::nullopt;\n    Bytes out",
           "if (n > remaining() + 1) return std::nullopt;\n    Bytes out",
           "SpanReader::read hands out one byte more than remains", "small_parts"),
    Mutant("core-reader-int", "parsers/core/span_reader.h", "SpanReader::read_int",
           "if (sizeof(T) > remaining()) return false;",
           "if (sizeof(T) > remaining() + 2) return false;",
           "SpanReader::read_int reads an integer whose last two bytes are missing", "rdat"),
    Mutant("core-reader-remaining", "parsers/core/span_reader.h", "SpanReader::remaining",
           "size_t remaining() const { return data_.size() - pos_; }",
           "size_t remaining() const { return data_.size() - pos_ + 1; }",
           "SpanReader::remaining counts one byte that is not there", "dxcontainer"),
    Mutant("core-cstring-at", "parsers/core/span_reader.h", "cstring_at",
           "for (; i < max; ++i)", "for (; i <= max; ++i)",
           "cstring_at looks for the NUL one byte past the end", "signature"),
    # parsers/dxcontainer: the container layer.
    Mutant("container-header-magic", "parsers/dxcontainer/container.cpp", "fail_header",
           "if (input.size() >= 4 && load_le<uint32_t>(input.data()) != kMagic)",
           "if (input.size() >= 1 && load_le<uint32_t>(input.data()) != kMagic)",
           "the magic of a 1-3 byte input is read as four bytes", "dxcontainer"),
    Mutant("container-part-bounds", "parsers/dxcontainer/container.cpp", "fail_part_bounds",
           "if (!range_fits(off, kPartHeaderSize, input.size())) {",
           "if (off > input.size()) {",
           "the error path reads a part header that starts inside the input but ends past it", "dxcontainer"),
    Mutant("container-part-table", "parsers/dxcontainer/container.cpp", "read_part_table",
           "const bool header_fits = range_fits(off, kPartHeaderSize, size);",
           "const bool header_fits = range_fits(off, 4, size);",
           "a part header is checked for its fourcc only, not its size field", "dxcontainer"),
    Mutant("layout-previous-part", "parsers/dxcontainer/layout.cpp", "check_layout",
           "if (i > 0 && p.offset <= c.parts[i - 1].offset) in_order = false;",
           "if (p.offset <= c.parts[i - 1].offset) in_order = false;",
           "the part-order check compares the first part with the one before it", "dxcontainer"),
    Mutant("names-treatment-index", "parsers/dxcontainer/names.cpp", "part_treatment",
           "return index < kPartKindCount ? kTreatments[index] : PartTreatment::unknown;",
           "return index <= kPartKindCount ? kTreatments[index] : PartTreatment::unknown;",
           "an unknown part's kind index (one past the table) is looked up in the table", "dxcontainer"),
    # parsers/dxcontainer: the parts.
    Mutant("program-bitcode-slice", "parsers/dxcontainer/part_program.cpp", "parse_program",
           "auto bitcode = slice(after_program_header, h.bitcode_offset, h.bitcode_size);",
           "std::optional<Bytes> bitcode = after_program_header.subspan(h.bitcode_offset, h.bitcode_size);",
           "the bitcode offset and size are not checked against the part", "dxcontainer"),
    Mutant("sfi0-flags-size", "parsers/dxcontainer/part_program.cpp", "parse_feature_info",
           "if (!r.u64(out.flags, \"flags\")) return false;",
           "if (s.data.size() < 4) return r.fail(Code::part_too_small, \"flags\", \"SFI0 holds no flags\");\n"
           "  out.flags = load_le<uint64_t>(s.data.data());",
           "SFI0 is checked for 4 bytes of flags and 8 are loaded", "small_parts"),
    Mutant("digest-signed-extent", "parsers/dxcontainer/digest.cpp", "signed_extent",
           "return (file_size >= kHeaderSize && file_size <= image.size()) ? image.first(file_size) : image;",
           "return file_size >= kHeaderSize ? Bytes(image.data(), file_size) : image;",
           "the digest covers the header's FileSize even past the end of the input", "dxcontainer"),
    Mutant("psv-resource-count", "parsers/dxcontainer/part_psv.cpp", "read_resources",
           "if (bytes > r.remaining())\n    return r.fail(Code::count_too_large, \"resource_count\",",
           "if (bytes > r.remaining() + out.resource_stride)\n    return r.fail(Code::count_too_large, \"resource_count\",",
           "one PSV0 resource record more than the part holds is accepted", "psv0"),
    Mutant("psv-element-stride", "parsers/dxcontainer/part_psv.cpp", "read_elements",
           "if (out.element_stride < kPsvSignatureElementSize)",
           "if (out.element_stride < 8)",
           "PSV0 signature elements of 8 bytes are read as 16", "psv0"),
    Mutant("rts0-descriptor-ranges", "parsers/dxcontainer/part_root_signature.cpp", "parse_table",
           "const uint64_t bytes = uint64_t{t.num_ranges} * stride;",
           "const uint64_t bytes = uint64_t{t.num_ranges} * stride / 2;",
           "a descriptor table's ranges are checked for half their size", "rts0"),
    Mutant("rts0-parameter-headers", "parsers/dxcontainer/part_root_signature.cpp", "parse_root_signature",
           "const uint64_t params_bytes = uint64_t{out.num_parameters} * 12;",
           "const uint64_t params_bytes = uint64_t{out.num_parameters} * 8;",
           "root parameter headers are checked as 8 bytes, read as 12", "rts0"),
    Mutant("srci-name-count", "parsers/dxcontainer/part_source_info.cpp", "parse_names",
           "if (uint64_t{count} * 16 > entries.size())\n    return r.fail",
           "if (false)\n    return r.fail",
           "the SRCI name count is not limited by the bytes that hold the entries", "srci"),
    Mutant("srci-content-entry-size", "parsers/dxcontainer/part_source_info.cpp", "parse_contents",
           "if (esize < 12 + uint64_t{content_size} || esize > entries.size() - pos)",
           "if (esize < 12 + uint64_t{content_size})",
           "an SRCI content entry may claim to run past the entries", "srci"),
    Mutant("srci-arg-count", "parsers/dxcontainer/part_source_info.cpp", "parse_args",
           "if (uint64_t{count} * 2 > data.size())\n    return r.fail",
           "if (false)\n    return r.fail",
           "the SRCI argument count is not limited by the argument bytes", "srci"),
    Mutant("srci-section-type", "parsers/dxcontainer/part_source_info.cpp", "parse_source_info",
           "if (type > 2)\n      return h.fail_at",
           "if (type > 3)\n      return h.fail_at",
           "SRCI section type 3 passes the check and indexes past the three-entry seen[] table", "srci"),
    # parsers/bitstream: the bit cursor and the reader, found by
    # fuzz_bitstream (memory errors, UBSan) or, where the reader stays memory
    # safe but accepts what LLVM 22 rejects, by the differential
    # fuzz_bitstream_llvm (each kind of disagreement is its own invariant).
    Mutant("bs-cursor-load8", "parsers/bitstream/bit_cursor.h", "BitCursor::load8",
           "if (byte + 8 <= size) return load_le<uint64_t>(data_.data() + byte);",
           "if (byte + 4 <= size) return load_le<uint64_t>(data_.data() + byte);",
           "the cursor loads a whole 8-byte word when only 4 to 7 bytes remain", "bitstream"),
    Mutant("bs-cursor-vbr-chain", "parsers/bitstream/bit_cursor.h", "BitCursor::read_vbr_chain",
           "if (last_shift >= max_bits) return ReadStatus::vbr_too_long;",
           "if (last_shift >= max_bits + 64) return ReadStatus::vbr_too_long;",
           "a VBR chain inside one load may continue past its 32 or 64 value bits (shift past the width)", "bitstream"),
    Mutant("bs-blob-length", "parsers/bitstream/reader.cpp", "Reader::read_abbreviated",
           "if (!cursor_.align32() || n > cursor_.remaining_bits() / 8 ||\n          align_up4(n) * 8 > cursor_.remaining_bits())",
           "if (!cursor_.align32())",
           "a blob's length is not checked against the bytes left (found where blobs are read: the IR layer, the dump)", "bitcode"),
    Mutant("bs-setrecordname-operands", "parsers/bitstream/reader.cpp", "Reader::blockinfo_record",
           "if (ops.empty())\n        return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record, \"SETRECORDNAME without a record code\");",
           "",
           "SETRECORDNAME without operands reads a code and a name that are not there", "bitstream"),
    Mutant("bs-abbrev-id-range", "parsers/bitstream/reader.cpp", "Reader::abbrev_ops",
           "if (local >= local_abbrevs_.size() - f.local_begin) return nullptr;",
           "if (local >= (uint64_t{1} << 32)) return nullptr;",
           "an abbrev id past the block's abbreviations indexes the table anyway", "bitstream"),
    Mutant("bs-abbrev-width-limit", "parsers/bitstream/abbrev.cpp", "width_problem",
           "if (op.value > kMaxChunkBits) return",
           "if (op.value > 64) return",
           "fixed and vbr widths up to 64 are accepted (LLVM 14's rule; LLVM 22 rejects above 32)", "bitstream_llvm"),
    Mutant("bs-array-position", "parsers/bitstream/abbrev.cpp", "abbrev_problem",
           "if (i + 2 != ops.size()) return \"array operand is not second to last\";",
           "if (i + 1 == ops.size()) return \"array operand is not second to last\";",
           "an array may have operands after its element; the reader stops at the array", "bitstream_llvm"),
    Mutant("bs-code-width-zero", "parsers/bitstream/reader.cpp", "Reader::enter_block",
           "if (width == 0 || width > kMaxChunkBits)",
           "if (width > kMaxChunkBits)",
           "a block with abbrev id width 0 is entered (every id then reads as END_BLOCK)", "bitstream_llvm"),
    Mutant("bs-end-block-scope", "parsers/bitstream/reader.cpp", "Reader::end_block",
           "local_abbrevs_.resize(f.local_begin);\n  local_ops_.resize(f.local_ops_begin);",
           "",
           "a block's abbreviations stay in scope after its END_BLOCK", "bitstream_llvm"),
    Mutant("bs-blockinfo-abbrev-setbid", "parsers/bitstream/reader.cpp", "Reader::define_abbrev",
           "if (!f.setbid)\n      return fail(Code::invalid_blockinfo, cursor_.bit_offset(), Leaf::abbrev, \"DEFINE_ABBREV before SETBID\");",
           "",
           "a DEFINE_ABBREV in BLOCKINFO before any SETBID registers for no block", "bitstream_llvm"),
    # parsers/bitcode: the IR layer and the printers, found by fuzz_bitcode.
    Mutant("bc-type-child-range", "parsers/bitcode/types.cpp", "check_type_table",
           "if (child(t, c) >= n)",
           "if (child(t, c) >= n + 1000000)",
           "a type may refer to up to a million types past the table", "bitcode"),
    Mutant("bc-function-type-operands", "parsers/bitcode/types.cpp", "add_type",
           "if (!need(first + 1)) return \"FUNCTION without a result type\";",
           "if (!need(first)) return \"FUNCTION without a result type\";",
           "a FUNCTION type without its result type reads one operand past the record", "bitcode"),
    Mutant("bc-settype-range", "parsers/bitcode/module_reader.cpp", "ModuleReader::constant",
           "if (rec.ops.empty() || rec.ops[0] >= m.types.size())",
           "if (rec.ops.empty())",
           "CONSTANTS SETTYPE may name a type past the table", "bitcode"),
    Mutant("bc-global-type-range", "parsers/bitcode/module_reader.cpp", "ModuleReader::global_value",
           "if (type >= m.types.size())\n      return bad(",
           "if (type == UINT64_MAX)\n      return bad(",
           "a global value's type index is not checked against the type table", "bitcode"),
    Mutant("bc-metadata-string-size", "parsers/bitcode/metadata_strings.h", "for_each_metadata_string",
           "if (size > chars.size()) return \"a string runs past the blob\";",
           "if (size > UINT32_MAX) return \"a string runs past the blob\";",
           "a METADATA_STRINGS length may run past the blob's characters", "bitcode"),
    Mutant("bc-describe-field-names", "parsers/bitcode/describe.cpp", "global_value",
           "const std::string key = i < names.size() ?",
           "const std::string key = i <= names.size() ?",
           "the JSON dump names one operand more than its field-name table has", "bitcode"),
    # parsers/d3d9: Direct3D 9 bytecode, found by fuzz_d3d9 (its seeds hold
    # a damaged sample next to each bound; the constant table is read again
    # from a buffer of its own bytes, so a read past it is a read past an
    # allocation).
    Mutant("d3d9-comment-bounds", "parsers/d3d9/program_reader.cpp", "ProgramReader::comment",
           "if (bytes > file_.size() - pos - 4)",
           "if (bytes > file_.size() - pos)",
           "a comment may claim one DWORD more than the input holds", "d3d9"),
    Mutant("d3d9-instruction-bounds", "parsers/d3d9/program_reader.cpp", "ProgramReader::instruction",
           "if (length * 4 > file_.size() - pos)",
           "if (length * 4 > file_.size() - pos + 4)",
           "an instruction may run one token past the input", "d3d9"),
    Mutant("d3d9-ctab-records", "parsers/d3d9/constant_table_reader.cpp", "TableReader::array_problem",
           "if (count > (data_.size() - offset) / size)",
           "if (count > (data_.size() - offset) / size + 1)",
           "one constant or member record more than the constant table holds is read", "d3d9"),
    Mutant("d3d9-type-record", "parsers/d3d9/constant_table_reader.cpp", "TableReader::type_info",
           "if (!range_fits(offset, kTypeInfoSize, data_.size()))",
           "if (!range_fits(offset, 4, data_.size()))",
           "a type record of which 4 bytes lie inside the constant table is read whole", "d3d9"),
    Mutant("d3d9-writer-relative", "parsers/d3d9/program_writer.cpp", "put_parameter",
           "if (p.is_relative()) w.put_u32_le(p.relative);",
           "",
           "the writer drops relative-address tokens (the round trip breaks)", "d3d9"),
)
