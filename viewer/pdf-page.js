// @ts-check
// The PDF page view: the original page of a PDF chunk, drawn by pdf.js
// (served from this server, its worker too), with the chunk's text boxes
// over it. The boxes come from the store (GET /api/chunks/:id/boxes) in PDF
// points; pdf.js's viewport turns them into canvas pixels, rotation included.
// pdf.js is imported the first time a PDF is shown.
import { ApiError, api } from './api.js';
import { $, el, scrollWithin } from './dom.js';
import { state } from './state.js';

const PDFJS = '/viewer/pdfjs/';
/** CSS pixels per PDF point at most when fitted: a small page is not blown up past this. */
const MAX_SCALE = 2;
/** Zoom steps over the fitted size: 1 is the page fitted to the pane's width. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** @type {Promise<any> | null} */
let library = null;
/** The loaded PDF, by the URL of its bytes. @type {{ url: string, doc: Promise<any> } | null} */
let loaded = null;
/** Bumped by each show; a slower, older one draws nothing. */
let drawing = 0;
/** What the pane shows, so the page buttons know where they are. */
const shown = {
  /** @type {any} */ answer: null,
  page: 0,
  /** Index into ZOOMS; kept across pages and chunks. */
  zoom: ZOOMS.indexOf(1),
};

function pdfjs() {
  library ??= import(`${PDFJS}pdf.mjs`).then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = `${PDFJS}pdf.worker.mjs`;
    return lib;
  });
  return library;
}

/** @param {string} url */
async function pdfAt(url) {
  if (loaded?.url !== url) {
    const doc = (async () => {
      const lib = await pdfjs();
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: the server answered ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      return lib.getDocument({
        data,
        // the CSP allows no eval: pdf.js must not even try
        isEvalSupported: false,
        cMapUrl: `${PDFJS}cmaps/`,
        cMapPacked: true,
        standardFontDataUrl: `${PDFJS}standard_fonts/`,
        enableXfa: false,
      }).promise;
    })();
    loaded?.doc.then((old) => old.destroy()).catch(() => {});
    loaded = { url, doc };
  }
  return loaded.doc;
}

/** Shows or hides the pane with the open document: PDFs only. */
export function resetPdfPage() {
  drawing++;
  shown.answer = null;
  const isPdf = state.doc?.document.format === 'pdf';
  $('doc-body').classList.toggle('with-page', isPdf);
  $('pdf-pane').hidden = !isPdf;
  $('pdf-page').textContent = '';
  $('pdf-page').dataset.state = 'empty';
  $('pdf-nav').hidden = true;
  setNote(isPdf ? 'Select a chunk to see it on its page.' : '');
}

/** @param {string} text */
function setNote(text) {
  const note = $('pdf-note');
  note.textContent = text;
  note.hidden = text === '';
}

/**
 * Draws the selected chunk's first page with its boxes.
 * @param {number} index into state.doc.chunks, -1 for none
 */
