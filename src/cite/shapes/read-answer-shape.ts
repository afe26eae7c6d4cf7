import { CairnError } from '../../errors.js';
import { detectAnswerFormat, FORMAT_SIGNATURES } from './detect-answer-format.js';
import { parseEmbeddedJson } from './parse-embedded-json.js';
import { readAnthropicAnswer } from './read-anthropic.js';
import { readCairnAnswer } from './read-cairn.js';
import { readCohereAnswer } from './read-cohere.js';
import { readGeminiAnswer } from './read-gemini.js';
import { readOpenAiAnswer } from './read-openai.js';
import { ANSWER_FORMATS, type AnswerFormat, type ReadAnswer } from './types.js';

export interface ReadAnswerShapeOptions {
  /** `auto` (default): the format the answer's top level shows. */
  format?: AnswerFormat | 'auto';
  /** The request body the answer replies to: maps document and search-result indices to chunks. */
  request?: string | null;
}

const expected = (): string => Object.values(FORMAT_SIGNATURES).join('; ');

/**
 * Reads an LLM answer in any supported shape into cairn citations, in the
 * order the answer gives them. Pure. Throws CairnError `malformed_json`
 * for an answer or request that is not JSON (a truncated response),
 * `unknown_answer_shape` for JSON of no known shape (or not of the one
 * asked for), naming the shapes expected, and `invalid_option` for an
 * unknown format name.
 */
export function readAnswerShape(answer: string, options: ReadAnswerShapeOptions = {}): ReadAnswer {
  const wanted = options.format ?? 'auto';
  if (wanted !== 'auto' && !(ANSWER_FORMATS as readonly string[]).includes(wanted))
    throw new CairnError(
      'invalid_option',
      `format must be auto or one of ${ANSWER_FORMATS.join(', ')}, got ${JSON.stringify(wanted)}`,
    );
  const value = parseEmbeddedJson(answer, 'the answer');
  const request =
    options.request === undefined || options.request === null
      ? null
      : parseEmbeddedJson(options.request, 'the request');
  const detected = detectAnswerFormat(value);
  if (detected === null)
    throw new CairnError(
      'unknown_answer_shape',
      `The answer is JSON of no known citation shape; expected ${expected()}`,
      { details: { expected: [...ANSWER_FORMATS] } },
    );
  if (wanted !== 'auto' && wanted !== detected)
    throw new CairnError(
      'unknown_answer_shape',
      `The answer is not a ${wanted} answer (it looks like ${detected}); expected ${FORMAT_SIGNATURES[wanted]}`,
      { details: { expected: [wanted], detected } },
    );
  switch (detected) {
    case 'anthropic':
      return readAnthropicAnswer(value, request);
    case 'openai':
      return readOpenAiAnswer(value);
    case 'cohere':
      return readCohereAnswer(value, request);
    case 'gemini':
      return readGeminiAnswer(value);
    default:
      return readCairnAnswer(value);
  }
}
