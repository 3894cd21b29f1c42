#include "bitcode/types.h"

#include <algorithm>
#include <vector>

#include "core/limits.h"
#include "core/strings.h"

namespace sp::bitcode {
namespace {

// TYPE_CODE_* (LLVMBitCodes.h: TypeCodes).
enum TypeCode : uint32_t {
  kNumEntry = 1, kVoid = 2, kFloat = 3, kDouble = 4, kLabel = 5, kOpaque = 6, kInteger = 7, kPointer = 8,
  kFunctionOld = 9, kHalf = 10, kArray = 11, kVector = 12, kX86Fp80 = 13, kFp128 = 14, kPpcFp128 = 15,
  kMetadata = 16, kX86Mmx = 17, kStructAnon = 18, kStructName = 19, kStructNamed = 20, kFunctionType = 21,
  kToken = 22, kBfloat = 23, kX86Amx = 24, kOpaquePointer = 25, kTargetType = 26,
};

// Largest integer width LLVM IR allows (IntegerType::MAX_INT_BITS).
constexpr uint64_t kMaxIntBits = 1u << 23;
constexpr size_t kMaxTypeText = 256;

std::string chars(std::span<const uint64_t> ops) {
  std::string s;
  s.reserve(ops.size());
  for (uint64_t c : ops) s += static_cast<char>(c);
  return s;
}

// The types a type refers to (its children when printed inline), by
// position, without copying them (a function type may have millions).
size_t child_count(const Type& t) {
  switch (t.kind) {
    case TypeKind::pointer:
    case TypeKind::array:
    case TypeKind::vector:
      return 1;
    case TypeKind::function:
      return 1 + t.members.size();
    case TypeKind::struct_:
    case TypeKind::target:
      return t.members.size();
    default:
      return 0;
  }
}

uint64_t child(const Type& t, size_t i) {
  if (t.kind == TypeKind::struct_ || t.kind == TypeKind::target) return t.members[i];
  return i == 0 ? t.element : t.members[i - 1];
}

}  // namespace

std::string add_type(Module& m, uint32_t code, std::span<const uint64_t> ops, std::string& pending_name) {
  Type t;
  auto need = [&](size_t n) { return ops.size() >= n; };
  switch (code) {
    case kNumEntry:
      if (!need(1)) return "NUMENTRY without a count";
      m.declared_types = ops[0];
      return {};
    case kStructName:
      pending_name = chars(ops);
      return {};
    case kVoid: t.kind = TypeKind::void_; break;
    case kFloat: t.kind = TypeKind::float_; break;
    case kDouble: t.kind = TypeKind::double_; break;
    case kLabel: t.kind = TypeKind::label; break;
    case kHalf: t.kind = TypeKind::half; break;
    case kBfloat: t.kind = TypeKind::bfloat; break;
    case kX86Fp80: t.kind = TypeKind::x86_fp80; break;
    case kFp128: t.kind = TypeKind::fp128; break;
    case kPpcFp128: t.kind = TypeKind::ppc_fp128; break;
    case kMetadata: t.kind = TypeKind::metadata; break;
    case kX86Mmx: t.kind = TypeKind::x86_mmx; break;
    case kX86Amx: t.kind = TypeKind::x86_amx; break;
    case kToken: t.kind = TypeKind::token; break;
    case kInteger:
      if (!need(1)) return "INTEGER without a width";
      if (ops[0] == 0 || ops[0] > kMaxIntBits) return strprintf("integer width %llu outside 1..2^23", static_cast<unsigned long long>(ops[0]));
      t.kind = TypeKind::integer;
      t.count = ops[0];
      break;
    case kPointer:  // [pointee type, address space]
      if (!need(1)) return "POINTER without a pointee";
      t.kind = TypeKind::pointer;
      t.element = ops[0];
      t.address_space = ops.size() > 1 ? static_cast<uint32_t>(ops[1]) : 0;
      if (ops.size() > 1 && ops[1] > UINT32_MAX) return "address space does not fit 32 bits";
      break;
    case kOpaquePointer:  // [address space]
      t.kind = TypeKind::opaque_pointer;
      if (need(1) && ops[0] > UINT32_MAX) return "address space does not fit 32 bits";
      t.address_space = need(1) ? static_cast<uint32_t>(ops[0]) : 0;
      break;
    case kFunctionOld:  // [vararg, attrid, retty, paramty...]
    case kFunctionType: {  // [vararg, retty, paramty...]
      const size_t first = code == kFunctionType ? 1 : 2;
      if (!need(first + 1)) return "FUNCTION without a result type";
      t.kind = TypeKind::function;
      t.vararg = ops[0] != 0;
      t.element = ops[first];
      t.members.assign(ops.begin() + static_cast<std::ptrdiff_t>(first + 1), ops.end());
      break;
    }
    case kArray:   // [numelts, eltty]
    case kVector:  // [numelts, eltty, scalable]
      if (!need(2)) return "ARRAY or VECTOR needs a length and an element type";
      t.kind = code == kArray ? TypeKind::array : TypeKind::vector;
      t.count = ops[0];
      t.element = ops[1];
      t.scalable = code == kVector && ops.size() > 2 && ops[2] != 0;
      if (code == kVector && ops[0] == 0) return "vector of length 0";
      break;
    case kStructAnon:   // [ispacked, eltty...]
    case kStructNamed:  // [ispacked, eltty...]
      if (!need(1)) return "STRUCT without the packed flag";
      t.kind = TypeKind::struct_;
      t.packed = ops[0] != 0;
      t.members.assign(ops.begin() + 1, ops.end());
      t.identified = code == kStructNamed;
      if (t.identified) t.name = std::move(pending_name);
      break;
    case kOpaque:
      t.kind = TypeKind::opaque;
      t.identified = true;
      t.name = std::move(pending_name);
      break;
    case kTargetType: {  // [num_tys, ty_params..., int_params...]
      if (!need(1) || ops[0] > ops.size() - 1) return "TARGET_TYPE's type parameter count exceeds its operands";
      t.kind = TypeKind::target;
      const auto tys = static_cast<std::ptrdiff_t>(ops[0]);
      t.members.assign(ops.begin() + 1, ops.begin() + 1 + tys);
      t.int_params.assign(ops.begin() + 1 + tys, ops.end());
      t.name = std::move(pending_name);
      if (t.name.empty()) return "TARGET_TYPE without a STRUCT_NAME";
      break;
    }
    default:
      return strprintf("unknown type code %u", code);
  }
  pending_name.clear();
  if (m.declared_types && m.types.size() >= *m.declared_types)
    return strprintf("more types than NUMENTRY declared (%llu)", static_cast<unsigned long long>(*m.declared_types));
  m.types.push_back(std::move(t));
  return {};
}

std::string check_type_table(const Module& m, uint32_t max_depth) {
  const size_t n = m.types.size();
  for (size_t i = 0; i < n; ++i) {
    const Type& t = m.types[i];
    for (size_t c = 0, e = child_count(t); c < e; ++c)
      if (child(t, c) >= n)
        return strprintf("type %zu refers to type %llu of %zu", i, static_cast<unsigned long long>(child(t, c)), n);
  }
  // Depth of inline nesting, iteratively (depth = 1 + the deepest inline
  // child; identified structs print by name, so their members do not
  // count). 0 = not seen, kOnStack = being visited: meeting it again is a
  // cycle. Each type is visited once and each edge followed once.
  constexpr uint32_t kOnStack = UINT32_MAX;
  std::vector<uint32_t> depth(n, 0);
  struct Frame {
    uint64_t type;
    size_t next = 0;
    uint32_t deepest = 0;
  };
  std::vector<Frame> stack;
  for (size_t root = 0; root < n; ++root) {
    if (depth[root] != 0) continue;
    stack.assign(1, Frame{root});
    depth[root] = kOnStack;
    while (!stack.empty()) {
      Frame& f = stack.back();
      const Type& t = m.types[f.type];
      const size_t count = t.identified ? 0 : child_count(t);
      if (f.next < count) {
        const uint64_t k = child(t, f.next++);
        if (depth[k] == kOnStack) return strprintf("type %llu contains itself", static_cast<unsigned long long>(k));
        if (depth[k] == 0) {
          depth[k] = kOnStack;
          stack.push_back(Frame{k});
        } else {
          f.deepest = std::max(f.deepest, depth[k]);
        }
        continue;
      }
      const uint32_t d = f.deepest + 1;
      if (d > max_depth)
        return strprintf("type %llu nests deeper than ", static_cast<unsigned long long>(f.type)) +
               limit_text(&Limits::max_depth, max_depth);
      depth[f.type] = d;
      stack.pop_back();
      if (!stack.empty()) stack.back().deepest = std::max(stack.back().deepest, d);
    }
  }
  return {};
}

namespace {

// LLVM's printLLVMNameWithoutPrefix: a name of [-a-zA-Z$._0-9] not
// starting with a digit prints bare, anything else in quotes with bytes
// outside printable ASCII, '"' and '\\' as \XX.
// LLVM's printEscapedString: printable ASCII but '"' and '\\' as it is,
// every other byte as \XX.
void append_escaped(std::string& out, std::string_view text) {
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F && c != '"' && c != '\\') out += c;
    else out += strprintf("\\%02X", u);
  }
}

