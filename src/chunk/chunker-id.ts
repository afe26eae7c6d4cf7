import { createHash } from 'node:crypto';
import { CairnError } from '../errors.js';
import type { ChunkerConfig } from './types.js';

/** JSON with object keys sorted at every depth, so equal configurations hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new CairnError('invalid_option', `Cannot hash the non-finite number ${value}`);
    }
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** First 8 hex digits of sha256 over the canonical JSON of the configuration. */
export function configHash(config: ChunkerConfig): string {
  return createHash('sha256').update(canonicalJson(config), 'utf8').digest('hex').slice(0, 8);
}

export function formatChunkerId(name: string, version: string, config: ChunkerConfig): string {
  return `${name}@${version}:${configHash(config)}`;
}

export interface ChunkerIdParts {
  name: string;
  version: string;
  config_hash: string;
}

const CHUNKER_ID = /^([a-z][a-z0-9_-]*)@([A-Za-z0-9._-]+):([0-9a-f]{8})$/;

/** The parts of a full chunker id, or null when `id` is not one (an alias or a bare name). */
export function parseChunkerId(id: string): ChunkerIdParts | null {
  const match = CHUNKER_ID.exec(id);
  if (!match) return null;
  return { name: match[1]!, version: match[2]!, config_hash: match[3]! };
}
