// Markdown as HTML, safely: the one renderer of replay comments, for the web page of a
// game (web/page.h) and the editor's review tab (a wxHtmlWindow). Paragraphs (blank
// lines), line breaks, `#` headings (as h3..h6), `-` / `*` / `+` / `1.` list items,
// **bold**, *italic* / _italic_ (an `_` inside a word is text), `code` and
// [links](url). Everything else is text, and all text is escaped: no tag, attribute or
// entity of a comment reaches the reader as markup, so `<script>` or an `onerror=` shows
// as the characters written. Inline markup nests at most 8 deep (deeper markers are text).
//
// The two readers differ only where the reader does: a browser page (HtmlFor::Page) also
// gets `'` escaped, and a link keeps its target only for http:, https: and mailto: (any
// other, javascript: included, shows as text) and opens in a new tab without referrer;
// a wxHtmlWindow (HtmlFor::WxHtml) runs no script and knows no target, so a link is kept
// as written and `'` stays a character.
//
// Invariant: the output holds only the tags p br h3..h6 ul ol li b i code a, every one
// closed, and attributes only href (escaped), target and rel. Pure: no I/O.
#pragma once

#include <string>
#include <string_view>

namespace tw {

enum class HtmlFor { Page, WxHtml };

// Text as HTML text content: < > & " (and ' for a page) as entities, no markup.
std::string escape_html(std::string_view s, HtmlFor reader = HtmlFor::Page);
std::string markdown_html(std::string_view markdown, HtmlFor reader = HtmlFor::Page);

}  // namespace tw
