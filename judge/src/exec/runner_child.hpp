// The runner: the judge binary re-executed in a hidden mode (`judge __runner --fd N`). It is the
// only process that creates a CUDA context and loads user code. It answers the judge's
// messages on the control channel; any crash or sticky CUDA error ends only this process.
#pragma once

namespace judge::exec {

int runner_main(int control_fd);

}  // namespace judge::exec
