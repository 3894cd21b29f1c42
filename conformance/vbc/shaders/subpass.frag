// Four subpass inputs (VSL's maximum) read into four outputs.
#version 450
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput in0;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform isubpassInput in1;
layout(input_attachment_index = 2, set = 0, binding = 2) uniform usubpassInput in2;
layout(input_attachment_index = 3, set = 0, binding = 3) uniform subpassInput in3;
layout(location = 0) in vec2 v_uv;
layout(location = 1) in vec4 v_color;
layout(location = 0) out vec4 out0;
layout(location = 1) out ivec4 out1;
layout(location = 2) out uvec4 out2;
layout(location = 3) out vec4 out3;
void main() {
  out0 = subpassLoad(in0) * v_color;
  out1 = subpassLoad(in1);
  out2 = subpassLoad(in2);
  out3 = subpassLoad(in3) + vec4(v_uv, 0.0, 0.0);
}
