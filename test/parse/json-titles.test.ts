import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusPath } from '../corpora.js';
import { assertDocumentInvariants } from '../support/assert-document.js';

const LONG = 'x'.repeat(40);

async function parseJson(value: unknown, options: Record<string, unknown> = {}) {
  return parseDocument({
    bytes: Buffer.from(JSON.stringify(value), 'utf8'),
    source_url: 'records.json',
    format: 'json',
    options: { chunk_threshold_chars: 20, ...options },
  });
}

/** Each string node's pointer with the heading path of the block it is. */
function pathsOf(doc: CairnDocument): Record<string, string[]> {
  return Object.fromEntries(
    doc.blocks.map((b) => [
      b.json_pointer!,
      b.section === null ? [] : doc.sections[b.section]!.heading_path,
    ]),
  );
}

describe('JSON title-like keys', () => {
  it('name the sections of the string nodes below them, one level per titled object', async () => {
    const doc = await parseJson({
      title: 'Handbook',
      intro: `intro ${LONG}`,
      parts: [
        { name: 'Setup', body: `setup ${LONG}` },
        { heading: 'Use', steps: [{ HEAD: ['  Step  one '], text: `one ${LONG}` }], after: LONG },
      ],
      content: { HEAD: ['Handbook'], note: `same title ${LONG}` },
    });
    assertDocumentInvariants(doc);
    expect(pathsOf(doc)).toEqual({
      '/intro': ['Handbook'],
      '/parts/0/body': ['Handbook', 'Setup'],
      '/parts/1/steps/0/text': ['Handbook', 'Use', 'Step one'],
      // back in "Use" after its step: "Use" again, not the step
      '/parts/1/after': ['Handbook', 'Use'],
      // a title that repeats its parent's is the same section
      '/content/note': ['Handbook'],
    });
    expect(doc.sections.every((s) => s.heading_span === null)).toBe(true);
  });

  it('takes a configured list of keys instead, and leaves long or blank values out', async () => {
    const value = {
      label: 'Ticket 42',
      title: 'ignored',
      messages: [{ subject: ' ', text: LONG }],
    };
    const custom = await parseJson(value, { json_title_keys: ['label', 'subject'] });
    expect(pathsOf(custom)).toEqual({ '/messages/0/text': ['Ticket 42'] });
    const long = await parseJson({ title: 'T'.repeat(301), text: LONG });
    // the long value is a string node of its own, and names nothing
    expect(pathsOf(long)).toEqual({ '/title': [], '/text': [] });
  });

  it('gives every chunk of an eCFR JSON chapter a section path, not the root', async () => {
    for (const name of ['title-15-chapter-XIII.json', 'title-15-chapter-VIII.json']) {
      const doc = await parseDocument({
        bytes: readFileSync(corpusPath('ecfr-json', name)),
        source_url: name,
        options: { chunk_threshold_chars: 200 },
      });
      const chunks = defaultChunkerRegistry().get('default').chunk(doc);
      expect(chunks.length, name).toBeGreaterThan(0);
      for (const chunk of chunks) {
        expect(chunk.sect_path, chunk.json_pointer).not.toBeNull();
        expect(chunk.heading_path[0], chunk.json_pointer).toMatch(/^CHAPTER [IVX]+—/);
      }
      // a section's paragraphs sit under its part and its § heading
      expect(chunks.some((c) => c.heading_path.some((t) => t.startsWith('§ ')))).toBe(true);
    }
  });
});
