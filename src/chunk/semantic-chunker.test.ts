import { describe, expect, it } from 'vitest';
import { assertChunkInvariants, cl100kCount } from '../../test/chunk/assert-chunks.js';
import { createHashEmbedder } from '../embed/hash-embedder.js';
import { parseDocument } from '../parse/parse-document.js';
import { createChunkerRegistry } from './chunker-registry.js';
import { runChunker } from './run-chunker.js';
import { SemanticChunker } from './semantic-chunker.js';
import { SentenceChunker } from './sentence-chunker.js';
import { TokenChunker } from './token-chunker.js';
import type { SentenceEmbedder } from './types.js';

const hash = createHashEmbedder({ dimensions: 256 });

const BAKING = [
  'Bread dough rises when yeast ferments the flour.',
  'Knead the bread dough until the flour is smooth.',
  'The yeast in the dough needs warm water and flour.',
  'Bake the bread dough in a hot oven until golden.',
  'Flour, yeast and water make a simple bread dough.',
];
const ORBITS = [
  'Planets orbit the sun on elliptical paths.',
  'A planet moves fastest near the sun in its orbit.',
  'Comets follow long orbits around the sun too.',
  'Gravity of the sun bends each planet into orbit.',
  'The orbit of a planet around the sun takes a year or more.',
];

/** Counts the texts it is sent, embedding with the hash embedder. */
function counting(inner: SentenceEmbedder): SentenceEmbedder & { texts: number } {
  const wrapper = {
    id: inner.id,
    texts: 0,
    embed: async (texts: readonly string[]) => {
      wrapper.texts += texts.length;
      return inner.embed(texts);
    },
  };
  return wrapper;
}

