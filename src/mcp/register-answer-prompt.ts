import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { buildPrompt, CairnError, search } from '../index.js';
import type { ToolContext } from './tool-spec.js';

const DEFAULT_K = 8;
const MAX_K = 50;

/**
 * The prompt `answer_with_citations`: cairn's answer contract (cite before
 * explaining, copy each citation's fields from its source, quote its exact
 * words), filled with the question and the hits a search for it finds, and
 * a closing line asking the model to check its draft with check_answer.
 */
export function registerAnswerPrompt(server: McpServer, context: ToolContext): void {
  server.registerPrompt(
    'answer_with_citations',
    {
      title: 'Answer with citations',
      description:
        'Search the store for a question and ask for an answer that cites the hits by chunk ID, quoting their exact words, in the JSON shape check_answer audits.',
      argsSchema: {
        question: z.string().describe('the question to answer'),
        k: z
          .string()
          .optional()
          .describe(`sources to include, 1 to ${MAX_K} (default ${DEFAULT_K})`),
      },
    },
    async ({ question, k }) => {
      try {
        const count = k === undefined || k.trim() === '' ? DEFAULT_K : Number(k);
        if (!Number.isInteger(count) || count < 1 || count > MAX_K) {
          throw new CairnError(
            'invalid_option',
            `k must be a whole number from 1 to ${MAX_K}, got ${JSON.stringify(k)}`,
          );
        }
        const result = await search(context.store, question, {
          k: count,
          ...(context.embedder === undefined ? {} : { embedder: context.embedder }),
          trace: context.traces,
        });
        const request = buildPrompt(result.hits, question, { style: 'plain' });
        const text = `${(request.body as { prompt: string }).prompt}\n\nBefore you answer, pass your JSON answer to the check_answer tool and mend or drop every citation it does not verify.`;
        return {
          description: `${result.hits.length} sources for ${JSON.stringify(question.slice(0, 80))}`,
          messages: [{ role: 'user', content: { type: 'text', text } }],
        };
      } catch (error) {
        if (error instanceof CairnError)
          throw new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}`, {
            cairn: error.toJSON(),
          });
        throw error;
      }
    },
  );
}
