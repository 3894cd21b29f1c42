#include "formats/read.h"

#include <algorithm>

#include "core/json_yaml.h"
#include "formats/registry.h"

namespace sp::formats {
namespace {

// The format registered for payloads of `host` tagged `tag`.
const Format* reader_of(const Format& host, std::string_view tag) {
  for (const Format* f : embedded_formats(host))
    for (const Embedding& e : f->embedded_in)
      if (e.host == host.name && std::find(e.tags.begin(), e.tags.end(), tag) != e.tags.end()) return f;
  return nullptr;
}

// A payload's diagnostics name their field under the host's:
// parts[3].DXIL.bitcode.<path>.
void reroot(Diagnostic& d, const std::string& prefix) { d.path = d.path.empty() ? prefix : prefix + "." + d.path; }

}  // namespace

FileRead read(const Format& format, Bytes input, const Options& options) {
  FileRead r;
  r.format = &format;
  if (!format.supported()) {
    r.top.error = Diagnostic{Code::unsupported_format, 0, "",
                             std::string(format.title) + " is recognised, but shaderprobe has no parser for it yet"};
    r.error = r.top.error;
    return r;
  }
  r.top = format.parse(input, 0, options);
  r.error = r.top.error;
  r.warnings = r.top.warnings;
  if (!r.top.ok() || format.payloads == nullptr) return r;
  for (Payload& p : format.payloads(r.top, input)) {
    const Format* f = reader_of(format, p.tag);
    if (f == nullptr || !f->supported()) continue;
    EmbeddedRead e;
    e.format = f;
    Options tagged = options;
    tagged.tag = p.tag;
    e.decoded = f->parse(p.bytes, p.offset, tagged);
    const std::string prefix = p.path + "." + std::string(f->name);
    if (e.decoded.error) reroot(*e.decoded.error, prefix);
    for (Diagnostic& w : e.decoded.warnings) reroot(w, prefix);
    r.warnings.insert(r.warnings.end(), e.decoded.warnings.begin(), e.decoded.warnings.end());
    if (!r.error && e.decoded.error) r.error = e.decoded.error;
    if (e.decoded.ok() && f->check_in_host != nullptr) {
      Context ctx(options.limits, input.size());
      f->check_in_host(format.name, r.top, p, e.decoded, ctx);
      const std::vector<Diagnostic> found = ctx.take_warnings();
      r.warnings.insert(r.warnings.end(), found.begin(), found.end());
    }
    e.payload = std::move(p);
    r.embedded.push_back(std::move(e));
  }
  return r;
}

std::optional<Diagnostic> error_under(const FileRead& r, std::string_view profile) {
  if (r.error) return r.error;
  const auto rejected = std::find_if(r.warnings.begin(), r.warnings.end(),
                                     [&](const Diagnostic& w) { return profiles().rejects(profile, w.code); });
  if (rejected == r.warnings.end()) return std::nullopt;
  return *rejected;
}

std::vector<uint64_t> boundaries(const FileRead& r, Bytes input) {
  std::vector<uint64_t> out;
  if (r.format->boundaries != nullptr) out = r.format->boundaries(input);
  for (const EmbeddedRead& e : r.embedded) {
    if (e.format->boundaries == nullptr) continue;
    out.push_back(e.payload.offset);
    out.push_back(e.payload.offset + e.payload.bytes.size());
    for (const uint64_t b : e.format->boundaries(e.payload.bytes)) out.push_back(e.payload.offset + b);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

nlohmann::ordered_json describe(const FileRead& r) {
  nlohmann::ordered_json tree = r.format->describe(r.top);
  for (const EmbeddedRead& e : r.embedded)
    tree[e.payload.where][std::string(e.format->name)] = e.format->describe(e.decoded);
  return tree;
}

const Dump* offered_dump(const Format& format, std::string_view name) {
  const auto it =
      std::find_if(format.dumps.begin(), format.dumps.end(), [&](const Dump& d) { return d.name == name; });
  return it != format.dumps.end() ? &*it : nullptr;
}

std::optional<DumpRoute> route_dump(const Format& format, std::string_view name) {
  if (const Dump* d = offered_dump(format, name)) return DumpRoute{d, &format, false};
  for (const Format* f : embedded_formats(format))
    if (const Dump* d = offered_dump(*f, name)) return DumpRoute{d, f, true};
  return std::nullopt;
}

std::vector<DumpText> write_every_dump(const Format& format, Bytes input, const Options& options) {
  std::vector<DumpText> out;
  for (const Dump& d : format.dumps) {
    TextBuffer text;
    DumpText& t = out.emplace_back();
    t.name = d.name;
    t.ok = d.write(input, 0, options, text, t.error);
    if (t.ok) t.text = text.str();
  }
  return out;
}

const Format* format_offering_dump(std::string_view name) {
  for (const Format* f : all())
    if (offered_dump(*f, name) != nullptr) return f;
  return nullptr;
}

std::vector<std::string> dump_names(const Format& format) {
  if (!format.supported()) return {};
  std::vector<std::string> out = {"yaml", "json"};
  for (const Dump& d : format.dumps) out.emplace_back(d.name);
  return out;
}

std::vector<std::string> dump_names() {
  std::vector<std::string> out = {"yaml", "json"};
  for (const Format* f : all())
    for (const Dump& d : f->dumps)
      if (std::find(out.begin(), out.end(), d.name) == out.end()) out.emplace_back(d.name);
  return out;
}

DumpOutcome write_dump(const Format& format, const DumpRoute& route, Bytes input, const Options& options,
                     TextBuffer& out) {
  DumpOutcome o;
  Options tagged = options;
  Bytes bytes = input;
  std::vector<Payload> payloads;  // outlives the write: `tagged` views a tag
  uint64_t offset = 0;
  if (route.through_payload) {
    // The host layer alone, then the preferred payload of the dump's format.
    const Decoded host = format.parse(input, 0, options);
    if (!host.ok()) {
      o.error = host.error;
      return o;
    }
    if (format.payloads) payloads = format.payloads(host, input);
    const Embedding* embedding = nullptr;
    for (const Embedding& e : route.owner->embedded_in)
      if (e.host == format.name) embedding = &e;
    const std::string_view tag = embedding->tags.front();
    // A dump of the whole host needs a payload of any of the tags; one of
    // the payload, the first of the first tag.
    const auto chosen = std::find_if(payloads.begin(), payloads.end(), [&](const Payload& p) {
      return route.dump->of_host ? std::find(embedding->tags.begin(), embedding->tags.end(), p.tag) != embedding->tags.end()
                                 : p.tag == tag;
    });
    if (chosen == payloads.end()) {
      o.missing = "the " + std::string(format.name) + " has no " + std::string(tag) + " part to dump as " +
                  std::string(route.owner->name);
      return o;
    }
    if (!route.dump->of_host) {
      bytes = chosen->bytes;
      offset = chosen->offset;
      tagged.tag = chosen->tag;
    }
  }
  o.ok = route.dump->write(bytes, offset, tagged, out, o.error);
  return o;
}

std::optional<std::string> printer_problem(Bytes input) {
  const Format& format = reader_for(input);
  if (format.identify(input).empty()) return "identify printed nothing";
  if (const FileRead r = read(format, input); r.ok()) {
    const nlohmann::ordered_json tree = describe(r);
    if (tree.dump(2).empty()) return "dump --format=json printed nothing";
    if (json_to_yaml(tree).document("").empty()) return "dump --format=yaml printed nothing";
  }
  for (const std::string& name : dump_names()) {
    const std::optional<DumpRoute> route = route_dump(format, name);
    if (!route) continue;
    TextBuffer text;
    const DumpOutcome o = write_dump(format, *route, input, {}, text);
    if (o.ok == (o.error.has_value() || !o.missing.empty()))
      return "dump --format=" + name + " must end in text or in one error";
    if (o.ok && text.size() == 0) return "dump --format=" + name + " printed nothing";
  }
  return std::nullopt;
}

}  // namespace sp::formats
