import { terminalSafe } from '../terminal-safe.js';
import type { IngestEvent } from './ingest-sources.js';

export interface ProgressReporterOptions {
  stream?: NodeJS.WriteStream;
  /** Draw a bar (default: when the stream is a terminal); plain lines otherwise. */
  tty?: boolean;
  /** Plain mode: a progress line at most this often (default 5 s). */
  interval_ms?: number;
}

export interface ProgressReporter {
  onEvent(event: IngestEvent): void;
  /** Clears the bar. */
  end(): void;
}

const BAR_WIDTH = 24;

/**
 * Ingest progress on stderr: a redrawn bar on a terminal, else a line every
 * few seconds; failures always get a line of their own.
 */
export function createProgressReporter(options: ProgressReporterOptions = {}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const tty = options.tty ?? stream.isTTY === true;
  const interval = tty ? 100 : (options.interval_ms ?? 5000);
  const counts = { created: 0, updated: 0, unchanged: 0, chunked: 0, failed: 0 };
  let started = Date.now();
  let last = 0;
  let drawn = false;

  const line = (event: Extract<IngestEvent, { type: 'file' }>): string => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const mbps = event.bytes_done / 1e6 / seconds;
    const rate = mbps >= 10 ? mbps.toFixed(0) : mbps.toFixed(2);
    const tally = `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed`;
    if (!tty) return `cairn: ${event.done}/${event.files} files, ${rate} MB/s (${tally})`;
    const share =
      event.bytes > 0 ? event.bytes_done / event.bytes : event.done / Math.max(1, event.files);
    const full = Math.round(share * BAR_WIDTH);
    return `[${'#'.repeat(full)}${'.'.repeat(BAR_WIDTH - full)}] ${event.done}/${event.files} files ${rate} MB/s  ${tally}`;
  };
  const clear = (): void => {
    if (tty && drawn) stream.write('\r\x1b[K');
    drawn = false;
  };

  return {
    onEvent(event) {
      if (event.type === 'start') {
        started = Date.now();
        return;
      }
      counts[event.file.status]++;
      if (event.file.status === 'failed') {
        clear();
        stream.write(
          terminalSafe(
            `cairn: ${event.file.source_url}: ${event.file.error?.code}: ${event.file.error?.message}\n`,
          ),
        );
      }
      const now = Date.now();
      if (now - last < interval && event.done < event.files) return;
      if (!tty && now - started < interval) return;
      last = now;
      if (tty) {
        stream.write(`\r\x1b[K${fitted(line(event), stream.columns)}`);
        drawn = true;
      } else {
        stream.write(`${line(event)}\n`);
      }
    },
    end: clear,
  };
}

/**
 * The bar cut to the terminal's width: a line that wraps leaves its first
 * row behind at every redraw, since `\r\x1b[K` clears only the last one.
 */
function fitted(text: string, columns: number | undefined): string {
  if (columns === undefined || columns <= 1 || text.length < columns) return text;
  return `${text.slice(0, columns - 2)}…`;
}
