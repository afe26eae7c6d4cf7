import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { buildPrompt } from '../../src/prompt/build-prompt.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import { createApp } from '../../src/server/create-app.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { searchResultResponse } from '../prompt/anthropic-response.js';
import { CHROMIUM, launchChromium } from '../support/launch-chromium.js';

/**
 * The web viewer in Debian's chromium, driven by playwright-core, against
 * the real server over a real SQLite store of Rust book chapters plus two
 * hostile documents. Nothing is downloaded: without /usr/bin/chromium the
 * suite skips with a reason, except under CI=true, where it fails.
 */

const CI = process.env.CI === 'true';
const MISSING = !existsSync(CHROMIUM);
if (MISSING && !CI) {
  console.warn(
    `viewer browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium, as .ci/run does; under CI=true this fails)`,
  );
}

/** Screenshots for a person to look at; gitignored. */
const OUTPUT = resolve(process.cwd(), 'test-output');
/** Locator waits: generous, for a loaded 2-core machine. */
const WAIT_MS = 30_000;

const OWNERSHIP = 'ch04-01-what-is-ownership.md';
/** Holds astral characters (👍) before its later chunks: code points differ from UTF-16 units. */
const GUESSING = 'ch02-00-guessing-game-tutorial.md';
const STRINGS = 'ch08-02-strings.md';
/** A chapter rewritten after its first ingest, so its old chunk IDs redirect. */
const EDITED = 'threads-edited.md';
const HOSTILE_MD = 'hostile.md';
/** Chunked by char and by sentence only: an ID both hold, with the default chunker in neither, is ambiguous. */
const TWIN = 'twin-chunkers.md';
const HOSTILE_HTML = 'hostile.html';

const PAYLOAD = 'window.__xss=1';
const HOSTILE_MARKDOWN = `# Hostile <img src=x onerror="${PAYLOAD}"> title

<script>${PAYLOAD}</script>

Inline <img src=x onerror="${PAYLOAD}"> image and <svg onload="${PAYLOAD}"></svg> here.

[click me](javascript:${PAYLOAD}) and <a href="javascript:${PAYLOAD}">a raw link</a>
and <iframe src="javascript:${PAYLOAD}"></iframe> too.

Bidi: invoice\u202Etxt.exe\u202C done; isolate \u2066abc\u2069, marks \u200F\u200E\u061C end.

Zero width: a\u200Bb c\u200Cd e\u200Df g\u2060h i\uFEFFj soft\u00ADhyphen.

Astral: 🦀 crab 😀 smile, then <b onmouseover="${PAYLOAD}">bold</b> text.
`;
const HOSTILE_PAGE = `<!doctype html>
<html><head><title>&lt;img src=x onerror=${PAYLOAD}&gt;</title></head>
<body>
<h1>Escaped &lt;script&gt;${PAYLOAD}&lt;/script&gt; heading</h1>
<p>Text that reads &lt;img src=x onerror="${PAYLOAD}"&gt; and javascript:${PAYLOAD} literally.</p>
<script>${PAYLOAD}</script>
</body></html>
`;
/** The characters the viewer must make visible, and how many of each the hostile Markdown holds. */
const INVISIBLES = [
  '\u202E',
  '\u202C',
  '\u2066',
  '\u2069',
  '\u200F',
  '\u200E',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
];

// Page-side callbacks run in chromium; the project compiles without lib.dom, so
// this module declares the little of the DOM they touch.
interface PageElement {
  readonly textContent: string | null;
  readonly dataset: Record<string, string | undefined>;
  getBoundingClientRect(): {
    top: number;
    bottom: number;
    left: number;
    right: number;
    width: number;
  };
  scrollIntoView(options: { block: 'center' }): void;
  getClientRects(): { left: number; top: number; height: number }[];
}
declare const document: {
  querySelectorAll(selector: string): { length: number };
  readonly scripts: { length: number };
  getElementById(id: string): PageElement | null;
  readonly documentElement: { scrollWidth: number };
};
declare const window: { __xss?: unknown; innerWidth: number; scrollY: number };
declare function getComputedStyle(
  element: unknown,
  pseudo?: string,
): { backgroundColor: string; backgroundImage: string; content: string; unicodeBidi: string };

interface ApiChunk {
  chunk_id: string;
  seq: number;
  start: number;
  end: number;
  tokens: number;
  /** Only outside any section: a sectioned chunk's ids come from the document's sections. */
  section_id?: string;
  page: number | null;
  chunker_id: string;
}

interface ApiDocument {
  document: { doc_uid: string; title: string | null; source_url: string };
  chunker_id: string;
  chunkers: string[];
  text: string;
  chunks: ApiChunk[];
}

const codePoint = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;
const textOf = (doc: ApiDocument, chunk: { start: number; end: number }) =>
  Array.from(doc.text).slice(chunk.start, chunk.end).join('');
const chunkHash = (id: string) => `#chunk=${encodeURIComponent(id)}`;
/** A search hit as a model cites it: the payload without the quoted text. */
const citationOf = (hit: SearchHit) => {
  const { text: _text, heading_path: _headings, ...payload } = hit;
  return payload;
};

