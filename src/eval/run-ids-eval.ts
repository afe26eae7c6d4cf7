import type { Chunker } from '../chunk/types.js';
import type { IdPairMeasure } from './id-pair-metrics.js';
import type { EditHistory } from './load-edit-histories.js';
import {
  type HistoryReplay,
  ID_SCHEMES,
  type IdScheme,
  type InvalidIdSet,
  type ReplayedPair,
  type ReplayOptions,
  type RevisionFailure,
  replayEditHistory,
} from './replay-edit-history.js';
import { mean, median, minimum } from './summary-stats.js';

/** One scheme's figures over many pairs; null where no pair had a value. */
export interface IdSchemeSummary {
  kept_mean: number | null;
  kept_min: number | null;
  resolves_min: number | null;
  resolves_median: number | null;
  faithful_min: number | null;
  faithful_median: number | null;
  changed_median: number | null;
  changed_mean: number | null;
}

/** cairn's figures, with the ones over minor pairs: the pairs that promise to keep IDs. */
export interface CairnIdSummary extends IdSchemeSummary {
  kept_min_minor: number | null;
  /** Minor pairs where an unchanged chunk lost its ID (target 0). */
  minor_pairs_kept_below_1: number;
  faithful_min_minor: number | null;
  faithful_median_minor: number | null;
}

/** The figures of one history, or of all of them (`history: 'overall'`). */
export interface IdsEvalRow {
  history: string;
  revisions: number;
  pairs: number;
  /** Pairs cairn classified major (a new lineage; IDs not carried). */
  majors: number;
  cairn: CairnIdSummary;
  hash: IdSchemeSummary;
  position: IdSchemeSummary;
}

export interface IdsEvalReport {
  chunker_id: string;
  histories: IdsEvalRow[];
  overall: IdsEvalRow;
  failed: RevisionFailure[];
  invalid: InvalidIdSet[];
  seconds: number;
}

export interface IdsEvalOptions extends ReplayOptions {
  /** Called after each history is replayed, e.g. for progress. */
  onHistory?: (replay: HistoryReplay, seconds: number) => void;
}

/** Replays each history (`replayEditHistory`) and sums the figures up per history and overall. */
export async function runIdsEval(
  histories: readonly EditHistory[],
  chunker: Chunker,
  options: IdsEvalOptions = {},
): Promise<IdsEvalReport> {
  const started = performance.now();
  const replays: HistoryReplay[] = [];
  for (const history of histories) {
    const begun = performance.now();
    const replay = await replayEditHistory(history, chunker, options);
    replays.push(replay);
    options.onHistory?.(replay, (performance.now() - begun) / 1000);
  }
  return {
    chunker_id: chunker.chunker_id,
    histories: replays.map((replay) =>
      summarizeRow(replay.history, replay.revisions, replay.pairs),
    ),
    overall: summarizeRow(
      'overall',
      replays.reduce((sum, replay) => sum + replay.revisions, 0),
      replays.flatMap((replay) => replay.pairs),
    ),
    failed: replays.flatMap((replay) => replay.failed),
    invalid: replays.flatMap((replay) => replay.invalid),
    seconds: (performance.now() - started) / 1000,
  };
}

function summarizeRow(history: string, revisions: number, pairs: ReplayedPair[]): IdsEvalRow {
  const of = (scheme: IdScheme) => summarizeScheme(pairs.map((pair) => pair.schemes[scheme]));
  const minor = pairs.filter((pair) => pair.change !== 'major').map((pair) => pair.schemes.cairn);
  const minorKept = present(minor.map((m) => m.kept));
  const minorFaithful = present(minor.map((m) => m.faithful));
  const summaries = Object.fromEntries(ID_SCHEMES.map((scheme) => [scheme, of(scheme)])) as Record<
    IdScheme,
    IdSchemeSummary
  >;
  return {
    history,
    revisions,
    pairs: pairs.length,
    majors: pairs.length - minor.length,
    cairn: {
      ...summaries.cairn,
      kept_min_minor: minimum(minorKept),
      minor_pairs_kept_below_1: minorKept.filter((kept) => kept < 1).length,
      faithful_min_minor: minimum(minorFaithful),
      faithful_median_minor: median(minorFaithful),
    },
    hash: summaries.hash,
    position: summaries.position,
  };
}

function summarizeScheme(measures: readonly IdPairMeasure[]): IdSchemeSummary {
  const kept = present(measures.map((m) => m.kept));
  const resolves = present(measures.map((m) => m.resolves));
  const faithful = present(measures.map((m) => m.faithful));
  const changed = measures.map((m) => m.changed);
  return {
    kept_mean: mean(kept),
    kept_min: minimum(kept),
    resolves_min: minimum(resolves),
    resolves_median: median(resolves),
    faithful_min: minimum(faithful),
    faithful_median: median(faithful),
    changed_median: median(changed),
    changed_mean: mean(changed),
  };
}

function present(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}
