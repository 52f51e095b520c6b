// One pass over the lines for blocks (paragraphs, headings, lists), one recursive pass
// over a line for inline markup. See present/markdown.h for what each reader gets.
#include "present/markdown.h"

#include <cctype>
#include <vector>

namespace tw {

std::string escape_html(std::string_view s, HtmlFor reader) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      case '\'':
        if (reader == HtmlFor::Page) out += "&#39;";
        else out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

namespace {

bool safe_url(std::string_view u) {
  std::string lower;
  for (const char c : u) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.rfind("http://", 0) == 0 || lower.rfind("https://", 0) == 0 || lower.rfind("mailto:", 0) == 0;
}

// Inline markup of one line: code spans first (their text is literal), then links, bold
// and italic; an unmatched marker stays as text.
std::string inline_html(std::string_view s, HtmlFor reader, int depth = 0) {
  std::string out;
  size_t i = 0;
  const auto find_close = [&](std::string_view marker, size_t from) {
    const size_t j = s.find(marker, from);
    return j == std::string_view::npos || j == from ? std::string_view::npos : j;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (depth < 8) {
      if (c == '`') {
        const size_t j = s.find('`', i + 1);
        if (j != std::string_view::npos) {
          out += "<code>" + escape_html(s.substr(i + 1, j - i - 1), reader) + "</code>";
          i = j + 1;
          continue;
        }
      }
      if (c == '[') {
        const size_t close = s.find(']', i + 1);
        if (close != std::string_view::npos && close + 1 < s.size() && s[close + 1] == '(') {
          const size_t end = s.find(')', close + 2);
          const std::string_view url = end == std::string_view::npos ? "" : s.substr(close + 2, end - close - 2);
          if (end != std::string_view::npos && (reader != HtmlFor::Page || safe_url(url))) {
            out += "<a href=\"" + escape_html(url, reader) + "\"" +
                   (reader == HtmlFor::Page ? " target=\"_blank\" rel=\"noopener noreferrer\"" : "") + ">" +
                   inline_html(s.substr(i + 1, close - i - 1), reader, depth + 1) + "</a>";
            i = end + 1;
            continue;
          }
        }
      }
      if ((c == '*' || c == '_') && i + 1 < s.size() && s[i + 1] == c) {
        const std::string marker(2, c);
        const size_t j = find_close(marker, i + 2);
        if (j != std::string_view::npos) {
          out += "<b>" + inline_html(s.substr(i + 2, j - i - 2), reader, depth + 1) + "</b>";
          i = j + 2;
          continue;
        }
      }
      if (c == '*' || c == '_') {
        const size_t j = find_close(std::string_view(&s[i], 1), i + 1);
        // _ inside a word (snake_case) is text.
        const bool word_before = c == '_' && i > 0 && std::isalnum(static_cast<unsigned char>(s[i - 1]));
        if (j != std::string_view::npos && !word_before) {
          out += "<i>" + inline_html(s.substr(i + 1, j - i - 1), reader, depth + 1) + "</i>";
          i = j + 1;
          continue;
        }
      }
    }
    out += escape_html(s.substr(i, 1), reader);
    ++i;
  }
  return out;
}

bool is_bullet(std::string_view l) { return l.size() > 1 && (l[0] == '-' || l[0] == '*' || l[0] == '+') && l[1] == ' '; }

// "12. text": the length of the "12. " prefix, or 0.
size_t numbered(std::string_view l) {
  size_t i = 0;
  while (i < l.size() && std::isdigit(static_cast<unsigned char>(l[i]))) ++i;
  if (i == 0 || i + 1 >= l.size() || l[i] != '.' || l[i + 1] != ' ') return 0;
  return i + 2;
}

}  // namespace

std::string markdown_html(std::string_view markdown, HtmlFor reader) {
  std::vector<std::string_view> lines;
  for (size_t at = 0; at <= markdown.size();) {
    size_t nl = markdown.find('\n', at);
    if (nl == std::string_view::npos) nl = markdown.size();
    std::string_view l = markdown.substr(at, nl - at);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.push_back(l);
    at = nl + 1;
  }
  std::string out;
  std::string list;   // "ul" / "ol" while a list is open
  bool para = false;  // a paragraph is open
  const auto close_all = [&] {
    if (para) out += "</p>";
    if (!list.empty()) out += "</" + list + ">";
    para = false;
    list.clear();
  };
  for (std::string_view l : lines) {
    while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
    if (l.empty()) {
      close_all();
      continue;
    }
    if (l[0] == '#') {
      size_t level = 0;
      while (level < l.size() && l[level] == '#') ++level;
      if (level <= 6 && level < l.size() && l[level] == ' ') {
        close_all();
        const std::string h = "h" + std::to_string(level + 2 > 6 ? 6 : level + 2);
        out += "<" + h + ">" + inline_html(l.substr(level + 1), reader) + "</" + h + ">";
        continue;
      }
    }
    const size_t num = numbered(l);
    if (is_bullet(l) || num) {
      const std::string kind = num ? "ol" : "ul";
      if (para) out += "</p>";
      para = false;
      if (list != kind) {
        if (!list.empty()) out += "</" + list + ">";
        out += "<" + kind + ">";
        list = kind;
      }
      out += "<li>" + inline_html(l.substr(num ? num : 2), reader) + "</li>";
      continue;
    }
    if (!list.empty()) {
      out += "</" + list + ">";
      list.clear();
    }
    if (para) {
      out += "<br>";
    } else {
      out += "<p>";
      para = true;
    }
    out += inline_html(l, reader);
  }
  close_all();
  return out;
}

}  // namespace tw
