import { describe, expect, it } from 'vitest';
import { cosine, deltaS } from '../../src/embed/cosine.js';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';

describe('the hash embedder (lexical)', () => {
  const embedder = createHashEmbedder({ dimensions: 256 });

  it('gives unit vectors, the same for the same text', async () => {
    const [a, b] = await embedder.embed(['The borrow checker', 'The borrow checker']);
    const norm = Math.sqrt([...a!].reduce((s, x) => s + x * x, 0));
    expect(norm).toBeCloseTo(1, 5);
    expect([...a!]).toEqual([...b!]);
  });

  it('scores shared wording above unrelated wording, and sees case and inflection through char grams', async () => {
    const [q, near, inflected, far] = await embedder.embed([
      'ownership and borrowing',
      'Ownership rules and borrowing in Rust',
      'borrowed owners',
      'the weather in April is mild',
    ]);
    expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!));
    expect(cosine(q!, inflected!)).toBeGreaterThan(cosine(q!, far!));
    expect(deltaS(q!, q!)).toBe(0);
  });

  it('maps an empty text to the zero vector, whose ΔS to anything is 1', async () => {
    const [empty, text] = await embedder.embed(['', 'words']);
    expect([...empty!].every((x) => x === 0)).toBe(true);
    expect(deltaS(empty!, text!)).toBe(1);
  });
});
