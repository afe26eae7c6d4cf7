import fc from 'fast-check';

/**
 * The one knob for property tests. They explore new random cases on every
 * local run; under CI=true (or with FC_SEED set) they replay one fixed seed,
 * so that a submission is judged on the same cases each time. A
 * counterexample found locally prints its seed: run with FC_SEED=<seed> to
 * replay it. FC_RUNS sets how many cases each property tries (default 100;
 * `npm run test:properties` runs 2,000); a property whose cases are costly
 * asks for fewer with its own `numRuns`.
 */
const seed = process.env.FC_SEED ?? (process.env.CI === 'true' ? '20261122' : undefined);
const numRuns = Number(process.env.FC_RUNS ?? 100);
if (!Number.isSafeInteger(numRuns) || numRuns < 1) {
  throw new Error(`FC_RUNS must be a positive integer, got ${process.env.FC_RUNS}`);
}
fc.configureGlobal({ numRuns, ...(seed === undefined ? {} : { seed: Number(seed) }) });
