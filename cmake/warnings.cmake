# Project-wide warning flags; `dev` turns them into errors (SP_WERROR).
add_library(sp_warnings INTERFACE)
target_compile_options(sp_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Wnull-dereference
  -Wimplicit-fallthrough -Wformat=2)
if(SP_WERROR)
  target_compile_options(sp_warnings INTERFACE -Werror)
endif()
