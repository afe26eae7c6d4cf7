import { expect, test } from 'vitest';
import { AsyncMutex } from './async-mutex.js';

test('AsyncMutex runs critical sections one at a time, in arrival order, past failures', async () => {
  const mutex = new AsyncMutex();
  const log: string[] = [];
  const section = (name: string, fail = false) =>
    mutex.run(async () => {
      log.push(`${name}:in`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name}:out`);
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([section('a'), section('b', true), section('c')]);
  expect(log).toEqual(['a:in', 'a:out', 'b:in', 'b:out', 'c:in', 'c:out']);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
});
