#include "conformance/dxcontainer/builders.h"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

#include "bitcode/minimal_module.h"
#include "conformance/hostile_text.h"
#include "core/span_writer.h"
#include "core/strings.h"
#include "dxcontainer/writer.h"

namespace sp::dxc::build {

std::vector<uint8_t> container_of(const std::vector<RawPartSpec>& parts) {
  Container c;
  for (const RawPartSpec& spec : parts) {
    Part p;
    p.fourcc = make_fourcc(spec.fourcc[0], spec.fourcc[1], spec.fourcc[2], spec.fourcc[3]);
    p.data = spec.data;  // outlives the write below
    p.size = static_cast<uint32_t>(spec.data.size());
    c.parts.push_back(p);
  }
  return write_container(c);
}

std::vector<uint8_t> u32s(std::initializer_list<uint32_t> values) {
  ByteWriter w;
  for (uint32_t v : values) w.put_u32_le(v);
  return w.take();
}

std::vector<uint8_t> program(uint16_t kind, uint32_t offset, uint32_t size, size_t payload) {
  ByteWriter w;
  w.put_u8(0x60);
  w.put_u8(0);
  w.put_u16_le(kind);
  w.put_u32_le(static_cast<uint32_t>((24 + payload) / 4));
  w.put_chars("DXIL");
  w.put_u8(0);
  w.put_u8(1);
  w.put_u16_le(0);
  w.put_u32_le(offset);
  w.put_u32_le(size);
  w.put_zeros(payload);
  return w.take();
}

std::vector<uint8_t> dxil_program(uint16_t kind, uint8_t version, const std::vector<uint8_t>& bitcode) {
  std::vector<uint8_t> p = program(kind, 16, static_cast<uint32_t>(bitcode.size()), bitcode.size());
  p[0] = version;
  std::copy(bitcode.begin(), bitcode.end(), p.end() - static_cast<std::ptrdiff_t>(bitcode.size()));
  return p;
}

std::vector<uint8_t> valid_program(uint16_t kind) { return dxil_program(kind, 0x60, bitcode::minimal_module()); }

std::vector<uint8_t> psv_v1(uint8_t inputs, const std::vector<uint8_t>& tail) {
  ByteWriter w;
  w.put_u32_le(36);
  w.put_zeros(24);
  w.put_u8(1);  // vertex
  w.put_u8(0);
  w.put_u16_le(0);
  w.put_u8(inputs);
  w.put_u8(0);
  w.put_u8(0);
  w.put_u8(1);  // input vectors
  w.put_zeros(4);
  w.put_bytes(tail);
  return w.take();
}

std::vector<uint8_t> rts0_aliased_tables(uint32_t params, uint32_t ranges) {
  ByteWriter w;
  const uint32_t table = 24 + params * 12;
  for (uint32_t v : {2u, params, 24u, 0u, 0u, 0u}) w.put_u32_le(v);
  for (uint32_t i = 0; i < params; ++i)
    for (uint32_t v : {0u, 0u, table}) w.put_u32_le(v);
  w.put_u32_le(ranges);
  w.put_u32_le(table + 8);
  w.put_zeros(size_t{ranges} * 24);
  return w.take();
}

std::vector<uint8_t> srci(const std::vector<uint8_t>& stored, uint32_t declared, uint16_t compress) {
  ByteWriter names;
  names.put_u32_le(0);
  names.put_u32_le(1);
  names.put_u16_le(20);
  names.put_u32_le(20);  // entry aligned size
  names.put_u32_le(0);
  names.put_u32_le(2);  // "a\0"
  names.put_u32_le(declared);
  names.put_chars("a");
  names.put_u8(0);
  names.put_zeros(2);
  ByteWriter contents;
  contents.put_u32_le(static_cast<uint32_t>(20 + stored.size()));
  contents.put_u16_le(0);
  contents.put_u16_le(compress);
  contents.put_u32_le(static_cast<uint32_t>(stored.size()));
  contents.put_u32_le(declared);
  contents.put_u32_le(1);
  contents.put_bytes(stored);
  ByteWriter w;
  w.put_u32_le(0);
  w.put_u16_le(0);
  w.put_u16_le(2);
  for (auto* section : {&names, &contents}) {
    section->pad_to_4();
    w.put_u32_le(static_cast<uint32_t>(8 + section->size()));
    w.put_u16_le(0);
    w.put_u16_le(section == &names ? 1 : 0);
    w.put_bytes(section->bytes());
  }
  auto out = w.take();
  store_le_at<uint32_t>(out, 0, static_cast<uint32_t>(out.size()));
  return out;
}

std::vector<uint8_t> deflate(const std::vector<uint8_t>& in) {
  uLongf size = compressBound(static_cast<uLong>(in.size()));
  std::vector<uint8_t> out(size);
  if (compress2(out.data(), &size, in.data(), static_cast<uLong>(in.size()), 9) != Z_OK)
    throw std::runtime_error("zlib compress2 failed");
  out.resize(size);
  return out;
}

size_t set_hostile_texts(Container& c, size_t& k) {
  size_t set = 0;
  auto next = [&](FileText& t) {
    t = conform::hostile_text(k++);
    ++set;
  };
  for (Part& p : c.parts) {
    if (auto* s = content_if<Signature>(p))
      for (SignatureElement& e : s->elements) next(e.name);
    if (auto* psv = content_if<Psv>(p)) {
      for (auto* list : {&psv->inputs, &psv->outputs, &psv->patch_or_prim})
        for (PsvSignatureElement& e : *list) next(e.name);
      if (psv->version >= 3) next(psv->entry_name);
    }
    if (auto* d = content_if<DebugName>(p)) next(d->name);
    if (auto* v = content_if<CompilerVersion>(p)) {
      next(v->commit_sha);
      next(v->custom_version);
    }
    if (auto* s = content_if<SourceInfo>(p)) {
      for (SourceFile& f : s->files) {
        next(f.name);
        next(f.content);
      }
      for (SourceArg& a : s->args) {
        next(a.name);
        next(a.value);
      }
    }
  }
  return set;
}

}  // namespace sp::dxc::build
