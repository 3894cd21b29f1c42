// A YAML document built as a tree and rendered with the layout of LLVM's
// yaml::Output (keys padded to 16 columns, flow sequences wrapped after
// column 70, LLVM's quoting rules), so `dump --format=obj2yaml` can match
// obj2yaml byte for byte and the other YAML dumps read the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sp::yaml {

class Node {
 public:
  enum class Kind : uint8_t { scalar, map, seq, flow_seq };

  // A scalar already in its final text form (see plain()/quoted_string()).
  static Node raw(std::string text) { return Node(Kind::scalar, std::move(text)); }
  static Node str(std::string_view s);  // quoted as LLVM's needsQuotes decides
  static Node uint(uint64_t v) { return raw(std::to_string(v)); }
  static Node sint(int64_t v) { return raw(std::to_string(v)); }
  static Node boolean(bool v) { return raw(v ? "true" : "false"); }
  static Node hex(uint64_t v);  // 0x%X, as llvm::yaml::Hex8/16/32/64
  static Node map() { return Node(Kind::map, {}); }
  static Node seq() { return Node(Kind::seq, {}); }
  static Node flow_seq() { return Node(Kind::flow_seq, {}); }

  // Map: appends key: value and returns the stored value.
  Node& add(std::string key, Node value);
  // Seq / flow seq: appends an item and returns it.
  Node& push(Node value);

  [[nodiscard]] Kind kind() const { return kind_; }
  [[nodiscard]] bool empty() const { return entries_.empty(); }

  // Renders a whole document: "--- !tag\n" (or "---\n"), the body, "...\n".
  [[nodiscard]] std::string document(std::string_view tag) const;

 private:
  Node(Kind k, std::string text) : kind_(k), text_(std::move(text)) {}
  friend class Renderer;

  Kind kind_;
  std::string text_;
  std::vector<std::pair<std::string, Node>> entries_;  // keys empty for sequences
};

// LLVM's quoting of a string scalar: plain, 'single' or "double".
[[nodiscard]] std::string quoted_string(std::string_view s);

}  // namespace sp::yaml
