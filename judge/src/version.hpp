#pragma once

namespace judge {
inline constexpr const char* kJudgeVersion = "0.1.0";
}
