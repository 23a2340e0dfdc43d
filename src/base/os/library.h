// library: a shared library opened at run time (dlopen) and its functions found by name,
// for librsvg (render/rsvg_lib.h) and the PDF reader module (diff/pdf_pages.h).
#pragma once
#include <string>

namespace cardstock::os {

/// Opens the library `file` (a name the system's search finds, or a path), binding every
/// symbol now and keeping them to itself: the handle, or null with *error the system's
/// message (null if it gave none). Never closed.
void* open_library(const std::string& file, const char** error);

/// The address of `name` in an opened library, or null.
void* library_symbol(void* library, const char* name);

}  // namespace cardstock::os