export async function showPdfPage(index) {
  if (state.doc?.document.format !== 'pdf') return;
  const chunk = index >= 0 ? state.doc.chunks[index] : undefined;
  const token = ++drawing;
  if (!chunk) {
    resetPdfPage();
    return;
  }
  try {
    const query = state.doc.chunker_id
      ? `?chunker=${encodeURIComponent(state.doc.chunker_id)}`
      : '';
    const { body } = await api(`/api/chunks/${encodeURIComponent(chunk.chunk_id)}/boxes${query}`);
    if (token !== drawing) return;
    if (!body.source) {
      setNote('The store keeps no PDF for this version: only the text can be shown.');
      return;
    }
    shown.answer = body;
    await drawPage(body.boxes[0]?.page ?? chunk.page ?? 1, token);
  } catch (error) {
    if (token !== drawing) return;
    $('pdf-page').textContent = '';
    $('pdf-page').dataset.state = 'error';
    setNote(
      error instanceof ApiError && error.code === 'layout_not_found'
        ? 'This version has no page geometry (stored before cairn kept it): cairn rm --purge the document and ingest the PDF again to see its pages.'
        : `The page could not be shown: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * @param {number} number 1-based page
 * @param {number} token
 */
async function drawPage(number, token) {
  const answer = shown.answer;
  const doc = await pdfAt(answer.source);
  if (token !== drawing) return;
  const page = await doc.getPage(number);
  if (token !== drawing) return;
  const holder = $('pdf-page');
  const width = Math.max(200, $('pdf-pane').clientWidth - 24);
  const base = page.getViewport({ scale: 1 });
  const zoom = ZOOMS[shown.zoom] ?? 1;
  const viewport = page.getViewport({ scale: Math.min(MAX_SCALE, width / base.width) * zoom });
  const ratio = window.devicePixelRatio || 1;
  const canvas = /** @type {HTMLCanvasElement} */ (el('canvas', 'pdf-canvas'));
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  await page.render({
    canvasContext: context,
    viewport,
    transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
  }).promise;
  if (token !== drawing) return;
  const sheet = el('div', 'pdf-sheet');
  sheet.style.width = canvas.style.width;
  sheet.style.height = canvas.style.height;
  sheet.append(canvas);
  let marked = 0;
  for (const box of answer.boxes) {
    if (box.page !== number) continue;
    const [xa, ya, xb, yb] = viewport.convertToViewportRectangle([box.x0, box.y0, box.x1, box.y1]);
    const mark = el('div', 'pdf-box');
    mark.dataset.testid = 'pdf-box';
    mark.style.left = `${Math.min(xa, xb)}px`;
    mark.style.top = `${Math.min(ya, yb)}px`;
    mark.style.width = `${Math.abs(xb - xa)}px`;
    mark.style.height = `${Math.abs(yb - ya)}px`;
    sheet.append(mark);
    marked++;
  }
  holder.textContent = '';
  holder.append(sheet);
  holder.dataset.page = String(number);
  holder.dataset.chunkId = answer.chunk_id;
  holder.dataset.boxes = String(marked);
  holder.dataset.zoom = String(zoom);
  $('pdf-zoom-fit').textContent = `${Math.round(zoom * 100)}%`;
  /** @type {HTMLButtonElement} */ ($('pdf-zoom-out')).disabled = shown.zoom <= 0;
  /** @type {HTMLButtonElement} */ ($('pdf-zoom-in')).disabled = shown.zoom >= ZOOMS.length - 1;
  holder.dataset.state = 'ready';
  shown.page = number;
  const pages = [...new Set(answer.boxes.map((/** @type {{ page: number }} */ b) => b.page))];
  $('pdf-where').textContent = `Page ${number} of ${doc.numPages}${
    pages.length > 1 ? ` · the chunk runs over pages ${pages.join(', ')}` : ''
  }`;
  /** @type {HTMLButtonElement} */ ($('pdf-prev')).disabled = number <= 1;
  /** @type {HTMLButtonElement} */ ($('pdf-next')).disabled = number >= doc.numPages;
  $('pdf-nav').hidden = false;
  setNote('');
  const first = sheet.querySelector('.pdf-box');
  if (first) scrollWithin($('pdf-pane'), first, 'center');
}

/** The page buttons: any page of the document, with the chunk's boxes where it has some. */
export function wirePdfPage() {
  for (const [id, step] of /** @type {[string, number][]} */ ([
    ['pdf-prev', -1],
    ['pdf-next', 1],
  ])) {
    $(id).addEventListener('click', () => {
      if (!shown.answer) return;
      const token = ++drawing;
      drawPage(shown.page + step, token).catch((error) => setNote(String(error?.message ?? error)));
    });
  }
  // zoom redraws the page at a scale over the fitted one; the pane scrolls when it is wider
  for (const [id, to] of /** @type {[string, (at: number) => number][]} */ ([
    ['pdf-zoom-out', (at) => Math.max(0, at - 1)],
    ['pdf-zoom-fit', () => ZOOMS.indexOf(1)],
    ['pdf-zoom-in', (at) => Math.min(ZOOMS.length - 1, at + 1)],
  ])) {
    $(id).addEventListener('click', () => {
      shown.zoom = to(shown.zoom);
      if (!shown.answer) return;
      const token = ++drawing;
      drawPage(shown.page, token).catch((error) => setNote(String(error?.message ?? error)));
    });
  }
}
