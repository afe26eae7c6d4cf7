import { parseChunkId } from '../../ids/parse-chunk-id.js';

const isChunkId = (value: string): boolean => {
  try {
    parseChunkId(value);
    return true;
  } catch {
    return false;
  }
};

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The cairn chunk ID a provider's source field carries, where a prompt put
 * one: the whole value, a URL's `#fragment` or last path segment
 * (percent-decoded), or a file name without its extension. Null when none
 * of these is a chunk ID.
 */
export function chunkIdIn(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const candidates = [value, decode(value)];
  const hash = value.lastIndexOf('#');
  if (hash >= 0) candidates.push(decode(value.slice(hash + 1)));
  const path = hash >= 0 ? value.slice(0, hash) : value;
  const slash = path.lastIndexOf('/');
  if (slash >= 0) candidates.push(decode(path.slice(slash + 1)));
  for (const c of [...candidates]) {
    const dot = c.lastIndexOf('.');
    if (dot > c.lastIndexOf('|')) candidates.push(c.slice(0, dot));
  }
  return candidates.find(isChunkId) ?? null;
}
