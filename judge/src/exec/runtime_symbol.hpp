// The CUDA runtime's own definition of an entry point the runner defines itself (launch_record,
// free_guard): the next one after the executable's in the lookup order, the runtime library's.
#pragma once

#include <dlfcn.h>

namespace judge::exec {

template <class Fn>
Fn next_symbol(const char* name) {
  return reinterpret_cast<Fn>(::dlsym(RTLD_NEXT, name));
}

}  // namespace judge::exec
