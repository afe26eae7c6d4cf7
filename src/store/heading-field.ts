import { codePointsBetween } from '../load/surrogates.js';
/**
 * The lexical index's second field: a chunk's heading path, indexed beside
 * its text and weighted apart. The words that name a regulation paragraph
 * or a manual section are in its headings (`§ 746.1 Introduction.`,
 * `Defining Strings`), which the chunk's own text often lacks. The chunk's
 * `text` and offsets never hold them: only the index does.
 *
 * For an eCFR unit the path holds the section's title line (the parser
 * titles a `§` section and a part by the line the export writes before
 * the heading), then the paragraph designators under it.
 */

/** Code points of heading path the field keeps per chunk, innermost heading first. */
export const MAX_HEADING_FIELD_CHARS = 128;

/** A run of this many non-space characters or more is no word a reader searches for. */
const LONG_RUN_CHARS = 65;
const LONG_RUN = new RegExp(`\\S{${LONG_RUN_CHARS},}`, 'gu');

/**
 * The heading field of a chunk whose heading path is `path`, top heading
 * first. Every chunk of a section repeats its path in the index, so the
 * field is bounded, whatever the headings: the innermost headings (the
 * chunk's own section and its § title line, the most specific words) up to
 * `MAX_HEADING_FIELD_CHARS` code points in all (the outermost one kept
 * cut to its first words), and no run of 65 or more non-space characters. Unbounded, five
 * nested 1,000-letter headings over 800 sections made PostgreSQL's tables
 * 390 times the input's bytes.
 */
export function headingFieldText(path: readonly string[]): string {
  return headingFieldMaker()(path);
}

/**
 * `headingFieldText` for many paths (a chunk set's): each heading is
 * cleaned and its code points counted once, however many paths repeat it.
 */
export function headingFieldMaker(): (path: readonly string[]) => string {
  const headings = new Map<string, { text: string; points: number }>();
  const cleaned = (title: string) => {
    let heading = headings.get(title);
    if (heading === undefined) {
      const text = title.length < LONG_RUN_CHARS ? title : title.replace(LONG_RUN, ' ');
      heading = { text, points: codePointsBetween(text, 0, text.length) };
      headings.set(title, heading);
    }
    return heading;
  };
  return (path) => {
    const kept: string[] = [];
    let budget = MAX_HEADING_FIELD_CHARS;
    for (let i = path.length - 1; i >= 0 && budget > 0; i--) {
      const { text, points } = cleaned(path[i]!);
      kept.push(
        points <= budget
          ? text
          : points === text.length
            ? text.slice(0, budget)
            : Array.from(text).slice(0, budget).join(''),
      );
      budget -= points;
    }
    return kept.reverse().join('\n');
  };
}

/**
 * How much a query word in the heading field counts against one in the
 * text: chosen on the EAR gold set and the tuning half of SQuAD dev (see
 * docs/search.md, Lexical index fields). Both engines take it at query
 * time: FTS5's `bm25()` column weight, PostgreSQL's `ts_rank` label weight.
 */
export const HEADING_WEIGHT = 1;

/**
 * `ts_rank`'s weights array, `{D, C, B, A}`: the text's words are
 * unlabelled (D) and the heading's labelled B. `ts_rank` refuses a weight
 * above 1, so the pair is scaled to put the larger at 1 (every score
 * scales alike, the order stays); C and A, unused, count as text.
 */
export function tsRankWeights(headingWeight: number): string {
  const top = Math.max(1, headingWeight);
  const text = 1 / top;
  return `{${text},${text},${headingWeight / top},${text}}`;
}
