import { CAPITALISED, type CueQuery, type QuestionType, questionTypeOf } from './answer-cue.js';
import { stemIds, stemOfId, type TextWords, textWords } from './text-stems.js';
import { stemOf } from './word-stem.js';
import type { Match } from './word-windows.js';

/** What the reranker reads of a query: the user's text and the words searched for. */
export interface RerankQuery {
  /** The query as the user wrote it: its question words and capitals are read from here. */
  text: string;
  /** The words the engine searched for (`tokenizeQuery`, stopwords dropped). */
  terms: readonly string[];
}

/** A text's query words three ways, each in text order. */
export interface TextMatches {
  words: TextWords;
  /** Words whose stem is a query stem. */
  stem: Match[];
  /** Those and words whose stem and a query stem, the shorter of at least `MIN_PREFIX_STEM` units, start alike. */
  prefix: Match[];
  /** Stem matches written as the query writes them (lower-cased). */
  exact: Match[];
  /** Per query stem, whether the text holds the query's capitalised form of it case-exact. */
  capitals: boolean[];
}

/** A stem this short is a prefix of too many unrelated words ("art" of "artery"). */
const MIN_PREFIX_STEM = 4;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * What each stem id is to the query being scored (`QueryWords.codeOf`),
 * valid where its stamp is that query's: a Map lookup per text word would
 * be most of the rerank's time, an array read is not. A query that finds
 * another's stamp works the code out again, so queries never see each
 * other's codes.
 */
let codes = new Int32Array(1 << 16);
let stamps = new Int32Array(1 << 16);
let lastStamp = 0;
/** A stem id's code when it is no query stem and starts none: -1; a prefix match of query stem n: -2 - n. */
const NO_MATCH = -1;

/** The query's stems, numbered in query order, and the forms the signals compare a text's words with. */
export class QueryWords {
  readonly stems: readonly string[];
  readonly type: QuestionType | null;
  /** Each query stem's lower-cased forms in the query. */
  private readonly surfaces: Set<string>[];
  /** Each query stem's form where the query capitalises it past its first word (a name); null elsewhere. */
  readonly capital_forms: readonly (string | null)[];
  /** Each query stem's number by its stem id (`stemIds`). */
  private readonly numbers = new Map<number, number>();
  private readonly stamp: number;
  /** 1 at the query stems' ASCII first units: a word whose stem starts with another ASCII unit matches no query stem, by stem or prefix, and is skipped without a lookup. */
  private readonly asciiFirsts = new Uint8Array(128);
  /** The first units of the query stems: a text word counts only when its own first unit is one (Porter rewrites only suffixes). */
  private readonly firstUnits = new Set<string>();
  private readonly lowerWords = new Set<string>();

  constructor({ text, terms }: RerankQuery) {
    const stems: string[] = [];
    for (const term of terms) {
      const stem = stemOf(term.toLowerCase());
      if (!stems.includes(stem)) stems.push(stem);
    }
    this.stems = stems;
    for (const stem of stems) {
      if (stem.charCodeAt(0) < 128) this.asciiFirsts[stem.charCodeAt(0)] = 1;
      this.firstUnits.add(stem[0]!);
    }
    for (const [number, id] of stemIds(stems).entries()) this.numbers.set(id, number);
    if (lastStamp === 0x7fffffff) {
      stamps.fill(0);
      lastStamp = 0;
    }
    lastStamp += 1;
    this.stamp = lastStamp;
    this.surfaces = stems.map(() => new Set());
    const capitals: (string | null)[] = stems.map(() => null);
    let position = 0;
    for (const [word] of text.normalize('NFC').matchAll(WORD)) {
      const lower = word.toLowerCase();
      this.lowerWords.add(lower);
      const number = stems.indexOf(stemOf(lower));
      if (number >= 0) {
        this.surfaces[number]!.add(lower);
        // a question's first word is capitalised whatever it is
        if (position > 0 && CAPITALISED.test(word)) capitals[number] = word;
      }
      position++;
    }
    this.capital_forms = capitals;
    this.type = questionTypeOf(text);
  }

  get size(): number {
    return this.stems.length;
  }

  /** The query as `hasAnswerCue` reads it; null when the question asks for no recognisable form. */
  cueQuery(): CueQuery | null {
    if (this.type === null) return null;
    return {
      type: this.type,
      lower_words: this.lowerWords,
      isQueryStem: (id) => this.numbers.has(id),
    };
  }

  /**
   * The query's words in `text`. A word matches by stem when its
   * lower-cased first unit starts a query stem (its first unit is its
   * stem's, which starts a query stem, unless it is odd).
   */
  matchesIn(text: string): TextMatches {
    const words = textWords(text);
    const { stems, stem_firsts, odd_firsts, starts16, ends16 } = words;
    const matches: TextMatches = {
      words,
      stem: [],
      prefix: [],
      exact: [],
      capitals: this.stems.map(() => false),
    };
    for (let at = 0; at < stems.length; at++) {
      const first = stem_firsts[at]!;
      if (first < 128 && this.asciiFirsts[first] === 0) continue;
      const code = this.codeOf(stems[at]!);
      if (code === NO_MATCH) continue;
      if (code < 0) {
        matches.prefix.push({ at, stem: -2 - code });
        continue;
      }
      const odd = odd_firsts?.get(at);
      if (odd !== undefined && !this.firstUnits.has(odd)) continue;
      const match = { at, stem: code };
      matches.stem.push(match);
      matches.prefix.push(match);
      const word = text.slice(starts16[at], ends16[at]);
      if (this.surfaces[code]!.has(word.toLowerCase())) matches.exact.push(match);
      if (word === this.capital_forms[code]) matches.capitals[code] = true;
    }
    return matches;
  }

  /**
   * A text stem id's code for this query: the query stem's number when it
   * is one; else -2 - n for the first query stem n that starts it or that
   * it starts, the shorter of at least `MIN_PREFIX_STEM` units; else -1.
   */
  private codeOf(id: number): number {
    if (id < stamps.length && stamps[id] === this.stamp) return codes[id]!;
    if (id >= stamps.length) {
      const size = Math.max(stamps.length * 2, id + 1);
      const grownCodes = new Int32Array(size);
      grownCodes.set(codes);
      const grownStamps = new Int32Array(size);
      grownStamps.set(stamps);
      codes = grownCodes;
      stamps = grownStamps;
    }
    const code = this.numbers.get(id) ?? this.prefixCode(stemOfId(id));
    codes[id] = code;
    stamps[id] = this.stamp;
    return code;
  }

  private prefixCode(stem: string): number {
    if (stem.length < MIN_PREFIX_STEM) return NO_MATCH;
    for (let n = 0; n < this.stems.length; n++) {
      const query = this.stems[n]!;
      // most stems differ in their first unit: no prefix test for them
      if (query.length < MIN_PREFIX_STEM || query.charCodeAt(0) !== stem.charCodeAt(0)) continue;
      if (query.length <= stem.length ? stem.startsWith(query) : query.startsWith(stem))
        return -2 - n;
    }
    return NO_MATCH;
  }
}
