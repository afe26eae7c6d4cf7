import { QUOTE_FIELD } from '../citation-contract.js';
import { pointerToken } from '../cite-issue.js';
import { readAnswerSegments } from '../read-answer-segments.js';
import { isObject, own, type ReadAnswer, type ReadCitation, stringAt } from './types.js';

/** Seed 001's auditable answer, with cairn's optional `quote` per citation. */
export const CAIRN_SCHEMA = 'cairn auditable-answer.v1 (seed 001)';

/**
 * Reads cairn's auditable answer: `{citations, answer}` or `{segments:
 * [{citations, text}]}`, each citation a seed 001 payload whose
 * `snippet_id` is a chunk ID; `quote`, when given, is the words relied on.
 * Citations in answer order (segment by segment). The payload rules
 * themselves are `validateAnswer`'s; here a citation is what it names.
 */
export function readCairnAnswer(answer: unknown, pathPrefix = ''): ReadAnswer {
  const { segments } = readAnswerSegments(answer, {}, () => {});
  const citations: ReadCitation[] = [];
  const texts: string[] = [];
  for (const segment of segments) {
    if (segment.skip) continue;
    const text = stringAt(segment.value, segment.text_field);
    if (text !== null) texts.push(text);
    const list = own(segment.value, 'citations');
    if (!Array.isArray(list)) continue;
    const listPath = `${pathPrefix}${segment.path}${pointerToken('citations')}`;
    for (const [i, item] of list.entries())
      citations.push(readCairnCitation(item, `${listPath}${pointerToken(i)}`, text));
  }
  return { format: 'cairn', schema: CAIRN_SCHEMA, text: texts.join('\n\n'), citations };
}

/** One citation of a cairn list: a seed 001 payload naming its chunk, its `quote` apart. */
export function readCairnCitation(
  item: unknown,
  path: string,
  answerText: string | null,
): ReadCitation {
  const common = {
    kind: 'cairn',
    path,
    claims_offsets: true,
    quote_offsets: null,
    answer_text: answerText,
  };
  if (!isObject(item))
    return {
      ...common,
      chunk_id: null,
      cited: {},
      quote: null,
      problem: { code: 'source_unresolved', detail: 'the citation is not an object' },
    };
  const { [QUOTE_FIELD]: quote, ...cited } = item;
  const id = stringAt(item, 'snippet_id');
  return {
    ...common,
    chunk_id: id,
    cited,
    quote: typeof quote === 'string' ? quote : null,
    problem:
      id === null || id === ''
        ? { code: 'source_unresolved', detail: 'the citation has no snippet_id' }
        : null,
  };
}
