import { isInvisibleMarkup } from '../parse/markdown/is-invisible-markup.js';
import type { Block } from '../types.js';

export interface GluableRange {
  block: Block;
  start16: number;
  end16: number;
  /** Set on a range markup was joined to the front of: where the markup ends and the block begins. */
  markup?: { end16: number; block16: number };
}

/**
 * Block ranges with each block of markup that shows nothing (a comment, an
 * empty `<a id>` target) joined to the block after it in the same group, or
 * to the one before when it ends its group: packed alone it would make a
 * chunk with no words. A joined range takes the type of the block with the
 * words, so a table or code block stays atomic.
 */
export function glueInvisibleMarkup<R extends GluableRange>(
  ranges: readonly R[],
  text: string,
  groupOf: (range: R) => unknown,
): R[] {
  const out: R[] = [];
  let pending: R | null = null;
  for (const range of ranges) {
    const markup = isMarkupBlock(range, text);
    if (pending !== null && groupOf(pending) !== groupOf(range)) {
      attachBack(out, pending, groupOf);
      pending = null;
    }
    if (markup) {
      pending = pending === null ? range : { ...(pending as R), end16: range.end16 };
      continue;
    }
    out.push(
      pending === null
        ? range
        : {
            ...range,
            start16: pending.start16,
            markup: { end16: pending.end16, block16: range.start16 },
          },
    );
    pending = null;
  }
  if (pending !== null) attachBack(out, pending, groupOf);
  return out;
}

/** Markup that ends its group goes with the block before it, or stays when there is none. */
function attachBack<R extends GluableRange>(
  out: R[],
  pending: R,
  groupOf: (range: R) => unknown,
): void {
  const last = out.at(-1);
  if (last !== undefined && groupOf(last) === groupOf(pending))
    out[out.length - 1] = { ...last, end16: pending.end16 };
  else out.push(pending);
}

function isMarkupBlock(range: GluableRange, text: string): boolean {
  if (range.block.type !== 'html' && range.block.type !== 'paragraph') return false;
  // cheap test first: parse5 only sees blocks that open with a tag
  if (text.charCodeAt(range.start16) !== 0x3c) return false;
  return isInvisibleMarkup(text.slice(range.start16, range.end16));
}
