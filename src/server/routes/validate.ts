import { type Context, Hono } from 'hono';
import { type ParseAnswerJsonResult, parseAnswerJson } from '../../cite/parse-answer-json.js';
import { traceAnswer } from '../../cite/trace-answer.js';
import type { CitationValidationOptions } from '../../cite/types.js';
import { verifyAnswer } from '../../cite/verify-answer.js';
import { verifyCitations } from '../../cite/verify-citations.js';
import { CairnError } from '../../errors.js';
import { readBody } from '../read-body.js';
import type { ServerDeps } from '../server-deps.js';
import { CHUNKER_HINT } from './chunks.js';

/**
 * `POST /api/validate/citations` (a citation payload) and
 * `POST /api/validate/answer` (an LLM's auditable answer): the body is
 * read with the same hostile-JSON parser as the CLI. A body that is not
 * JSON at all (empty, a syntax error, bad UTF-8) is a 400 error, as on
 * every other route; duplicate keys, `__proto__` and trailing prose are
 * issues. Then every rule of seed 001 applies and each citation is
 * checked against the store; an answer is traced as a search is. 200 when
 * clean, 422 with the issues otherwise; both carry the per-citation
 * verdicts, and an answer the qids of the traces it wrote. Options are query flags, as the CLI's:
 * `ranked`, `allow_cross_section`, `any_snippet_id`, `require_k_pos`,
 * `index_hash`, `analyzer`, `chunker`, and for answers `allow_trailing_text`.
 */
export function validateRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  app.post('/citations', async (c) => {
    const parsed = requireJson(
      parseAnswerJson(await readBody(c, deps.max_body_bytes), { max_bytes: deps.max_body_bytes }),
    );
    if (!parsed.ok) return c.json({ ok: false, issues: parsed.issues, citations: [] }, 422);
    const result = await verifyCitations(deps.store, parsed.value, {
      ...listOptions(c),
      ranked: flag(c, 'ranked'),
      ...chunker(c),
    });
    return c.json(
      { ok: result.ok, issues: result.ok ? [] : result.issues, citations: result.citations },
      result.ok ? 200 : 422,
    );
  });
  app.post('/answer', async (c) => {
    const parsed = requireJson(
      parseAnswerJson(await readBody(c, deps.max_body_bytes), {
        max_bytes: deps.max_body_bytes,
        allow_trailing_text: flag(c, 'allow_trailing_text'),
      }),
    );
    if (!parsed.ok)
      return c.json(
        { ok: false, issues: parsed.issues, segments: 0, citations: [], trace_qids: [] },
        422,
      );
    const options = { ...listOptions(c), ranked: flag(c, 'ranked'), ...chunker(c) };
    // off the event loop when the server has answer-check workers; the traces are written here
    const result =
      deps.answer_checks === undefined
        ? await verifyAnswer(deps.store, parsed.value, options)
        : await deps.answer_checks.verifyAnswer(parsed.value, options);
    const traced = await traceAnswer(deps.store, result, {
      trace: deps.traces,
      trace_retention: deps.trace_retention,
    });
    return c.json(
      {
        ok: result.ok,
        issues: result.ok ? [] : result.issues,
        segments: result.segments,
        citations: result.citations,
        qid: traced.qid,
        trace_qids: traced.trace_qids,
      },
      result.ok ? 200 : 422,
    );
  });
  return app;
}

/**
 * A body that is no JSON at all is refused like any malformed body
 * (400 `malformed_json` or `invalid_utf8`); what the scan found in JSON
 * that parses (duplicate keys, `__proto__`, trailing prose) stays an issue.
 */
function requireJson(parsed: ParseAnswerJsonResult): ParseAnswerJsonResult {
  if (parsed.ok) return parsed;
  for (const issue of parsed.issues) {
    if (issue.code === 'invalid_utf8')
      throw new CairnError('invalid_utf8', 'The body is not valid UTF-8');
    if (issue.code === 'malformed_json') {
      const { line, column, position, detail } = issue;
      throw new CairnError(
        'malformed_json',
        `The body is not JSON: ${detail} at line ${line} column ${column}`,
        { details: { line, column, position } },
      );
    }
  }
  return parsed;
}

function flag(c: Context, name: string): boolean {
  const value = c.req.query(name);
  return value !== undefined && value !== 'false' && value !== '0';
}

function listOptions(c: Context): CitationValidationOptions {
  const indexHash = c.req.query('index_hash');
  const analyzer = c.req.query('analyzer');
  return {
    allow_cross_section_reuse: flag(c, 'allow_cross_section'),
    snippet_ids: flag(c, 'any_snippet_id') ? 'any' : 'chunk_id',
    require_k_pos: flag(c, 'require_k_pos'),
    ...(indexHash ? { index_hash: indexHash } : {}),
    ...(analyzer ? { analyzer } : {}),
  };
}

function chunker(c: Context): { chunker?: string; chunker_hint: string } {
  const value = c.req.query('chunker');
  return { ...(value ? { chunker: value } : {}), chunker_hint: CHUNKER_HINT };
}
