// A small Markdown renderer for replay comments: paragraphs (blank lines), line breaks,
// `#` headings, `-` / `*` / `1.` list items, **bold**, *italic* / _italic_, `code` and
// [links](url), as HTML for a wxHtmlWindow. Everything else is text; text is always
// escaped, so a comment can never inject markup.
//
// Invariant: the output is well-formed HTML (every tag opened is closed).
#pragma once

#include <string>

namespace twe {

std::string markdown_to_html(const std::string& markdown);

// Plain text as HTML text content for a wxHtmlWindow or an HTML list box (a list entry, an
// analysis note): escaped as the renderer escapes a comment's text (`<`, `>`, `&`, `"`), no markup.
std::string html_text(const std::string& text);

}  // namespace twe
