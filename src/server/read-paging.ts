import { CairnError } from '../errors.js';

export interface Paging {
  limit: number;
  offset: number;
}

export interface PagingLimits {
  default_limit: number;
  max_limit: number;
  /** Deep offsets cost the database a scan; past this the caller should narrow the query. */
  max_offset: number;
}

export const DEFAULT_PAGING: PagingLimits = {
  default_limit: 50,
  max_limit: 500,
  max_offset: 1_000_000,
};

/**
 * `limit` and `offset` from a query string, clamped into range (a limit of
 * 1e9 reads `max_limit` rows, not a billion). Only what is not a number at
 * all is refused, with `invalid_option`.
 */
export function readPaging(
  query: { limit?: string | undefined; offset?: string | undefined },
  limits: PagingLimits = DEFAULT_PAGING,
): Paging {
  return {
    limit: clamp(readNumber('limit', query.limit, limits.default_limit), 1, limits.max_limit),
    offset: clamp(readNumber('offset', query.offset, 0), 0, limits.max_offset),
  };
}

function readNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isNaN(value)) {
    throw new CairnError('invalid_option', `${name} must be a number, got "${raw.slice(0, 40)}"`, {
      details: { [name]: raw.slice(0, 40) },
    });
  }
  return Math.trunc(value);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
