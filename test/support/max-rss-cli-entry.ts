// The real CLI, bundled for child-process tests, that writes its peak RSS (kB) to CAIRN_TEST_RSS_FILE at exit.
import { readFileSync, writeFileSync } from 'node:fs';
import '../../src/cli/main.js';

/**
 * VmHWM, this program's own peak: `resourceUsage().maxRSS` also counts the
 * parent's memory at the fork (Linux carries the high-water mark across exec).
 */
function peakKb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
}

const file = process.env.CAIRN_TEST_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(peakKb())));
