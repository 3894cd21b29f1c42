// Tessellation control: passes the vertex stage's outputs on, per vertex.
#version 450
layout(vertices = 3) out;
layout(location = 0) in vec2 v_uv[];
layout(location = 1) in vec4 v_color[];
layout(location = 0) out vec2 c_uv[];
layout(location = 1) out vec4 c_color[];
void main() {
  c_uv[gl_InvocationID] = v_uv[gl_InvocationID];
  c_color[gl_InvocationID] = v_color[gl_InvocationID];
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  if (gl_InvocationID == 0) {
    gl_TessLevelInner[0] = 2.0;
    gl_TessLevelOuter[0] = 2.0;
    gl_TessLevelOuter[1] = 2.0;
    gl_TessLevelOuter[2] = 2.0;
  }
}
