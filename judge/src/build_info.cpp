#include "build_info.hpp"

#include <cuda_runtime_api.h>
#include <fmt/format.h>
#include <nvrtc.h>

#include "util/units.hpp"
#include "version.hpp"

namespace judge {

std::string version_text() {
  // None of these calls needs a device: they report the libraries' versions and the driver's.
  int runtime = 0, driver = 0, nvrtc_major = 0, nvrtc_minor = 0;
  if (cudaRuntimeGetVersion(&runtime) != cudaSuccess) runtime = 0;
  if (cudaDriverGetVersion(&driver) != cudaSuccess) driver = 0;
  const bool have_nvrtc = nvrtcVersion(&nvrtc_major, &nvrtc_minor) == NVRTC_SUCCESS;
  auto or_none = [](const std::string& s) { return s.empty() ? std::string("none") : s; };
  return fmt::format(
      "judge {}\n"
      "commit {}\n"
      "CUDA {} (built with), runtime {}, NVRTC {}, driver {}",
      kJudgeVersion, git_commit(), util::format_cuda_version(CUDART_VERSION),
      or_none(util::format_cuda_version(runtime)),
      have_nvrtc ? fmt::format("{}.{}", nvrtc_major, nvrtc_minor) : std::string("none"),
      or_none(util::format_cuda_version(driver)));
}

}  // namespace judge
