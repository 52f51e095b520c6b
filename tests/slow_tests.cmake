# Read by ctest (TEST_INCLUDE_FILES, after the Catch2 test lists): the known slow test
# cases get a COST, so that `ctest -j2` starts them first and the many short ones fill
# the other slot, instead of a 90 s case starting last and running alone. Only the order
# changes. The figures are the seconds each took under ASan+UBSan (the slower of the two
# CI runs, 2-core machine; re-measured on the landing of 1596f63); a case that is renamed
# or gone is simply not matched, so re-read them when a slow case is renamed ("every
# module matters: without it", 137 s, the longest by far, had lost its COST so; it plays
# a third of its seeds under the sanitizers since, tests/engine/test_modules.cpp).
set(_tw_slow_cases
  "every module matters: without it" 55
  "every module matters: with it" 34
  "busy: content list, replay list, validate and play" 21
  "mcts: names, determinism, every rule system" 20
  "conformance: every rule set and level" 17
  "merging N shards gives the whole run" 14
  "a co-op rule set without a level plays its first level" 14
  "play view: a human clicks on the board" 12
  "busy: a database locked by a writer" 10
  "rules view: edit, refuse, undo, redo" 8
  "each number and reading the issue named" 7
  "compare plays variants on the same seeds" 6
  "review view: open, step with keys" 6
  "parse_option(to_string(o)) == o and describe agrees" 5
  "content update adds and updates shipped content" 5
  "a long replay opens with the whole game in view" 5
  "busy: a write that meets another writer's lock" 5
  "the thread count changes no figure" 5
  "replay import --rename" 4)
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
