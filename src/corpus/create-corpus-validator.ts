import { CairnError } from '../errors.js';
import { checkCorpusDocument } from './check-corpus-document.js';
import { CompactIdSet, digestOf } from './compact-id-set.js';
import {
  CORPUS_ISSUE_CODES,
  type CorpusIssue,
  type CorpusIssueBody,
  type CorpusIssueCode,
  corpusIssue,
} from './corpus-issue.js';

export interface CorpusValidationOptions {
  /** Keep at most this many issues in the result; the counts stay complete. Default 1000. */
  max_issues?: number;
}

interface CorpusValidationStats {
  /** Lines read, blank ones included. */
  lines: number;
  /** Lines that held a JSON object. */
  documents: number;
  /** All issues found, kept or not. */
  issues: number;
  /** True when more issues were found than `max_issues` kept. */
  truncated: boolean;
  /** Issues found per code, codes in report order, only codes that occurred. */
  issue_counts: Partial<Record<CorpusIssueCode, number>>;
}

export type CorpusValidationResult =
  | { ok: true; stats: CorpusValidationStats }
  | { ok: false; issues: CorpusIssue[]; stats: CorpusValidationStats };

export type UnreadableLine =
  | { code: 'invalid_utf8' }
  | { code: 'line_too_long'; bytes: number; max_bytes: number };

/**
 * A streaming `retrieval-corpus.v1` validator: feed it lines in order, then
 * `finish()`. Memory grows only with what cross-line rules need: a 16-byte
 * hash slot per doc_id and 16 bytes per parent_id seen before its parent
 * (none in a corpus in reading order), plus at most `max_issues` issues.
 */
export interface CorpusValidator {
  /** The next line's text, without its line break. */
  pushLine(text: string): void;
  /** The next line could not be read as text. */
  pushUnreadableLine(problem: UnreadableLine): void;
  finish(): CorpusValidationResult;
}

const PENDING_WORDS = 4;

export function createCorpusValidator(options: CorpusValidationOptions = {}): CorpusValidator {
  const maxIssues = options.max_issues ?? 1000;
  const docIds = new CompactIdSet();
  const issues: CorpusIssue[] = [];
  const counts = new Map<CorpusIssueCode, number>();
  let total = 0;
  let line = 0;
  let documents = 0;
  let finished: CorpusValidationResult | null = null;
  // parent_ids not yet seen as doc_id: (line, 96-bit digest) each; verbatim text for the first few
  let pending = new Uint32Array(PENDING_WORDS * 64);
  let pendingCount = 0;
  const pendingText = new Map<number, string>();

  const report = (at: number, body: CorpusIssueBody): void => {
    total++;
    counts.set(body.code, (counts.get(body.code) ?? 0) + 1);
    if (issues.length < maxIssues) issues.push(corpusIssue(at, body));
  };

  const addPending = (at: number, parentId: string): void => {
    if ((pendingCount + 1) * PENDING_WORDS > pending.length) {
      const grown = new Uint32Array(pending.length * 2);
      grown.set(pending);
      pending = grown;
    }
    const base = pendingCount * PENDING_WORDS;
    pending[base] = at;
    pending.set(digestOf(parentId), base + 1);
    pendingCount++;
    if (pendingText.size < maxIssues) pendingText.set(at, parentId);
  };

  const assertOpen = (): void => {
    if (finished)
      throw new CairnError('internal_invariant', 'Corpus validator: a line pushed after finish()');
  };

  return {
    pushLine(text: string): void {
      assertOpen();
      line++;
      const content = line === 1 && text.startsWith('\ufeff') ? text.slice(1) : text;
      if (content.trim() === '') {
        report(line, { code: 'blank_line' });
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        report(line, { code: 'invalid_json', detail: detail.slice(0, 200) });
        return;
      }
      const checked = checkCorpusDocument(value);
      if (checked.issues.length === 0 || checked.issues[0]!.code !== 'not_an_object') documents++;
      for (const body of checked.issues) report(line, body);
      if (checked.doc_id !== null) {
        const first = docIds.add(checked.doc_id, line);
        if (first !== 0)
          report(line, { code: 'duplicate_doc_id', doc_id: checked.doc_id, first_line: first });
      }
      if (checked.parent_id !== null && !docIds.has(checked.parent_id))
        addPending(line, checked.parent_id);
    },

    pushUnreadableLine(problem: UnreadableLine): void {
      assertOpen();
      line++;
      report(line, problem);
    },

    finish(): CorpusValidationResult {
      if (finished) return finished;
      if (line === 0) report(1, { code: 'empty_corpus' });
      for (let i = 0; i < pendingCount; i++) {
        const base = i * PENDING_WORDS;
        if (docIds.lineOfDigest(pending.subarray(base + 1, base + PENDING_WORDS)) !== 0) continue;
        const at = pending[base]!;
        report(at, { code: 'dangling_parent_id', parent_id: pendingText.get(at) ?? null });
      }
      // issues arrive in line order except dangling parents, found at the end; the sort is stable
      issues.sort((a, b) => a.line - b.line);
      const issueCounts: Partial<Record<CorpusIssueCode, number>> = {};
      for (const code of CORPUS_ISSUE_CODES) {
        const n = counts.get(code);
        if (n !== undefined) issueCounts[code] = n;
      }
      const stats: CorpusValidationStats = {
        lines: line,
        documents,
        issues: total,
        truncated: total > issues.length,
        issue_counts: issueCounts,
      };
      finished = total === 0 ? { ok: true, stats } : { ok: false, issues, stats };
      return finished;
    },
  };
}
