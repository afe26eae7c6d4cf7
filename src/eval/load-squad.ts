import { CairnError } from '../errors.js';

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
 */
export function loadSquad(json: string | unknown): SquadArticle[] {
  const data = (typeof json === 'string' ? JSON.parse(json) : json) as { data?: RawArticle[] };
  if (!Array.isArray(data?.data)) {
    throw new CairnError('malformed_json', 'Not a SQuAD file: no top-level "data" array');
  }
  return data.data.map(toArticle);
}

function toArticle(raw: RawArticle): SquadArticle {
  const parts: string[] = [];
  const questions: SquadQuestion[] = [];
  let offset = 0;
  for (const paragraph of raw.paragraphs) {
    if (parts.length > 0) {
      parts.push(PARAGRAPH_SEPARATOR);
      offset += PARAGRAPH_SEPARATOR.length;
    }
    const context = Array.from(paragraph.context);
    for (const qa of paragraph.qas) {
      questions.push({
        id: qa.id,
        question: qa.question,
        answers: qa.answers.map((answer) => {
          const length = codePointLength(answer.text);
          const found = context.slice(answer.answer_start, answer.answer_start + length).join('');
          if (found !== answer.text) {
            throw new CairnError(
              'malformed_json',
              `Bad SQuAD answer offset in ${raw.title} (${qa.id}): expected ${JSON.stringify(answer.text)} at code point ${answer.answer_start}, received ${JSON.stringify(found)}`,
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
