// lay_out_rdef(): offsets for a model built in memory (rdef_builder.h).
#include "fxc/rdef_builder.h"

namespace sp::fxc {
namespace {

constexpr uint8_t kPadding[3] = {0xAB, 0xAB, 0xAB};

class Layout {
 public:
  explicit Layout(Rdef& r) : r_(r) {}

  void run() {
    if (r_.rd11) r_.rd11->layout = r_.rd11->magic == kRd11Magic51 ? kRdefLayout51 : kRdefLayout50;
    const RdefLayout& l = r_.layout();
    end_ = l.header;
    place(r_.creator);
    r_.binding_count = count(r_.bindings);
    r_.binding_offset = table(r_.bindings.size(), l.binding);
    r_.constant_buffer_count = count(r_.constant_buffers);
    r_.constant_buffer_offset = table(r_.constant_buffers.size(), l.constant_buffer);
    for (RdefBinding& b : r_.bindings) place(b.name);
    for (RdefConstantBuffer& cb : r_.constant_buffers) {
      place(cb.name);
      cb.variable_count = count(cb.variables);
      cb.variable_offset = table(cb.variables.size(), l.variable);
    }
    for (RdefType& t : r_.types) t.offset = table(1, l.type);
    for (RdefType& t : r_.types) {
      t.member_count = static_cast<uint16_t>(t.members.size());
      t.member_offset = table(t.members.size(), l.member);
      t.interface_count = count(t.interfaces);
      t.interfaces_offset = table(t.interfaces.size(), 4);
      if (!t.name.text.empty()) place(t.name);
      for (RdefMember& m : t.members) {
        place(m.name);
        resolve(m.type);
      }
      resolve(t.sub_type);
      resolve(t.base_class);
      for (RdefTypeRef& ref : t.interfaces) resolve(ref);
    }
    for (RdefConstantBuffer& cb : r_.constant_buffers)
      for (RdefVariable& v : cb.variables) {
        place(v.name);
        resolve(v.type);
        v.default_value_offset = v.default_value.empty() ? 0 : table(1, static_cast<uint32_t>(v.default_value.size()));
      }
    r_.gaps.clear();
    if (end_ % 4 != 0) r_.gaps.push_back({end_, Bytes(kPadding, 4 - end_ % 4)});
  }

 private:
  template <typename T>
  static uint32_t count(const std::vector<T>& list) {
    return static_cast<uint32_t>(list.size());
  }

  // Room for n records of `size` bytes: their offset, 0 when n is 0.
  uint32_t table(size_t n, uint32_t size) {
    if (n == 0) return 0;
    const uint32_t at = end_;
    end_ += static_cast<uint32_t>(n * size);
    return at;
  }

  void place(RdefString& s) {
    s.offset = end_;
    end_ += static_cast<uint32_t>(s.text.size() + 1);
  }

  void resolve(RdefTypeRef& ref) const { ref.offset = ref.index == kNoType ? 0 : r_.types.at(ref.index).offset; }

  Rdef& r_;
  uint32_t end_ = 0;
};

}  // namespace

void lay_out_rdef(Rdef& rdef) { Layout(rdef).run(); }

RdefType numeric_type(uint16_t variable_class, uint16_t variable_type, uint16_t rows, uint16_t columns,
                      uint16_t elements) {
  RdefType t;
  t.variable_class = variable_class;
  t.variable_type = variable_type;
  t.rows = rows;
  t.columns = columns;
  t.elements = elements;
  return t;
}

}  // namespace sp::fxc
