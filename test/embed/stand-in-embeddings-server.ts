import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';
import type { Embedder } from '../../src/embed/types.js';

/**
 * A local stand-in for a remote OpenAI-compatible embeddings service (which
 * cannot run here): `POST /v1/embeddings`, deterministic vectors (the hash
 * embedder's, at `dimensions`), counting requests and texts. `script` lets a
 * test answer some requests with an error status first.
 */
export interface StandIn {
  base_url: string;
  requests: number;
  texts: number;
  auth: (string | undefined)[];
  /** Statuses (with headers) to answer the next requests with, before answering normally. */
  script: {
    status: number;
    headers?: Record<string, string>;
    body?: string;
    delay_ms?: number;
    /** Answers the request itself (a hostile server: a false Content-Length, an endless body). */
    respond?: (res: ServerResponse) => void;
  }[];
  /** Called after each answer is sent, with the requests counted so far (a test kills its client here). */
  after_response?: (requests: number) => void;
  close(): Promise<void>;
}

/**
 * The vectors the stand-in answers with: the hash embedder's, except that a
 * text without a letter or digit, which the hash embedder leaves all zero,
 * gets the first unit vector. A model gives every text a direction, and
 * cairn refuses an all-zero answer from a remote embedder.
 */
export function createStandInModel(dimensions: number): Embedder {
  const hash = createHashEmbedder({ dimensions });
  return {
    id: `stand-in:${dimensions}`,
    dimensions,
    embed: async (texts) =>
      (await hash.embed(texts)).map((v) =>
        v.some((x) => x !== 0) ? v : Float32Array.from(v, (_, i) => (i === 0 ? 1 : 0)),
      ),
  };
}

export async function startStandInEmbeddingsServer(dimensions = 64): Promise<StandIn> {
  const embedder = createStandInModel(dimensions);
  const state = {
    requests: 0,
    texts: 0,
    auth: [] as (string | undefined)[],
    script: [] as StandIn['script'],
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      state.requests++;
      state.auth.push(req.headers.authorization);
      const scripted = state.script.shift();
      if (scripted?.delay_ms) await new Promise((r) => setTimeout(r, scripted.delay_ms));
      if (scripted?.respond !== undefined) {
        scripted.respond(res);
        return;
      }
      if (scripted !== undefined && scripted.status !== 200) {
        res
          .writeHead(scripted.status, scripted.headers ?? {})
          .end(scripted.body ?? 'scripted failure');
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        input: string[];
        model: string;
      };
      state.texts += body.input.length;
      const vectors = await embedder.embed(body.input);
      if (scripted?.body !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(scripted.body);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: vectors.map((v, index) => ({ object: 'embedding', index, embedding: [...v] })),
        }),
        () => (state as Partial<StandIn>).after_response?.(state.requests),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    base_url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  }) as unknown as StandIn;
}
