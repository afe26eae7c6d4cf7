import { describe, expect, test } from 'vitest';
import type { IngestEvent, IngestedFile } from './ingest-sources.js';
import { createProgressReporter } from './progress-reporter.js';

function sink(): NodeJS.WriteStream & { text: string } {
  const stream = {
    text: '',
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream & { text: string };
}

const file = (status: IngestedFile['status'], n: number): IngestedFile => ({
  source_url: `f${n}.md`,
  status,
  doc_uid: null,
  version: null,
  chunks: 0,
  first_chunk_id: null,
  ...(status === 'failed'
    ? { error: { code: 'invalid_utf8' as const, message: 'bad byte at 3' } }
    : {}),
});

function feed(
  reporter: ReturnType<typeof createProgressReporter>,
  statuses: IngestedFile['status'][],
): void {
  reporter.onEvent({
    type: 'start',
    files: statuses.length,
    bytes: 100,
    chunker_id: 'c',
    threads: 1,
  });
  statuses.forEach((status, i) => {
    const event: IngestEvent = {
      type: 'file',
      file: file(status, i),
      done: i + 1,
      files: statuses.length,
      bytes_done: (i + 1) * 10,
      bytes: 100,
    };
    reporter.onEvent(event);
  });
  reporter.end();
}

describe('createProgressReporter', () => {
  test('on a terminal: a bar redrawn in place, failures on lines of their own, cleared at the end', () => {
    const stream = sink();
    feed(createProgressReporter({ stream, tty: true }), ['created', 'failed', 'unchanged']);
    expect(stream.text).toContain('cairn: f1.md: invalid_utf8: bad byte at 3\n');
    expect(stream.text).toMatch(
      /\[#+\.*\] 3\/3 files .* 1 created, 0 updated, 1 unchanged, 1 failed/,
    );
    expect(stream.text.endsWith('\r\x1b[K')).toBe(true);
  });

  test('on a narrow terminal the bar is cut to its width, so a redraw never wraps', () => {
    const stream = Object.assign(sink(), { columns: 40 });
    feed(createProgressReporter({ stream, tty: true }), ['created', 'created', 'created']);
    const drawn = stream.text.split('\r\x1b[K').filter((row) => row !== '');
    expect(drawn.length).toBeGreaterThan(0);
    for (const row of drawn) expect(row.length).toBeLessThan(40);
    expect(drawn.at(-1)).toMatch(/^\[[#.]+\] 3\/3 files/);
  });

  test('elsewhere: plain lines, no control characters, and nothing but failures for a short run', () => {
    const stream = sink();
    feed(createProgressReporter({ stream, tty: false }), ['created', 'failed', 'created']);
    expect(stream.text).toBe('cairn: f1.md: invalid_utf8: bad byte at 3\n');
    expect(stream.text).not.toMatch(/\x1b/);
  });
});
