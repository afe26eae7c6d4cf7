import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { packageRoot } from '../package-root.js';

/** The viewer's files: a fixed list read once, so no request path ever reaches the file system. */
const ASSETS: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'viewer.js': 'text/javascript; charset=utf-8',
  'api.js': 'text/javascript; charset=utf-8',
  'audit-panel.js': 'text/javascript; charset=utf-8',
  'chunk-panel.js': 'text/javascript; charset=utf-8',
  'chunk-selection.js': 'text/javascript; charset=utf-8',
  'document-list.js': 'text/javascript; charset=utf-8',
  'document-text.js': 'text/javascript; charset=utf-8',
  'dom.js': 'text/javascript; charset=utf-8',
  'hash-links.js': 'text/javascript; charset=utf-8',
  'hash-route.js': 'text/javascript; charset=utf-8',
  'hit-excerpt.js': 'text/javascript; charset=utf-8',
  'invisible-chars.js': 'text/javascript; charset=utf-8',
  'open-chunk.js': 'text/javascript; charset=utf-8',
  'open-document.js': 'text/javascript; charset=utf-8',
  'pdf-page.js': 'text/javascript; charset=utf-8',
  'quote-mark.js': 'text/javascript; charset=utf-8',
  'search-panel.js': 'text/javascript; charset=utf-8',
  'state.js': 'text/javascript; charset=utf-8',
  'status-line.js': 'text/javascript; charset=utf-8',
  'tabs.js': 'text/javascript; charset=utf-8',
  'text-pieces.js': 'text/javascript; charset=utf-8',
  'viewer.css': 'text/css; charset=utf-8',
};

/**
 * The web viewer's page and the rules it runs under: scripts and styles
 * from this server only, no inline script, no plugins, no framing, so a
 * document's text could not run code even if it were ever parsed as HTML.
 */
const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  // pdf.js parses the page in a worker, a module served from here like the viewer's own
  "worker-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function mountViewer(app: Hono, dir: string = join(packageRoot(), 'viewer')): void {
  const files = new Map(
    Object.entries(ASSETS).map(([name, type]) => [
      name,
      { type, body: readFileSync(join(dir, name)) },
    ]),
  );
  const send = (name: string) => {
    const file = files.get(name)!;
    return new Response(file.body, {
      headers: {
        'content-type': file.type,
        'content-security-policy': VIEWER_CSP,
        'cache-control': 'no-cache',
      },
    });
  };
  app.get('/', () => send('index.html'));
  mountPdfJs(app);
  app.get('/viewer/:name', (c) =>
    files.has(c.req.param('name')) ? send(c.req.param('name')) : c.notFound(),
  );
}

/**
 * pdf.js for the PDF page view, from the installed pdfjs-dist (no CDN): the
 * library, its worker, and the CMaps and standard font data it fetches.
 * The names are listed once from its folders; a file is read at its first
 * request and kept, so an app that never shows a PDF reads none of it.
 */
function mountPdfJs(app: Hono): void {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const script = 'text/javascript; charset=utf-8';
  const files = new Map<string, { path: string; type: string; body?: Buffer }>([
    ['pdf.mjs', { path: join(root, 'build', 'pdf.min.mjs'), type: script }],
    ['pdf.worker.mjs', { path: join(root, 'build', 'pdf.worker.min.mjs'), type: script }],
  ]);
  for (const folder of ['cmaps', 'standard_fonts']) {
    for (const name of readdirSync(join(root, folder))) {
      files.set(`${folder}/${name}`, {
        path: join(root, folder, name),
        type: 'application/octet-stream',
      });
    }
  }
  const send = (name: string) => {
    const file = files.get(name);
    if (file === undefined) return null;
    file.body ??= readFileSync(file.path);
    return new Response(file.body, {
      headers: {
        'content-type': file.type,
        'content-security-policy': VIEWER_CSP,
        // the installed version's files do not change while the server runs
        'cache-control': 'max-age=86400',
      },
    });
  };
  app.get('/viewer/pdfjs/:name', (c) => send(c.req.param('name')) ?? c.notFound());
  app.get(
    '/viewer/pdfjs/:folder/:name',
    (c) => send(`${c.req.param('folder')}/${c.req.param('name')}`) ?? c.notFound(),
  );
}
