#!/usr/bin/env bash
# Every relative link of README.md and docs/*.md leads somewhere: the file exists and, for
# a link to a heading (page.md#heading), the page has a heading with that anchor (GitHub's:
# lower case, punctuation removed, spaces as hyphens). Names the page and line of each
# broken link.
#   check_links.sh SRC_DIR
set -u -o pipefail
cd "$1" || exit 2
pages=(README.md docs/*.md)

# anchors PAGE: the anchors of PAGE's headings, one a line (code blocks skipped).
anchors() {
  awk '
    /^[ \t]*```/ { fence = !fence; next }
    fence { next }
    /^#+ / {
      h = $0; sub(/^#+ +/, "", h); sub(/[ \t#]+$/, "", h)
      h = tolower(h)
      gsub(/[^a-z0-9 _-]/, "", h)
      gsub(/ /, "-", h)
      print h
    }' "$1"
}

broken=0
for page in "${pages[@]}"; do
  dir=$(dirname "$page")
  # LINE<TAB>TARGET for every inline link outside code blocks and `code`.
  while IFS=$'\t' read -r line target; do
    case "$target" in
      http://*|https://*|mailto:*) continue ;;
    esac
    path=${target%%#*}
    anchor=
    [ "$path" != "$target" ] && anchor=${target#*#}
    if [ -z "$path" ]; then file=$page; else file=$dir/$path; fi
    if [ ! -e "$file" ]; then
      echo "$page:$line: broken link ($target): no file $file"
      broken=$((broken + 1))
      continue
    fi
    if [ -n "$anchor" ] && [[ "$file" == *.md ]] && ! anchors "$file" | grep -qxF -- "$anchor"; then
      echo "$page:$line: broken link ($target): no heading with the anchor #$anchor in $file"
      broken=$((broken + 1))
    fi
  done < <(awk '
    /^[ \t]*```/ { fence = !fence; next }
    fence { next }
    {
      s = $0
      gsub(/`[^`]*`/, "", s)
      while (match(s, /\]\([^) \t]+\)/)) {
        printf "%d\t%s\n", NR, substr(s, RSTART + 2, RLENGTH - 3)
        s = substr(s, RSTART + RLENGTH)
      }
    }' "$page")
done
if [ "$broken" -ne 0 ]; then
  echo "$broken broken links"
  exit 1
fi
echo "every link of ${#pages[@]} pages leads somewhere"
