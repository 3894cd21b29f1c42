// Eight fragment outputs, locations 0 to 7 (VSL's maximum).
#version 450
layout(location = 0) in vec2 v_uv;
layout(location = 1) in vec4 v_color;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) out vec4 o2;
layout(location = 3) out vec4 o3;
layout(location = 4) out vec4 o4;
layout(location = 5) out vec4 o5;
layout(location = 6) out vec4 o6;
layout(location = 7) out vec4 o7;
void main() {
  o0 = v_color;
  o1 = v_color.yzwx;
  o2 = v_color.zwxy;
  o3 = v_color.wxyz;
  o4 = vec4(v_uv, 0.0, 1.0);
  o5 = vec4(v_uv.yx, 0.0, 1.0);
  o6 = vec4(1.0);
  o7 = vec4(0.0);
}
