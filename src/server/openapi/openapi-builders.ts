/** The `$id`s the contract schemas are embedded under. */
export const CITATION_ID = 'urn:cairn:schema:citation-payload.v1';
export const ANSWER_ID = 'urn:cairn:schema:auditable-answer.v1';

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
export const error = (description: string) => json(ref('Error'), description);
/** A path parameter. */
export const pathParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});
export const paging = [
  {
    name: 'limit',
    in: 'query',
    schema: { type: 'integer' },
    description: 'Rows per page, clamped to 1..500 (default 50)',
  },
  {
    name: 'offset',
    in: 'query',
    schema: { type: 'integer' },
    description: 'Rows to skip, clamped to 0..1000000',
  },
];
export const page = (item: unknown) => ({
  type: 'object',
  required: ['items', 'limit', 'offset', 'next_offset'],
  properties: {
    items: { type: 'array', items: item },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    next_offset: { type: ['integer', 'null'] },
  },
});
