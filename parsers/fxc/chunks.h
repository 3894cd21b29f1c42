// The legacy chunks shaderprobe decodes, by the container's fourcc: one row
// per chunk kind, read by the format's parse (fxc_format.cpp) with the tag
// the container gave the bytes, so a chunk kind is one row here and the
// container needs no edit.
#pragma once

#include <array>
#include <iterator>
#include <string_view>
#include <variant>
#include <vector>

#include "fxc/chunk.h"
#include "fxc/ifce.h"
#include "fxc/program.h"
#include "fxc/rdef.h"
#include "fxc/stat.h"

namespace sp::fxc {

using ChunkModel = std::variant<Program, Rdef, Stat, Interfaces>;

struct Chunk {
  std::string_view tag;  // the row's (static) fourcc
  ChunkModel model;
};

struct ChunkKind {
  std::string_view tag;
  bool (*parse)(const ChunkScope& s, ChunkModel& out);
  std::vector<uint8_t> (*write)(const ChunkModel& model);
};

namespace detail {
template <typename T, bool (*Parse)(const ChunkScope&, T&)>
bool parse_as(const ChunkScope& s, ChunkModel& out) {
  return Parse(s, out.emplace<T>());
}
template <typename T, std::vector<uint8_t> (*Write)(const T&)>
std::vector<uint8_t> write_as(const ChunkModel& model) {
  return Write(std::get<T>(model));
}
}  // namespace detail

inline constexpr ChunkKind kChunkKinds[] = {
    {"SHEX", detail::parse_as<Program, parse_program>, detail::write_as<Program, write_program>},
    {"SHDR", detail::parse_as<Program, parse_program>, detail::write_as<Program, write_program>},
    {"RDEF", detail::parse_as<Rdef, parse_rdef>, detail::write_as<Rdef, write_rdef>},
    {"STAT", detail::parse_as<Stat, parse_stat>, detail::write_as<Stat, write_stat>},
    {"IFCE", detail::parse_as<Interfaces, parse_interfaces>, detail::write_as<Interfaces, write_interfaces>},
};

// The fourccs of kChunkKinds, for the registry's Embedding.
inline constexpr auto kChunkTags = [] {
  std::array<std::string_view, std::size(kChunkKinds)> tags{};
  for (size_t i = 0; i < tags.size(); ++i) tags[i] = kChunkKinds[i].tag;
  return tags;
}();

// The row for a fourcc, or null.
[[nodiscard]] const ChunkKind* chunk_kind(std::string_view tag);

// A chunk's bytes decoded by its kind, with the semantic checks' warnings
// (checks.h) once it decoded.
bool parse_chunk(const ChunkKind& kind, const ChunkScope& s, Chunk& out);

}  // namespace sp::fxc
