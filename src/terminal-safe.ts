/**
 * Control characters other than tab and line feed, and the bidirectional
 * overrides and isolates: printed raw, a file name or a text with them can
 * move the cursor, retitle or clear the terminal, or reorder what is shown.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for a terminal: each unsafe character as a `\u001b`-style escape, the
 * rest unchanged. JSON output needs none of this: JSON.stringify escapes C0
 * controls itself, and a JSON reader wants the characters as they are.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
