// Why opened at run time: linked, librsvg brings GIO, gdk-pixbuf and a Rust runtime into
// every process, about 10 ms of start-up (a process that only says "up to date" takes
// 30 ms in all), while most games draw no SVG or JPEG picture. dlopen finds the same
// library the linker would (librsvg-2.so.2, from librsvg2-2, which librsvg2-dev installs).
#include "render/rsvg_lib.h"

#include "base/os/library.h"

namespace cardstock {

namespace {

struct Opened {
  RsvgLib lib{};
  bool ok = false;
  std::string why;
};

template <class F>
bool find(void* so, const char* name, F* out, std::string* why) {
  *out = reinterpret_cast<F>(os::library_symbol(so, name));  // GIO's functions come through librsvg's own dependencies
  if (!*out) *why = std::string("librsvg-2.so.2 has no ") + name;
  return *out != nullptr;
}

Opened open_rsvg() {
  Opened o;
  const char* e = nullptr;
  void* so = os::open_library("librsvg-2.so.2", &e);
  if (!so) {
    o.why = std::string("cannot load librsvg (install Debian package librsvg2-2): ") + (e ? e : "unknown reason");
    return o;
  }
  RsvgLib& l = o.lib;
  o.ok = find(so, "rsvg_handle_new_from_stream_sync", &l.new_from_stream_sync, &o.why) &&
         find(so, "rsvg_handle_new_from_data", &l.new_from_data, &o.why) &&
         find(so, "rsvg_handle_get_intrinsic_size_in_pixels", &l.get_intrinsic_size_in_pixels, &o.why) &&
         find(so, "rsvg_handle_get_geometry_for_element", &l.get_geometry_for_element, &o.why) &&
         find(so, "rsvg_handle_render_document", &l.render_document, &o.why) &&
         find(so, "g_memory_input_stream_new_from_data", &l.memory_input_stream_new_from_data, &o.why) &&
         find(so, "g_file_new_for_path", &l.file_new_for_path, &o.why);
  return o;  // never closed: its types stay registered with GObject for the process's life
}

}  // namespace

const RsvgLib* rsvg_lib(std::string* why) {
  static const Opened opened = open_rsvg();  // C++ runs this once, whichever thread asks first
  if (!opened.ok) {
    if (why) *why = opened.why;
    return nullptr;
  }
  return &opened.lib;
}

}  // namespace cardstock
