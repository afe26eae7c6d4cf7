import { CairnError } from '../errors.js';
import { isFormat } from '../load/detect-format.js';
import type { Format } from '../types.js';

/** The `--format` flag: a format to parse as, or undefined to detect it. */
export function formatFlag(value: string | undefined): Format | undefined {
  if (value !== undefined && !isFormat(value)) {
    throw new CairnError('invalid_option', `Unknown format "${value}"`);
  }
  return value;
}
