# Run by cpack -G DEB on the staged tree before the package is made
# (CPACK_PRE_BUILD_SCRIPTS in packaging/CMakeLists.txt): the Debian places that differ
# from a plain `cmake --install`. Debian's zsh looks for completions in
# /usr/share/zsh/vendor-completions (not share/zsh/site-functions), and Debian's manual
# pages are gzip-compressed. Other generators (cpack -G TGZ) keep the plain layout.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
file(GLOB_RECURSE tw_zsh LIST_DIRECTORIES false
     "${CPACK_TEMPORARY_DIRECTORY}/*/share/zsh/site-functions/_tilewright")
foreach(f IN LISTS tw_zsh)
  get_filename_component(site "${f}" DIRECTORY)
  get_filename_component(zsh "${site}" DIRECTORY)
  file(MAKE_DIRECTORY "${zsh}/vendor-completions")
  file(RENAME "${f}" "${zsh}/vendor-completions/_tilewright")
  file(GLOB left "${site}/*")
  if(NOT left)
    file(REMOVE_RECURSE "${site}")
  endif()
endforeach()
file(GLOB_RECURSE tw_man LIST_DIRECTORIES false
     "${CPACK_TEMPORARY_DIRECTORY}/*/share/man/man1/tilewright.1")
foreach(f IN LISTS tw_man)
  execute_process(COMMAND gzip -9n "${f}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n ${f} failed (${rc})")
  endif()
endforeach()
if(NOT tw_zsh OR NOT tw_man)
  message(FATAL_ERROR "deb_staging.cmake: the zsh completion or the manual page is not "
          "staged under ${CPACK_TEMPORARY_DIRECTORY}")
endif()
