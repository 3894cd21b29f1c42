// A fragment stage with one output (location 0).
#version 450
layout(location = 0) in vec2 v_uv;
layout(location = 1) in vec4 v_color;
layout(location = 0) out vec4 color;
void main() {
  color = v_color * vec4(v_uv, 1.0, 1.0);
}
