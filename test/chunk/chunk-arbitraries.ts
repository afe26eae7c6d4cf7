import fc from 'fast-check';
import { DocumentBuilder } from '../../src/parse/document-builder.js';
import type { BlockType, CairnDocument } from '../../src/types.js';
import { nastyPiece, nastyText } from '../support/arbitraries.js';

const WORDS = ['the', 'export', 'license', 'Rust', 'ownership', '§', '(a)', 'naïve', 'Ärger', 'x'];

/** Prose-like text: words, punctuation and sentence ends, with nasty pieces mixed in. */
const prose = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...WORDS).map((w) => `${w} `) },
      {
        weight: 2,
        arbitrary: fc.constantFrom('. ', '! ', '? ', ', ', '.\n', '\n\n', '\r\n\r\n', ' - '),
      },
      { weight: 2, arbitrary: nastyPiece },
    ),
    { maxLength: 120 },
  )
  .map((parts) => parts.join(''));

/** A run without any separator: one grapheme repeated, or a pattern. */
const longRun = fc
  .tuple(
    fc.constantFrom(
      'a',
      'é',
      '😀',
      '👩‍👩‍👧',
      'e\u0301',
      '中',
      '🇫🇷',
      '-',
      '.',
      '\u0915\u094d\u0937',
      ' ',
    ),
    fc.integer({ min: 1, max: 400 }),
  )
  .map(([piece, count]) => piece.repeat(count));

/** The same paragraph many times: offsets must come from a cursor, not from a search. */
const repeated = fc
  .tuple(
    fc.constantFrom('Same words again.', 'x', '😀 e\u0301', 'A b c d e f g.'),
    fc.integer({ min: 2, max: 60 }),
  )
  .map(([para, count]) => Array.from({ length: count }, () => para).join('\n\n'));

/** Texts for chunker properties: the parser's nasty text plus the shapes chunkers trip on. */
export const chunkText: fc.Arbitrary<string> = fc
  .array(fc.oneof(nastyText(40), prose, longRun, repeated), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''));

export interface BlockSpec {
  type: BlockType | 'section';
  text: string;
  depth?: number;
}

const blockText = fc.oneof(prose, nastyText(20), longRun).filter((t) => /\S/u.test(t));

const blockSpec: fc.Arbitrary<BlockSpec> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('Intro', 'Scope', '§ 736.2 General', 'Ünïcode 😀'),
      )
      .map(([depth, title]) => ({ type: 'section' as const, depth, text: title })),
  },
  { weight: 4, arbitrary: blockText.map((text) => ({ type: 'paragraph' as const, text })) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom('let x = 5;', '    println!("{}", x);', '}'), nastyPiece), {
        minLength: 1,
        maxLength: 40,
      })
      .map((lines) => ({ type: 'code' as const, text: lines.join('\n') })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom('| a | b |', '| --- | --- |', '| naïve | 😀 |', '| 1 | two words |'), {
        minLength: 1,
        maxLength: 30,
      })
      .map((rows) => ({ type: 'table' as const, text: rows.join('\n') })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('E = mc^2', 'x_1 + x_2')
      .map((text) => ({ type: 'formula' as const, text })),
  },
  { weight: 1, arbitrary: blockText.map((text) => ({ type: 'list' as const, text: `- ${text}` })) },
);

/**
 * A document built as a parser would: blocks separated by blank lines,
 * section headings opening sections, atomic blocks among prose.
 */
export function buildStructuredDocument(specs: BlockSpec[]): CairnDocument {
  const texts = specs.map((spec) => spec.text.replace(/^\s+|\s+$/gu, '') || 'x');
  const canonical = texts.join('\n\n');
  const builder = new DocumentBuilder({
    canonical,
    format: 'markdown',
    media_type: 'text/markdown',
    source_url: 'generated.md',
  });
  let at = 0;
  specs.forEach((spec, i) => {
    const text = texts[i]!;
    const start16 = at;
    const end16 = at + text.length;
    if (spec.type === 'section') {
      builder.section({ rank: spec.depth ?? 1, title: text, start16, heading: { start16, end16 } });
      builder.block({ type: 'heading', start16, end16, depth: spec.depth ?? 1 });
    } else {
      builder.block({ type: spec.type, start16, end16 });
    }
    at = end16 + 2;
  });
  return builder.build();
}

export const structuredDocument: fc.Arbitrary<CairnDocument> = fc
  .array(blockSpec, { minLength: 1, maxLength: 14 })
  .map(buildStructuredDocument);

/** A JSON-like document: each string node its own unit, separated in the canonical text. */
export const jsonDocument: fc.Arbitrary<CairnDocument> = fc
  .array(
    fc.oneof(chunkText, prose).filter((t) => /\S/u.test(t)),
    { minLength: 1, maxLength: 5 },
  )
  .map((nodes) => {
    const canonical = nodes.join('\n');
    const builder = new DocumentBuilder({
      canonical,
      format: 'json',
      media_type: 'application/json',
      source_url: 'generated.json',
    });
    let at = 0;
    nodes.forEach((node, i) => {
      const pointer = `/items/${i}/body`;
      builder.jsonNode(pointer, at, at + node.length);
      builder.block({
        type: 'json_string',
        start16: at,
        end16: at + node.length,
        json_pointer: pointer,
      });
      at += node.length + 1;
    });
    return builder.build();
  });
