# Run at every build (cmake -P): writes OUT (git_commit.cpp), a C++ file defining the git commit the judge is built
# from, for `judge --version`. configure_file rewrites OUT only when the text changes, so an
# unchanged commit recompiles nothing. Outside a git checkout (a source tarball) the commit is
# "unknown".
execute_process(COMMAND git -C "${SRC}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
else()
  # Edited tracked files make the build differ from the commit: say so.
  execute_process(COMMAND git -C "${SRC}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT changes STREQUAL "")
    string(APPEND commit "-modified")
  endif()
endif()
set(JUDGE_GIT_COMMIT "${commit}")
configure_file("${IN}" "${OUT}" @ONLY)
