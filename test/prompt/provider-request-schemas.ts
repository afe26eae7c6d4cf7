/**
 * The request bodies `buildPrompt` writes, as the providers document them,
 * transcribed into JSON Schema for the tests (no provider can be called
 * from here). Only the parts cairn writes are described, and every object
 * is closed: the providers refuse unknown fields ("Extra inputs are not
 * permitted"), so an invented key must fail here too.
 *
 * Anthropic Messages API, anthropic-version 2023-06-01: MessageCreateParams
 * with TextBlockParam, DocumentBlockParam (PlainTextSource) and
 * SearchResultBlockParam, as the API reference and the TypeScript SDK
 * (`@anthropic-ai/sdk`, src/resources/messages/messages.ts) define them;
 * https://docs.claude.com/en/docs/build-with-claude/search-results and
 * .../citations for `citations: { enabled: true }`.
 *
 * OpenAI Chat Completions: CreateChatCompletionRequest with
 * ResponseFormatJsonSchema (`name` of a-z, A-Z, 0-9, _ and -, at most 64;
 * `schema`; `strict`), as the OpenAPI document of the API defines it.
 *
 * Cohere Chat API v2 (`POST /v2/chat`, https://docs.cohere.com/reference/chat):
 * `model` and `messages` required; `documents` a list of strings or of
 * `{ data: object, id?: string }`; `max_tokens` an integer.
 */
const closed = (
  required: string[],
  properties: Record<string, unknown>,
): Record<string, unknown> => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});

const anthropicText = closed(['type', 'text'], {
  type: { const: 'text' },
  text: { type: 'string', minLength: 1 },
});
const citationsConfig = closed([], { enabled: { type: 'boolean' } });

export const ANTHROPIC_MESSAGES_REQUEST = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...closed(['model', 'max_tokens', 'messages'], {
    model: { type: 'string', minLength: 1 },
    max_tokens: { type: 'integer', minimum: 1 },
    system: { type: 'string' },
    messages: {
      type: 'array',
      minItems: 1,
      items: closed(['role', 'content'], {
        role: { enum: ['user', 'assistant'] },
        content: {
          type: 'array',
          items: {
            oneOf: [
              anthropicText,
              closed(['type', 'source', 'title', 'content'], {
                type: { const: 'search_result' },
                source: { type: 'string', minLength: 1 },
                title: { type: 'string', minLength: 1 },
                content: { type: 'array', minItems: 1, items: anthropicText },
                citations: citationsConfig,
              }),
              closed(['type', 'source'], {
                type: { const: 'document' },
                source: closed(['type', 'media_type', 'data'], {
                  type: { const: 'text' },
                  media_type: { const: 'text/plain' },
                  data: { type: 'string' },
                }),
                title: { type: ['string', 'null'] },
                context: { type: ['string', 'null'] },
                citations: citationsConfig,
              }),
            ],
          },
        },
      }),
    },
  }),
};

export const OPENAI_CHAT_REQUEST = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...closed(['model', 'messages'], {
    model: { type: 'string', minLength: 1 },
    messages: {
      type: 'array',
      minItems: 1,
      items: closed(['role', 'content'], {
        role: { enum: ['system', 'developer', 'user', 'assistant'] },
        content: { type: 'string' },
      }),
    },
    response_format: closed(['type', 'json_schema'], {
      type: { const: 'json_schema' },
      json_schema: closed(['name'], {
        name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
        description: { type: 'string' },
        schema: { type: 'object' },
        strict: { type: ['boolean', 'null'] },
      }),
    }),
    max_completion_tokens: { type: 'integer', minimum: 1 },
  }),
};

export const COHERE_CHAT_V2_REQUEST = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...closed(['model', 'messages'], {
    model: { type: 'string', minLength: 1 },
    messages: {
      type: 'array',
      minItems: 1,
      items: closed(['role', 'content'], {
        role: { enum: ['system', 'user', 'assistant'] },
        content: { type: 'string' },
      }),
    },
    documents: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'string' },
          closed(['data'], {
            id: { type: 'string', minLength: 1 },
            data: { type: 'object' },
          }),
        ],
      },
    },
    max_tokens: { type: 'integer', minimum: 1 },
  }),
};

/**
 * Structured Outputs' rules for a schema with `strict: true`, as OpenAI's
 * guide states them: the root is an object, not `anyOf`; every object sets
 * `additionalProperties: false` and lists every property in `required`;
 * only the supported keywords; at most 5 levels of nesting and 100
 * properties in all (the limits at the feature's release; later models
 * allow more). Returns each breach, empty when the schema complies.
 */
export function strictModeBreaches(schema: Record<string, unknown>): string[] {
  const breaches: string[] = [];
  const allowed = new Set([
    'type',
    'description',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'enum',
    'anyOf',
    '$defs',
    '$ref',
  ]);
  let properties = 0;
  if (schema.type !== 'object' || 'anyOf' in schema) breaches.push('/: the root must be an object');
  const walk = (node: Record<string, unknown>, path: string, depth: number): void => {
    for (const key of Object.keys(node))
      if (!allowed.has(key)) breaches.push(`${path}: keyword ${key} is not supported`);
    if (node.type === 'object') {
      const props = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
      if (depth > 5) breaches.push(`${path}: nested deeper than 5 levels`);
      if (node.additionalProperties !== false)
        breaches.push(`${path}: additionalProperties must be false`);
      const required = (node.required ?? []) as string[];
      if (JSON.stringify([...required].sort()) !== JSON.stringify(Object.keys(props).sort()))
        breaches.push(`${path}: every property must be required`);
      for (const [key, value] of Object.entries(props)) {
        properties++;
        walk(value, `${path}/properties/${key}`, depth + 1);
      }
    }
    if (node.type === 'array') {
      if (typeof node.items !== 'object') breaches.push(`${path}: an array needs items`);
      else walk(node.items as Record<string, unknown>, `${path}/items`, depth);
    }
  };
  walk(schema, '', 1);
  if (properties > 100) breaches.push(`${properties} properties: more than 100`);
  return breaches;
}
