#include "core/json_yaml.h"

#include <algorithm>

namespace sp {

yaml::Node json_to_yaml(const nlohmann::ordered_json& j) {
  using yaml::Node;
  switch (j.type()) {
    case nlohmann::json::value_t::object: {
      Node m = Node::map();
      for (const auto& [k, v] : j.items()) m.add(k, json_to_yaml(v));
      return m;
    }
    case nlohmann::json::value_t::array: {
      // Arrays of scalars read best inline, like obj2yaml's flow sequences.
      const bool scalars = std::all_of(j.begin(), j.end(), [](const auto& v) { return v.is_primitive(); });
      Node s = scalars ? Node::flow_seq() : Node::seq();
      for (const auto& v : j) s.push(json_to_yaml(v));
      return s;
    }
    case nlohmann::json::value_t::string:
      return Node::str(j.get<std::string>());
    case nlohmann::json::value_t::boolean:
      return Node::boolean(j.get<bool>());
    case nlohmann::json::value_t::null:
      return Node::raw("null");
    default:
      return Node::raw(j.dump());
  }
}

}  // namespace sp
