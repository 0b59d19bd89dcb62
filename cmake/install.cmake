# `cmake --install build --prefix P`: P/bin/judge and its data under P/share/judge, where the
# installed judge finds it from its own location (spec/catalog.cpp). Included by CMakeLists.txt.
include(GNUInstallDirs)

# The CUDA libraries (libcudart, libnvrtc) are in the toolkit's folder, which the dynamic loader
# may not search: the installed judge keeps the folders it was linked from as its RUNPATH.
set_target_properties(judge PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS judge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The data: what `judge list/show/run` read (challenges, testcases), the reference solutions and
# the wrong ones with their expected verdicts (solutions), and the shipped baselines.
# Always share/judge beside bin/: that is where spec/catalog.cpp looks, so it is not a setting.
set(JUDGE_DATA_DIR share/judge)
install(DIRECTORY challenges testcases solutions baselines DESTINATION ${JUDGE_DATA_DIR})

# Shell completion, printed by the judge itself from its command definitions (cli/completion.hpp),
# and a manual page made by help2man from `judge --help` and `judge --version` where help2man is
# installed (apt-get install help2man; scripts/test.sh installs it). Both are made at build time
# (scripts/setup.sh builds them) so the install only copies.
set(JUDGE_SHARE_BUILD_DIR ${PROJECT_BINARY_DIR}/share)
add_custom_command(
  OUTPUT ${JUDGE_SHARE_BUILD_DIR}/bash-completion/judge ${JUDGE_SHARE_BUILD_DIR}/zsh/_judge
  COMMAND ${CMAKE_COMMAND} -E make_directory ${JUDGE_SHARE_BUILD_DIR}/bash-completion ${JUDGE_SHARE_BUILD_DIR}/zsh
  COMMAND judge completion bash > ${JUDGE_SHARE_BUILD_DIR}/bash-completion/judge
  COMMAND judge completion zsh > ${JUDGE_SHARE_BUILD_DIR}/zsh/_judge
  DEPENDS judge
  COMMENT "bash and zsh completion for judge")
set(JUDGE_SHARE_OUTPUTS ${JUDGE_SHARE_BUILD_DIR}/bash-completion/judge ${JUDGE_SHARE_BUILD_DIR}/zsh/_judge)
find_program(JUDGE_HELP2MAN help2man)
if(JUDGE_HELP2MAN)
  add_custom_command(
    OUTPUT ${JUDGE_SHARE_BUILD_DIR}/man/judge.1
    COMMAND ${CMAKE_COMMAND} -E make_directory ${JUDGE_SHARE_BUILD_DIR}/man
    COMMAND ${JUDGE_HELP2MAN} --no-info --section=1 --name=${PROJECT_DESCRIPTION}
            --output=${JUDGE_SHARE_BUILD_DIR}/man/judge.1 $<TARGET_FILE:judge>
    DEPENDS judge
    COMMENT "judge.1 from judge --help (help2man)"
    VERBATIM)
  list(APPEND JUDGE_SHARE_OUTPUTS ${JUDGE_SHARE_BUILD_DIR}/man/judge.1)
  install(FILES ${JUDGE_SHARE_BUILD_DIR}/man/judge.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man not found: no manual page (apt-get install help2man; scripts/test.sh installs it)")
endif()
add_custom_target(judge_share ALL DEPENDS ${JUDGE_SHARE_OUTPUTS})
install(FILES ${JUDGE_SHARE_BUILD_DIR}/bash-completion/judge DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
# Debian's zsh looks in vendor-completions for packaged functions.
install(FILES ${JUDGE_SHARE_BUILD_DIR}/zsh/_judge DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
