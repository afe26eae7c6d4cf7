import type { Migration } from '../migration.js';
import { initial } from './migrations/001-initial.js';
import { lexicalIndex } from './migrations/002-lexical-index.js';
import { nodeOffsets } from './migrations/003-node-offsets.js';
import { removedDocuments } from './migrations/004-removed-documents.js';
import { vectors } from './migrations/005-vectors.js';
import { sections } from './migrations/006-sections.js';
import { versionLayouts } from './migrations/007-version-layouts.js';
import { vectorScan } from './migrations/008-vector-scan.js';
import { headingField } from './migrations/009-heading-field.js';
import { modelVersion } from './migrations/011-model-version.js';
import { indexPerChunker } from './migrations/012-index-per-chunker.js';

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  initial,
  lexicalIndex,
  nodeOffsets,
  removedDocuments,
  vectors,
  sections,
  versionLayouts,
  vectorScan,
  headingField,
  modelVersion,
  indexPerChunker,
];
