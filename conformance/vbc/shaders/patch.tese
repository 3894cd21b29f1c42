// Tessellation evaluation: interpolates over the triangle.
#version 450
layout(triangles, equal_spacing, ccw) in;
layout(location = 0) in vec2 c_uv[];
layout(location = 1) in vec4 c_color[];
layout(location = 0) out vec2 e_uv;
layout(location = 1) out vec4 e_color;
void main() {
  vec3 t = gl_TessCoord;
  e_uv = t.x * c_uv[0] + t.y * c_uv[1] + t.z * c_uv[2];
  e_color = t.x * c_color[0] + t.y * c_color[1] + t.z * c_color[2];
  gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;
}
