/** MediaWiki's edit link after a section heading (`History[edit]`, `[edit | edit source]`), from its `[`. */
const MEDIAWIKI_EDIT = /^\[\s*edit(?: source)?(?:\s*\|\s*edit source)?\s*\]$/;
const SPACE = /\s/;

/**
 * A heading's title: its text without MediaWiki's edit link and then without
 * a permalink after it (`<a href="#id">#</a>`, Sphinx's `¶`). Sphinx and
 * docutils put the `¶` link right after the text (`Conclusion¶`), so only
 * `#`, which ends names such as `C#`, needs white space before it. A
 * heading of nothing else keeps its text as its title.
 *
 * Both suffixes are found from the end of the text. An end-anchored regular
 * expression (`/\s*¶$/`) is tried from every position, and each try runs
 * through the white space after it: quadratic in a heading of U+00A0, which
 * HTML does not collapse (40,000 `&nbsp;` in an h1 take 5 s that way).
 */
export function headingTitle(text: string): string {
  const title = withoutPermalink(withoutEditLink(text));
  // a heading that is nothing but the mark (`<h2>¶</h2>`) is titled by it, not left untitled
  return title.trim() === '' ? text : title;
}

function withoutEditLink(text: string): string {
  if (!text.endsWith(']')) return text;
  const open = text.lastIndexOf('[');
  if (open < 0 || !MEDIAWIKI_EDIT.test(text.slice(open))) return text;
  return text.slice(0, spaceRunStart(text, open));
}

function withoutPermalink(text: string): string {
  if (text.endsWith('#')) {
    const before = text.length - 1;
    const start = spaceRunStart(text, before);
    return start < before ? text.slice(0, start) : text;
  }
  for (const mark of ['¶', '🔗']) {
    if (text.endsWith(mark)) return text.slice(0, spaceRunStart(text, text.length - mark.length));
  }
  return text;
}

/** Where the run of white space that ends at UTF-16 index `end16` starts (`end16` when there is none). */
function spaceRunStart(text: string, end16: number): number {
  let start = end16;
  while (start > 0 && SPACE.test(text[start - 1]!)) start--;
  return start;
}
