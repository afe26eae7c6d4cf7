import { z } from 'zod';
import { ANSWER_FORMATS, type AuditReport, auditAnswer } from '../index.js';
import { defineTool } from './tool-spec.js';

/** Characters of a report field the text form shows beyond the citations (claims, when the report has them). */
const MAX_EXTRA_CHARS = 4000;

/**
 * The audit report's output schema: loose at every level, so that fields the
 * report gains (per-claim verdicts and their summary) pass through to clients.
 */
const auditedCitation = z.looseObject({
  index: z.number(),
  status: z.enum(['verified', 'repaired', 'unverified']),
  code: z.string(),
  detail: z.string().nullable(),
  chunk_id: z.string().nullable(),
  resolved_chunk_id: z.string().nullable(),
});

const report = z.looseObject({
  format: z.string(),
  schema: z.string(),
  ok: z.boolean().describe('every citation verified, and at least one citation'),
  answer_text: z.string(),
  citations: z.array(auditedCitation),
  summary: z.looseObject({
    citations: z.number(),
    verified: z.number(),
    repaired: z.number(),
    unverified: z.number(),
  }),
});

const KNOWN_FIELDS = new Set(['format', 'schema', 'ok', 'answer_text', 'citations', 'summary']);

export const checkAnswerTool = defineTool({
  name: 'check_answer',
  title: 'Check an answer',
  description: [
    "Check a drafted answer's citations against the stored text before giving the answer: each cited chunk must exist and be current, and each quote must be the chunk's exact words.",
    'Pass the answer as JSON: {"answer": "...", "citations": [{"snippet_id": "<chunk_id>", "section_id": "...", "source_url": "...", "offsets": {"start": 0, "end": 0, "unit": "char"}, "tokens": 0, "quote": "<exact words>"}]}, copying the fields from search hits (citation); an answer in Anthropic, OpenAI, Cohere or Gemini citation shape is read too.',
    'Returns a verdict per citation: verified, repaired (the quote is in another chunk: cite resolved_chunk_id) or unverified with the reason. Fix or drop unverified citations before answering.',
  ].join(' '),
  input: z.object({
    answer: z
      .union([z.string().min(1), z.record(z.string(), z.unknown())])
      .describe('the answer: a JSON object, or its JSON text'),
    format: z
      .enum(['auto', ...ANSWER_FORMATS])
      .default('auto')
      .describe("the answer's shape; auto reads it from the answer"),
    request: z
      .string()
      .min(1)
      .optional()
      .describe(
        'the request body the answer replies to (JSON text), for shapes that cite by document index',
      ),
    chunker: z.string().min(1).optional().describe("resolve chunk IDs among this chunker's chunks"),
  }),
  output: report,
  writes: false,
  async run(args, context) {
    const answer = typeof args.answer === 'string' ? args.answer : JSON.stringify(args.answer);
    const audited = await auditAnswer(context.store, answer, {
      format: args.format,
      ...(args.request === undefined ? {} : { request: args.request }),
      ...(args.chunker === undefined ? {} : { chunker: args.chunker }),
    });
    // the whole report passes through: an interface has no index signature for the loose schema
    return { structured: audited as unknown as z.input<typeof report>, text: auditText(audited) };
  },
});

function auditText(audited: AuditReport): string {
  const { summary } = audited;
  const lines = [
    `${audited.ok ? 'ok' : 'not ok'}: ${summary.citations} citation${summary.citations === 1 ? '' : 's'}, ${summary.verified} verified, ${summary.repaired} repaired, ${summary.unverified} unverified`,
    ...audited.citations.map((c) => {
      const chunk =
        c.resolved_chunk_id && c.resolved_chunk_id !== c.chunk_id
          ? `${c.chunk_id} -> ${c.resolved_chunk_id}`
          : (c.chunk_id ?? '(no chunk ID)');
      return `[${c.index}] ${c.status} (${c.code}) ${chunk}${c.detail ? `: ${c.detail}` : ''}`;
    }),
  ];
  for (const [key, value] of Object.entries(audited)) {
    if (KNOWN_FIELDS.has(key)) continue;
    const json = JSON.stringify(value);
    lines.push(
      `${key}: ${json.length > MAX_EXTRA_CHARS ? `${json.slice(0, MAX_EXTRA_CHARS)}…` : json}`,
    );
  }
  return lines.join('\n');
}
