/** The most UTF-16 units of a value an issue quotes from its input; longer ones end in "…". */
const MAX_ISSUE_STRING = 200;

/** `value` cut to `max` UTF-16 units plus "…", never between the halves of a surrogate pair. */
export function clipString(value: string, max = MAX_ISSUE_STRING): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${value.slice(0, end)}…`;
}

/**
 * A copy of an issue's fields with every string, and every string in an
 * array, clipped by `clipString`. Validators keep hundreds of issues and
 * quote ids, keys and values from the input in them: one 5 MB id quoted by
 * each issue of a report would make `--json` fail with "Invalid string length".
 */
export function clipIssueStrings<T extends object>(fields: T, max = MAX_ISSUE_STRING): T {
  const clipped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    clipped[key] =
      typeof value === 'string'
        ? clipString(value, max)
        : Array.isArray(value)
          ? value.map((item: unknown) => (typeof item === 'string' ? clipString(item, max) : item))
          : value;
  }
  return clipped as T;
}
