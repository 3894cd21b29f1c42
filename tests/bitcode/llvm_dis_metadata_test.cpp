// Named metadata against llvm-dis-22 (skipped without it): for every module
// llvm-dis-22 reads (the clang-22 bitcode the build generates, and the DXIL
// modules of the shared dxc containers it accepts), each named metadata's
// nodes resolved to the same tree on both sides, node numbers normalised
// away: tuples with their operands, strings as bytes, integers as values,
// globals by name, debug-info nodes as leaves.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "bitcode/module.h"
#include "conformance/subprocess.h"
#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::bitcode {
namespace {

namespace fs = std::filesystem;

// Trees deeper than this, or longer, are cut the same way on both sides.
constexpr size_t kMaxDepth = 32;
constexpr size_t kMaxText = 1 << 20;

using Named = std::map<std::string, std::vector<std::string>>;

// A value operand normalised: integers keep their value (`i1 true`, and
// the model's sign-extended -1, are `i1 1`), globals are their name, other
// constants their type (a typed pointer is `ptr`).
std::string value_leaf(const std::string& type, const std::string& value) {
  if (value.starts_with("@")) return value;
  const bool integer = type.size() > 1 && type[0] == 'i' && std::isdigit(static_cast<unsigned char>(type[1]));
  // LLVM 22 reads DXIL's typed pointers as opaque ones.
  if (!integer) return (type.ends_with("*") ? "ptr" : type) + " ?";
  if (value == "true" || (type == "i1" && value == "-1")) return type + " 1";  // ours sign-extends
  if (value == "false") return type + " 0";
  return type + " " + value;
}

// ---- llvm-dis's text --------------------------------------------------------

struct DisNode {
  bool tuple = false;
  bool distinct = false;
  std::vector<std::string> operands;
};

// The operands of `!{...}`, split at top-level commas (strings never hold
// a quote: LLVM prints it as \22).
std::vector<std::string> split_operands(std::string_view body) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  bool quoted = false;
  for (char c : body) {
    if (c == '"') quoted = !quoted;
    if (!quoted && (c == '(' || c == '{' || c == '<' || c == '[')) ++depth;
    if (!quoted && (c == ')' || c == '}' || c == '>' || c == ']')) --depth;
    if (!quoted && depth == 0 && c == ',') {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    if (cur.empty() && c == ' ') continue;
    cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// LLVM's printEscapedString: \XX for quotes, backslashes and unprintables.
std::string unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

struct DisModule {
  std::map<uint64_t, DisNode> nodes;
  std::map<std::string, std::vector<uint64_t>> named;
};

DisModule parse_dis(const std::string& ir) {
  DisModule m;
  const std::regex named(R"(^!([A-Za-z._$][-A-Za-z._$0-9]*) = !\{(.*)\}$)");
  const std::regex node(R"(^!(\d+) = (distinct )?(.*)$)");
  std::istringstream in(ir);
  std::smatch match;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, match, named)) {
      for (const std::string& op : split_operands(match[2].str())) m.named[match[1]].push_back(std::stoull(op.substr(1)));
    } else if (std::regex_match(line, match, node)) {
      DisNode n;
      n.distinct = match[2].matched;
      const std::string body = match[3];
      n.tuple = body.starts_with("!{");
      if (n.tuple) n.operands = split_operands(std::string_view(body).substr(2, body.size() - 3));
      m.nodes[std::stoull(match[1])] = std::move(n);
    }
  }
  return m;
}

std::string dis_tree(const DisModule& m, uint64_t id, std::vector<uint64_t>& stack, std::string& out);

void dis_operand(const DisModule& m, const std::string& op, std::vector<uint64_t>& stack, std::string& out) {
  if (op == "null") {
    out += "null";
  } else if (op.starts_with("!\"")) {
    out += "\"" + unescape(std::string_view(op).substr(2, op.size() - 3)) + "\"";
  } else if (op.starts_with("!") && op.size() > 1 && std::isdigit(static_cast<unsigned char>(op[1]))) {
    dis_tree(m, std::stoull(op.substr(1)), stack, out);
  } else if (op.starts_with("!")) {
    out += "<node>";  // an inline debug-info node (!DIExpression())
  } else {
    const size_t space = op.rfind(' ');
    out += value_leaf(op.substr(0, space), op.substr(space + 1));
  }
}

std::string dis_tree(const DisModule& m, uint64_t id, std::vector<uint64_t>& stack, std::string& out) {
  const auto it = m.nodes.find(id);
  if (it == m.nodes.end() || !it->second.tuple) return out += "<node>";
  for (size_t k = 0; k < stack.size(); ++k)
    if (stack[k] == id) return out += "^" + std::to_string(stack.size() - k);
  if (stack.size() == kMaxDepth || out.size() > kMaxText) return out += "...";
  stack.push_back(id);
  out += it->second.distinct ? "distinct {" : "{";
  for (const std::string& op : it->second.operands) {
    dis_operand(m, op, stack, out);
    out += ",";
  }
  out += "}";
  stack.pop_back();
  return out;
}

