import { CHUNK_SUFFIX_PATTERN } from './is-canonical-ear-id.js';

const EAR_ID_ERROR_CODES = [
  'empty_id',
  'not_ear',
  'malformed_id',
  'bad_part',
  'bad_designator',
  'bad_suffix',
] as const;
export type EarIdErrorCode = (typeof EAR_ID_ERROR_CODES)[number];

export interface NormalizedEarId {
  ok: true;
  /** The canonical doc_id form: `EAR-736.2(b)` or `EAR-736.2(b)#p0001`. */
  id: string;
  /** The id without its chunk suffix. */
  section_id: string;
  /** The chunk suffix without `#`, or null. */
  suffix: string | null;
}

export interface EarIdRejection {
  ok: false;
  code: EarIdErrorCode;
  message: string;
}

export type NormalizeEarIdResult = NormalizedEarId | EarIdRejection;

/** Far beyond any real citation; keeps a hostile corpus line from costing more than it should. */
const MAX_ID_LENGTH = 256;

const EAR_PREFIX = /^EAR(?:-|\s+)/i;
const CFR_PREFIX = /^(\d+)\s*C\.?\s*F\.?\s*R\.?\s*/i;
const PART_WORD = /^part\s+/i;
const SECTION_SIGN = /^§\s*/;
const SECTION_NUMBER = /^(\d+)((?:\.\d+)*)/;
const DESIGNATOR = /^\s*\(([A-Za-z]+|\d+)\)/;
const OPEN_PAREN = /^\s*\(/;

const reject = (code: EarIdErrorCode, message: string): EarIdRejection => ({
  ok: false,
  code,
  message,
});

/** ASCII-only lower-casing: Unicode case mapping would turn `İ` into two code points. */
const lowerAscii = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Normalizes an EAR citation to the canonical `retrieval-corpus.v1` id:
 * `15 CFR 736.2` -> `EAR-736.2`, `§ 736.2(b)` and `736.2(b)` -> `EAR-736.2(b)`,
 * `EAR-736.2(B)` -> `EAR-736.2(b)`, `EAR-736.2(b)#P0001` -> `EAR-736.2(b)#p0001`.
 * What cannot be normalized is rejected with a code, never thrown. The check is
 * syntactic: `15 CFR 700.1` gives `EAR-700.1`; which parts make up the EAR is
 * the export profile's business.
 */
export function normalizeEarId(input: string): NormalizeEarIdResult {
  const text = input.trim();
  if (text === '') return reject('empty_id', 'The id is empty');
  if (text.length > MAX_ID_LENGTH) {
    return reject(
      'malformed_id',
      `The id is ${text.length} characters long, over ${MAX_ID_LENGTH}`,
    );
  }
  const hashAt = text.indexOf('#');
  let suffix: string | null = null;
  if (hashAt >= 0) {
    suffix = lowerAscii(text.slice(hashAt + 1));
    if (!CHUNK_SUFFIX_PATTERN.test(suffix)) {
      return reject(
        'bad_suffix',
        `Chunk suffix "${text.slice(hashAt + 1)}" does not match [a-z0-9][a-z0-9:._-]*`,
      );
    }
  }
  const sectionId = normalizeCitation(hashAt >= 0 ? text.slice(0, hashAt).trim() : text);
  if (!sectionId.ok) return sectionId;
  const base = sectionId.id;
  return { ok: true, id: suffix === null ? base : `${base}#${suffix}`, section_id: base, suffix };
}

function normalizeCitation(text: string): { ok: true; id: string } | EarIdRejection {
  let rest = text;
  const ear = EAR_PREFIX.exec(rest);
  const cfr = ear ? null : CFR_PREFIX.exec(rest);
  if (ear) rest = rest.slice(ear[0].length);
  else if (cfr) {
    if (Number(cfr[1]) !== 15) {
      return reject('not_ear', `"${text}" cites title ${cfr[1]} of the CFR; the EAR is title 15`);
    }
    rest = rest.slice(cfr[0].length);
    const part = PART_WORD.exec(rest);
    if (part) rest = rest.slice(part[0].length);
  }
  const sign = SECTION_SIGN.exec(rest);
  if (sign) rest = rest.slice(sign[0].length);
  const number = SECTION_NUMBER.exec(rest);
  if (!number) return reject('malformed_id', `"${text}" has no section number`);
  const part = number[1]!;
  if (part.length !== 3) {
    return reject('bad_part', `Part "${part}" in "${text}" is not three digits`);
  }
  rest = rest.slice(number[0].length);
  let id = `EAR-${part}${number[2]}`;
  while (rest !== '') {
    const designator = DESIGNATOR.exec(rest);
    if (designator) {
      id += `(${lowerAscii(designator[1]!)})`;
      rest = rest.slice(designator[0].length);
    } else if (OPEN_PAREN.test(rest)) {
      return reject(
        'bad_designator',
        `Malformed paragraph designator "${rest.trim()}" in "${text}": expected (letters) or (digits)`,
      );
    } else {
      return reject('malformed_id', `Unexpected "${rest.trim()}" after "${id}" in "${text}"`);
    }
  }
  return { ok: true, id };
}
