import { describe, expect, it } from 'vitest';
import { readBoundedStdin } from './read-bounded-stdin.js';

async function* pieces(...sizes: number[]): AsyncIterable<Uint8Array> {
  for (const size of sizes) yield new Uint8Array(size).fill(65);
}

describe('readBoundedStdin', () => {
  it('joins what comes, up to the limit', async () => {
    expect((await readBoundedStdin(pieces(3, 4), { max_bytes: 7 })).byteLength).toBe(7);
  });

  it('refuses the input once it passes the limit, naming the flag that sets it', async () => {
    await expect(
      readBoundedStdin(pieces(3, 5), { max_bytes: 7, limit_name: '--max-bytes' }),
    ).rejects.toMatchObject({
      code: 'input_too_large',
      message: 'standard input is over the limit of 7 bytes (--max-bytes)',
      details: { source: '-', max_bytes: 7 },
    });
  });
});
