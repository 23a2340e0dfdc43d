# Read by cpack before it makes a package (CPACK_PROJECT_CONFIG_FILE in CMakeLists.txt).
# The .deb's library dependencies come from dpkg-shlibdeps (dpkg-dev), and CPack finds the
# ELF files to give it with `file`. A minimal Debian (WSL's, a Chromebook's, a container)
# has neither, and CPack alone only says "CPackDeb: file utility is not available":
# name what to install instead, before anything is built. The tools are looked for on
# the PATH only, as a shell finds them (not also in CMake's system folders).
if(CPACK_GENERATOR STREQUAL "DEB")
  set(missing_packages "")
  foreach(pair "file=file" "dpkg-shlibdeps=dpkg-dev")
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 tool)
    list(GET pair 1 package)
    find_program(tool_path_${tool} ${tool} NO_CMAKE_SYSTEM_PATH)
    if(NOT tool_path_${tool})
      list(APPEND missing_packages ${package})
    endif()
  endforeach()
  if(missing_packages)
    list(JOIN missing_packages " " missing)
    message(FATAL_ERROR "cardstock: making the .deb needs the Debian packages file and dpkg-dev "
      "(missing here: ${missing}); install them with `sudo apt install file dpkg-dev` "
      "or `bash scripts/setup.sh --package`, then run cpack again")
  endif()
endif()
