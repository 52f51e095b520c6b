# Read by ctest (TEST_INCLUDE_FILES, after the Catch2 test lists): the known slow test
# cases get a COST, so that `ctest -j2` starts them first and the many short ones fill
# the other slot, instead of a 90 s case starting last and running alone. Only the order
# changes. The figures are the seconds each took under ASan+UBSan (the slower of the two
# CI runs, 2-core machine); a case that is renamed or gone is simply not matched.
set(_tw_slow_cases
  "every rule module matters" 90
  "mcts: names, determinism, every rule system" 27
  "busy: content list, replay list, validate and play" 21
  "conformance: every rule set and level" 17
  "merging N shards gives the whole run" 16
  "a co-op rule set without a level plays its first level" 11
  "each number and reading the issue named" 11
  "busy: a database locked by a writer" 10
  "play view: a human clicks on the board" 9
  "compare plays variants on the same seeds" 6
  "the thread count changes no figure" 5
  "busy: a write that meets another writer's lock" 5
  "replay import --rename" 5
  "content update adds and updates shipped content" 5)
foreach(_tw_suite engine schema cli replay study editor)
  foreach(_tw_test IN LISTS tw_tests_${_tw_suite}_TESTS)
    set(_tw_rest ${_tw_slow_cases})
    while(_tw_rest)
      list(POP_FRONT _tw_rest _tw_pattern _tw_cost)
      string(FIND "${_tw_test}" "${_tw_pattern}" _tw_at)
      if(_tw_at GREATER -1)
        set_tests_properties("${_tw_test}" PROPERTIES COST ${_tw_cost})
        break()
      endif()
    endwhile()
  endforeach()
endforeach()
