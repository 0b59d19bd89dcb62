// The runner: the judge binary re-executed in a hidden mode (`judge __runner --fd N --scratch
// DIR`). It is the only process that creates a CUDA context and loads user code, inside the
// sandbox of exec/sandbox.hpp with DIR as its working and temporary folder. It answers the
// judge's messages on the control channel; any crash or sticky CUDA error ends only this process.
#pragma once

#include <string>

namespace judge::exec {

int runner_main(int control_fd, const std::string& scratch);

}  // namespace judge::exec
