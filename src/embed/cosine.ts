/** Cosine similarity of two vectors of one length; 0 when either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** ΔS of seeds 000/001: 1 − cosine(question, chunk), 0 (same direction) to 2, rounded to 6 decimals. */
export function deltaS(question: ArrayLike<number>, chunk: ArrayLike<number>): number {
  return Math.round((1 - cosine(question, chunk)) * 1e6) / 1e6;
}
