#include "output/cmyk.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "base/files.h"
#include "base/os/process.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// Ghostscript's own CMYK profile (Debian: libgs-common), the one it converts with; it is
// embedded as the PDF/X output intent so the file says what its numbers mean.
std::string cmyk_profile() {
  std::vector<fs::path> candidates = {"/usr/share/color/icc/ghostscript/default_cmyk.icc"};
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/usr/share/ghostscript", ec))
    candidates.push_back(e.path() / "iccprofiles" / "default_cmyk.icc");
  for (const auto& c : candidates)
    if (not_a_regular_file(c.string()).empty()) return fs::canonical(c, ec).string();
  return "";
}

// A PostScript string literal of `s`: hex, so no character needs escaping.
std::string ps_string(const std::string& s) {
  static const char* hex = "0123456789abcdef";
  std::string o = "<";
  for (unsigned char c : s) {
    o += hex[c >> 4];
    o += hex[c & 15];
  }
  return o + ">";
}

// A PostScript string of `utf8` as a PDF text string: UTF-16BE with its byte order mark
// (what PDF takes for text outside Latin-1), written in hex.
std::string ps_text(const std::string& utf8) {
  std::string be = "\xfe\xff";
  for (size_t i = 0; i < utf8.size();) {
    const unsigned char c = static_cast<unsigned char>(utf8[i]);
    const int n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    unsigned long cp = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    for (int k = 1; k < n && i + static_cast<size_t>(k) < utf8.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + static_cast<size_t>(k)]) & 0x3f);
    i += static_cast<size_t>(n);
    auto unit = [&](unsigned long u) {
      be += static_cast<char>(u >> 8);
      be += static_cast<char>(u & 0xff);
    };
    if (cp < 0x10000) {
      unit(cp);
    } else {
      unit(0xd800 + ((cp - 0x10000) >> 10));
      unit(0xdc00 + ((cp - 0x10000) & 0x3ff));
    }
  }
  return ps_string(be);
}

// What Ghostscript said, in one line, for a message (its last non-empty lines).
std::string said(const ProgramRun& r) {
  std::string s = r.why.empty() ? r.err : r.why;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  const size_t from = s.size() > 300 ? s.size() - 300 : 0;
  s = s.substr(from);
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s.empty() ? "exit status " + std::to_string(r.status) : s;
}

}  // namespace

std::string ghostscript() { return find_program("gs"); }

bool convert_to_cmyk(const std::string& gs, const std::string& in, const std::string& out, const std::string& title,
                     const std::string& scratch_dir, long long epoch, std::string* err) {
  const std::string icc = cmyk_profile();
  if (icc.empty()) {
    *err = "Ghostscript's CMYK profile default_cmyk.icc is not installed (reinstall the Debian package ghostscript)";
    return false;
  }
  // The PDF/X-1a declarations, as Ghostscript's PDFX_def.ps makes them: the version, the
  // profile embedded as the output intent, and the title (PDF/X wants one).
  const std::string pdfx =
      "[/GTS_PDFXVersion (PDF/X-1a:2003) /Title " + ps_text(title) + " /Trapped /False /DOCINFO pdfmark "
      "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark "
      "[{icc_PDFX} << /N 4 >> /PUT pdfmark "
      "[{icc_PDFX} " + ps_string(icc) + " (r) file /PUT pdfmark "
      "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark "
      "[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX /OutputCondition (Ghostscript default CMYK) "
      "/Info (default_cmyk.icc) /OutputConditionIdentifier (Custom) /RegistryName (http://www.color.org) "
      "/DestOutputProfile {icc_PDFX} >> /PUT pdfmark "
      "[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark";
  const std::vector<std::string> argv = {gs,
                                         "-q",
                                         "-dBATCH",
                                         "-dNOPAUSE",
                                         "-dSAFER",
                                         "--permit-file-read=" + icc,
                                         "-dPDFX",
                                         "-sDEVICE=pdfwrite",
                                         "-sColorConversionStrategy=CMYK",
                                         "-sProcessColorModel=DeviceCMYK",
                                         "-dCompatibilityLevel=1.4",
                                         "-sOutputFile=" + out,
                                         "-c",
                                         pdfx,
                                         "-f",
                                         in};
  // Its temporary files in our scratch folder (inside -o), its dates pinned.
  const ProgramRun r = run_program(argv, {"TMPDIR=" + scratch_dir, "SOURCE_DATE_EPOCH=" + std::to_string(epoch)},
                                   [](const char*, size_t) { return true; });
  if (r.status != 0) {
    *err = "Ghostscript could not convert it to CMYK: " + said(r);
    return false;
  }
  return true;
}

bool measure_ink(const std::string& gs, const std::string& pdf, const std::string& scratch_dir, InkReport* report,
                 std::string* err) {
  // Every page rendered as PAM (a text header, then 4 bytes a pixel: C, M, Y, K), read as
  // it comes: a long document is never held whole.
  struct Reader {
    enum { Header, Pixels } state = Header;
    std::string header;
    size_t left = 0;  // pixel bytes left of this page
    int page = 0;
    unsigned k = 0;   // byte within a pixel
    unsigned sum = 0;
    unsigned best = 0;
    int best_page = 0;
    bool bad = false;
    bool feed(const char* data, size_t n) {
      for (size_t i = 0; i < n && !bad; ++i) {
        if (state == Header) {
          header += data[i];
          if (header.size() > 4096) bad = true;
          if (header.size() >= 7 && header.compare(header.size() - 7, 7, "ENDHDR\n") == 0) start_page();
          continue;
        }
        sum += static_cast<unsigned char>(data[i]);
        if (++k == 4) {
          if (sum > best) {
            best = sum;
            best_page = page;
          }
          sum = 0;
          k = 0;
        }
        if (--left == 0) {
          state = Header;
          header.clear();
        }
      }
      return !bad;
    }
    void start_page() {
      long w = 0, h = 0, depth = 0;
      auto field = [&](const char* key) {
        const size_t at = header.find(std::string("\n") + key + " ");
        return at == std::string::npos ? -1L : std::atol(header.c_str() + at + std::string(key).size() + 2);
      };
      w = field("WIDTH");
      h = field("HEIGHT");
      depth = field("DEPTH");
      if (header.rfind("P7\n", 0) != 0 || w <= 0 || h <= 0 || depth != 4 || w * h > 100000000L) {
        bad = true;
        return;
      }
      ++page;
      left = static_cast<size_t>(w * h * 4);
      state = Pixels;
    }
  } reader;
  // (Ghostscript's own messages go to stderr, not into the pixels on stdout.)
  const std::vector<std::string> argv = {gs,        "-q",  "-dBATCH",        "-dNOPAUSE", "-dSAFER", "-sstdout=%stderr",
                                         "-sDEVICE=pamcmyk32", "-r72", "-sOutputFile=-", pdf};
  const ProgramRun r = run_program(argv, {"TMPDIR=" + scratch_dir},
                                   [&](const char* data, size_t n) { return reader.feed(data, n); });
  if (reader.bad || r.status != 0 || reader.page == 0) {
    *err = "Ghostscript could not measure its ink: " + (reader.bad ? std::string("unreadable output") : said(r));
    return false;
  }
  report->max_percent = reader.best * 100.0 / 255.0;
  report->page = reader.best_page;
  return true;
}

}  // namespace cardstock
