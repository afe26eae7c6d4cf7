import { expect, test } from 'vitest';
import { resolveEmbedder } from '../../src/embed/resolve-embedder.js';

// port 9 (discard) refuses connections here: any request would fail the resolve
const NOWHERE = 'http://127.0.0.1:9';

test('a model in the table needs no request to learn its dimensions', async () => {
  const embedder = await resolveEmbedder(`openai:text-embedding-3-small@${NOWHERE}`, {});
  expect([embedder.id, embedder.dimensions]).toEqual(['openai:text-embedding-3-small:1536', 1536]);
  const tagged = await resolveEmbedder(`openai:nomic-embed-text:latest@${NOWHERE}`, {});
  expect(tagged.dimensions).toBe(768);
});

test("the store's vectors give an unknown model's dimensions; without them the probe is sent", async () => {
  const embedder = await resolveEmbedder(
    `openai:my-model@${NOWHERE}`,
    {},
    {
      stored_models: ['hash:256', 'openai:other:12', 'openai:my-model:48'],
    },
  );
  expect([embedder.id, embedder.dimensions]).toEqual(['openai:my-model:48', 48]);
  await expect(resolveEmbedder(`openai:my-model@${NOWHERE}`, {})).rejects.toMatchObject({
    code: 'embedder_unavailable',
  });
});
