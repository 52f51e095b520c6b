// Replay comments (Markdown) as HTML for the web page of a game (web/page.h), safely:
// paragraphs (blank lines), line breaks, `#` headings, `-` / `*` / `1.` list items,
// **bold**, *italic* / _italic_, `code` and [links](url). Everything else is text, and
// all text is escaped: no tag, attribute or entity of a comment reaches the page as
// markup, so `<script>` or an `onerror=` shows as the characters written. A link keeps
// its target only for http:, https: and mailto: (anything else, javascript: included,
// shows as text).
//
// Invariant: the output holds only the tags p br h3..h6 ul ol li b i code a, every one
// closed, and attributes only href (escaped, a checked scheme) and rel.
#pragma once

#include <string>
#include <string_view>

namespace tw::web {

// < > & " ' as entities.
std::string escape_html(std::string_view s);
std::string markdown_html(std::string_view markdown);

}  // namespace tw::web
