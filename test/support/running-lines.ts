/** A page's first or last line, as code points into the canonical text. */
export interface EdgeOccurrence {
  text: string;
  start: number;
  end: number;
}

const BARE_NUMBER = /^(?:\d{1,5}|[ivxlcdm]{1,8})$/i;

/**
 * Running lines found from the canonical text alone, by another route than
 * the parser's (which reads positions on the page): a page's first or last
 * line that recurs, digits folded, as a first or last line of another page
 * and has two letters or more, or a bare page number as a page's first or
 * last line. A page whose one line is its whole text is content.
 */
export function runningLines(canonical: string): EdgeOccurrence[] {
  const chars = Array.from(canonical);
  const lines: { text: string; start: number; end: number; page: number }[] = [];
  let page = 0;
  let start = 0;
  for (let i = 0; i <= chars.length; i++) {
    const c = chars[i];
    if (c !== undefined && c !== '\n' && c !== '\f') continue;
    const text = chars.slice(start, i).join('');
    if (text.trim() !== '') lines.push({ text: text.trim(), start, end: i, page });
    if (c === '\f') page++;
    start = i + 1;
  }
  const byPage = new Map<number, typeof lines>();
  for (const line of lines) byPage.set(line.page, [...(byPage.get(line.page) ?? []), line]);
  const edges: ((typeof lines)[number] & { key: string })[] = [];
  for (const pageLines of byPage.values()) {
    const ends = new Set([pageLines[0]!, pageLines.at(-1)!]);
    for (const line of ends) {
      if (pageLines.length < 2 && !BARE_NUMBER.test(line.text)) continue;
      edges.push({ ...line, key: line.text.replace(/\d+/g, '#') });
    }
  }
  const pagesOf = new Map<string, Set<number>>();
  for (const edge of edges)
    pagesOf.set(edge.key, (pagesOf.get(edge.key) ?? new Set()).add(edge.page));
  return edges.filter(
    (edge) =>
      BARE_NUMBER.test(edge.text) ||
      ((edge.text.match(/\p{L}/gu)?.length ?? 0) >= 2 && pagesOf.get(edge.key)!.size >= 2),
  );
}
