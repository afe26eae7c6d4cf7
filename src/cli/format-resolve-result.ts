import { chunkIdAlias } from '../ids/chunk-id-alias.js';
import type { ResolveResult } from '../pipeline/resolve-chunk.js';
import { previewText } from './preview-text.js';

type LiveResult = Extract<ResolveResult, { status: 'live' }>;

/** A resolved chunk ID as `cairn resolve` prints it: the live chunk's header lines, or what became of the text. */
export function formatResolveResult(resolved: ResolveResult): string {
  return resolved.status === 'live' ? formatLive(resolved) : formatGone(resolved);
}

/** Header lines of a live chunk: ID, alias, document, section, span, redirects followed. */
export function formatLive(resolved: LiveResult): string {
  const { chunk, document, version, hops } = resolved;
  const lines = [
    `chunk    ${chunk.chunk_id}  ${chunkIdAlias(chunk.chunk_id)}`,
    `document ${document.source_url}  doc_uid ${document.doc_uid}  version ${version.seq}  rev ${version.rev.slice(0, 12)}`,
    // a JSON document's chunks each lie in one string node: which one is the citation's other half
    ...(chunk.json_pointer === '' ? [] : [`pointer  ${chunk.json_pointer}`]),
    `section  ${chunk.section_id ?? '(before any heading)'}${chunk.heading_path.length > 0 ? `  ${chunk.heading_path.join(' > ')}` : ''}`,
    `span     [${chunk.char_start}, ${chunk.char_end}) code points, bytes [${chunk.byte_start}, ${chunk.byte_end}), ` +
      `${chunk.tokens} tokens, ${chunk.block_type ?? 'no block'}${chunk.page === null ? '' : `, page ${chunk.page}`}`,
    `chunker  ${chunk.chunker_id}`,
    ...(chunk.anchor === null ? [] : [`anchor   ${chunk.anchor}`]),
  ];
  for (const hop of hops) lines.push(`redirect ${hop.from} -> ${hop.to} (${hop.kind})`);
  if (resolved.text_deleted) {
    lines.push(
      `note     the text ${resolved.requested} named was deleted; this is its nearest surviving neighbour`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function formatGone(resolved: Exclude<ResolveResult, { status: 'live' }>): string {
  const lines = [
    resolved.status === 'deleted' && resolved.document?.removed_at
      ? `${resolved.requested}: deleted; its document was removed from the store (cairn rm) at ${resolved.document.removed_at}`
      : resolved.status === 'deleted'
        ? `${resolved.requested}: deleted; the text it named is gone from the current version`
        : `${resolved.requested}: names a chunk of an older version only`,
  ];
  if (resolved.document)
    lines.push(`document ${resolved.document.source_url}  doc_uid ${resolved.document.doc_uid}`);
  for (const hop of resolved.hops)
    lines.push(`redirect ${hop.from} -> ${hop.to ?? '(none)'} (${hop.kind})`);
  if (resolved.last) lines.push(`last text: ${previewText(resolved.last.text)}`);
  return `${lines.join('\n')}\n`;
}