describe.skipIf(MISSING && !CI)('web viewer in chromium', () => {
  let dir: string;
  let store: ChunkStore;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  /** What the server logs: only failures it answers 5xx, so nothing in these tests. */
  const serverLog: string[] = [];
  const docUid = new Map<string, string>();
  /** Chunk IDs of EDITED's first version. */
  let oldEditedIds: string[] = [];
  /** A search hit of EDITED's first version, cited after the rewrite. */
  let oldEditedHit: SearchHit;
  let charChunker: string;
  let sentenceChunker: string;

  const api = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: (await response.json()) as T };
  };
  const getDocument = async (name: string, chunker?: string) => {
    const query = chunker ? `?chunker=${encodeURIComponent(chunker)}` : '';
    const { status, body } = await api<ApiDocument>(
      `/api/documents/${encodeURIComponent(docUid.get(name)!)}${query}`,
    );
    expect(status).toBe(200);
    return body;
  };

  /** A fresh tab, recording page errors, console errors (CSP violations among them) and dialogs. */
  const openPage = async (
    hash = '',
    on: BrowserContext = context,
  ): Promise<{ page: Page; problems: string[] }> => {
    const page = await on.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // chromium logs every 4xx fetch; from the validator a 422 is an answer and a 400 the
      // refusal of a body that is not JSON, not faults of the page
      const url = message.location().url;
      const expected =
        (url.includes('/api/validate/') || url.includes('/api/audit')) &&
        /\b(422|400)\b/.test(message.text());
      if (message.type() === 'error' && !expected) problems.push(`console: ${message.text()}`);
    });
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const response = await page.goto(`${server.url}/${hash}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    return { page, problems };
  };
  const waitForDocument = (page: Page, uid: string, chunker?: string) =>
    page
      .locator(
        `#doc-text[data-state="ready"][data-doc-uid="${uid}"]${chunker ? `[data-chunker="${chunker}"]` : ''}`,
      )
      .waitFor();
  const selectedText = (page: Page) =>
    page
      .locator('#doc-text .seg.sel')
      .evaluateAll((spans) => spans.map((span) => span.textContent).join(''));
  const panelChunkId = (page: Page) => page.getByTestId('chunk-id').textContent();
  /**
   * An ID of EDITED's first version that redirects to a live chunk, and what it resolves to;
   * `textDeleted` asks for one whose text was deleted (a 'deleted' redirect to its neighbour).
   */
  const redirectedOldId = async (textDeleted?: boolean) => {
    for (const id of oldEditedIds) {
      const { status, body } = await api<{
        chunk_id: string;
        redirected: boolean;
        text_deleted: boolean;
        chunk: { text: string };
        hops: unknown[];
      }>(`/api/chunks/${encodeURIComponent(id)}`);
      if (
        status === 200 &&
        body.redirected &&
        (textDeleted === undefined || body.text_deleted === textDeleted)
      )
        return { old: id, live: body };
    }
    throw new Error(`no ID of ${EDITED}'s first version redirects (text_deleted: ${textDeleted})`);
  };
  /** chromium logs each 4xx fetch as a console error; a test that asks for one expects it. */
  const unexpected = (problems: string[]) =>
    problems.filter(
      (p) =>
        !/^console: Failed to load resource: the server responded with a status of 4\d\d/.test(p),
    );

  beforeAll(async () => {
    if (MISSING) throw new Error(`CI=true and ${CHROMIUM} is missing: .ci/run installs chromium`);
    dir = mkdtempSync(join(tmpdir(), 'cairn-viewer-'));
    for (const name of [OWNERSHIP, GUESSING, STRINGS])
      copyFileSync(corpusPath('rustbook', name), join(dir, name));
    const threads = readFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), 'utf8');
    writeFileSync(join(dir, EDITED), threads);
    writeFileSync(join(dir, HOSTILE_MD), HOSTILE_MARKDOWN);
    writeFileSync(join(dir, HOSTILE_HTML), HOSTILE_PAGE);

    store = await openStore({ db: join(dir, 'cairn.db') });
    const first = await ingestSources(
      store,
      [OWNERSHIP, GUESSING, STRINGS, EDITED, HOSTILE_MD, HOSTILE_HTML],
      { workers: 0, cwd: dir },
    );
    expect(first.failed).toBe(0);
    for (const file of first.documents) docUid.set(file.source_url, file.doc_uid!);
    // a second chunk set with overlapping chunks (char 1000, overlap 100)
    const chars = await ingestSources(store, [OWNERSHIP], {
      workers: 0,
      cwd: dir,
      chunker: 'char',
    });
    expect(chars.failed).toBe(0);
    charChunker = chars.chunker_id;
    copyFileSync(corpusPath('rustbook', STRINGS), join(dir, TWIN));
    for (const chunker of ['char', 'sentence']) {
      const twin = await ingestSources(store, [TWIN], { workers: 0, cwd: dir, chunker });
      expect(twin.failed).toBe(0);
      docUid.set(TWIN, twin.documents[0]!.doc_uid!);
      if (chunker === 'sentence') sentenceChunker = twin.chunker_id;
    }

    const edited = (await store.getDocument(EDITED))!;
    const [set] = await store.listChunkSets({ version_id: edited.current_version_id });
    oldEditedIds = (await store.listChunks(edited.current_version_id, set!.chunker_id)).map(
      (c) => c.chunk_id,
    );
    // a hit inside the first section, which the rewrite below keeps: its text stays live
    const cut = threads.indexOf('\n### ');
    expect(cut).toBeGreaterThan(0);
    const kept = Array.from(threads.slice(0, cut)).length;
    const hit = (
      await search(store, 'thread threads program', { doc: EDITED, k: 50, trace_log: false })
    ).hits.find((h) => h.offsets.end <= kept);
    expect(hit).toBeDefined();
    oldEditedHit = hit!;
    // keep the first section word for word, replace the rest: a major change, old IDs redirect
    writeFileSync(
      join(dir, EDITED),
      `${threads.slice(0, cut)}\n### Something Else Entirely\n\n${'Herons count the tide in the marsh at dusk. '.repeat(40)}\n`,
    );
    const second = await ingestSources(store, [EDITED], { workers: 0, cwd: dir });
    expect(second.updated).toBe(1);

    server = await startServer(
      createApp({ store, cwd: dir, log: (line) => serverLog.push(line) }),
      { host: '127.0.0.1', port: 0 },
    );
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(WAIT_MS);
    mkdirSync(OUTPUT, { recursive: true });
  });

  afterEach(() => {
    expect(serverLog).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the document list opens a chapter; clicking a chunk shows its ID, section, page, tokens and chunker', async () => {
    const doc = await getDocument(OWNERSHIP);
    const { body: list } = await api<{ items: { doc_uid: string }[] }>('/api/documents');
    const { page, problems } = await openPage();
    await page.locator('#doc-list[data-state="ready"]').waitFor();
    expect(
      await page
        .getByTestId('doc-item')
        .evaluateAll((links) =>
          links.map((link) => (link as unknown as PageElement).dataset.docUid),
        ),
    ).toEqual(list.items.map((item) => item.doc_uid));

    await page.locator(`[data-testid="doc-item"][data-doc-uid="${doc.document.doc_uid}"]`).click();
    await waitForDocument(page, doc.document.doc_uid);
    expect(await page.getByTestId('doc-title').textContent()).toBe(doc.document.title);
    // the whole canonical text, gaps between chunks included, exactly once
    expect(await page.getByTestId('doc-text').textContent()).toBe(doc.text);

    const chunk = doc.chunks[3]!;
    await page.locator(`#doc-text [data-chunk-start="3"]`).click();
    expect(await panelChunkId(page)).toBe(chunk.chunk_id);
    // the document view leaves a chunk's section to the sections list; the chunk route names it
    const { body: live } = await api<{ chunk: { section_id: string; heading_path: string[] } }>(
      `/api/chunks/${encodeURIComponent(chunk.chunk_id)}`,
    );
    expect(await page.getByTestId('chunk-section').textContent()).toBe(
      `§ ${live.chunk.section_id}`,
    );
    expect(await page.getByTestId('chunk-heading').textContent()).toBe(
      live.chunk.heading_path.join(' › '),
    );
    expect(await page.getByTestId('chunk-page').textContent()).toBe(
      chunk.page === null ? '—' : String(chunk.page),
    );
    expect(await page.getByTestId('chunk-tokens').textContent()).toBe(String(chunk.tokens));
    expect(await page.getByTestId('chunk-chunker').textContent()).toBe(doc.chunker_id);
    expect(await selectedText(page)).toBe(textOf(doc, chunk));
    expect(new URL(page.url()).hash).toBe(chunkHash(chunk.chunk_id));

    // hovering another chunk names it without changing the selection
    const other = doc.chunks[4]!;
    await page.locator(`#doc-text [data-chunk-start="4"]`).hover();
    await expect
      .poll(() => page.getByTestId('hover-info').textContent(), { timeout: WAIT_MS })
      .toContain(other.chunk_id);
    expect(await page.getByTestId('hover-info').textContent()).toContain(`${other.tokens} tokens`);
    expect(await panelChunkId(page)).toBe(chunk.chunk_id);

    // j and k step through the chunks
    await page.keyboard.press('j');
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(other.chunk_id);
    expect(await selectedText(page)).toBe(textOf(doc, other));
    await page.keyboard.press('k');
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(chunk.chunk_id);

    // adjacent chunks never share a colour
    const colours = await page
      .locator('#doc-text [data-chunk-start]')
      .evaluateAll((spans) =>
        spans.map((span) => [
          Number((span as unknown as PageElement).dataset.chunkStart),
          getComputedStyle(span).backgroundColor,
        ]),
      );
    expect(colours.map(([index]) => index)).toEqual(doc.chunks.map((_, i) => i));
    for (let i = 1; i < colours.length; i++) expect(colours[i]![1]).not.toBe(colours[i - 1]![1]);

    // docs/viewer.md's screenshot: the chunk selected and centred, its neighbour hovered
    await page
      .locator('#doc-text [data-chunk-start="3"]')
      .evaluate((span) => (span as unknown as PageElement).scrollIntoView({ block: 'center' }));
    // the mouse on the neighbour's first line: hover() would scroll its whole box into view
    const { x, y } = await page.locator('#doc-text [data-chunk-start="4"]').evaluate((span) => {
      const line = (span as unknown as PageElement).getClientRects()[0]!;
      return { x: line.left + 40, y: line.top + line.height / 2 };
    });
    await page.mouse.move(x, y);
    await page.screenshot({ path: join(OUTPUT, 'viewer-document.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the filter box narrows the document list by title or path, words in any order, case and accents aside', async () => {
    const { body: list } = await api<{
      items: { doc_uid: string; source_url: string; title: string | null }[];
    }>('/api/documents');
    const matching = (...words: string[]) =>
      list.items
        .filter((item) =>
          words.every((w) => `${item.title ?? ''} ${item.source_url}`.toLowerCase().includes(w)),
        )
        .map((item) => item.doc_uid);
    const { page, problems } = await openPage();
    await page.locator('#doc-list[data-state="ready"]').waitFor();
    const shown = () =>
      page
        .locator('#doc-list li:not([hidden]) [data-testid="doc-item"]')
        .evaluateAll((links) =>
          links.map((link) => (link as unknown as PageElement).dataset.docUid),
        );
    expect(await shown()).toEqual(list.items.map((item) => item.doc_uid));
    const filter = page.getByTestId('doc-filter');
    // a path fragment and a title word, upper case and out of order
    await filter.fill('OWNERSHIP what-is');
    expect(await shown()).toEqual(matching('ownership', 'what-is'));
    expect(await shown()).toContain(docUid.get(OWNERSHIP));
    expect((await shown()).length).toBeLessThan(list.items.length);
    await filter.fill('  Strings ');
    expect(await shown()).toEqual(matching('strings'));
    expect(await shown()).toContain(docUid.get(STRINGS));
    await filter.fill('no such document');
    expect(await shown()).toEqual([]);
    expect(await page.getByTestId('doc-filter-none').isVisible()).toBe(true);
    await filter.fill('');
    expect(await shown()).toEqual(list.items.map((item) => item.doc_uid));
    expect(await page.getByTestId('doc-filter-none').isVisible()).toBe(false);
    // a filtered list still opens the document picked
    await filter.fill('guessing');
    await page.locator(`[data-testid="doc-item"][data-doc-uid="${docUid.get(GUESSING)}"]`).click();
    await waitForDocument(page, docUid.get(GUESSING)!);
    expect(problems).toEqual([]);
  });

  test('#chunk=<id>, encoded or raw, scrolls to the span and highlights exactly its text', async () => {
    const doc = await getDocument(GUESSING);
    // the last chunk sits after the 👍: a code point / UTF-16 mix-up would shift it
    expect(Array.from(doc.text).length).toBeLessThan(doc.text.length);
    const chunk = doc.chunks.at(-1)!;
    const { body: live } = await api<{ chunk: { text: string } }>(
      `/api/chunks/${encodeURIComponent(chunk.chunk_id)}`,
    );
    for (const hash of [chunkHash(chunk.chunk_id), `#chunk=${chunk.chunk_id}`]) {
      const { page, problems } = await openPage(hash);
      await waitForDocument(page, doc.document.doc_uid);
      await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(chunk.chunk_id);
      expect(await selectedText(page)).toBe(live.chunk.text);
      expect(await page.getByTestId('chunk-redirect').isHidden()).toBe(true);
      // scrolled into the text pane's visible part
      await expect
        .poll(
          () =>
            page
              .locator('#doc-text .seg.sel')
              .first()
              .evaluate((span) => {
                const pane = document.getElementById('doc-scroll')!.getBoundingClientRect();
                const box = span.getBoundingClientRect();
                return box.bottom > pane.top && box.top < pane.bottom;
              }),
          { timeout: WAIT_MS },
        )
        .toBe(true);
      expect(await page.locator('#doc-scroll').evaluate((pane) => pane.scrollTop)).toBeGreaterThan(
        0,
      );
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  test('#chunk=<old id> follows the redirect, says so, and highlights the live chunk', async () => {
    const { old, live } = await redirectedOldId();
    const { page, problems } = await openPage(chunkHash(old));
    await waitForDocument(page, docUid.get(EDITED)!);
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(live.chunk_id);
    expect(live.chunk_id).not.toBe(old);
    expect(await selectedText(page)).toBe(live.chunk.text);
    const notice = page.getByTestId('chunk-redirect');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(`Requested: ${old}`);
    expect(await notice.locator('.hops li').count()).toBe(live.hops.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('#chunk=<old id> whose text was deleted says so, and does not call the neighbour it opens the live chunk', async () => {
    const { old, live } = await redirectedOldId(true);
    const { page, problems } = await openPage(chunkHash(old));
    await waitForDocument(page, docUid.get(EDITED)!);
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(live.chunk_id);
    const notice = page.getByTestId('chunk-redirect');
    expect(await notice.isVisible()).toBe(true);
    const said = (await notice.locator('strong').textContent()) ?? '';
    expect(said).toContain('was deleted');
    expect(said).toContain(`nearest surviving neighbour ${live.chunk_id}`);
    expect(said).not.toContain('Redirected to the live chunk');
    // a redirect that kept the text still says it is the live chunk
    const kept = await redirectedOldId(false);
    await page.goto(`${server.url}/${chunkHash(kept.old)}`);
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(kept.live.chunk_id);
    expect(await notice.locator('strong').textContent()).toBe(
      `Redirected to the live chunk ${kept.live.chunk_id}.`,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  test('an empty store says it has no documents and how to add some, instead of an empty list to pick from', async () => {
    const emptyStore = await openStore({ db: join(dir, 'empty.db') });
    const emptyServer = await startServer(createApp({ store: emptyStore, cwd: dir }), {
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${emptyServer.url}/`);
      await page.locator('#doc-list[data-state="ready"]').waitFor({ state: 'attached' });
      const none = page.getByTestId('doc-none');
      await none.waitFor();
      expect(await none.textContent()).toContain('No documents in this store yet');
      expect(await none.textContent()).toContain('cairn ingest');
      expect(await page.getByTestId('doc-item').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
      // a store with documents does not show it
      const { page: full } = await openPage();
      await full.locator('#doc-list[data-state="ready"]').waitFor();
      expect(await full.getByTestId('doc-none').isHidden()).toBe(true);
      await full.close();
    } finally {
      await emptyServer.close();
      await emptyStore.close();
    }
  });

  test('overlapping chunks of another chunker are hatched, each overlap exactly once', async () => {
    const doc = await getDocument(OWNERSHIP, charChunker);
    const overlaps: string[] = [];
    for (let i = 1; i < doc.chunks.length; i++) {
      const [before, chunk] = [doc.chunks[i - 1]!, doc.chunks[i]!];
      if (before.end > chunk.start)
        overlaps.push(textOf(doc, { start: chunk.start, end: before.end }));
    }
    expect(overlaps.length).toBeGreaterThan(5);

    const { page, problems } = await openPage(`#doc=${doc.document.doc_uid}`);
    await waitForDocument(page, doc.document.doc_uid);
    await page.getByTestId('chunker-select').selectOption(charChunker);
    await waitForDocument(page, doc.document.doc_uid, charChunker);
    expect(await page.getByTestId('doc-text').textContent()).toBe(doc.text);
    const hatched = page.locator('#doc-text .seg.ov');
    expect(await hatched.evaluateAll((spans) => spans.map((s) => s.textContent))).toEqual(overlaps);
    expect(
      await hatched.first().evaluate((span) => getComputedStyle(span).backgroundImage),
    ).toContain('repeating-linear-gradient');
    // clicking an overlap twice steps from one covering chunk to the other
    const overlap = hatched.first();
    const index = doc.chunks.findIndex((c, i) => i > 0 && doc.chunks[i - 1]!.end > c.start);
    await overlap.click();
    expect(await panelChunkId(page)).toBe(doc.chunks[index - 1]!.chunk_id);
    await overlap.click();
    expect(await panelChunkId(page)).toBe(doc.chunks[index]!.chunk_id);
    expect(await selectedText(page)).toBe(textOf(doc, doc.chunks[index]!));
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a chunk of a second chunk set links with its chunker: IDs of two chunkers can coincide', async () => {
    const structure = await getDocument(OWNERSHIP);
    const chars = await getDocument(OWNERSHIP, charChunker);
    const byId = new Map(structure.chunks.map((c) => [c.chunk_id, c]));
    // an ID both sets hold, for different text
    const index = chars.chunks.findIndex(
      (c) => byId.has(c.chunk_id) && textOf(chars, c) !== textOf(structure, byId.get(c.chunk_id)!),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const chunk = chars.chunks[index]!;
    const link = `${chunkHash(chunk.chunk_id)}&chunker=${encodeURIComponent(charChunker)}`;

    const { page, problems } = await openPage(`#doc=${chars.document.doc_uid}`);
    await waitForDocument(page, chars.document.doc_uid);
    await page.getByTestId('chunker-select').selectOption(charChunker);
    await waitForDocument(page, chars.document.doc_uid, charChunker);
    await page.locator(`#doc-text [data-chunk-start="${index}"]`).click();
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(chunk.chunk_id);
    expect(new URL(page.url()).hash).toBe(link);
    await page.close();

    for (const [hash, chunker, text] of [
      [link, charChunker, textOf(chars, chunk)],
      [
        chunkHash(chunk.chunk_id),
        structure.chunker_id,
        textOf(structure, byId.get(chunk.chunk_id)!),
      ],
    ] as const) {
      const { page: fresh, problems: freshProblems } = await openPage(hash);
      await waitForDocument(fresh, chars.document.doc_uid, chunker);
      await expect.poll(() => panelChunkId(fresh), { timeout: WAIT_MS }).toBe(chunk.chunk_id);
      expect(await fresh.getByTestId('chunk-chunker').textContent()).toBe(chunker);
      expect(await selectedText(fresh)).toBe(text);
      expect(freshProblems).toEqual([]);
      await fresh.close();
    }
    expect(problems).toEqual([]);
  });

  test('a failed link closes the open document and its notice; an ID of several chunkers offers each', async () => {
    const { old } = await redirectedOldId();
    const edited = docUid.get(EDITED)!;
    const twin = docUid.get(TWIN)!;
    const chars = await getDocument(TWIN, charChunker);
    const sentences = new Set(
      (await getDocument(TWIN, sentenceChunker)).chunks.map((c) => c.chunk_id),
    );
    const shared = chars.chunks.find((c) => sentences.has(c.chunk_id))!;
    expect(shared).toBeDefined();
    const missing = `${edited}${old.slice(edited.length).replace(/b=\d+$/, 'b=999')}`;
    const failures = [
      ['#chunk=garbage', '/api/chunks/garbage'],
      [chunkHash(missing), `/api/chunks/${encodeURIComponent(missing)}`],
      ['#doc=nope', '/api/documents/nope'],
      [chunkHash(shared.chunk_id), `/api/chunks/${encodeURIComponent(shared.chunk_id)}`],
    ] as const;

    const { page, problems } = await openPage(chunkHash(old));
    const go = (hash: string) =>
      page.evaluate((h) => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = h;
      }, hash);
    for (const [hash, path] of failures) {
      // from a document with a chunk selected and the yellow redirect notice up
      await go(chunkHash(old));
      await waitForDocument(page, edited);
      await page.getByTestId('chunk-redirect').waitFor();
      expect(await page.locator('#doc-text .seg.sel').count()).toBeGreaterThan(0);

      const { status, body } = await api<{ error: { message: string } }>(path);
      expect([400, 404]).toContain(status);
      await go(hash);
      await page.locator('#doc-text[data-state="error"]').waitFor({ state: 'attached' });
      expect(await page.getByTestId('doc-error').isVisible()).toBe(true);
      const reason = await page.locator('#doc-error strong').textContent();
      expect(await page.getByTestId('status').textContent()).toBe(reason);
      // the server's message, except the ambiguous ID's, which names a CLI flag
      if (hash !== chunkHash(shared.chunk_id)) expect(reason).toBe(body.error.message);
      // nothing of the document before: no text, heading, selection, chunk details or notice
      expect(await page.locator('#doc-text .seg').count()).toBe(0);
      expect(await page.getByTestId('doc-head').isVisible()).toBe(false);
      expect(await page.getByTestId('chunk-redirect').isVisible()).toBe(false);
      expect(await page.locator('#chunk-details').isVisible()).toBe(false);
      expect(await page.locator('#doc-list .doc-item.current').count()).toBe(0);
    }

    // the ambiguous ID: the server names both chunkers, the viewer links each
    const choices = page.getByTestId('doc-error-choice');
    expect(await page.getByTestId('doc-error').textContent()).toContain('several chunkers');
    expect((await choices.allTextContents()).sort()).toEqual([charChunker, sentenceChunker].sort());
    await choices.filter({ hasText: sentenceChunker }).click();
    await waitForDocument(page, twin, sentenceChunker);
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(shared.chunk_id);
    expect(await page.getByTestId('chunk-chunker').textContent()).toBe(sentenceChunker);
    expect(new URL(page.url()).hash).toBe(
      `${chunkHash(shared.chunk_id)}&chunker=${encodeURIComponent(sentenceChunker)}`,
    );
    expect(await page.getByTestId('doc-error').isVisible()).toBe(false);
    expect(await page.getByTestId('status').textContent()).toBe('');
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  test('narrow windows keep the text readable: the details go under it, then everything stacks', async () => {
    const doc = await getDocument(OWNERSHIP);
    const chunk = doc.chunks[5]!;
    for (const width of [375, 600, 800]) {
      const narrow = await browser.newContext({ viewport: { width, height: 740 } });
      narrow.setDefaultTimeout(WAIT_MS);
      try {
        const { page, problems } = await openPage(chunkHash(chunk.chunk_id), narrow);
        await waitForDocument(page, doc.document.doc_uid);
        await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(chunk.chunk_id);
        await page.locator('#doc-list[data-state="ready"]').waitFor();
        const box = (id: string) =>
          page.evaluate((name) => {
            const { left, right, top, bottom, width } = document
              .getElementById(name)!
              .getBoundingClientRect();
            return { left, right, top, bottom, width };
          }, id);
        const text = await box('doc-text');
        const side = await box('panel-chunk');
        // the text takes most of the width; nothing sticks out sideways
        expect(text.width).toBeGreaterThan(width * 0.6);
        expect(side.width).toBeGreaterThan(Math.min(width, 360) * 0.9);
        expect(side.left >= text.right || side.top >= (await box('doc-scroll')).bottom).toBe(true);
        const win = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          scrollY: window.scrollY,
        }));
        expect(win.scrollWidth).toBeLessThanOrEqual(win.innerWidth);
        // the chunk is shown in the text pane, and the window itself stays at the top
        expect(win.scrollY).toBe(0);
        const selected = await page
          .locator('#doc-text .seg.sel')
          .first()
          .evaluate((span) => {
            const pane = document.getElementById('doc-scroll')!.getBoundingClientRect();
            const at = span.getBoundingClientRect();
            return at.bottom > pane.top && at.top < pane.bottom;
          });
        expect(selected).toBe(true);
        expect(await selectedText(page)).toBe(textOf(doc, chunk));
        if (width >= 700) {
          // an 80-column source line fits the text column: it wraps at its own break only
          // page-side code as a string: the project compiles without lib.dom
          const fits = (await page.evaluate(`(() => {
            const text = document.getElementById('doc-text');
            const probe = document.createElement('span');
            probe.textContent = 'x'.repeat(80);
            probe.style.whiteSpace = 'pre';
            text.append(probe);
            const wide = probe.getBoundingClientRect().width;
            probe.remove();
            const style = getComputedStyle(text);
            const inner =
              text.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return { wide, inner };
          })()`)) as { wide: number; inner: number };
          expect(fits.wide).toBeLessThanOrEqual(fits.inner);
        }
        await page.screenshot({ path: join(OUTPUT, `viewer-narrow-${width}.png`), fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await narrow.close();
      }
    }
  });

  test('search lists the hits in rank order; a hit jumps to its span', async () => {
    const query = 'ownership rules scope';
    const { body } = await api<{ hits: SearchHit[]; matches: number[][][] }>(
      `/api/search?q=${encodeURIComponent(query)}&k=20`,
    );
    expect(body.hits.length).toBeGreaterThan(2);
    const { page, problems } = await openPage();
    await page.getByTestId('search-input').fill(query);
    await page.getByTestId('search-input').press('Enter');
    await page.locator('#search-hits[data-state="ready"]').waitFor();
    const hits = page.getByTestId('search-hit');
    expect(
      await hits.evaluateAll((links) =>
        links.map((link) => (link as unknown as PageElement).dataset.snippetId),
      ),
    ).toEqual(body.hits.map((h) => h.snippet_id));

    // each excerpt is one line from just before the first match, the matches marked in order
    for (let i = 0; i < 3; i++) {
      const snippet = hits.nth(i).locator('.hit-snippet');
      const marked = await snippet.locator('mark').allTextContents();
      const words = body.matches[i]!.map(([s, e]) => body.hits[i]!.text.slice(s, e));
      expect(marked.length).toBeGreaterThan(0);
      expect(marked).toEqual(words.slice(0, marked.length));
      expect(await snippet.textContent()).not.toMatch(/\n|\s{2}/);
    }

    const target = body.hits[2]!;
    expect(await hits.nth(2).textContent()).toContain(target.heading_path.join(' › '));
    await hits.nth(2).click();
    await waitForDocument(page, target.doc_id);
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(target.snippet_id);
    expect(new URL(page.url()).hash).toBe(chunkHash(target.snippet_id));
    expect(await selectedText(page)).toBe(target.text);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('search hits name documents the list has not loaded; a 4096-character query wraps', async () => {
    const query = 'ownership rules scope';
    const { body } = await api<{ hits: SearchHit[] }>(
      `/api/search?q=${encodeURIComponent(query)}&k=20`,
    );
    const { body: all } = await api<{
      items: { doc_uid: string; title: string | null; source_url: string }[];
    }>('/api/documents');
    const titles = new Map(all.items.map((d) => [d.doc_uid, d.title || d.source_url]));
    expect(body.hits.some((hit) => titles.get(hit.doc_id) !== hit.source_url)).toBe(true);

    // as past the first page of a long list: the sidebar holds none of the hits' documents
    const page = await context.newPage();
    await page.route('**/api/documents?*', (route) =>
      route.fulfill({
        json: { items: [], limit: 200, offset: 0, next_offset: null },
      }),
    );
    await page.goto(`${server.url}/`);
    await page.locator('#doc-list[data-state="ready"]').waitFor({ state: 'attached' });
    await page.getByTestId('search-input').fill(query);
    await page.getByTestId('search-input').press('Enter');
    await page.locator('#search-hits[data-state="ready"]').waitFor();
    expect(await page.locator('#search-hits .hit-title').allTextContents()).toEqual(
      body.hits.map((hit) => titles.get(hit.doc_id)),
    );

    // the longest query the server takes: one unbroken word, wrapped inside the panel
    await page.getByTestId('search-input').fill('x'.repeat(4096));
    await page.getByTestId('search-input').press('Enter');
    await expect
      .poll(() => page.getByTestId('search-summary').textContent(), { timeout: WAIT_MS })
      .toContain('x'.repeat(100));
    const panel = await page.getByTestId('panel-search').evaluate((el) => {
      const pane = el as unknown as { scrollWidth: number; clientWidth: number };
      return { scrollWidth: pane.scrollWidth, clientWidth: pane.clientWidth };
    });
    expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
    await page.close();
  });

  test('the keyboard reaches the text: Tab to a chunk, Enter selects it, j moves the focus along', async () => {
    const doc = await getDocument(STRINGS);
    const { page, problems } = await openPage(`#doc=${doc.document.doc_uid}`);
    await waitForDocument(page, doc.document.doc_uid);
    // one tab stop in the text, at the first chunk while none is selected
    expect(await page.locator('#doc-text [tabindex]').count()).toBe(1);
    const focused = () =>
      page.evaluate(() => {
        const active = (
          document as unknown as {
            activeElement: { closest(s: string): unknown; dataset: Record<string, string> } | null;
          }
        ).activeElement;
        return active?.closest('#doc-text') ? (active.dataset.chunkStart ?? '') : null;
      });
    for (let i = 0; i < 60 && (await focused()) === null; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(doc.chunks[0]!.chunk_id);
    expect(new URL(page.url()).hash).toBe(chunkHash(doc.chunks[0]!.chunk_id));
    await page.keyboard.press('j');
    await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(doc.chunks[1]!.chunk_id);
    expect(await focused()).toBe('1');
    expect(await page.locator('#doc-text [tabindex]').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the audit panel audits a pasted cairn answer: verified, repaired (redirected), and a fabricated citation unverified', async () => {
    const { body } = await api<{ hits: SearchHit[] }>('/api/search?q=borrowing%20strings&k=5');
    const good = citationOf(body.hits[0]!);
    const fabricatedId = good.snippet_id.replace(/\|b=\d{3}$/, '|b=987');
    expect(fabricatedId).not.toBe(good.snippet_id);
    expect((await api(`/api/chunks/${encodeURIComponent(fabricatedId)}`)).status).toBe(404);
    const answer = {
      segments: [
        {
          citations: [good, { ...good, snippet_id: fabricatedId }],
          text: 'Strings are UTF-8 encoded.',
        },
        { citations: [citationOf(oldEditedHit)], text: 'Threads run code at the same time.' },
      ],
      ΔS: 0.1,
      λ: 'convergent',
    };

    const { page, problems } = await openPage();
    await page.getByTestId('tab-audit').click();
    await page.getByTestId('audit-input').fill(JSON.stringify(answer, null, 2));
    await page.getByTestId('audit-run').click();
    await page.locator('#audit-result[data-state="issues"]').waitFor();
    const rows = page.getByTestId('audit-citation');
    const data = (key: string) =>
      rows.evaluateAll(
        (items, k) => items.map((item) => (item as unknown as PageElement).dataset[k]),
        key,
      );
    expect(await data('status')).toEqual(['verified', 'unverified', 'repaired']);
    expect(await data('code')).toEqual(['chunk_verified', 'snippet_not_found', 'redirected']);
    expect(await rows.nth(1).getByTestId('audit-reason').textContent()).toContain(
      'snippet_not_found',
    );

    // the redirected citation opens the live chunk it now means
    await rows.nth(2).locator('a').click();
    await waitForDocument(page, docUid.get(EDITED)!);
    expect(await panelChunkId(page)).not.toBe(oldEditedHit.snippet_id);

    // not JSON at all: the server's 400 malformed_json, with where it went wrong
    await page.getByTestId('tab-audit').click();
    await page.getByTestId('audit-input').fill('{"citations": [');
    await page.getByTestId('audit-run').click();
    await page.locator('#audit-result[data-state="error"]').waitFor();
    expect(await page.locator('#audit-result').textContent()).toContain('line 1 column 16');
    expect(await page.getByTestId('audit-citation').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("the audit panel marks a contradicted claim and, clicked, shows its number beside the passage's", async () => {
    const hits = (await search(store, 'Hola bytes long UTF-8', { k: 5, trace_log: false })).hits;
    const quote = 'is 4 bytes long';
    const index = hits.findIndex(
      (h) => h.text.includes(`"Hola"\` ${quote}`) || h.text.includes(quote),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const request = buildPrompt(hits, 'How long is the string Hola?', {
      style: 'anthropic-search-results',
    }).body;
    const response = searchResultResponse(request, [
      { text: 'The vector storing "Hola" is 4 bytes long.', source: index, cited_text: quote },
      { text: ' The vector storing "Hola" is 8 bytes long.', source: index, cited_text: quote },
    ]);
    const { page } = await openPage();
    await page.getByTestId('tab-audit').click();
    await page.getByTestId('audit-input').fill(JSON.stringify(response, null, 2));
    await page.getByTestId('audit-request').fill(JSON.stringify(request));
    await page.getByTestId('audit-run').click();
    await page.locator('#audit-result[data-state="issues"]').waitFor();
    const claims = page.getByTestId('audit-claim');
    expect(
      await claims.evaluateAll((items) =>
        items.map((item) => (item as unknown as PageElement).dataset.support),
      ),
    ).toEqual(['supported', 'contradicted']);
    expect(await page.getByTestId('audit-claim-summary').textContent()).toContain('1 contradicted');
    await claims.nth(1).click();
    const reason = page.locator('[data-testid="audit-claim-reason"][data-code="number_mismatch"]');
    await reason.waitFor();
    expect(await reason.getByTestId('audit-claim-words').textContent()).toBe('8');
    expect(await reason.getByTestId('audit-passage-words').textContent()).toBe('4');
    await page.screenshot({ path: join(OUTPUT, 'audit-claim-contradicted.png') });
    await page.close();
  });

  test('the audit panel takes an Anthropic response to cairn prompt: each verdict, and the quote marked in the highlighted span', async () => {
    const hits = (await search(store, 'ownership rules scope', { k: 3, trace_log: false })).hits;
    expect(hits).toHaveLength(3);
    const request = buildPrompt(hits, 'What are the ownership rules?', {
      style: 'anthropic-search-results',
    }).body;
    // words of one line of each chunk, verbatim as Anthropic's cited_text gives them
    const line = (text: string, n: number) =>
      text
        .split('\n')
        .find((l) => l.trim().split(/\s+/u).length > n + 2)!
        .trim()
        .split(' ')
        .slice(0, n)
        .join(' ');
    const exact = line(hits[0]!.text, 9);
    // a quote with its spaces doubled and straight quotes curled: found, normalized
    const loose = line(hits[1]!.text, 7).replaceAll(' ', '  ').replaceAll("'", '\u2019');
    const response = searchResultResponse(request, [
      { text: 'Each value has an owner.', source: 0, cited_text: exact },
      { text: 'Scope matters.', source: 1, cited_text: loose },
      {
        text: 'And a claim no source makes.',
        source: 2,
        cited_text: 'Rust frees every value twice to be sure it is gone.',
      },
    ]);

    const { page, problems } = await openPage();
    await page.getByTestId('tab-audit').click();
    await page.getByTestId('audit-input').fill(JSON.stringify(response, null, 2));
    await page.getByTestId('audit-request').fill(JSON.stringify(request));
    await page.getByTestId('audit-run').click();
    await page.locator('#audit-result[data-state="issues"]').waitFor();
    const rows = page.getByTestId('audit-citation');
    const data = (key: string) =>
      rows.evaluateAll(
        (items, k) => items.map((item) => (item as unknown as PageElement).dataset[k]),
        key,
      );
    expect(await data('status')).toEqual(['verified', 'verified', 'unverified']);
    expect(await data('code')).toEqual(['quote_verified', 'quote_verified', 'quote_not_found']);
    expect(
      await page
        .getByTestId('audit-quote')
        .evaluateAll((items) =>
          items.map((item) => (item as unknown as PageElement).dataset.status),
        ),
    ).toEqual(['exact', 'normalized', 'not_found']);
    expect(await page.getByTestId('audit-result').textContent()).toContain(
      'Anthropic Messages API, anthropic-version 2023-06-01',
    );

    // the verified quote: its chunk opens selected, the quote marked inside the highlighted span
    const marked = async () =>
      page.locator('#doc-text mark.quote').evaluateAll((marks) =>
        marks.map((m) => ({
          text: (m as unknown as PageElement).textContent,
          inSelected:
            (m as unknown as { closest(s: string): unknown }).closest('.seg.sel') !== null,
        })),
      );
    await rows.nth(0).getByTestId('audit-show').click();
    await waitForDocument(page, hits[0]!.doc_id);
    await page.locator('#doc-text mark.quote').first().waitFor();
    expect(await panelChunkId(page)).toBe(hits[0]!.snippet_id);
    const first = await marked();
    expect(first.map((m) => m.text).join('')).toBe(exact);
    expect(first.every((m) => m.inSelected)).toBe(true);
    await page.screenshot({ path: join(OUTPUT, 'audit-quote-marked.png') });

    // the normalized one: the stored words are marked, not the model's spacing
    await page.getByTestId('tab-audit').click();
    await rows.nth(1).getByTestId('audit-show').click();
    await waitForDocument(page, hits[1]!.doc_id);
    await page.waitForFunction(
      (id) => document.getElementById('chunk-id')?.textContent === id,
      hits[1]!.snippet_id,
    );
    await page.locator('#doc-text mark.quote').first().waitFor();
    const second = await marked();
    const stored = second.map((m) => m.text).join('');
    expect(stored.replace(/\s+/gu, ' ')).toBe(
      loose.replace(/\s+/gu, ' ').replaceAll('\u2019', "'"),
    );
    expect(second.every((m) => m.inSelected)).toBe(true);
    // the document's text is unchanged by the marks
    const doc = await getDocument(hits[1]!.source_url);
    expect(await page.getByTestId('doc-text').textContent()).toBe(doc.text);

    // a made-up quote: the passage of the cited chunk closest to it, marked apart
    await page.getByTestId('tab-audit').click();
    await rows.nth(2).getByTestId('audit-show').click();
    await page.waitForFunction(
      (id) => document.getElementById('chunk-id')?.textContent === id,
      hits[2]!.snippet_id,
    );
    await page.locator('#doc-text mark.quote.closest').first().waitFor();
    const closest = await marked();
    expect(closest.length).toBeGreaterThan(0);
    expect(closest.every((m) => m.inSelected)).toBe(true);
    expect(await page.getByTestId('status').textContent()).toMatch(
      /^Quote not found in .+; the closest passage \(similarity 0\.\d\d\) is marked$/u,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  test('hostile documents show literally and run nothing, even with the CSP switched off', async () => {
    const md = await getDocument(HOSTILE_MD);
    const html = await getDocument(HOSTILE_HTML);
    expect(md.text).toContain(`<script>${PAYLOAD}</script>`);
    expect(html.text).toContain(`<script>${PAYLOAD}</script>`);
    // without the CSP only the viewer's own care stands between this text and the DOM
    const bare = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    bare.setDefaultTimeout(WAIT_MS);
    try {
      const { page, problems } = await openPage('', bare);
      await page.locator('#doc-list[data-state="ready"]').waitFor();
      await page.locator(`[data-testid="doc-item"][data-doc-uid="${md.document.doc_uid}"]`).click();
      await waitForDocument(page, md.document.doc_uid);
      expect(await page.getByTestId('doc-text').textContent()).toBe(md.text);
      expect(await page.getByTestId('doc-title').textContent()).toBe(md.document.title);

      // every bidi control and zero-width character is marked, and isolated
      const marks = page.locator('#doc-text .inv');
      const shown = await marks.evaluateAll((spans) =>
        spans.map((span) => [
          (span as unknown as PageElement).dataset.cp,
          span.textContent,
          getComputedStyle(span, '::before').content,
          getComputedStyle(span).unicodeBidi,
        ]),
      );
      const expected = Array.from(md.text).filter((ch) => INVISIBLES.includes(ch));
      expect(expected).toHaveLength(INVISIBLES.length);
      expect(shown).toEqual(
        expected.map((ch) => {
          const cp = codePoint(ch.codePointAt(0)!);
          return [cp, ch, `"${cp}"`, 'isolate'];
        }),
      );

      // every chunk: select it, its text exact (invisible and astral characters included)
      for (const [i, chunk] of md.chunks.entries()) {
        await page.locator(`#doc-text [data-chunk-start="${i}"]`).click();
        await expect.poll(() => panelChunkId(page), { timeout: WAIT_MS }).toBe(chunk.chunk_id);
        expect(await selectedText(page)).toBe(textOf(md, chunk));
      }
      await page.locator('#doc-text .seg', { hasText: 'javascript:' }).first().click();
      await page.locator('#doc-text .seg', { hasText: 'bold' }).first().hover();

      // the HTML page's entities decode to the same characters, shown as text too
      await page.goto(`${server.url}/#doc=${html.document.doc_uid}`);
      await waitForDocument(page, html.document.doc_uid);
      expect(await page.getByTestId('doc-text').textContent()).toBe(html.text);
      await page.locator('#doc-list[data-state="ready"]').waitFor();
      expect(await page.getByTestId('doc-list').textContent()).toContain(html.document.title!);

      // search snippets and the audit panel render hostile strings as text
      await page.getByTestId('search-input').fill('onerror script');
      await page.getByTestId('search-input').press('Enter');
      await page.locator('#search-hits[data-state="ready"]').waitFor();
      expect(await page.getByTestId('search-hit').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('search-hits').textContent()).toContain('<');
      await page.getByTestId('search-hit').first().click();
      await page.locator('#doc-text .seg.sel').first().waitFor();
      await page.getByTestId('tab-audit').click();
      const hostileId = `<img src=x onerror=${PAYLOAD}>`;
      await page
        .getByTestId('audit-input')
        .fill(JSON.stringify({ citations: [{ snippet_id: hostileId }], answer: hostileId }));
      await page.getByTestId('audit-run').click();
      await page.locator('#audit-result[data-state="issues"]').waitFor();
      expect(await page.getByTestId('audit-result').textContent()).toContain(hostileId);

      expect(await page.evaluate(() => window.__xss)).toBeUndefined();
      expect(
        await page.evaluate(
          () =>
            document.querySelectorAll(
              'img, iframe, svg, object, embed, b, [onerror], [onload], [onmouseover], a[href^="javascript:" i]',
            ).length,
        ),
      ).toBe(0);
      expect(await page.evaluate(() => document.scripts.length)).toBe(1);
      await page.screenshot({ path: join(OUTPUT, 'viewer-hostile.png') });
      expect(problems).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
