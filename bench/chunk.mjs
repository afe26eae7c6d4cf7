// Chunking throughput (issue 3): cairn's chunkers against floors and peers,
// one process per tool and corpus, on the same bytes read before the clock.
//
// Env: BENCH_CHUNK_CORPORA=ecfr,rustbook  restrict corpora
//      BENCH_CHUNK_TOOLS=cairn-char,...     restrict tools (the keys below)
//      BENCH_CHUNK_BUDGET_S=420             time budget per tool and corpus
import { measure, printTable } from './harness.mjs';

const BUDGET_S = Number(process.env.BENCH_CHUNK_BUDGET_S ?? 420);

const CORPORA = [
  ['ecfr', '.md', '../shared/corpora/ecfr (all .md)'],
  ['rustbook', '.md', '../shared/corpora/rustbook (.md)'],
];

const FLOOR = 'gpt-tokenizer cl100k countTokens, one pass (floor)';
const LABELS = {
  'read-sha256': 'read + sha256 (floor)',
  'utf8-decode': 'utf8 decode (floor)',
  'tokenize-cl100k': FLOOR,
  'markdown-blocks': "cairn's block parse alone: markdown-it's block stage (floor)",
  'cairn-char': 'cairn char 1000/100 chars',
  'cairn-token': 'cairn token 512/64 cl100k',
  'cairn-sentence': 'cairn sentence 512/64 cl100k',
  'cairn-token-like': 'cairn token-like 512/64 words',
  'cairn-structure': 'cairn structure 512 cl100k (parse + chunk)',
  'langchain-recursive': 'LangChain RecursiveCharacterTextSplitter 1000/100',
  'langchain-markdown': 'LangChain MarkdownTextSplitter 1000/100',
  'langchain-token': 'LangChain TokenTextSplitter 512/64 cl100k',
  'llamaindex-sentence': 'LlamaIndex SentenceSplitter 512/64 cl100k',
  'chonkie-recursive-chars': 'chonkie RecursiveChunker 1000 chars',
  'chonkie-recursive-cl100k': 'chonkie RecursiveChunker 512 cl100k',
  'chonkie-token-chars': 'chonkie TokenChunker 1000/100 chars',
  'chonkie-token-cl100k': 'chonkie TokenChunker 512/64 cl100k',
};

function pick(all, envName) {
  const wanted = process.env[envName]?.split(',').filter(Boolean);
  return wanted ? all.filter((key) => wanted.includes(key)) : all;
}

export function bench({ runs = 5 } = {}) {
  const tools = pick(Object.keys(LABELS), 'BENCH_CHUNK_TOOLS');
  const corpora = CORPORA.filter(([dir]) => pick([dir], 'BENCH_CHUNK_CORPORA').length > 0);
  for (const [dir, ext, title] of corpora) {
    const rows = tools.map((tool) => {
      const t0 = performance.now();
      // the child stops starting counted runs at 3/4 of the budget, so that a
      // run begun then usually ends within it; the parent kills it at the budget
      const row = measure(
        LABELS[tool],
        'chunk-bench.mjs',
        [tool, dir, ext, String(runs), String(Math.round(BUDGET_S * 0.75))],
        { timeoutMs: BUDGET_S * 1000 },
      );
      console.error(
        `# chunk ${dir} ${tool}: ${((performance.now() - t0) / 1000).toFixed(0)} s${row.failed ? ` (${row.failed})` : ''}`,
      );
      return { ...row, tool };
    });
    printTable(`Chunk: ${title}`, rows, FLOOR);
    printTargets(dir, rows);
  }
}

/** The issue's targets as computed lines. */
function printTargets(dir, rows) {
  const by = Object.fromEntries(rows.map((r) => [r.tool, r]));
  const speed = (tool) => (by[tool] && !by[tool].failed ? by[tool].mbps : null);
  const lines = [];
  const target = (what, tool, peer, factor, { asTime = false } = {}) => {
    const a = speed(tool);
    const b = speed(peer);
    if (a === null || b === null) {
      const missing = [a === null ? tool : null, b === null ? peer : null].filter(Boolean);
      lines.push(`- ${what}: not computable (${missing.join(', ')} not measured)`);
      return;
    }
    const ratio = a / b;
    const ok = ratio >= factor;
    const gap = ok
      ? `${((ratio / factor - 1) * 100).toFixed(0)}% margin`
      : `${((1 - ratio / factor) * 100).toFixed(0)}% short in speed`;
    const computed = asTime
      ? `time ratio ${(b / a).toFixed(2)}x (${a.toFixed(1)} vs ${b.toFixed(1)} MB/s), target <= ${(1 / factor).toFixed(2)}x`
      : `${a.toFixed(1)} / ${b.toFixed(1)} MB/s = ${ratio.toFixed(2)}x, target >= ${factor}x`;
    lines.push(`- ${what}: ${computed}: ${ok ? 'PASS' : 'MISS'} (${gap})`);
  };
  target('char >= 3x LangChain recursive', 'cairn-char', 'langchain-recursive', 3);
  target('char ahead of chonkie recursive (chars)', 'cairn-char', 'chonkie-recursive-chars', 1);
  target('token >= 4x LangChain TokenTextSplitter', 'cairn-token', 'langchain-token', 4);
  target('token ahead of chonkie recursive (cl100k)', 'cairn-token', 'chonkie-recursive-cl100k', 1);
  target('token time <= 1.5x one bare tokenizer pass', 'cairn-token', 'tokenize-cl100k', 1 / 1.5, {
    asTime: true,
  });
  target(
    'structure (parse + chunk) >= 0.6x bare tokenizer speed (issue 25)',
    'cairn-structure',
    'tokenize-cl100k',
    0.6,
  );
  target(
    'structure ahead of chonkie recursive (cl100k)',
    'cairn-structure',
    'chonkie-recursive-cl100k',
    1,
  );
  const parseAlone = speed('markdown-blocks');
  const tokenizer = speed('tokenize-cl100k');
  if (parseAlone !== null && tokenizer !== null) {
    // parsing and then counting every token once, with nothing else, at these two speeds
    const both = 1 / (1 / parseAlone + 1 / tokenizer);
    lines.push(
      `- bound: the block parse alone runs at ${parseAlone.toFixed(1)} MB/s = ${(parseAlone / tokenizer).toFixed(2)}x the bare tokenizer, and that parse plus one tokenizer pass at ${both.toFixed(1)} MB/s = ${(both / tokenizer).toFixed(2)}x: structure does both (its counts come from its own pass over the text)`,
    );
  }
  console.log(`\nTargets (issue 3) on ${dir}:\n`);
  for (const line of lines) console.log(line);
}
