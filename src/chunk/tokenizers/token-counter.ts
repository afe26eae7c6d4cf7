/**
 * A tokenizer as the chunkers need it: an exact count for any text, and a
 * split of a text into pieces whose counts add up, so that one tokenizer pass
 * prices every candidate chunk.
 */
export interface TokenCounter {
  /** Names the tokenizer in chunker configurations: `cl100k_base`, `o200k_base`, `hf:<sha256-8 of tokenizer.json>`. */
  readonly id: string;
  /** The tokenizer's own count for `text`, special-token strings taken as plain text. */
  count(text: string): number;
  /**
   * The pre-tokenizer's pieces of `text` in order, each with its token count.
   * `exact` says whether counts of whole pieces add up to the count of the
   * text they cover (byte-level BPE with a regex split); when false, every
   * count is an estimate and chunkers verify with `count`.
   */
  readonly exact: boolean;
  /**
   * Byte-level BPE without added tokens: every token stands for at least one
   * UTF-8 byte of the text and every byte is a token of the vocabulary, so a
   * count is at most the text's UTF-8 length (a short range fits a budget
   * without being counted) and a one-byte text is one token.
   */
  readonly withinBytes: boolean;
  /** The regular expression that splits text into pieces (global, Unicode). */
  readonly splitPattern: RegExp;
  /**
   * Tokens of `text[from, to)`, one piece as the split pattern yields it;
   * given as a range so that a cached count needs no substring.
   */
  pieceTokens(text: string, from: number, to: number): number;
}
