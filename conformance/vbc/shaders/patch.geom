// Geometry: re-emits each triangle, so the fragment stage reads the same
// locations as after the vertex stage.
#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec2 e_uv[];
layout(location = 1) in vec4 e_color[];
layout(location = 0) out vec2 v_uv;
layout(location = 1) out vec4 v_color;
void main() {
  for (int i = 0; i < 3; ++i) {
    v_uv = e_uv[i];
    v_color = e_color[i];
    gl_Position = gl_in[i].gl_Position;
    EmitVertex();
  }
  EndPrimitive();
}
