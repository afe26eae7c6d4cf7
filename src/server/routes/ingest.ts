import { Hono } from 'hono';
import { defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import { CairnError } from '../../errors.js';
import { fillSourceUrl, type IngestOptions, ingestSources } from '../../ingest/ingest-sources.js';
import { ensure } from '../../pipeline/ensure.js';
import { confinePath } from '../confine-path.js';
import { readBody, readJsonObject } from '../read-body.js';
import { requireToken } from '../require-token.js';
import type { ServerDeps } from '../server-deps.js';

/** Uploaded documents are recorded under this source_url prefix. */
const UPLOAD_PREFIX = 'upload/';

/**
 * `POST /api/ingest`, bearer token required. Two forms:
 * - `?name=<file name>` with any body, of any Content-Type: one uploaded
 *   document, recorded as `upload/<name>` (the extension picks the parser);
 * - without `name`, a JSON body `{ "path": "docs/guide", "chunker": "..." }`
 *   sent as `application/json`: a file or folder on the server, inside the
 *   configured root, ingested as `cairn ingest` would (same source_url, same
 *   doc_uid); 207 when some of its files failed.
 * Either way the write is `ensure`: the same content again writes nothing.
 */
export function ingestRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  // on the route, not '*': a wrong method is then a 405, not a token challenge
  app.post('/', requireToken(deps.token), async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const chunker = readChunker(c.req.query('chunker'));
    // ?name= names an upload whatever its type: JSON and notebooks are documents too
    if (c.req.query('name') === undefined && type === 'application/json') {
      const hint = '{ "path": "<file or folder under the server root>" }';
      const body = await readJsonObject(c, deps.max_body_bytes, hint);
      if (typeof body.path !== 'string') {
        throw new CairnError('invalid_option', `Give ${hint}`);
      }
      const path = await confinePath(deps.root, body.path);
      const identity = await readIdentity(deps, body);
      const summary = await ingestSources(deps.store, [path], {
        cwd: deps.cwd,
        ...identity,
        // a folder under the root may hold links to anywhere: only those that stay inside are read
        links_within: deps.root,
        workers: deps.ingest_workers,
        chunker: typeof body.chunker === 'string' ? readChunker(body.chunker) : chunker,
      });
      // seed 000: a rev collision is logged and the run goes on
      for (const warning of summary.warnings) deps.log(`cairn serve: warning: ${warning}`);
      const { store: _location, ...rest } = summary;
      return c.json(rest, summary.failed > 0 ? 207 : 200);
    }
    const name = readUploadName(c.req.query('name'));
    const bytes = await readBody(c, deps.max_body_bytes);
    const chunkerId = defaultChunkerRegistry().get(chunker).chunker_id;
    const docUid = optionalString(c.req.query('doc_uid'), 'doc_uid');
    const sourceUrl = optionalString(c.req.query('source_url'), 'source_url');
    const { doc, chunks, source_bytes } = await deps.process_upload({
      bytes,
      source_url: `${UPLOAD_PREFIX}${name}`,
      chunker_id: chunkerId,
      ...(docUid === undefined ? {} : { doc_uid: docUid }),
      ...(sourceUrl === undefined
        ? {}
        : { record_url: fillSourceUrl(sourceUrl, `${UPLOAD_PREFIX}${name}`) }),
    });
    const result = await ensure(
      deps.store,
      doc,
      { chunker_id: chunkerId, chunks },
      { trusted_chunks: true, ...(source_bytes === undefined ? {} : { source_bytes }) },
    );
    for (const warning of result.warnings)
      deps.log(`cairn serve: warning: ${result.document.source_url}: ${warning}`);
    return c.json(
      {
        status: result.status,
        doc_uid: result.document.doc_uid,
        source_url: result.document.source_url,
        version: result.version.seq,
        chunker_id: result.chunker_id,
        chunks: result.chunk_count,
        chunks_written: result.chunks_written,
        redirects_written: result.redirects_written,
        first_chunk_id: result.first_chunk_id,
        warnings: result.warnings,
        ...(result.nodes.length === 0 ? {} : { nodes: result.nodes }),
        ...(doc.warnings === undefined ? {} : { parse_warnings: doc.warnings }),
      },
      result.status === 'created' ? 201 : 200,
    );
  });
  return app;
}

/** A path ingest's `root` (confined like `path`), `doc_uid` and `source_url` template. */
async function readIdentity(
  deps: ServerDeps,
  body: Record<string, unknown>,
): Promise<Pick<IngestOptions, 'root' | 'doc_uid' | 'source_url'>> {
  const root = optionalString(body.root, 'root');
  const docUid = optionalString(body.doc_uid, 'doc_uid');
  const sourceUrl = optionalString(body.source_url, 'source_url');
  return {
    ...(root === undefined ? {} : { root: await confinePath(deps.root, root) }),
    ...(docUid === undefined ? {} : { doc_uid: docUid }),
    ...(sourceUrl === undefined ? {} : { source_url: sourceUrl }),
  };
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    throw new CairnError('invalid_option', `${name} must be a string`, {
      details: { option: name },
    });
  }
  return value;
}

function readChunker(value: string | undefined): string {
  if (value === undefined || value === '') return 'default';
  if (!defaultChunkerRegistry().has(value)) {
    throw new CairnError(
      'unknown_chunker',
      `No chunker ${JSON.stringify(value.slice(0, 80))} in the registry`,
    );
  }
  return value;
}

function readUploadName(name: string | undefined): string {
  if (name === undefined || name === '') {
    throw new CairnError(
      'invalid_option',
      'Name the upload: POST /api/ingest?name=notes.md (or send JSON { "path": ... } for a server-side file)',
    );
  }
  if (name.length > 200 || /[\\/\0]|^\.\.?$/.test(name) || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new CairnError(
      'invalid_option',
      'An upload name is a plain file name: no slashes, control characters or dot names, at most 200 characters',
    );
  }
  return name;
}
