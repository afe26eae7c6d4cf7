import { CairnError, type ErrorCode } from '../../errors.js';
import type { DecodedText } from '../../load/decode-text.js';
import { isHighSurrogate, isLowSurrogate } from '../../load/surrogates.js';
import { findJsonDepthExcess, MAX_JSON_DEPTH } from './json-depth.js';
import { jsonSyntaxErrorIndex16 } from './json-syntax-error-index.js';

export interface JsonLocation {
  /** Code points before the spot in the decoded text. */
  position: number;
  /** Byte offset of the spot in the source bytes (BOM included). */
  byte_offset: number;
  /** 1-based line (LF, CRLF or CR end a line, as JSON whitespace allows) and column in code points. */
  line: number;
  column: number;
}

/**
 * `JSON.parse` with typed errors: nesting over `maxDepth` is refused as
 * `json_too_deep` before anything is built, a syntax error becomes
 * `malformed_json` with where it is.
 */
export function parseJsonValue(
  decoded: DecodedText,
  source: string,
  options: { maxDepth?: number } = {},
): unknown {
  const { text } = decoded;
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const deep16 = findJsonDepthExcess(text, maxDepth);
  if (deep16 >= 0) {
    throw locatedError(decoded, source, deep16, {
      code: 'json_too_deep',
      what: `nesting deeper than ${maxDepth} levels`,
      details: { max_depth: maxDepth },
    });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    if (!(cause instanceof SyntaxError)) throw cause;
    const at16 = jsonSyntaxErrorIndex16(text, cause);
    throw locatedError(decoded, source, at16, {
      code: 'malformed_json',
      what: syntaxErrorReason(cause),
      cause,
    });
  }
}

// V8 quotes the input around the error as it is, line breaks and terminal escapes
// included, and repeats the position the message already gives as line and column
const V8_EXCERPT = /, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/;
const V8_POSITION = /(?: in JSON)? at position \d+(?: \(line \d+ column \d+\))?$/;

/** What V8 says is wrong (`Unexpected token 'x'`), without its copy of the input or its position. */
function syntaxErrorReason(error: SyntaxError): string {
  return error.message.replace(V8_EXCERPT, '').replace(V8_POSITION, '');
}

/** What is wrong at a spot: the error code, the reason for people, details beyond the spot, and the error behind it. */
interface JsonProblem {
  code: ErrorCode;
  what: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The error for `problem` at UTF-16 index `at16` of the text read from `source`. */
function locatedError(
  decoded: DecodedText,
  source: string,
  at16: number,
  problem: JsonProblem,
): CairnError {
  const { code, what, cause } = problem;
  const where = locateJsonIndex(decoded, at16);
  return new CairnError(
    code,
    `${code === 'malformed_json' ? 'Malformed JSON' : 'JSON too deep'} in ${source} at line ${where.line} column ${where.column}: ${what}`,
    { cause, details: { source, ...where, ...problem.details } },
  );
}

/** Where UTF-16 index `at16` of the decoded text is, for people (line, column) and for tools (offsets). */
export function locateJsonIndex(decoded: DecodedText, at16: number): JsonLocation {
  const { text } = decoded;
  let line = 1;
  let lineStart16 = 0;
  for (let i = 0; i < at16; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x0a || (unit === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart16 = i + 1;
    }
  }
  const before = text.slice(0, at16);
  const byte_offset =
    decoded.encoding === 'utf-8'
      ? Buffer.byteLength(before) + (decoded.bom ? 3 : 0)
      : 2 * at16 + (decoded.bom ? 2 : 0);
  return {
    position: codePointCount(before),
    byte_offset,
    line,
    column: codePointCount(text.slice(lineStart16, at16)) + 1,
  };
}

/**
 * `locateJsonIndex` for many indices in one pass over the text (each call of
 * it reads from the start): the locations in the order of `indices`.
 */
export function locateJsonIndices(
  decoded: DecodedText,
  indices: readonly number[],
): JsonLocation[] {
  const { text } = decoded;
  const order = indices.map((_, i) => i).sort((a, b) => indices[a]! - indices[b]!);
  const out: JsonLocation[] = new Array(indices.length);
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let position = 0;
  let bytes = 0;
  for (const k of order) {
    const at16 = indices[k]!;
    for (; i < at16; i++) {
      const unit = text.charCodeAt(i);
      const pair = i > 0 && isLowSurrogate(unit) && isHighSurrogate(text.charCodeAt(i - 1));
      if (!pair) position++;
      // a pair is 4 bytes: 3 counted for its high half, 1 for its low one
      bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : pair ? 1 : 3;
      if (unit === 0x0a || (unit === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
        line++;
        lineStart = position;
      }
    }
    out[k] = {
      position,
      byte_offset:
        decoded.encoding === 'utf-8'
          ? bytes + (decoded.bom ? 3 : 0)
          : 2 * at16 + (decoded.bom ? 2 : 0),
      line,
      column: position - lineStart + 1,
    };
  }
  return out;
}

function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
