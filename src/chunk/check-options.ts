import { CairnError } from '../errors.js';

/** An integer within [min, max], else `invalid_option` naming the setting and the value received. */
export function checkInteger(name: string, value: unknown, min: number, max = 2 ** 31 - 1): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new CairnError(
      'invalid_option',
      `${name} must be an integer in ${min}..${max}, received ${describe(value)}`,
      { details: { option: name, received: describe(value), min, max } },
    );
  }
  return value;
}

/** Overlap must leave every step some new text, or a window would never advance. */
export function checkOverlap(
  overlapName: string,
  overlap: number,
  sizeName: string,
  size: number,
): void {
  if (overlap >= size) {
    throw new CairnError(
      'invalid_option',
      `${overlapName} (${overlap}) must be smaller than ${sizeName} (${size})`,
      { details: { option: overlapName, received: overlap, max: size - 1 } },
    );
  }
}

export function checkBoolean(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new CairnError(
      'invalid_option',
      `${name} must be true or false, received ${describe(value)}`,
      {
        details: { option: name, received: describe(value) },
      },
    );
  }
  return value;
}

export function checkChoice<T extends string>(
  name: string,
  value: unknown,
  choices: readonly T[],
): T {
  if (typeof value !== 'string' || !choices.includes(value as T)) {
    throw new CairnError(
      'invalid_option',
      `${name} must be one of ${choices.join(', ')}, received ${describe(value)}`,
      { details: { option: name, received: describe(value), expected: choices.join('|') } },
    );
  }
  return value as T;
}

/** A locale Intl.Segmenter knows: an unknown one would silently fall back to the default rules. */
export function checkLocale(name: string, value: unknown): string {
  let supported = false;
  try {
    supported = typeof value === 'string' && Intl.Segmenter.supportedLocalesOf([value]).length > 0;
  } catch {
    supported = false;
  }
  if (!supported) {
    throw new CairnError(
      'invalid_option',
      `${name} must be a locale Intl.Segmenter supports, received ${describe(value)}`,
      {
        details: { option: name, received: describe(value) },
      },
    );
  }
  return value as string;
}

/**
 * Rejects keys a configuration does not know: a typo must not silently fall
 * back to a default. `renamed` maps a name the caller may have meant from
 * elsewhere (the per-call `ChunkingOptions`) to the setting that holds it.
 */
export function checkKnownKeys(
  what: string,
  input: object,
  known: readonly string[],
  renamed: Readonly<Record<string, string>> = {},
): void {
  for (const key of Object.keys(input)) {
    if ((input as Record<string, unknown>)[key] === undefined) continue;
    if (!known.includes(key)) {
      const suggestion = Object.hasOwn(renamed, key) ? renamed[key] : undefined;
      const hint =
        suggestion === undefined
          ? ''
          : ` (did you mean ${suggestion}? ${key} is the per-call ChunkingOptions name)`;
      throw new CairnError(
        'invalid_option',
        `Unknown ${what} setting "${key}"${hint}; known: ${known.join(', ')}`,
        { details: { option: key, ...(suggestion === undefined ? {} : { suggestion }) } },
      );
    }
  }
}

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
}