describe('semantic chunker', () => {
  it('breaks where the topic changes, and nowhere inside a topic of this size', async () => {
    const text = [...BAKING, ...ORBITS].join(' ');
    const chunker = new SemanticChunker({ embedder: hash });
    const chunks = await chunker.chunkAsync(text);
    assertChunkInvariants(text, chunks, { count: cl100kCount, budget: 512, overlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual([BAKING.join(' '), ORBITS.join(' ')]);
  });

  it('embeds each window once: the one after a gap is the one before another', async () => {
    const embedder = counting(hash);
    const text = [...BAKING, ...ORBITS].join(' ');
    await new SemanticChunker({ embedder, window_sentences: 2 }).chunkAsync(text);
    // 9 gaps: windows [0], [0-1], [1-2] ... [7-8] before them; after them the same from [1-2] on, then [8-9], [9]
    expect(embedder.texts).toBe(11);
  });

  it('packs a run between breakpoints under the token budget', async () => {
    const text = Array.from({ length: 12 }, () => BAKING.join(' ')).join(' ');
    const chunks = await new SemanticChunker({
      embedder: hash,
      max_chunk_tokens: 40,
    }).chunkAsync(text);
    expect(chunks.length).toBeGreaterThan(10);
    assertChunkInvariants(text, chunks, { count: cl100kCount, budget: 40, overlap: 0 });
  });

  it('keeps sections apart and a heading with the text under it', async () => {
    const md = `# Bread\n\n${BAKING.join(' ')}\n\n## Orbits\n\n${ORBITS.join(' ')}\n\n## More bread\n\n${BAKING.join(' ')}\n`;
    const doc = await parseDocument({ bytes: Buffer.from(md), source_url: 'two.md' });
    const chunks = await new SemanticChunker({
      embedder: hash,
      breakpoint_percentile: 1,
    }).chunkAsync(doc);
    assertChunkInvariants(doc.canonical, chunks, { count: cl100kCount, budget: 512, overlap: 0 });
    for (const chunk of chunks) {
      expect(chunk.text.startsWith('#') ? chunk.text.includes('\n') : true).toBe(true);
      expect(chunk.sect_path).not.toBeNull();
    }
    expect(chunks.filter((c) => c.text.includes('Orbits')).map((c) => c.heading_path)).toEqual([
      ['Bread', 'Orbits'],
    ]);
  });

  it('gives the same chunks however many windows go to the embedder at a time', async () => {
    const sentences = Array.from({ length: 60 }, (_, i) => (i % 10 < 5 ? BAKING : ORBITS)[i % 5]!);
    const md = `# One\n\n${sentences.slice(0, 30).join(' ')}\n\n## Two\n\n${sentences.slice(30).join(' ')}`;
    const doc = await parseDocument({ bytes: Buffer.from(md), source_url: 'many.md' });
    const whole = await new SemanticChunker({ embedder: hash, max_chunk_tokens: 64 }).chunkAsync(
      doc,
    );
    expect(whole.length).toBeGreaterThan(4);
    for (const windows_per_call of [1, 3, 7]) {
      const embedder = counting(hash);
      const chunker = new SemanticChunker({ embedder, max_chunk_tokens: 64, windows_per_call });
      expect(chunker.chunker_id).toBe(
        new SemanticChunker({ embedder: hash, max_chunk_tokens: 64 }).chunker_id,
      );
      expect(await chunker.chunkAsync(doc)).toEqual(whole);
    }
  });

  it('names the embedder and its settings in its id', () => {
    const a = new SemanticChunker({ embedder: hash });
    expect(a.chunker_id).toMatch(/^semantic@v1:[0-9a-f]{8}$/);
    expect(a.config.embedder).toBe(hash.id);
    expect(
      new SemanticChunker({ embedder: createHashEmbedder({ dimensions: 256 }) }).chunker_id,
    ).toBe(a.chunker_id);
    expect(
      new SemanticChunker({ embedder: createHashEmbedder({ dimensions: 128 }) }).chunker_id,
    ).not.toBe(a.chunker_id);
    expect(new SemanticChunker({ embedder: hash, breakpoint_percentile: 90 }).chunker_id).not.toBe(
      a.chunker_id,
    );
    expect(a.configure({ max_chunk_tokens: 100 }).chunker_id).not.toBe(a.chunker_id);
  });

  it('refuses a missing embedder, bad settings, and a synchronous chunk', async () => {
    const invalid = expect.objectContaining({ code: 'invalid_option' });
    expect(() => new SemanticChunker()).toThrow(invalid);
    expect(() => new SemanticChunker({ embedder: hash, breakpoint_percentile: 100 })).toThrow(
      invalid,
    );
    expect(() => new SemanticChunker({ embedder: hash, window_sentences: 0 })).toThrow(invalid);
    expect(() => new SemanticChunker({ embedder: hash }).chunk('Some text.')).toThrow(invalid);
    await expect(
      runChunker(new SemanticChunker({ embedder: hash }), 'Some text. More.'),
    ).resolves.toHaveLength(1);
  });

  it('refuses an embedder that answers with the wrong number of vectors', async () => {
    const short: SentenceEmbedder = { id: 'short', embed: async () => [] };
    await expect(new SemanticChunker({ embedder: short }).chunkAsync('One. Two.')).rejects.toThrow(
      expect.objectContaining({ code: 'embedder_bad_response' }),
    );
  });
});

describe('strategy in ChunkingOptions', () => {
  const text = `${BAKING.join(' ')}\n\n${ORBITS.join(' ')}`;

  it('selects another registered chunker, tuned by the other options', () => {
    const registry = createChunkerRegistry();
    const token = registry.get('token');
    const selected = token.configure({
      strategy: 'sentence',
      max_chunk_tokens: 32,
      overlap_tokens: 0,
    });
    expect(selected.name).toBe('sentence');
    expect(
      token.chunk(text, { strategy: 'sentence', max_chunk_tokens: 32, overlap_tokens: 0 }),
    ).toEqual(new SentenceChunker({ max_chunk_tokens: 32, overlap_tokens: 0 }).chunk(text));
    expect(token.configure({ strategy: 'default' }).name).toBe('structure');
    // its own name keeps its own settings
    const small = new TokenChunker({ max_chunk_tokens: 20, overlap_tokens: 0 });
    expect(small.configure({ strategy: 'token' })).toBe(small);
  });

  it('refuses an unknown strategy with the known names', () => {
    const token = createChunkerRegistry().get('token');
    let error: unknown;
    try {
      token.configure({ strategy: 'paragraphs' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'invalid_option', details: { option: 'strategy' } });
    expect((error as Error).message).toBe(
      'Unknown strategy "paragraphs": known chunkers are char, semantic, sentence, structure, token, token-like, default',
    );
  });

  it('selects semantic from a registry given an embedder, and says what is missing without one', async () => {
    const registry = createChunkerRegistry({ embedder: hash });
    const semantic = registry.get('default').configure({ strategy: 'semantic' });
    expect(semantic).toBeInstanceOf(SemanticChunker);
    expect(semantic.config.embedder).toBe(hash.id);
    expect(await runChunker(registry.get('char'), text, { strategy: 'semantic' })).toEqual(
      await new SemanticChunker({ embedder: hash }).chunkAsync(text),
    );
    const plain = createChunkerRegistry();
    expect(() => plain.get('token').configure({ strategy: 'semantic' })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringMatching(/needs an embedder/),
      }),
    );
    expect(plain.has('semantic')).toBe(false);
    expect(plain.list_ids().some((id) => id.startsWith('semantic@'))).toBe(false);
    expect(plain.list_names().names).toContain('semantic');
  });

  it('leaves furniture blocks out of its chunks unless include_furniture, set or configured', async () => {
    const markdown = `# Tides\n\n${BAKING.join(' ')}\n\nHome | News | Sport | Weather\n\n${ORBITS.join(' ')}\n`;
    const doc = await parseDocument({
      bytes: new TextEncoder().encode(markdown),
      source_url: 'a.md',
    });
    // the model as a parser that found furniture gives it: one block retyped, text unchanged
    const block = doc.blocks.find((b) =>
      doc.canonical.slice(b.span.start, b.span.end).startsWith('Home'),
    )!;
    block.type = 'furniture';
    const chunker = new SemanticChunker({ embedder: hash });
    const texts = async (c: SemanticChunker | ReturnType<SemanticChunker['configure']>) =>
      (await runChunker(c, doc)).map((chunk) => chunk.text).join('\n');
    const without = await texts(chunker);
    expect(without).toContain(BAKING[0]);
    expect(without).toContain(ORBITS[0]);
    expect(without).not.toContain('Home | News');
    const configured = chunker.configure({ include_furniture: true });
    expect(configured.chunker_id).not.toBe(chunker.chunker_id);
    expect(await texts(configured)).toContain('Home | News');
    const built = new SemanticChunker({ embedder: hash, include_furniture: true });
    expect(built.chunker_id).toBe(configured.chunker_id);
    expect(await texts(built)).toContain('Home | News');
    const points = Array.from(doc.canonical);
    for (const chunk of await runChunker(built, doc))
      expect(points.slice(chunk.span.start, chunk.span.end).join('')).toBe(chunk.text);
  });
});
