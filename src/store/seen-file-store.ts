import type { SeenFileRow } from './types.js';

/** Source files an ingest has read, so that the next one skips those that did not change. */
export interface SeenFileStore {
  getSeenFile(sourceUrl: string, settingsKey: string): Promise<SeenFileRow | null>;
  /** Records files seen again whose content was already stored (touched, not changed). */
  recordSeenFiles(rows: SeenFileRow[]): Promise<void>;
}
