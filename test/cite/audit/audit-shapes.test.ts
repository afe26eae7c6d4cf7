import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditAnswer } from '../../../src/cite/audit/audit-answer.js';
import type { AuditReport } from '../../../src/cite/audit/types.js';
import { isCairnError } from '../../../src/errors.js';
import type { ChunkRow } from '../../../src/store/types.js';
import { type AuditStore, CHAPTERS, EDITED, openAuditStore } from './audit-store.js';
import {
  type Built,
  buildAnswer,
  type Cited,
  SCHEMAS,
  type Shape,
  UNKNOWN_SHAPE,
} from './shape-fixtures.js';

/** The chunk's own text from word `from`, `count` words, exactly as stored (whitespace and all). */
function exactWords(chunk: ChunkRow, from: number, count: number): string {
  const words = [...chunk.text.matchAll(/\S+/gu)];
  const first = words[from]!;
  const last = words[from + count - 1]!;
  return chunk.text.slice(first.index, last.index + last[0].length);
}

const wordsOf = (chunk: ChunkRow, from: number, count: number) =>
  exactWords(chunk, from, count).split(/\s+/u).join(' ');

interface Case {
  name: string;
  /** The citation (or the raw answer, for unreadable ones). */
  cite: () => Cited | { raw: string };
  expected:
    | { status: string; code: string; quote?: string; resolved?: () => string }
    | { throws: string };
  /** A case of one shape only, or built otherwise per shape. */
  shift?: boolean;
}

let s: AuditStore;
let A: ChunkRow; // a live chunk with an apostrophe, of at least 24 words
let B: ChunkRow; // a live chunk of another section of the same chapter
let C: ChunkRow; // a live chunk of another chapter
let K: ChunkRow; // an old chunk whose text the edit kept (its ID redirects)
let R: ChunkRow; // an old chunk whose text the edit replaced
const docOf = new Map<number, { source_url: string; revs: Map<number, string> }>();

