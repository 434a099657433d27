# The layers of docs/ARCHITECTURE.md as the build enforces them.
#
# Each folder is one library (kaki_util, kaki_board, ...) that links only the layers below it.
# Sources name headers from the repository root ("board/position.h") and their siblings by bare
# name, but no target has the repository root on its include path: a library's public include
# directory, <build>/include/<layer>/, holds a symbolic link per folder of the library
# (<build>/include/board/board -> board/), so that the library and the targets linking it see
# its own folder and the folders of the layers it links, and nothing above.  An upward include
# ("search/search.h" in board/) fails to compile; tests/arch/layers_enforced proves it.

# kaki_expose(TARGET LAYER FOLDER...): TARGET's public include directory <build>/include/LAYER,
# with a link to each source FOLDER.
function(kaki_expose target layer)
  set(dir ${CMAKE_BINARY_DIR}/include/${layer})
  file(MAKE_DIRECTORY ${dir})
  foreach(folder ${ARGN})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${folder} ${dir}/${folder} RESULT result SYMBOLIC)
    if(NOT result STREQUAL "0")
      message(FATAL_ERROR "cannot link ${dir}/${folder} to ${CMAKE_SOURCE_DIR}/${folder}: ${result}")
    endif()
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE ${dir})
  else()
    target_include_directories(${target} PUBLIC ${dir})
  endif()
endfunction()

# kaki_sources(VAR FOLDER [EXCEPT NAME...]): the C files of FOLDER (a glob, so that files can be
# added and renamed without touching the build), less the named ones (e.g. main.c).
function(kaki_sources var folder)
  cmake_parse_arguments(arg "" "" "EXCEPT" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${folder}/*.c)
  foreach(name ${arg_EXCEPT})
    list(REMOVE_ITEM sources ${CMAKE_SOURCE_DIR}/${folder}/${name})
  endforeach()
  set(${var} ${sources} PARENT_SCOPE)
endfunction()
