# cmake -DCHARTJS=chart.min.js -DCSS=page.css -DJS=page.js -DOUT=html_assets.cpp -P html_assets.cmake
#
# Writes the HTML class report's assets (report/html_assets.hpp) as C++ raw string literals: the
# Chart.js UMD build from Debian's libjs-chart.js and the page's own CSS and JS. A missing Chart.js
# file leaves chart_js empty (the judge then says what to install); OUT is rewritten only when its
# text changes, so a rebuild recompiles nothing.
set(delimiter "JUDGE_EMBED")

function(read_asset path var)
  file(READ "${path}" text)
  string(FIND "${text}" ")${delimiter}\"" end_marker)
  if(NOT end_marker EQUAL -1)
    message(FATAL_ERROR "${path}: holds the raw-string delimiter ')${delimiter}\"'; pick another one in ${CMAKE_CURRENT_LIST_FILE}")
  endif()
  # Inlined into a <script> or <style> element: text that would end the element early, or open
  # an HTML comment inside a script, must not be there.
  string(TOLOWER "${text}" lower)
  foreach(bad "</script" "</style" "<!--")
    string(FIND "${lower}" "${bad}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${path}: contains '${bad}', which would break the page it is inlined into")
    endif()
  endforeach()
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

set(chart_js "")
set(chart_js_origin "")
if(EXISTS "${CHARTJS}")
  read_asset("${CHARTJS}" chart_js)
  set(chart_js_origin "${CHARTJS}")
endif()
read_asset("${CSS}" page_css)
read_asset("${JS}" page_js)

set(text "// Generated at build time by cmake/html_assets.cmake; do not edit.\n")
string(APPEND text "#include \"report/html_assets.hpp\"\n\nnamespace judge::report::html_assets {\n\n")
string(APPEND text "const std::string_view chart_js_origin = R\"${delimiter}(${chart_js_origin})${delimiter}\";\n")
string(APPEND text "const std::string_view chart_js = R\"${delimiter}(${chart_js})${delimiter}\";\n")
string(APPEND text "const std::string_view page_css = R\"${delimiter}(${page_css})${delimiter}\";\n")
string(APPEND text "const std::string_view page_js = R\"${delimiter}(${page_js})${delimiter}\";\n")
string(APPEND text "\n}  // namespace judge::report::html_assets\n")

set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
