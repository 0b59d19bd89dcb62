// The shipped baselines the HTML class report charts the class against, looked up in the data
// root's baselines/ for each GPU model and challenge of a judge-grade/1 document (the report
// itself carries only the class's times). Only the shipped store is read: a class store
// (`judge grade --store`) holds the students themselves, who are already in the report.
#pragma once

#include <nlohmann/json.hpp>

#include "report/html_report.hpp"
#include "spec/catalog.hpp"

namespace judge::report {

ShippedBaselines shipped_baselines(const nlohmann::json& grade_report, const spec::Catalog& catalog);

}  // namespace judge::report
