#include "review/markdown.h"

#include <cctype>
#include <sstream>
#include <vector>

namespace twe {

namespace {

std::string escape(char c) {
  switch (c) {
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '&': return "&amp;";
    case '"': return "&quot;";
    default: return std::string(1, c);
  }
}

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) out += escape(c);
  return out;
}

// Inline markup of one line: code spans first (their text is literal), then links,
// bold and italic; an unmatched marker stays as text.
std::string inline_html(const std::string& s) {
  std::string out;
  size_t i = 0;
  auto find_close = [&](const std::string& marker, size_t from) {
    const size_t j = s.find(marker, from);
    return j == std::string::npos || j == from ? std::string::npos : j;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '`') {
      const size_t j = s.find('`', i + 1);
      if (j != std::string::npos) {
        out += "<code>" + escape(s.substr(i + 1, j - i - 1)) + "</code>";
        i = j + 1;
        continue;
      }
    }
    if (c == '[') {
      const size_t close = s.find(']', i + 1);
      if (close != std::string::npos && close + 1 < s.size() && s[close + 1] == '(') {
        const size_t end = s.find(')', close + 2);
        if (end != std::string::npos) {
          out += "<a href=\"" + escape(s.substr(close + 2, end - close - 2)) + "\">" +
                 inline_html(s.substr(i + 1, close - i - 1)) + "</a>";
          i = end + 1;
          continue;
        }
      }
    }
    if ((c == '*' || c == '_') && i + 1 < s.size() && s[i + 1] == c) {
      const std::string marker(2, c);
      const size_t j = find_close(marker, i + 2);
      if (j != std::string::npos) {
        out += "<b>" + inline_html(s.substr(i + 2, j - i - 2)) + "</b>";
        i = j + 2;
        continue;
      }
    }
    if (c == '*' || c == '_') {
      const size_t j = find_close(std::string(1, c), i + 1);
      // _ inside a word (snake_case) is text.
      const bool word_before = c == '_' && i > 0 && std::isalnum(static_cast<unsigned char>(s[i - 1]));
      if (j != std::string::npos && !word_before) {
        out += "<i>" + inline_html(s.substr(i + 1, j - i - 1)) + "</i>";
        i = j + 1;
        continue;
      }
    }
    out += escape(c);
    ++i;
  }
  return out;
}

bool is_bullet(const std::string& l) { return l.size() > 1 && (l[0] == '-' || l[0] == '*' || l[0] == '+') && l[1] == ' '; }

// "12. text": the length of the "12. " prefix, or 0.
size_t numbered(const std::string& l) {
  size_t i = 0;
  while (i < l.size() && std::isdigit(static_cast<unsigned char>(l[i]))) ++i;
  if (i == 0 || i + 1 >= l.size() || l[i] != '.' || l[i + 1] != ' ') return 0;
  return i + 2;
}

}  // namespace

std::string markdown_to_html(const std::string& markdown) {
  std::vector<std::string> lines;
  {
    std::istringstream in(markdown);
    std::string l;
    while (std::getline(in, l)) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
  }
  std::string out;
  std::string list;       // "ul" / "ol" while a list is open
  bool para = false;      // a paragraph is open
  auto close_all = [&] {
    if (para) out += "</p>";
    if (!list.empty()) out += "</" + list + ">";
    para = false;
    list.clear();
  };
  for (std::string l : lines) {
    size_t lead = 0;
    while (lead < l.size() && l[lead] == ' ') ++lead;
    l = l.substr(lead);
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
        out += "<" + h + ">" + inline_html(l.substr(level + 1)) + "</" + h + ">";
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
      out += "<li>" + inline_html(l.substr(num ? num : 2)) + "</li>";
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
    out += inline_html(l);
  }
  close_all();
  return out;
}

std::string html_text(const std::string& text) { return escape(text); }

}  // namespace twe
