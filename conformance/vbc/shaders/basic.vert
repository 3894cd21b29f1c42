// A vertex stage with three inputs (locations 0 to 2) and two outputs,
// the interface the builders' reflection records describe.
#version 450
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;
layout(location = 0) out vec2 v_uv;
layout(location = 1) out vec4 v_color;
void main() {
  v_uv = uv;
  v_color = color;
  gl_Position = vec4(position, 1.0);
}
