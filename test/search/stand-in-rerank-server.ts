import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a remote rerank service (none can run here), on both
 * documented protocols: Cohere-compatible `POST /v2/rerank`
 * (`{model, query, documents, top_n}` -> `{results: [{index,
 * relevance_score}]}`) and Hugging Face TEI `POST /rerank` (`{query, texts,
 * raw_scores}` -> `[{index, score}]`). It scores the i-th passage i, so the
 * last comes first: it reverses the order it is given. `mode` makes it fail,
 * stall or answer too much instead.
 */
export interface RerankStandIn {
  url: string;
  bodies: Record<string, unknown>[];
  auth: (string | undefined)[];
  mode: 'reverse' | 'fail' | 'stall' | 'flood';
  close(): Promise<void>;
}

export async function startStandInRerankServer(): Promise<RerankStandIn> {
  const state: Omit<RerankStandIn, 'url' | 'close'> = { bodies: [], auth: [], mode: 'reverse' };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      state.bodies.push(body);
      state.auth.push(req.headers.authorization);
      if (state.mode === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"overloaded"}');
        return;
      }
      if (state.mode === 'stall') {
        await new Promise((r) => setTimeout(r, 1500));
        if (!res.destroyed) res.writeHead(200).end('[]');
        return;
      }
      if (state.mode === 'flood') {
        // streamed without a length: the client must stop reading at its bound
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        for (let i = 0; i < 200 && !res.destroyed; i++) res.write(`${' '.repeat(16_384)}`);
        res.end(']');
        return;
      }
      const cohere = req.url === '/v2/rerank';
      const count = (cohere ? body.documents : body.texts).length as number;
      const scored = Array.from({ length: count }, (_, index) => ({ index, score: index }))
        .sort((a, b) => b.score - a.score)
        .map(({ index, score }) =>
          cohere ? { index, relevance_score: score / count } : { index, score },
        );
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(cohere ? { id: 'stand-in', results: scored } : scored));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
