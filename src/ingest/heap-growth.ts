import { setFlagsFromString } from 'node:v8';

/**
 * How far a V8 heap may grow past what survived the last full collection
 * before the next one, while an ingest runs.
 *
 * Why: V8 otherwise lets a heap grow to up to 4 times its live size on a
 * machine whose heap limit is 2 GB or more. Parsing a 4 MB eCFR chapter keeps
 * about 150 MB alive on the worker, so its heap reached about 600 MB, three
 * quarters of it garbage, and the writer's about 280 MB for 50 MB alive: peak
 * RSS followed the largest file, over 1 GB for the eCFR. Collecting at twice
 * the live size halves that (about 700 MB); 1.5 times gave about 600 MB but
 * cost a tenth of the throughput in full collections. Unlike a heap cap it
 * refuses nothing: a file that needs more memory still gets it.
 */
const INGEST_HEAP_GROWING_PERCENT = 100;

const FLAG = /--heap[-_]growing[-_]percent\b/;

let holders = 0;

/**
 * Applies the growth limit to every heap of the process (V8 flags are
 * process-wide, and workers started later inherit them) until the returned
 * release is called by every ingest that asked for it. A process started
 * with its own `--heap-growing-percent` keeps it.
 */
export function limitHeapGrowth(percent: number = INGEST_HEAP_GROWING_PERCENT): () => void {
  if (ownSetting()) return () => {};
  if (holders++ === 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // 0 is V8's default: its own growing factor again.
    if (--holders === 0) setFlagsFromString('--heap-growing-percent=0');
  };
}

function ownSetting(): boolean {
  return (
    process.execArgv.some((arg) => FLAG.test(arg)) || FLAG.test(process.env.NODE_OPTIONS ?? '')
  );
}
