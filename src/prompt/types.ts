import type { SearchHit } from '../search/types.js';
import type { PromptStyle, PromptTarget } from './prompt-styles.js';

/** What a prompt needs of a search hit: its citation fields and its text. */
export type PromptHit = Pick<
  SearchHit,
  | 'doc_id'
  | 'section_id'
  | 'snippet_id'
  | 'source_url'
  | 'offsets'
  | 'tokens'
  | 'rev'
  | 'text'
  | 'heading_path'
> &
  Partial<Pick<SearchHit, 'index_hash' | 'embed_model' | 'analyzer' | 'page'>>;

export interface BuildPromptOptions {
  style: PromptStyle;
  /** The model the body names (default: the style's, see `PROMPT_TARGETS`); not used by `plain`. */
  model?: string;
  /** Anthropic's required `max_tokens`, Cohere's `max_tokens`, OpenAI's `max_completion_tokens` (default 1024). */
  max_tokens?: number;
  /** The contract's `allow_cross_section` (seed 001 rule 3): one answer segment may cite several sections. */
  allow_cross_section?: boolean;
}

/** One source as the prompt numbers it: where a citation's index points. */
export interface PromptSource {
  /** 0-based: the `search_result_index` / `document_index` a citation of it carries. */
  index: number;
  snippet_id: string;
  doc_id: string;
  section_id: string;
  source_url: string;
  offsets: PromptHit['offsets'];
  rev: string;
}

export interface PromptRequest {
  style: PromptStyle;
  target: PromptTarget;
  /** The request body to send as is (for `plain`: `{ prompt }`, the text to paste). */
  body: Record<string, unknown>;
  /** The sources in the order the body gives them. */
  sources: PromptSource[];
}
