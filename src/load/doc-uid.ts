import { posix } from 'node:path';
import { sha1Hex } from './hash.js';

/** Query parameters that pin a version and so stay part of a document's identity. */
const VERSION_PINS = new Set(['v', 'ver', 'version', 'rev', 'revision', 'ref', 'tag', 'commit']);

/**
 * Canonical form of a source location: for a URL, lower-case scheme and host,
 * default port and fragment dropped, query dropped except version pins
 * (sorted); for a path, forward slashes and no `.` or `..` segments.
 */
export function canonicalizeSource(source: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    try {
      const url = new URL(source);
      const pins = [...url.searchParams]
        .filter(([name]) => VERSION_PINS.has(name.toLowerCase()))
        .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
      url.search = '';
      for (const [name, value] of pins) url.searchParams.append(name, value);
      url.hash = '';
      return url.toString();
    } catch {
      // not a URL after all: treat as a path
    }
  }
  const path = posix.normalize(source.replaceAll('\\', '/'));
  return path.startsWith('./') ? path.slice(2) : path;
}

/** `sha1_8(canonicalize(source))`: the doc_uid of a document that has no stable id of its own. */
export function deriveDocUid(source: string): string {
  return sha1Hex(canonicalizeSource(source)).slice(0, 8);
}
