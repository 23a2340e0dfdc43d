// sheet_numbers: an .xlsx cell's number as the cell shows it. An .xlsx file keeps the
// number and a format code apart; the common formats are applied here: General,
// fixed decimals with or without thousands separators, percent, scientific, and dates
// and times (written ISO 8601, whatever the code's own order). Literal text around the
// digits (a currency sign) is kept; fractions and conditions are shown as General.
#include <cmath>
#include <algorithm>
#include <cstdio>
#include <string>

#include "load/sheets/sheet_parts.h"

namespace cardstock::sheets {

namespace {

// What a format code asks for, once its quoted text, colours and padding are set apart.
struct Format {
  bool general = false, date = false, time = false, seconds = false, percent = false, sci = false, group = false;
  int decimals = 0;
  std::string prefix, suffix;  // literal text before and after the digits
};

// The first section of a code (the one for positive numbers) read into a Format.
Format read_format(const std::string& code) {
  Format f;
  std::string lower;
  for (char c : code) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.empty() || lower.rfind("general", 0) == 0 || lower == "@") {
    f.general = true;
    return f;
  }
  bool digits = false, after_point = false;
  std::string literal;
  auto put_literal = [&](const std::string& s) { (digits ? f.suffix : f.prefix) += s; };
  for (size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    const char l = lower[i];
    if (c == ';') break;
    if (c == '"') {  // quoted text
      const size_t e = code.find('"', i + 1);
      put_literal(code.substr(i + 1, (e == std::string::npos ? code.size() : e) - i - 1));
      i = e == std::string::npos ? code.size() : e;
    } else if (c == '\\' && i + 1 < code.size()) {
      put_literal(std::string(1, code[++i]));
    } else if (c == '[') {  // [Red], [$€-407] (a currency sign), [h] (elapsed hours)
      const size_t e = code.find(']', i);
      const std::string in = code.substr(i + 1, (e == std::string::npos ? code.size() : e) - i - 1);
      if (!in.empty() && in[0] == '$') put_literal(in.substr(1, in.find('-') == std::string::npos ? std::string::npos : in.find('-') - 1));
      if (!in.empty() && (in[0] == 'h' || in[0] == 'H' || in[0] == 'm' || in[0] == 's')) f.time = true;
      i = e == std::string::npos ? code.size() : e;
    } else if (c == '_' || c == '*') {  // padding the width of a character; a fill
      ++i;
    } else if (l == 'y' || l == 'd') {
      f.date = true;
    } else if (l == 'h' || l == 's') {
      f.time = true;
      f.seconds = f.seconds || l == 's';
    } else if (l == 'm') {
      f.date = true;  // months or minutes: settled below
    } else if (c == '0' || c == '#' || c == '?') {
      digits = true;
      if (after_point) ++f.decimals;
    } else if (c == '.' && !f.date && !f.time) {
      after_point = true;
    } else if (c == ',') {
      f.group = f.group || (digits && !after_point);
    } else if (c == '%') {
      f.percent = true;
      put_literal("%");
    } else if ((l == 'e') && i + 1 < code.size() && (code[i + 1] == '+' || code[i + 1] == '-')) {
      f.sci = true;
      ++i;
      while (i + 1 < code.size() && (code[i + 1] == '0' || code[i + 1] == '#')) ++i;
    } else if (l != 'a' && l != 'p' && c != '/' && c != ':') {
      put_literal(std::string(1, c));
    }
  }
  // "m" between hours and seconds is minutes: with hours and no y or d, a time only.
  if (f.time && f.date && lower.find('y') == std::string::npos && lower.find('d') == std::string::npos) f.date = false;
  if (f.date || f.time) f.prefix.clear(), f.suffix.clear();
  // Spaces that line numbers up in a column ("#,##0 ") are not text.
  while (!f.suffix.empty() && f.suffix.front() == ' ') f.suffix.erase(0, 1);
  while (!f.suffix.empty() && f.suffix.back() == ' ') f.suffix.pop_back();
  return f;
}

// Days since 1970-01-01 -> "YYYY-MM-DD" (Howard Hinnant's civil_from_days).
std::string civil(long z) {
  z += 719468;
  const long era = (z >= 0 ? z : z - 146096) / 146097;
  const long doe = z - era * 146097;
  const long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long mp = (5 * doy + 2) / 153;
  const long d = doy - (153 * mp + 2) / 5 + 1;
  const long m = mp < 10 ? mp + 3 : mp - 9;
  const long y = yoe + era * 400 + (m <= 2);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", static_cast<int>(y), static_cast<int>(m), static_cast<int>(d));
  return buf;
}

// An Excel date serial as ISO 8601. In the 1900 system serial 1 is 1900-01-01 and 60 is
// the 29 February 1900 Excel counts (Lotus's mistake); 1904 system: 0 is 1904-01-01.
std::string date_text(double v, const Format& f, bool date1904) {
  long days = static_cast<long>(std::floor(v));
  long secs = std::lround((v - static_cast<double>(days)) * 86400.0);
  if (secs >= 86400) ++days, secs -= 86400;
  std::string date;
  if (date1904) date = civil(days - 24107);  // 1904-01-01 is day -24107 of 1970
  else if (days == 60) date = "1900-02-29";
  else date = civil(days - (days < 60 ? 25568 : 25569));
  const int s = static_cast<int>(secs);  // 0 to 86399
  char t[48];
  if (f.seconds) std::snprintf(t, sizeof t, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(t, sizeof t, "%02d:%02d", s / 3600, s / 60 % 60);
  if (!f.date) return t;
  return f.time ? date + " " + t : date;
}

// Excel's General: a whole number as such, else up to 10 significant digits.
std::string general(double v) {
  if (std::fabs(v) < 1e15 && v == std::floor(v)) return std::to_string(static_cast<long long>(v));
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string grouped(std::string digits) {  // "1234567.50" -> "1,234,567.50"
  const bool neg = !digits.empty() && digits[0] == '-';
  size_t end = digits.find('.');
  if (end == std::string::npos) end = digits.size();
  for (long i = static_cast<long>(end) - 3; i > (neg ? 1 : 0); i -= 3) digits.insert(static_cast<size_t>(i), ",");
  return digits;
}

}  // namespace

std::string builtin_format(int id) {
  switch (id) {
    case 1: return "0";
    case 2: return "0.00";
    case 3: return "#,##0";
    case 4: return "#,##0.00";
    case 9: return "0%";
    case 10: return "0.00%";
    case 11: return "0.00E+00";
    case 14: return "yyyy-mm-dd";
    case 15: return "d-mmm-yy";
    case 16: return "d-mmm";
    case 17: return "mmm-yy";
    case 18: return "h:mm AM/PM";
    case 19: return "h:mm:ss AM/PM";
    case 20: return "h:mm";
    case 21: return "h:mm:ss";
    case 22: return "m/d/yy h:mm";
    case 37: return "#,##0 ;(#,##0)";
    case 38: return "#,##0 ;[Red](#,##0)";
    case 39: return "#,##0.00;(#,##0.00)";
    case 40: return "#,##0.00;[Red](#,##0.00)";
    case 45: return "mm:ss";
    case 46: return "[h]:mm:ss";
    case 47: return "mm:ss.0";
    case 48: return "##0.0E+0";
    default: return "General";
  }
}

std::string iso_date_time(const std::string& value) {
  const size_t t = value.find('T');
  if (t == std::string::npos) return value;
  std::string date = value.substr(0, t), time = value.substr(t + 1);
  if (time.size() >= 8 && time.compare(0, 8, "00:00:00") == 0) return date;
  if (time.size() >= 8 && time.compare(5, 3, ":00") == 0) time.resize(5);
  else if (time.size() > 8) time.resize(8);
  return date + " " + time;
}

std::string shown_number(const std::string& value, const std::string& format, bool date1904) {
  char* end = nullptr;
  const double v = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !std::isfinite(v)) return value;  // not a number: as written
  const Format f = read_format(format);
  if (f.general) return general(v);
  if ((f.date || f.time) && v >= 0 && v < 2958466) return date_text(v, f, date1904);  // up to 9999-12-31
  if (f.date || f.time) return general(v);
  char buf[400];
  if (f.sci) {
    std::snprintf(buf, sizeof buf, "%.*E", f.decimals, v);
    return f.prefix + buf + f.suffix;
  }
  const double shown = f.percent ? v * 100 : v;
  if (std::fabs(shown) >= 1e300) return general(v);
  // Half away from zero, as spreadsheets round (printf rounds 12.5 to 12).
  const double scale = std::pow(10.0, std::min(f.decimals, 15));
  std::snprintf(buf, sizeof buf, "%.*f", f.decimals, std::round(shown * scale) / scale);
  std::string digits = buf;
  if (digits == "-0" || digits.find_first_not_of("-0.") == std::string::npos) digits.erase(0, digits[0] == '-');
  return f.prefix + (f.group ? grouped(digits) : digits) + f.suffix;
}

}  // namespace cardstock::sheets
