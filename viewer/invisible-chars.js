// @ts-check
import { el } from './dom.js';

/**
 * Characters a reader cannot see but that change what text means or how it
 * reads: bidi controls (U+061C, U+200E/F, U+202A-E, U+2066-9), zero-width
 * and invisible format characters, and C0 controls other than tab and line
 * breaks. Each is shown as a labelled mark; the character itself stays in
 * the DOM so a span's textContent is still the stored text.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** @type {Record<string, string>} */
const INVISIBLE_NAMES = {
  'U+000C': 'form feed (page break)',
  'U+00AD': 'soft hyphen',
  'U+061C': 'arabic letter mark',
  'U+180E': 'mongolian vowel separator',
  'U+200B': 'zero width space',
  'U+200C': 'zero width non-joiner',
  'U+200D': 'zero width joiner',
  'U+200E': 'left-to-right mark',
  'U+200F': 'right-to-left mark',
  'U+202A': 'left-to-right embedding',
  'U+202B': 'right-to-left embedding',
  'U+202C': 'pop directional formatting',
  'U+202D': 'left-to-right override',
  'U+202E': 'right-to-left override',
  'U+2060': 'word joiner',
  'U+2066': 'left-to-right isolate',
  'U+2067': 'right-to-left isolate',
  'U+2068': 'first strong isolate',
  'U+2069': 'pop directional isolate',
  'U+FEFF': 'zero width no-break space (BOM)',
};

/** Appends `text` as text nodes, each invisible character wrapped in a labelled mark. */
export function appendVisible(/** @type {Node} */ parent, /** @type {string} */ text) {
  INVISIBLE.lastIndex = 0;
  let last = 0;
  for (let m = INVISIBLE.exec(text); m !== null; m = INVISIBLE.exec(text)) {
    if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
    const code = m[0].charCodeAt(0);
    const mark = el('span', 'inv');
    mark.dataset.cp = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    mark.title = `${mark.dataset.cp} ${INVISIBLE_NAMES[mark.dataset.cp] ?? 'control character'}`;
    mark.textContent = m[0];
    parent.appendChild(mark);
    last = m.index + 1;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}
