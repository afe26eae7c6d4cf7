// An ingest that kills itself with SIGKILL before its KILL_AT-th statement
// (counted from the first statement after the store opened), for the
// crash-safety tests. Without KILL_AT it runs to the end and prints the
// number of statements and the summary as JSON.
import { ingestSources } from '../../../src/ingest/ingest-sources.js';
import { openStore } from '../../../src/store/open-store.js';

const env = process.env;
const killAt = env.KILL_AT === undefined ? -1 : Number(env.KILL_AT);
let armed = false;
let count = 0;
const store = await openStore({
  db: env.CAIRN_TEST_DB!,
  ...(env.CAIRN_TEST_SCHEMA ? { schema: env.CAIRN_TEST_SCHEMA } : {}),
  ...(env.BATCH_ROWS ? { batch_rows: Number(env.BATCH_ROWS) } : {}),
  on_statement: () => {
    if (!armed) return;
    if (count === killAt) process.kill(process.pid, 'SIGKILL');
    count++;
  },
});
armed = true;
const summary = await ingestSources(store, [env.INPUT!], {
  workers: 0,
  chunker: env.CHUNKER ?? 'char',
  ...(env.CWD ? { cwd: env.CWD } : {}),
});
await store.close();
process.stdout.write(JSON.stringify({ statements: count, summary }));
