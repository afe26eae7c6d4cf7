import { CairnError } from '../errors.js';

/**
 * The snapshot date a source's `source_ref` names: its front matter's, else
 * the one the caller gives; the two must agree when both are there.
 */
export function resolveSnapshotDate(
  source: string,
  fromFile: string | null,
  fromOption: string | undefined,
): string | null {
  if (fromFile !== null && fromOption !== undefined && fromFile !== fromOption) {
    throw new CairnError(
      'invalid_option',
      `${source} states snapshot date ${fromFile} in its front matter, but --snapshot-date says ${fromOption}`,
      { details: { source } },
    );
  }
  return fromFile ?? fromOption ?? null;
}
