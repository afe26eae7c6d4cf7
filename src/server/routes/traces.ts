import { Hono } from 'hono';
import { readPaging } from '../read-paging.js';
import type { ServerDeps } from '../server-deps.js';

/** `GET /api/traces?limit=&offset=&qid=`: rag_traces rows, newest first. */
export function traceRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const { limit, offset } = readPaging(c.req.query(), deps.paging);
    const qid = c.req.query('qid');
    const rows = await deps.store.listRagTraces({
      limit: limit + 1,
      offset,
      ...(qid ? { qid } : {}),
    });
    return c.json({
      items: rows.slice(0, limit),
      limit,
      offset,
      next_offset: rows.length > limit ? offset + limit : null,
    });
  });
  return app;
}
