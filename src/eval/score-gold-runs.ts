import type { PhrasingRun, QuestionRun, RankedHit } from './ask-gold-questions.js';
import { computeMetrics, type RetrievalMetrics } from './eval-metrics.js';
import type { GoldQuestion } from './gold-set.js';
import {
  describeHeadingPath,
  isInSection,
  parseSectionLabel,
  type SectionLabel,
} from './section-label.js';

/** Hits that coverage looks at: the top 5. */
export const COVERAGE_TOP = 5;

export type HitRates = Omit<RetrievalMetrics, 'mean_tokens_at_5' | 'questions'> & { count: number };

export interface PhrasingScore {
  text: string;
  /** 1-based rank of the first hit whose span covers the gold span; null: none within k. */
  rank: number | null;
  /** Share of the top 5 hits inside the gold section (0 with no hit). */
  coverage: number;
  /** `<doc_id>#<section_id>` of the top hit; null when nothing was found. */
  top_section: string | null;
  /** The top hit's place, as a label would name it. */
  top_label: string | null;
}

export interface QuestionScore {
  id: string;
  line: number;
  question: string;
  doc: string;
  section: string;
  gold_span: { start: number; end: number };
  /** The first phrasing's (the question as written). */
  rank: number | null;
  coverage: number;
  /** `convergent` when the top hits of all phrasings lie in one section (same document and `section_id`). */
  lambda: 'convergent' | 'divergent';
  /** The chunk that covered the gold span for the question as written: the one re-ingest follows. */
  hit_chunk_id: string | null;
  /** The places of the question's top 5 hits, as labels would name them. */
  retrieved_sections: string[];
  phrasings: PhrasingScore[];
  /** With a fused run: the rank of the first covering hit in the fused ranking of all phrasings. */
  fused_rank?: number | null;
}

export interface GoldScores {
  questions: HitRates;
  phrasings: HitRates & { coverage: number };
  /** Each phrasing position alone: [0] the questions as written, [1] every first paraphrase, ... */
  by_phrasing: HitRates[];
  /** Every question's phrasings searched together as one fused ranking, when the run did. */
  fused?: HitRates;
  coverage: number;
  convergent_share: number;
  per_question: QuestionScore[];
}

/** A hit covers the gold span when it is of the gold document and its span holds the gold span whole. */
export function coversGold(hit: RankedHit, gold: GoldQuestion): boolean {
  return hit.doc_id === gold.doc.doc_uid && hit.start <= gold.start && gold.end <= hit.end;
}

function inSection(hit: RankedHit, gold: GoldQuestion, label: SectionLabel): boolean {
  return hit.doc_id === gold.doc.doc_uid && isInSection(label, hit.heading_path);
}

function scorePhrasing(run: PhrasingRun, gold: GoldQuestion, label: SectionLabel): PhrasingScore {
  const index = run.hits.findIndex((hit) => coversGold(hit, gold));
  const top = run.hits.slice(0, COVERAGE_TOP);
  const inside = top.filter((hit) => inSection(hit, gold, label)).length;
  const first = run.hits[0];
  return {
    text: run.text,
    rank: index === -1 ? null : index + 1,
    coverage: top.length === 0 ? 0 : inside / top.length,
    top_section: first ? `${first.doc_id}#${first.section_id}` : null,
    top_label: first ? describeHeadingPath(first.heading_path) : null,
  };
}

function hitRates(ranks: (number | null)[], k: number): HitRates {
  const {
    questions,
    mean_tokens_at_5: _,
    ...rates
  } = computeMetrics(
    ranks.map((rank) => ({ rank, tokens_at_5: 0 })),
    { k },
  );
  return { count: questions, ...rates };
}

const mean = (values: number[]): number =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** Citation match (hit@1/5/10, MRR) over questions and over every phrasing, coverage, and agreement. */
export function scoreGoldRuns(runs: readonly QuestionRun[], k: number): GoldScores {
  const perQuestion = runs.map(({ question, phrasings, fused }): QuestionScore => {
    const label = parseSectionLabel(question.section);
    const scores = phrasings.map((run) => scorePhrasing(run, question, label));
    const first = scores[0]!;
    const tops = new Set(scores.map((s) => s.top_section));
    const hitIndex = first.rank === null ? null : first.rank - 1;
    return {
      id: question.id,
      line: question.line,
      question: question.question,
      doc: question.doc.source_url,
      section: question.section,
      gold_span: { start: question.start, end: question.end },
      rank: first.rank,
      coverage: first.coverage,
      lambda: tops.size === 1 && !tops.has(null) ? 'convergent' : 'divergent',
      hit_chunk_id: hitIndex === null ? null : phrasings[0]!.hits[hitIndex]!.snippet_id,
      retrieved_sections: phrasings[0]!.hits
        .slice(0, COVERAGE_TOP)
        .map((hit) =>
          hit.doc_id === question.doc.doc_uid
            ? describeHeadingPath(hit.heading_path)
            : `${describeHeadingPath(hit.heading_path)} [${hit.source_url.split('/').at(-1)}]`,
        ),
      phrasings: scores,
      ...(runs.some((r) => r.fused !== undefined)
        ? { fused_rank: fused === undefined ? null : scorePhrasing(fused, question, label).rank }
        : {}),
    };
  });
  const positions = Math.max(0, ...perQuestion.map((q) => q.phrasings.length));
  const all = perQuestion.flatMap((q) => q.phrasings);
  return {
    questions: hitRates(
      perQuestion.map((q) => q.rank),
      k,
    ),
    phrasings: {
      ...hitRates(
        all.map((p) => p.rank),
        k,
      ),
      coverage: mean(all.map((p) => p.coverage)),
    },
    by_phrasing: Array.from({ length: positions }, (_, i) =>
      hitRates(
        perQuestion.filter((q) => i < q.phrasings.length).map((q) => q.phrasings[i]!.rank),
        k,
      ),
    ),
    ...(runs.some((r) => r.fused !== undefined)
      ? {
          fused: hitRates(
            perQuestion.map((q) => q.fused_rank ?? null),
            k,
          ),
        }
      : {}),
    coverage: mean(perQuestion.map((q) => q.coverage)),
    convergent_share: mean(perQuestion.map((q) => (q.lambda === 'convergent' ? 1 : 0))),
    per_question: perQuestion,
  };
}
