# Cross-compiling Kaki for 64-bit Windows with Debian's MinGW-w64 (gcc-mingw-w64-x86-64):
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake
# tests/run-tests.sh --windows does this, installs the compiler and Wine, and runs the Windows
# tests (tests/windows/) under Wine, which ctest starts as the cross-compiling emulator.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(KAKI_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${KAKI_MINGW_PREFIX}-gcc)
set(CMAKE_RC_COMPILER ${KAKI_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${KAKI_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# One self-contained kaki.exe: libgcc and winpthreads linked in, no DLL to ship beside it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")

# ctest runs the Windows programs under Wine (not needed to build).
find_program(KAKI_WINE NAMES wine wine64)
if(KAKI_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${KAKI_WINE})
endif()
