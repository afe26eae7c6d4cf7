/** "1 issue", "2 issues": a count with its noun, for the CLI's summary lines. */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
