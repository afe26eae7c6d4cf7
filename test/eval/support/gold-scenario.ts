import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultChunkerRegistry } from '../../../src/chunk/chunker-registry.js';
import type { GoldQuestion } from '../../../src/eval/gold-set.js';
import { loadGoldQuestions } from '../../../src/eval/load-gold-set.js';
import { storeGoldDocs } from '../../../src/eval/store-gold-docs.js';
import { parseFile } from '../../../src/parse/parse-document.js';
import { ensure } from '../../../src/pipeline/ensure.js';
import type { ChunkStore } from '../../../src/store/types.js';

/**
 * A hand-made corpus of two Markdown files and a gold set over it whose
 * every outcome is known from the text: which chunk each phrasing's words
 * occur in, and so its rank, coverage and top section.
 */
export const FILES: Record<string, string> = {
  'own.md': `# Ownership

## The Stack

The stack stores values in the order it gets them and removes them in the opposite order.

## The Heap

The heap is less organized: the memory allocator finds an empty spot that is big enough.

## Registers

Registers are faster than either, and few.
`,
  'borrow.md': `# Borrowing

## References

A reference is like a pointer in that it is an address we can follow to access the data.

## Slices

Slices let you reference a contiguous sequence of elements in a collection.
`,
};

/** A later revision: The Heap moved after Registers (its chunk is re-keyed, its old ID redirected), the References sentence reworded. */
export const AFTER_FILES: Record<string, string> = {
  'own.md': `# Ownership

## The Stack

The stack stores values in the order it gets them and removes them in the opposite order.

## Registers

Registers are faster than either, and few.

## The Heap

The heap is less organized: the memory allocator finds an empty spot that is big enough.
`,
  'borrow.md': FILES['borrow.md']!.replace(
    'it is an address we can follow to access the data',
    'it holds a location where data lives',
  ),
};

const line = (fields: Record<string, unknown>) => JSON.stringify(fields);

export const GOLD = [
  // q-heap: three phrasings find The Heap first; the last asks about the stack (divergent)
  line({
    id: 'q-heap',
    question: 'How does the memory allocator find an empty spot on the heap?',
    paraphrases: [
      'heap allocator empty spot',
      'where does an allocator put heap memory',
      'stack order opposite',
    ],
    doc: 'own.md',
    section: 'Ownership > The Heap',
    gold_quote: 'the memory allocator finds an empty spot',
  }),
  // q-miss: no word of any phrasing occurs in the corpus
  line({
    id: 'q-miss',
    question: 'zebra xylophone quantum',
    paraphrases: ['walrus tambourine', 'giraffe accordion', 'okapi bassoon'],
    doc: 'borrow.md',
    section: 'Borrowing > Slices',
    gold_quote: 'a contiguous sequence of elements',
  }),
  // q-ref: every phrasing finds References first, and nothing else
  line({
    id: 'q-ref',
    question: 'Which address can we follow to access the data?',
    paraphrases: ['follow address access data', 'address to follow', 'access data by address'],
    doc: './borrow.md',
    section: 'Borrowing > References',
    gold_quote: 'an address we can follow to access the data',
  }),
].join('\n');

export function writeFiles(dir: string, files: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Stores the files under their names as source paths, in the order given, with the default chunker. */
export async function storeFiles(store: ChunkStore, dir: string, names: string[]): Promise<void> {
  const chunker = defaultChunkerRegistry().get('default');
  for (const name of names) {
    await ensure(store, await parseFile(join(dir, name), { source_url: name }), chunker);
  }
}

export async function loadScenarioGold(store: ChunkStore, text = GOLD): Promise<GoldQuestion[]> {
  const { items, issues } = await loadGoldQuestions(text, await storeGoldDocs(store));
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  return items;
}
