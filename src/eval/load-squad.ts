import { CairnError } from '../errors.js';
import { decodeText } from '../load/decode-text.js';
import { parseJsonValue } from '../parse/json/parse-json-value.js';

/** One gold answer: code points into the article's joined text, half-open. */
export interface GoldSpan {
  start: number;
  end: number;
  text: string;
}

export interface SquadQuestion {
  id: string;
  question: string;
  /** Every gold answer the question has; retrieving any one counts. */
  answers: GoldSpan[];
}

/** One SQuAD article as one document: its paragraphs joined with a blank line. */
export interface SquadArticle {
  title: string;
  text: string;
  questions: SquadQuestion[];
}

interface RawAnswer {
  answer_start: number;
  text: string;
}
interface RawParagraph {
  context: string;
  qas: { id: string; question: string; answers: RawAnswer[] }[];
}
interface RawArticle {
  title: string;
  paragraphs: RawParagraph[];
}

const PARAGRAPH_SEPARATOR = '\n\n';

/**
 * SQuAD v1.1 as whole documents (the corpora README): each article's
 * paragraphs joined in order with a blank line, each `answer_start` shifted
 * by its paragraph's start. SQuAD was built in Python, so `answer_start`
 * counts code points, as cairn's offsets do; a JavaScript string counts
 * UTF-16 units, so lengths here are taken with `codePointLength`. An answer
 * whose text is not at its offset throws `malformed_json` rather than
 * scoring against the wrong span.
 *
 * `json` is the file's text, its bytes (decoded as any cairn input: UTF-8 or
 * UTF-16, a byte order mark dropped, invalid UTF-8 `invalid_utf8`) or the
 * parsed value. Text that is not JSON throws `malformed_json` with its line and column, as
 * `cairn parse` reports it; JSON without the SQuAD shape throws
 * `malformed_json` naming what is missing; a file with no question at all
 * throws `no_questions`, since every metric over it would read 0.
 */
export function loadSquad(
  json: string | Uint8Array | unknown,
  options: { source?: string } = {},
): SquadArticle[] {
  const source = options.source ?? '<input>';
  // text and bytes are read as `cairn eval squad` reads a file: a byte order mark is dropped
  const data =
    typeof json === 'string'
      ? parseJsonValue(
          json.startsWith('\ufeff')
            ? { text: json.slice(1), encoding: 'utf-8', bom: true }
            : { text: json, encoding: 'utf-8', bom: false },
          source,
        )
      : json instanceof Uint8Array
        ? parseJsonValue(decodeText(json, source), source)
        : json;
  const articles = isRecord(data) ? data.data : undefined;
  if (!Array.isArray(articles)) {
    throw notSquad(source, 'no top-level "data" array');
  }
  const loaded = articles.map((raw, i) =>
    toArticle(checkArticle(raw, `/data/${i}`, source), `/data/${i}`, source),
  );
  if (loaded.every((article) => article.questions.length === 0)) {
    throw new CairnError(
      'no_questions',
      `No questions in ${source}: its "data" array holds ${articles.length} articles and no question to ask`,
      { details: { source, articles: articles.length } },
    );
  }
  return loaded;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function notSquad(source: string, what: string, pointer?: string): CairnError {
  return new CairnError('malformed_json', `${source} is not a SQuAD file: ${what}`, {
    details: pointer === undefined ? { source } : { source, pointer },
  });
}

/** The fields `toArticle` reads, each of its type: anything else is `malformed_json` at its JSON Pointer. */
function checkArticle(raw: unknown, at: string, source: string): RawArticle {
  const expect = (ok: boolean, pointer: string, what: string) => {
    if (!ok) throw notSquad(source, `${pointer} is not ${what}`);
  };
  expect(isRecord(raw), at, 'an article object');
  const article = raw as Record<string, unknown>;
  expect(typeof article.title === 'string', `${at}/title`, 'a string');
  expect(Array.isArray(article.paragraphs), `${at}/paragraphs`, 'an array');
  for (const [p, paragraph] of (article.paragraphs as unknown[]).entries()) {
    const pAt = `${at}/paragraphs/${p}`;
    expect(isRecord(paragraph), pAt, 'a paragraph object');
    const { context, qas } = paragraph as Record<string, unknown>;
    expect(typeof context === 'string', `${pAt}/context`, 'a string');
    expect(Array.isArray(qas), `${pAt}/qas`, 'an array');
    for (const [q, qa] of (qas as unknown[]).entries()) {
      const qAt = `${pAt}/qas/${q}`;
      expect(isRecord(qa), qAt, 'a question object');
      const { id, question, answers } = qa as Record<string, unknown>;
      expect(typeof id === 'string', `${qAt}/id`, 'a string');
      expect(typeof question === 'string', `${qAt}/question`, 'a string');
      expect(Array.isArray(answers), `${qAt}/answers`, 'an array');
      for (const [a, answer] of (answers as unknown[]).entries()) {
        const aAt = `${qAt}/answers/${a}`;
        expect(isRecord(answer), aAt, 'an answer object');
        const { answer_start, text } = answer as Record<string, unknown>;
        expect(
          Number.isSafeInteger(answer_start) && (answer_start as number) >= 0,
          `${aAt}/answer_start`,
          'a non-negative integer',
        );
        expect(typeof text === 'string', `${aAt}/text`, 'a string');
      }
    }
  }
  return raw as RawArticle;
}

function toArticle(raw: RawArticle, at: string, source: string): SquadArticle {
  const parts: string[] = [];
  const questions: SquadQuestion[] = [];
  let offset = 0;
  for (const [p, paragraph] of raw.paragraphs.entries()) {
    if (parts.length > 0) {
      parts.push(PARAGRAPH_SEPARATOR);
      offset += PARAGRAPH_SEPARATOR.length;
    }
    const context = Array.from(paragraph.context);
    for (const [q, qa] of paragraph.qas.entries()) {
      questions.push({
        id: qa.id,
        question: qa.question,
        answers: qa.answers.map((answer, a) => {
          const length = codePointLength(answer.text);
          const found = context.slice(answer.answer_start, answer.answer_start + length).join('');
          if (found !== answer.text) {
            const pointer = `${at}/paragraphs/${p}/qas/${q}/answers/${a}/answer_start`;
            throw notSquad(
              source,
              `${pointer} is ${answer.answer_start}, where the context does not hold the answer text ${JSON.stringify(answer.text)} (it holds ${JSON.stringify(found)}): answer_start counts code points from the start of the context`,
              pointer,
            );
          }
          const start = offset + answer.answer_start;
          return { start, end: start + length, text: answer.text };
        }),
      });
    }
    parts.push(paragraph.context);
    offset += context.length;
  }
  return { title: raw.title, text: parts.join(''), questions };
}

export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
