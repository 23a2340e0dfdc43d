// librsvg (and the two GIO calls that feed it), opened the first time a picture needs it.
#pragma once
#include <librsvg/rsvg.h>

#include <string>

namespace cardstock {

/// The librsvg and GIO functions image_cache.cpp calls, as pointers into the library.
struct RsvgLib {
  decltype(&::rsvg_handle_new_from_stream_sync) new_from_stream_sync;
  decltype(&::rsvg_handle_new_from_data) new_from_data;
  decltype(&::rsvg_handle_get_intrinsic_size_in_pixels) get_intrinsic_size_in_pixels;
  decltype(&::rsvg_handle_get_geometry_for_element) get_geometry_for_element;
  decltype(&::rsvg_handle_render_document) render_document;
  decltype(&::g_memory_input_stream_new_from_data) memory_input_stream_new_from_data;
  decltype(&::g_file_new_for_path) file_new_for_path;
};

/// librsvg, opened on the first call (from any thread, once); null with *why set to the
/// loader's reason when it cannot be opened or lacks a function. Never throws.
const RsvgLib* rsvg_lib(std::string* why);

}  // namespace cardstock
