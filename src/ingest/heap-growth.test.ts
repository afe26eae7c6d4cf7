import { afterEach, describe, expect, test, vi } from 'vitest';

const flags = vi.hoisted(() => ({ set: [] as string[] }));
vi.mock('node:v8', () => ({
  setFlagsFromString: (flag: string) => {
    flags.set.push(flag);
  },
}));

const { limitHeapGrowth } = await import('./heap-growth.js');

afterEach(() => {
  flags.set.length = 0;
});

describe('limitHeapGrowth', () => {
  test('set while any ingest holds it, V8 default again after the last release, each release counted once', () => {
    const first = limitHeapGrowth(50);
    const second = limitHeapGrowth(50);
    expect(flags.set).toEqual(['--heap-growing-percent=50']);
    first();
    first();
    expect(flags.set).toEqual(['--heap-growing-percent=50']);
    second();
    expect(flags.set).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
  });

  test('a process started with its own --heap-growing-percent keeps it', () => {
    const argv = process.execArgv;
    process.execArgv = [...argv, '--heap-growing-percent=20'];
    try {
      limitHeapGrowth(50)();
      expect(flags.set).toEqual([]);
    } finally {
      process.execArgv = argv;
    }
  });
});
