// The one Markdown renderer (present/markdown.h) for its two readers: every case the web
// page's and the editor's renderers each handled before they became one, with the output
// each gave; where the readers differ (links, the apostrophe) and where neither may break
// (deep nesting, tabs, CR LF).
#include <catch2/catch.hpp>

#include <string>

#include "present/markdown.h"

namespace {

using tw::HtmlFor;
using tw::markdown_html;

struct Case {
  const char* markdown;
  const char* page;    // HtmlFor::Page
  const char* wxhtml;  // HtmlFor::WxHtml
};

// The same for both readers unless the third column says otherwise.
const Case kCases[] = {
    {"Why *not* the **road**?", "<p>Why <i>not</i> the <b>road</b>?</p>", nullptr},
    {"a <b> & `x*y*`", "<p>a &lt;b&gt; &amp; <code>x*y*</code></p>", nullptr},
    {"**bold** and *it* and `<code>`", "<p><b>bold</b> and <i>it</i> and <code>&lt;code&gt;</code></p>", nullptr},
    {"- one\n- two\n\nnext", "<ul><li>one</li><li>two</li></ul><p>next</p>", nullptr},
    {"* a\n+ b\n1. c\n12. d", "<ul><li>a</li><li>b</li></ul><ol><li>c</li><li>d</li></ol>", nullptr},
    {"# Title\nline 1\nline 2", "<h3>Title</h3><p>line 1<br>line 2</p>", nullptr},
    {"#### four\n####### seven", "<h6>four</h6><p>####### seven</p>", nullptr},
    {"snake_case_name and _it_", "<p>snake_case_name and <i>it</i></p>", nullptr},
    {"__b__ *unclosed", "<p><b>b</b> *unclosed</p>", nullptr},
    {"one\r\ntwo\r\n\r\nthree\n", "<p>one<br>two</p><p>three</p>", nullptr},
    {"  - indented\n\t- tab", "<ul><li>indented</li><li>tab</li></ul>", nullptr},
    {"", "", nullptr},
    {"<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>", nullptr},
    // The readers differ: a page escapes ' and checks a link's scheme, opening it in a new tab.
    {"a & b's \"q\"", "<p>a &amp; b&#39;s &quot;q&quot;</p>", "<p>a &amp; b's &quot;q&quot;</p>"},
    {"[rules](https://x.org/a)",
     "<p><a href=\"https://x.org/a\" target=\"_blank\" rel=\"noopener noreferrer\">rules</a></p>",
     "<p><a href=\"https://x.org/a\">rules</a></p>"},
    {"[**x**](mailto:a@b.c)",
     "<p><a href=\"mailto:a@b.c\" target=\"_blank\" rel=\"noopener noreferrer\"><b>x</b></a></p>",
     "<p><a href=\"mailto:a@b.c\"><b>x</b></a></p>"},
    {"[x](javascript:alert(1))", "<p>[x](javascript:alert(1))</p>", "<p><a href=\"javascript:alert(1\">x</a>)</p>"},
    {"[x](https://e.org/a\"b)",
     "<p><a href=\"https://e.org/a&quot;b\" target=\"_blank\" rel=\"noopener noreferrer\">x</a></p>",
     "<p><a href=\"https://e.org/a&quot;b\">x</a></p>"},
};

}  // namespace

TEST_CASE("markdown: one renderer gives the page's and the editor's HTML", "[markdown]") {
  for (const Case& c : kCases) {
    INFO(c.markdown);
    CHECK(markdown_html(c.markdown, HtmlFor::Page) == c.page);
    CHECK(markdown_html(c.markdown, HtmlFor::WxHtml) == (c.wxhtml ? c.wxhtml : c.page));
  }
  CHECK(tw::escape_html("'x<y>' & \"z\"", HtmlFor::Page) == "&#39;x&lt;y&gt;&#39; &amp; &quot;z&quot;");
  CHECK(tw::escape_html("'x<y>' & \"z\"", HtmlFor::WxHtml) == "'x&lt;y&gt;' &amp; &quot;z&quot;");
}

TEST_CASE("markdown: hostile nesting stays well formed, markup nests", "[markdown]") {
  std::string deep;
  for (int i = 0; i < 5000; ++i) deep += "[*_";
  for (const HtmlFor reader : {HtmlFor::Page, HtmlFor::WxHtml}) {
    const std::string h = markdown_html(deep + "x](http://a)", reader);
    CHECK(h.rfind("<p>", 0) == 0);
    CHECK(h.size() > deep.size());
  }
  // Every kind of inline markup inside the others.
  CHECK(markdown_html("**a __b *c _d [e](http://x) d_ c* b__ a**", HtmlFor::WxHtml) ==
        "<p><b>a <b>b <i>c <i>d <a href=\"http://x\">e</a> d</i> c</i> b</b> a</b></p>");
}