Named dis_named(const std::string& ir) {
  const DisModule m = parse_dis(ir);
  Named out;
  for (const auto& [name, ids] : m.named)
    for (uint64_t id : ids) {
      std::vector<uint64_t> stack;
      std::string tree;
      out[name].push_back(dis_tree(m, id, stack, tree));
    }
  return out;
}

// ---- shaderprobe's model ----------------------------------------------------

std::string our_tree(const Module& m, uint64_t id, std::vector<uint64_t>& stack, std::string& out) {
  const auto& nodes = m.metadata.nodes;
  if (id >= nodes.size() || !nodes[id].is_tuple()) return out += "<node>";
  for (size_t k = 0; k < stack.size(); ++k)
    if (stack[k] == id) return out += "^" + std::to_string(stack.size() - k);
  if (stack.size() == kMaxDepth || out.size() > kMaxText) return out += "...";
  stack.push_back(id);
  out += nodes[id].distinct ? "distinct {" : "{";
  for (uint64_t op : nodes[id].operands) {
    const Metadata* e = op == 0 || op > nodes.size() ? nullptr : &nodes[op - 1];
    if (op == 0) {
      out += "null";
    } else if (e != nullptr && e->is_string()) {
      out += "\"" + std::string(e->string.bytes()) + "\"";
    } else if (e != nullptr && e->code == kMdValue) {
      const ModuleValue& v = m.values.at(e->operands[1]);
      const std::string type = type_name(m, e->operands[0]);
      if (v.kind == ModuleValue::Kind::global) {
        out += "@" + std::string(m.globals[v.global].name.bytes());
      } else {
        out += value_leaf(type, v.integer ? std::to_string(*v.integer) : "?");
      }
    } else {
      our_tree(m, op - 1, stack, out);
    }
    out += ",";
  }
  out += "}";
  stack.pop_back();
  return out;
}

Named our_named(const Module& m) {
  Named out;
  for (const NamedMetadata& n : m.metadata.named)
    for (uint64_t id : n.nodes) {
      std::vector<uint64_t> stack;
      std::string tree;
      out[std::string(n.name.bytes())].push_back(our_tree(m, id, stack, tree));
    }
  return out;
}

// llvm-dis-22's named metadata of `file`, or nothing when it refuses it.
std::optional<std::string> dis_text(const fs::path& file) {
  const auto r = conform::run_command({SP_LLVM_DIS, file.string(), "-o", "-"});
  if (r.exit_code != 0) return std::nullopt;
  return r.out;
}

TEST(LlvmDisMetadata, NamedMetadataResolvesToLlvmDisTrees) {
  if (std::string(SP_LLVM_DIS).empty()) GTEST_SKIP() << "llvm-dis-22 not installed";
  std::vector<std::pair<std::string, std::vector<uint8_t>>> modules;
  for (const auto& e : fs::directory_iterator(SP_BITCODE_DIR))
    if (e.path().filename().string().starts_with("clang-22.")) modules.emplace_back(e.path().string(), test::read_file(e.path()));
  const size_t clang = modules.size();
  for (const auto& path : test::external_files("vkd3d-proton", ".dxbc")) {
    const auto bytes = test::read_file(path);
    const dxc::ParseResult c = dxc::parse_container(bytes);
    if (!c.ok()) continue;
    for (const dxc::Part& p : c.container->parts)
      if (const auto* program = dxc::content_if<dxc::Program>(p))
        modules.emplace_back(path.string(), std::vector<uint8_t>(program->bitcode.begin(), program->bitcode.end()));
  }
  if (modules.empty()) GTEST_SKIP() << "no clang-22 bitcode generated";
  const fs::path scratch = test::scratch_path("llvm_dis_metadata.bc");
  size_t compared = 0, dxil = 0, trees = 0;
  for (size_t i = 0; i < modules.size(); ++i) {
    const auto& [name, bytes] = modules[i];
    std::ofstream(scratch, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    const auto ir = dis_text(scratch);
    if (!ir) {
      EXPECT_GE(i, clang) << name << ": llvm-dis-22 refuses clang-22's own bitcode";
      continue;
    }
    const ParseResult r = parse_bitcode(bytes);
    ASSERT_TRUE(r.ok()) << name << ": " << r.error->to_string();
    const Named ours = our_named(r.file->modules.at(0)), theirs = dis_named(*ir);
    EXPECT_EQ(ours, theirs) << name;
    for (const auto& [n, v] : ours) trees += v.size();
    ++compared;
    dxil += i >= clang;
  }
  fs::remove(scratch);
  // Every clang-22 module, and of the shared DXIL the few llvm-dis-22
  // reads (7 of 82 with LLVM 22.1.8; it refuses DXIL's data layout: "i8
  // must be 8-bit aligned").
  EXPECT_EQ(compared - dxil, clang);
  if (modules.size() > clang) {
    EXPECT_GT(dxil, 0u);
  }
  EXPECT_GT(trees, 100u);
}

}  // namespace
}  // namespace sp::bitcode
