import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { CairnError } from '../errors.js';
import {
  folderUnreadable,
  type UnreadableFolder,
  walkSupportedFiles,
} from '../load/collect-sources.js';
import { fileError } from '../load/file-error.js';
import { readSourceFile } from '../load/read-source-file.js';
import { parseDocument } from '../parse/parse-document.js';
import { assignOrdinals, buildEarCorpus } from './build-ear-corpus.js';
import type { RetrievalCorpusDocument } from './corpus-contract.js';
import { createCorpusValidator } from './create-corpus-validator.js';
import { formatCorpusLine } from './format-corpus-line.js';
import { formatSourceRef } from './format-source-ref.js';
import { readSnapshotFacts } from './read-snapshot-facts.js';
import { resolveSnapshotDate } from './resolve-snapshot-date.js';

export interface ExportEarCorpusOptions {
  /** The snapshot date (YYYY-MM-DD) for files whose front matter states none. */
  snapshot_date?: string;
  /** Split documents over this many tokens (default `DEFAULT_MAX_TOKENS`). */
  max_tokens?: number;
}

interface ExportedFile {
  path: string;
  source_ref: string;
  documents: number;
}

export interface EarCorpusExport {
  /** Every document, in reading order: files by path, then document order. */
  documents: RetrievalCorpusDocument[];
  files: ExportedFile[];
  /** Files that hold no EAR section, with why. */
  skipped: { path: string; reason: string }[];
}

/**
 * Exports the EAR profile of `retrieval-corpus.v1` from eCFR Markdown: one
 * file, or every `.md` file below a folder, in byte order of their paths.
 * The output depends on the files' bytes and the options only (never on the
 * clock or the paths), so the same snapshot gives the same corpus. Files of
 * another CFR title (front matter `title_number`) or without EAR sections are
 * skipped; an export with no document at all, or with a doc_id twice (two
 * snapshots of one chapter), throws.
 */
export async function exportEarCorpus(
  input: string,
  options: ExportEarCorpusOptions = {},
): Promise<EarCorpusExport> {
  const paths = await markdownFiles(input);
  const documents: RetrievalCorpusDocument[] = [];
  const files: ExportedFile[] = [];
  const skipped: { path: string; reason: string }[] = [];
  const seen = new Map<string, string>();
  for (const path of paths) {
    const bytes = await readSourceFile(path);
    const doc = await parseDocument({ bytes, source_url: path, format: 'ecfr' });
    const facts = readSnapshotFacts(doc.canonical);
    if (facts.title_number !== null && facts.title_number !== 15) {
      skipped.push({ path, reason: `title ${facts.title_number} of the CFR, not title 15` });
      continue;
    }
    const date = resolveSnapshotDate(path, facts.date, options.snapshot_date);
    const sourceRef = formatSourceRef({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      date,
    });
    const built = buildEarCorpus(doc, {
      source_ref: sourceRef,
      ...(options.max_tokens === undefined ? {} : { max_tokens: options.max_tokens }),
    });
    if (built.length === 0) {
      skipped.push({ path, reason: 'no § in parts 730 to 774' });
      continue;
    }
    for (const d of built) {
      const first = seen.get(d.doc_id);
      if (first !== undefined) {
        throw new CairnError(
          'duplicate_doc_id',
          `${d.doc_id} is in both ${first} and ${path}: one snapshot at a time`,
          {
            details: { source: path, doc_id: d.doc_id, first_source: first },
          },
        );
      }
      seen.set(d.doc_id, path);
    }
    // a loop, not push(...): a spread of over ~120,000 documents overflows the V8 stack
    for (const d of built) documents.push(d);
    files.push({ path, source_ref: sourceRef, documents: built.length });
  }
  if (documents.length === 0) {
    throw new CairnError('no_ear_content', `No EAR section (15 CFR parts 730 to 774) in ${input}`, {
      details: { source: input, skipped },
    });
  }
  const ordered = assignOrdinals(documents);
  selfCheck(ordered);
  return { documents: ordered, files, skipped };
}

/** The export must pass its own validator: a failure here is a bug in the profile, never in the input. */
function selfCheck(documents: readonly RetrievalCorpusDocument[]): void {
  const validator = createCorpusValidator({ max_issues: 5 });
  for (const doc of documents) validator.pushLine(formatCorpusLine(doc));
  const result = validator.finish();
  if (!result.ok) {
    throw new CairnError(
      'internal_invariant',
      `The EAR export fails its own contract: ${result.issues[0]!.message}`,
      {
        details: { issues: result.issues },
      },
    );
  }
}

async function markdownFiles(input: string): Promise<string[]> {
  const info = await stat(input).catch((cause: unknown) => {
    throw fileError(cause, input);
  });
  if (info.isFile()) return [input];
  if (!info.isDirectory())
    throw new CairnError('file_unreadable', `${input} is neither a file nor a folder`, {
      details: { source: input },
    });
  // walked as cairn ingest walks: hidden entries, .git and node_modules left out, links followed
  const unreadable: UnreadableFolder[] = [];
  const found = (await walkSupportedFiles(input, unreadable)).filter((p) =>
    p.toLowerCase().endsWith('.md'),
  );
  if (unreadable.length > 0) throw folderUnreadable(unreadable[0]!.path, unreadable[0]!.code);
  // byte order of the path below the folder: the same on every machine
  const key = (p: string): Buffer => Buffer.from(relative(input, p), 'utf8');
  return found.sort((a, b) => Buffer.compare(key(a), key(b)));
}
