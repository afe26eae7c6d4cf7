import { Hono } from 'hono';
import { auditAnswer } from '../../cite/audit/audit-answer.js';
import { ANSWER_FORMATS, type AnswerFormat } from '../../cite/shapes/types.js';
import { CairnError } from '../../errors.js';
import { readJsonObject } from '../read-body.js';
import type { ServerDeps } from '../server-deps.js';

/** The keys an audit request may carry: anything else is a raw answer sent by mistake. */
const AUDIT_KEYS = new Set(['answer', 'format', 'request', 'chunker']);

const HINT =
  '{"answer": <the answer: its text, or its JSON>, "format": "auto" | "cairn" | "anthropic" | "openai" | "cohere" | "gemini", "request": <the request body it replies to, text or JSON>}';

/**
 * `POST /api/audit`: `auditAnswer` over HTTP, the report `cairn audit
 * --json` prints. The body wraps the answer, since an answer of any shape
 * may need its request beside it: `answer` (text, as the model or API
 * gave it, fenced or not, or the JSON itself), `format` (default `auto`),
 * `request` and `chunker`. 200 when every citation is verified, 422 with
 * the same report otherwise; an answer of no known shape is 400
 * `unknown_answer_shape`. Reads only, like the other read routes: no
 * token, no trace.
 */
export function auditRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  app.post('/', async (c) => {
    const body = await readJsonObject(c, deps.max_body_bytes, HINT);
    const unknown = Object.keys(body).filter((key) => !AUDIT_KEYS.has(key));
    if (unknown.length > 0 || !Object.hasOwn(body, 'answer'))
      throw new CairnError(
        'invalid_option',
        `${unknown.length > 0 ? `Unknown field ${JSON.stringify(unknown[0]!.slice(0, 40))}` : 'No "answer"'}: send ${HINT}`,
      );
    const format = body.format ?? 'auto';
    if (format !== 'auto' && !(ANSWER_FORMATS as readonly unknown[]).includes(format))
      throw new CairnError(
        'invalid_option',
        `format must be auto or one of ${ANSWER_FORMATS.join(', ')}, got ${JSON.stringify(format).slice(0, 40)}`,
      );
    const chunker = body.chunker;
    if (chunker !== undefined && typeof chunker !== 'string')
      throw new CairnError('invalid_option', 'chunker must be a string');
    const answer = asText(body.answer);
    const options = {
      format: format as AnswerFormat | 'auto',
      request: body.request === undefined || body.request === null ? null : asText(body.request),
      ...(chunker === undefined || chunker === '' ? {} : { chunker }),
    };
    // off the event loop when the server has answer-check workers: /health keeps answering
    const report =
      deps.answer_checks === undefined
        ? await auditAnswer(deps.store, answer, options)
        : await deps.answer_checks.audit(answer, options);
    return c.json(report, report.ok ? 200 : 422);
  });
  return app;
}

/** Text as given; any other JSON value as its JSON text, which the readers parse again. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);
