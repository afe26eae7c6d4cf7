/**
 * English number words and what each adds to the number a run of them
 * spells ("twenty-five", "one hundred and five", "1.5 million"). A small
 * closed vocabulary, not a grammar: enough to compare an answer's "two
 * weeks" with a passage's "2 weeks".
 */
const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1_000,
  million: 1_000_000,
  billion: 1_000_000_000,
  trillion: 1_000_000_000_000,
};

export const isNumberWord = (lower: string): boolean =>
  Object.hasOwn(UNITS, lower) || Object.hasOwn(SCALES, lower);

export const isScaleWord = (lower: string): boolean => Object.hasOwn(SCALES, lower);

/**
 * The value of a run of number words and digits in order ("twenty", "five";
 * "1.5", "million"; "one", "hundred", "and", "five"), or null when the run
 * spells no number.
 */
export function valueOfNumberRun(run: readonly string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of run) {
    if (word === 'and') continue;
    const digits = /^\d[\d,]*(?:\.\d+)?$/u.test(word) ? Number(word.replaceAll(',', '')) : null;
    if (digits !== null && Number.isFinite(digits)) {
      current += digits;
      seen = true;
    } else if (Object.hasOwn(UNITS, word)) {
      current += UNITS[word]!;
      seen = true;
    } else if (Object.hasOwn(SCALES, word)) {
      const scale = SCALES[word]!;
      if (scale === 100) current = (current === 0 ? 1 : current) * scale;
      else {
        total += (current === 0 ? 1 : current) * scale;
        current = 0;
      }
      seen = true;
    } else return null;
  }
  return seen ? total + current : null;
}
