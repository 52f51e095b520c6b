#include "web/play_page.h"

#include "web/page.h"
#include "web/play_assets.h"

namespace tw::web {

std::string play_page_csp(const std::string& nonce) {
  // Connections to the page's own origin only ('self' covers ws:// and wss:// to it).
  return "default-src 'none'; script-src 'nonce-" + nonce + "'; style-src 'nonce-" + nonce +
         "'; img-src data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";
}

std::string play_page_html(const nlohmann::ordered_json& lobby, const std::string& nonce) {
  std::string html;
  html.reserve(96 * 1024);
  html += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  html += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + play_page_csp(nonce) + "\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<link rel=\"icon\" href=\"data:,\">\n";  // no favicon request
  html += "<title>Tilewright</title>\n<style nonce=\"" + nonce + "\">\n";
  html += kPlayCss;
  html += "</style></head>\n<body>\n";
  html += "<noscript><p>Tilewright plays in the browser with JavaScript on; without it, "
          "<code>tilewright play --connect</code> joins the same rooms.</p></noscript>\n";
  html += "<div id=\"tw-app\"></div>\n";
  html += "<script type=\"application/json\" id=\"tw-lobby\">" + script_json(lobby) + "</script>\n";
  html += "<script nonce=\"" + nonce + "\">\n";
  html += kPlayJs;
  html += "</script>\n</body></html>\n";
  return html;
}

}  // namespace tw::web
