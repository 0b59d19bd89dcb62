// What the HTML class report inlines into its page, embedded into the judge at build time
// (cmake/html_assets.cmake writes build/generated/html_assets.cpp): Chart.js from Debian's
// libjs-chart.js (MIT license; its banner stays in the page) and the page's own CSS and JS
// (judge/src/report/html/). Nothing is read at run time, so the installed judge and its Debian
// package need no JavaScript package.
#pragma once

#include <string_view>

namespace judge::report::html_assets {

// The file Chart.js was read from when the judge was built; empty when it was missing then, and
// chart_js is empty too.
extern const std::string_view chart_js_origin;
extern const std::string_view chart_js;
extern const std::string_view page_css;
extern const std::string_view page_js;

}  // namespace judge::report::html_assets