void append_name(std::string& out, FileText text) {
  const std::string_view name = text.bytes();
  bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '$' || c == '.' || c == '_';
    plain = plain && ok;
  }
  if (plain) {
    out += name;
    return;
  }
  out += '"';
  append_escaped(out, name);
  out += '"';
}

// Bounded recursion: check_type_table() limited inline nesting to max_depth
// and ruled out cycles; every string is cut at kMaxTypeText.
void print_type(const Module& m, uint64_t index, std::string& out, bool inline_struct) {
  if (out.size() > kMaxTypeText) return;
  if (index >= m.types.size()) {
    out += "<invalid>";
    return;
  }
  const Type& t = m.types[index];
  auto list = [&](const std::vector<uint64_t>& items) {
    for (size_t i = 0; i < items.size() && out.size() <= kMaxTypeText; ++i) {
      if (i) out += ", ";
      print_type(m, items[i], out, false);
    }
  };
  switch (t.kind) {
    case TypeKind::void_: out += "void"; return;
    case TypeKind::half: out += "half"; return;
    case TypeKind::bfloat: out += "bfloat"; return;
    case TypeKind::float_: out += "float"; return;
    case TypeKind::double_: out += "double"; return;
    case TypeKind::x86_fp80: out += "x86_fp80"; return;
    case TypeKind::fp128: out += "fp128"; return;
    case TypeKind::ppc_fp128: out += "ppc_fp128"; return;
    case TypeKind::label: out += "label"; return;
    case TypeKind::metadata: out += "metadata"; return;
    case TypeKind::x86_mmx: out += "x86_mmx"; return;
    case TypeKind::x86_amx: out += "x86_amx"; return;
    case TypeKind::token: out += "token"; return;
    case TypeKind::integer: out += strprintf("i%llu", static_cast<unsigned long long>(t.count)); return;
    case TypeKind::opaque_pointer:
      out += t.address_space ? strprintf("ptr addrspace(%u)", t.address_space) : std::string("ptr");
      return;
    case TypeKind::pointer:
      print_type(m, t.element, out, false);
      out += t.address_space ? strprintf(" addrspace(%u)*", t.address_space) : std::string("*");
      return;
    case TypeKind::function:
      print_type(m, t.element, out, false);
      out += " (";
      list(t.members);
      if (t.vararg) out += t.members.empty() ? "..." : ", ...";
      out += ")";
      return;
    case TypeKind::array:
    case TypeKind::vector: {
      const bool array = t.kind == TypeKind::array;
      out += array ? "[" : "<";
      if (t.scalable) out += "vscale x ";
      out += strprintf("%llu x ", static_cast<unsigned long long>(t.count));
      print_type(m, t.element, out, false);
      out += array ? "]" : ">";
      return;
    }
    case TypeKind::struct_:
    case TypeKind::opaque:
      if (t.identified && !inline_struct) {
        out += '%';
        if (t.name.empty()) out += strprintf("%llu", static_cast<unsigned long long>(index));
        else append_name(out, t.name);
        return;
      }
      if (t.kind == TypeKind::opaque) {
        out += "opaque";
        return;
      }
      if (t.members.empty()) {
        out += t.packed ? "<{}>" : "{}";
        return;
      }
      out += t.packed ? "<{ " : "{ ";
      list(t.members);
      out += t.packed ? " }>" : " }";
      return;
    case TypeKind::target:
      out += "target(\"";
      append_escaped(out, t.name.bytes());
      out += '"';
      for (uint64_t p : t.members) {
        out += ", ";
        print_type(m, p, out, false);
      }
      for (uint64_t v : t.int_params) out += strprintf(", %llu", static_cast<unsigned long long>(v));
      out += ")";
      return;
  }
}

std::string capped(std::string s) {
  if (s.size() > kMaxTypeText) {
    s.resize(kMaxTypeText);
    s += "...";
  }
  return s;
}

}  // namespace

std::string type_name(const Module& m, uint64_t index) {
  std::string out;
  print_type(m, index, out, false);
  return capped(std::move(out));
}

std::string struct_body(const Module& m, uint64_t index) {
  std::string out;
  print_type(m, index, out, true);
  return capped(std::move(out));
}

}  // namespace sp::bitcode
