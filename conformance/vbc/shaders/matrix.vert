// A matrix input (locations 0 to 3, recorded at 0), then a signed and an
// unsigned input: every numeric base type VSL allows for vertex inputs.
#version 450
layout(location = 0) in mat4 model;
layout(location = 4) in vec3 position;
layout(location = 5) in ivec2 cell;
layout(location = 6) in uint index;
layout(location = 0) out vec2 v_uv;
layout(location = 1) out vec4 v_color;
void main() {
  v_uv = vec2(cell);
  v_color = vec4(float(index));
  gl_Position = model * vec4(position, 1.0);
}