beforeAll(async () => {
  s = await openAuditStore();
  const ownership = await s.live(CHAPTERS[0]!);
  const long = (c: ChunkRow) => c.text.split(/\s+/u).length >= 24;
  A = ownership.find((c) => long(c) && /['’]/u.test(c.text))!;
  B = ownership.find((c) => long(c) && c.section_id !== A.section_id && c.chunk_id !== A.chunk_id)!;
  C = (await s.live(CHAPTERS[2]!)).find(long)!;
  K = s.kept.find((c) => c.text.split(/\s+/u).length >= 12)!;
  R = s.replaced.find(long)!;
  for (const row of [A, B, C, K, R]) {
    if (docOf.has(row.document_id)) continue;
    const document = (await s.store.getDocumentById(row.document_id))!;
    const versions = await s.store.listVersions(row.document_id);
    docOf.set(row.document_id, {
      source_url: document.source_url,
      revs: new Map(versions.map((v) => [v.id, v.rev])),
    });
  }
}, 120_000);

afterAll(async () => {
  await s?.dispose();
});

const cited = (chunk: ChunkRow, quote: string, shift = 0): Cited => {
  const doc = docOf.get(chunk.document_id)!;
  return { chunk, source_url: doc.source_url, rev: doc.revs.get(chunk.version_id)!, quote, shift };
};

/** The same eleven situations for every shape; verdicts pinned. */
const CASES: Case[] = [
  {
    name: 'verified: the words as stored',
    cite: () => cited(A, exactWords(A, 2, 10)),
    expected: { status: 'verified', code: 'quote_verified', quote: 'exact' },
  },
  {
    name: 'whitespace and quote-style changes: normalized',
    cite: () => {
      const at = A.text.search(/['’]/u);
      const words = [...A.text.matchAll(/\S+/gu)];
      const w = Math.max(0, words.findIndex((m) => m.index + m[0].length > at) - 3);
      const swapped = wordsOf(A, w, 8).replace(/['’]/gu, (q) => (q === "'" ? '’' : "'"));
      return cited(A, swapped.replaceAll(' ', '  \n'));
    },
    expected: { status: 'verified', code: 'quote_verified', quote: 'normalized' },
  },
  {
    name: 'elided: two fragments in order',
    cite: () => cited(A, `${wordsOf(A, 1, 5)} ... ${wordsOf(A, 9, 6)}`),
    expected: { status: 'verified', code: 'quote_verified', quote: 'elided' },
  },
  {
    name: 'fabricated quote',
    cite: () =>
      cited(A, 'Rust copies every borrowed value twice before the program is allowed to end'),
    expected: { status: 'unverified', code: 'quote_not_found', quote: 'not_found' },
  },
  {
    name: 'a real quote from another section: repaired, pointing at it',
    cite: () => cited(A, exactWords(B, 3, 10)),
    expected: {
      status: 'repaired',
      code: 'quote_found_elsewhere',
      quote: 'misplaced',
      resolved: () => B.chunk_id,
    },
  },
  {
    name: 'stale revision: an old chunk whose text was replaced',
    cite: () => cited(R, wordsOf(R, 2, 10)),
    expected: { status: 'unverified', code: 'snippet_deleted' },
  },
  {
    name: 'redirected chunk: an old ID whose text the live chunk keeps',
    cite: () => cited(K, exactWords(K, 0, 8)),
    expected: { status: 'repaired', code: 'redirected', quote: 'exact' },
  },
  {
    name: 'wrong offsets',
    cite: () => cited(A, exactWords(A, 2, 10), 1),
    shift: true,
    expected: { status: 'unverified', code: 'offsets' },
  },
  {
    name: '"..." bridging distant text (two chapters)',
    cite: () => cited(A, `${wordsOf(A, 1, 5)} ... ${wordsOf(C, 4, 6)}`),
    expected: { status: 'unverified', code: 'quote_not_found', quote: 'not_found' },
  },
  {
    name: 'a quote under three words is too short',
    cite: () => cited(A, wordsOf(A, 2, 2)),
    expected: { status: 'unverified', code: 'quote_too_short', quote: 'too_short' },
  },
  {
    name: 'truncated JSON',
    cite: () => ({ raw: '' }),
    expected: { throws: 'malformed_json' },
  },
  {
    name: 'unknown shape',
    cite: () => ({ raw: UNKNOWN_SHAPE }),
    expected: { throws: 'unknown_answer_shape' },
  },
];

/** Which offsets code each shape's own wrong offsets give. */
const OFFSETS_CODE: Record<Shape, string> = {
  cairn: 'offsets_mismatch',
  anthropic: 'offsets_mismatch',
  openai: 'segment_offsets_mismatch',
  cohere: 'segment_offsets_mismatch',
  gemini: 'segment_offsets_mismatch',
};

async function run(shape: Shape, c: Case): Promise<AuditReport | { error: string }> {
  const citation = c.cite();
  let built: Built;
  if ('raw' in citation) {
    const good = buildAnswer(shape, cited(A, exactWords(A, 2, 10))).answer;
    built = { answer: citation.raw === '' ? good.slice(0, good.length - 25) : citation.raw };
  } else built = buildAnswer(shape, citation);
  try {
    return await auditAnswer(s.store, built.answer, {
      format: 'auto',
      ...(built.request === undefined ? {} : { request: built.request }),
    });
  } catch (error) {
    if (isCairnError(error)) return { error: error.code };
    throw error;
  }
}

for (const shape of Object.keys(SCHEMAS) as Shape[]) {
  describe(`audit of ${shape} answers (${SCHEMAS[shape]})`, () => {
    for (const c of CASES) {
      test(c.name, async () => {
        const report = await run(shape, c);
        if ('throws' in c.expected) {
          expect(report).toEqual({ error: c.expected.throws });
          return;
        }
        if ('error' in report) throw new Error(`unexpected ${report.error}`);
        expect(report.format).toBe(shape);
        expect(report.citations).toHaveLength(1);
        const [got] = report.citations;
        const code = c.expected.code === 'offsets' ? OFFSETS_CODE[shape] : c.expected.code;
        expect([got!.status, got!.code], got!.detail ?? '').toEqual([c.expected.status, code]);
        if (c.expected.quote !== undefined) expect(got!.quote?.status).toBe(c.expected.quote);
        if (c.expected.resolved !== undefined)
          expect(got!.resolved_chunk_id).toBe(c.expected.resolved());
        expect(report.ok).toBe(c.expected.status === 'verified');
        expect(report.summary[got!.status]).toBe(1);
      });
    }
  });
}

describe('what a verdict carries', () => {
  test('a located quote: code point offsets into the passage, and into the document', async () => {
    const quote = exactWords(A, 2, 10);
    const report = await auditAnswer(s.store, buildAnswer('gemini', cited(A, quote)).answer);
    const q = report.citations[0]!.quote!;
    const passage = report.citations[0]!.passage!;
    expect([...passage.text].slice(q.start!, q.end!).join('')).toBe(quote);
    expect([q.doc_start! - passage.char_start, q.doc_end! - passage.char_start]).toEqual([
      q.start,
      q.end,
    ]);
    expect(passage).toMatchObject({ chunk_id: A.chunk_id, text: A.text });
  });

  test('normalized quotes name what was folded', async () => {
    const quote = wordsOf(A, 2, 8).toUpperCase();
    const report = await auditAnswer(s.store, buildAnswer('cohere', cited(A, quote)).answer);
    expect(report.citations[0]!.quote).toMatchObject({ status: 'normalized' });
    expect(report.citations[0]!.quote!.normalized).toContain('case');
  });

  test('a fabricated quote reports the closest passage of the cited chunk', async () => {
    const quote = `${wordsOf(A, 2, 6)} never appears in Rust`;
    const report = await auditAnswer(s.store, buildAnswer('cairn', cited(A, quote)).answer);
    const closest = report.citations[0]!.quote!.closest!;
    expect(closest.similarity).toBeGreaterThan(0.5);
    expect(closest.similarity).toBeLessThan(1);
    expect(A.text).toContain(closest.text.split(' ')[0]);
  });

  test('an Anthropic char_location is mapped through the request to the document that carries the chunk ID', async () => {
    const quote = exactWords(B, 2, 9);
    const start = [...B.text].length - [...B.text.slice(B.text.indexOf(quote))].length;
    const response = {
      id: 'msg_02',
      type: 'message',
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: 'It says so.',
          citations: [
            {
              type: 'char_location',
              cited_text: quote,
              document_index: 1,
              document_title: null,
              start_char_index: start,
              end_char_index: start + [...quote].length,
            },
          ],
        },
      ],
    };
    const doc = (chunk: ChunkRow) => ({
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: chunk.text },
      title: chunk.chunk_id,
      citations: { enabled: true },
    });
    const request = {
      messages: [{ role: 'user', content: [doc(A), doc(B), { type: 'text', text: 'Q?' }] }],
    };
    const ok = await auditAnswer(s.store, JSON.stringify(response), {
      request: JSON.stringify(request),
    });
    expect(ok.citations[0]).toMatchObject({ status: 'verified', chunk_id: B.chunk_id });
    // without the request the index names nothing
    const bare = await auditAnswer(s.store, JSON.stringify(response));
    expect(bare.citations[0]).toMatchObject({ status: 'repaired', code: 'quote_found_elsewhere' });
    const shifted = structuredClone(response);
    shifted.content[0]!.citations[0]!.start_char_index += 2;
    const off = await auditAnswer(s.store, JSON.stringify(shifted), {
      request: JSON.stringify(request),
    });
    expect(off.citations[0]).toMatchObject({ status: 'unverified', code: 'offsets_mismatch' });
  });

  test('an OpenAI chat completion whose content is the auditable answer, in a code fence', async () => {
    const inner = buildAnswer('cairn', cited(A, exactWords(A, 2, 10))).answer;
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [
        { index: 0, message: { role: 'assistant', content: `\`\`\`json\n${inner}\n\`\`\`` } },
      ],
    };
    const report = await auditAnswer(s.store, JSON.stringify(completion));
    expect(report.format).toBe('openai');
    expect(report.citations[0]).toMatchObject({ status: 'verified', code: 'quote_verified' });
    expect(report.citations[0]!.path).toBe('/choices/0/message/content/citations/0');
  });

  test('an explicit format that does not fit the answer is unknown_answer_shape', async () => {
    const answer = buildAnswer('gemini', cited(A, exactWords(A, 2, 10))).answer;
    await expect(auditAnswer(s.store, answer, { format: 'cohere' })).rejects.toMatchObject({
      code: 'unknown_answer_shape',
    });
  });

  test('past 10,000 citations the answer is refused before any store read', async () => {
    const citation = { snippet_id: A.chunk_id, quote: 'three words here' };
    const answer = JSON.stringify({ citations: Array(10_001).fill(citation), answer: 'x' });
    await expect(auditAnswer(s.store, answer)).rejects.toMatchObject({ code: 'input_too_large' });
  });

  test('the edited chapter is the one the stale and redirected cases cite', async () => {
    expect((await s.store.getDocumentById(R.document_id))!.source_url).toBe(EDITED);
    expect(K.document_id).toBe(R.document_id);
  });
});
