# Sourced by scripts/gen-conformance: writes the DXContainer suite's given
# inputs into $GIVEN (valid containers gen_dxcontainer_cases sorts into y_,
# i_ and n_ cases): yaml2obj-22's containers of tests/data/dxcontainer/yaml,
# and the project writer's seed containers (fuzzers/seeds_dxcontainer.cpp).
cmake --build --preset dev --target seeds_dxcontainer >/dev/null
for yaml in tests/data/dxcontainer/yaml/*.yaml; do
  yaml2obj-22 "$yaml" -o "$GIVEN/yaml2obj_$(basename "${yaml%.yaml}").dxbc"
done
build/dev/bin/seeds_dxcontainer "$WORK/seeds" >/dev/null
for f in "$WORK/seeds/dxcontainer"/*.dxbc; do
  cp "$f" "$GIVEN/writer_$(basename "$f")"
done
