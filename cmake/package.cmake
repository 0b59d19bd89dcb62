# The Debian package: `cpack -G DEB` in the build folder makes judge_<version>_<arch>.deb, which
# installs what cmake/install.cmake installs, under /usr. Included by CMakeLists.txt.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME judge)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "judge maintainers <judge@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The build keeps debug information (RelWithDebInfo: line tables from scripts/setup.sh, full -g
# where configured so); the package does not.
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "An offline, LeetGPU-style judge for CUDA practice problems.\n"
    "Compiles a solution.cu for your GPU, runs it in an isolated process against\n"
    "example, functional and performance tests, and reports a verdict per test and\n"
    "the runtime. Needs the CUDA ${CUDAToolkit_VERSION_MAJOR} toolkit (nvcc, NVRTC, cudart) in\n"
    "${CUDAToolkit_LIBRARY_ROOT}, which this package does not include, and an NVIDIA GPU\n"
    "with its driver to judge (listing, showing and compiling work without one).")
# The runtime libraries it links, from the packages that hold them (dpkg-shlibdeps: libfmt,
# libpugixml1v5 for the JUnit writer, libssl3 for libcrypto, libstdc++, libc). The CUDA
# libraries belong to no Debian package where the toolkit was installed by NVIDIA's installer:
# their folder is private to dpkg-shlibdeps, and the toolkit is a stated requirement instead
# (the description, and Recommends for the distributions' and NVIDIA's repositories' packages).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${CUDAToolkit_LIBRARY_DIR})
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "cuda-toolkit-${CUDAToolkit_VERSION_MAJOR}-${CUDAToolkit_VERSION_MINOR} | nvidia-cuda-toolkit")
include(CPack)
