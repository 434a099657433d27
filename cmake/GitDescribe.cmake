# cmake -DSRC=<source dir> -DOUT=<header> -P cmake/GitDescribe.cmake
#
# Writes OUT, the header that util/version.c includes: KAKI_GIT_DESCRIBE is `git describe
# --tags --always --dirty` of SRC when SRC is the top of a git checkout, else "" (a source
# tarball, or a tarball unpacked inside another repository).  OUT is rewritten only when its
# text changes, so that an unchanged checkout rebuilds nothing.
set(describe "")
find_package(Git QUIET)
if(GIT_EXECUTABLE)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SRC} rev-parse --show-toplevel
                  OUTPUT_VARIABLE top RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0)
    get_filename_component(src_real ${SRC} REALPATH)
    get_filename_component(top_real ${top} REALPATH)
    if(src_real STREQUAL top_real)
      execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SRC} describe --tags --always --dirty
                      OUTPUT_VARIABLE describe RESULT_VARIABLE rc ERROR_QUIET
                      OUTPUT_STRIP_TRAILING_WHITESPACE)
      if(NOT rc EQUAL 0 OR NOT describe MATCHES "^[-A-Za-z0-9._+/]+$")
        set(describe "")
      endif()
    endif()
  endif()
endif()
set(text "/* Written by cmake/GitDescribe.cmake at every build. */\n#define KAKI_GIT_DESCRIBE \"${describe}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
