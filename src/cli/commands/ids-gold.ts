import { statSync } from 'node:fs';
import type { Chunker } from '../../chunk/types.js';
import { countOf } from '../../count-of.js';
import { CITATION_MATCH_THRESHOLD, goldCitationMatch } from '../../eval/gold-citation-match.js';
import type { GoldDocs } from '../../eval/gold-set.js';
import { loadGoldCitations } from '../../eval/load-gold-set.js';
import { walkSupportedFiles } from '../../load/collect-sources.js';
import { fileError } from '../../load/file-error.js';
import { parseFile } from '../../parse/parse-document.js';
import type { CommandIo } from '../command-io.js';
import { reportCommandError } from '../report-error.js';
import { goldSetRefused, readGoldFile } from './read-gold-file.js';

/**
 * `cairn ids check <path> --gold <file>`: the files under `path` parsed and
 * chunked, the gold citations resolved against them, and the share that lies
 * inside one chunk; exit 1 under 0.90.
 */
export async function runIdsGoldCheck(
  path: string,
  gold: string,
  options: { chunker: Chunker; threshold: number; json?: boolean },
  io: CommandIo,
): Promise<number> {
  try {
    const text = await readGoldFile(gold);
    const files = await filesOf(path);
    const spans = new Map<string, { start: number; end: number }[]>();
    const texts = new Map<string, string>();
    const refs = [];
    for (const file of files) {
      const doc = await parseFile(file, { chunk_threshold_chars: options.threshold });
      refs.push({ doc_uid: doc.doc_uid, source_url: doc.source_url });
      texts.set(doc.doc_uid, doc.canonical);
      spans.set(
        doc.doc_uid,
        options.chunker.chunk(doc).map((c) => ({ start: c.span.start, end: c.span.end })),
      );
    }
    const docs: GoldDocs = { refs, text: async (ref) => texts.get(ref.doc_uid)! };
    const { items, issues } = await loadGoldCitations(text, docs);
    if (issues.length > 0) throw goldSetRefused(gold, issues);
    const match = goldCitationMatch(items, (uid) => spans.get(uid) ?? []);
    const report = { chunker: options.chunker.chunker_id, gold, ...match };
    if (options.json) io.stdout.write(`${JSON.stringify(report)}\n`);
    else {
      for (const o of match.outside) {
        const spans = o.overlapping.map((c) => `[${c.start}, ${c.end})`);
        const over = spans.length > 4 ? [...spans.slice(0, 3), '...', spans.at(-1)] : spans;
        io.stdout.write(
          `${o.doc} [${o.start}, ${o.end}): in no one chunk; overlaps ${countOf(spans.length, 'chunk')}: ${over.join(' ')}\n`,
        );
      }
      io.stdout.write(
        `citation_match ${match.citation_match.toFixed(3)}: ${match.inside}/${match.citations} gold citations inside one chunk (${options.chunker.chunker_id}); ${match.ok ? 'at or over' : 'under'} ${CITATION_MATCH_THRESHOLD.toFixed(2)}\n`,
      );
    }
    return match.ok ? 0 : 1;
  } catch (error) {
    return reportCommandError(error, io, options.json);
  }
}

async function filesOf(path: string): Promise<string[]> {
  let directory: boolean;
  try {
    directory = statSync(path).isDirectory();
  } catch (cause) {
    throw fileError(cause, path, { missing: `No such file or directory: ${path}` });
  }
  return directory ? (await walkSupportedFiles(path)).sort() : [path];
}
