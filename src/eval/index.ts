// cairn/eval: retrieval quality on SQuAD and gold sets, chunk ID stability over real edit histories.

export type { RankingDifference } from './compare-rankings.js';
export type {
  QuestionOutcome,
  RetrievalMetrics,
  RetrievedSpan,
} from './eval-metrics.js';
export { computeMetrics, firstHitRank } from './eval-metrics.js';
export type { ReingestLoss, ReingestReport } from './follow-reingest.js';
export type { GoldCitationMatch } from './gold-citation-match.js';
export { CITATION_MATCH_THRESHOLD, goldCitationMatch } from './gold-citation-match.js';
export type { GoldSearchMode } from './gold-search-mode.js';
export { GOLD_SEARCH_MODES } from './gold-search-mode.js';
export type {
  GoldCitation,
  GoldDocRef,
  GoldDocs,
  GoldIssue,
  GoldIssueCode,
  GoldQuestion,
} from './gold-set.js';
export { GOLD_ISSUE_CODES } from './gold-set.js';
export type { IdPairMeasure, LostIdText } from './id-pair-metrics.js';
export type { EditHistory, LoadEditHistoriesOptions } from './load-edit-histories.js';
export { loadEditHistories } from './load-edit-histories.js';
export type { LoadedGold } from './load-gold-set.js';
export { loadGoldCitations, loadGoldQuestions } from './load-gold-set.js';
export type { GoldSpan, SquadArticle, SquadQuestion } from './load-squad.js';
export { loadSquad } from './load-squad.js';
export type {
  HistoryReplay,
  IdScheme,
  InvalidIdSet,
  ReplayedPair,
  ReplayOptions,
  RevisionFailure,
} from './replay-edit-history.js';
export { ID_SCHEMES, replayEditHistory } from './replay-edit-history.js';
export type {
  DeterminismReport,
  GoldEvalOptions,
  GoldEvalReport,
} from './run-gold-eval.js';
export { runGoldEval } from './run-gold-eval.js';
export type {
  CairnIdSummary,
  IdSchemeSummary,
  IdsEvalOptions,
  IdsEvalReport,
  IdsEvalRow,
} from './run-ids-eval.js';
export { runIdsEval } from './run-ids-eval.js';
export type {
  ChunkerEvalResult,
  SquadEvalOptions,
  SquadEvalReport,
} from './run-squad-eval.js';
export { DEFAULT_EVAL_CHUNKERS, runSquadEval } from './run-squad-eval.js';
export type {
  GoldScores,
  HitRates,
  PhrasingScore,
  QuestionScore,
} from './score-gold-runs.js';
export type { SectionLabel } from './section-label.js';
export { isInSection, parseSectionLabel } from './section-label.js';
export type { SquadSplit } from './squad-split.js';
export { checkSquadSplit, SQUAD_SPLITS, squadSplit } from './squad-split.js';
export { storeGoldDocs } from './store-gold-docs.js';
