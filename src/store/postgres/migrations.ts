import type { Migration } from '../migration.js';
import { initial } from './migrations/001-initial.js';
import { lexicalIndex } from './migrations/002-lexical-index.js';
import { storedTsvector } from './migrations/003-stored-tsvector.js';
import { nodeOffsets } from './migrations/004-node-offsets.js';
import { removedDocuments } from './migrations/005-removed-documents.js';
import { vectors } from './migrations/006-vectors.js';
import { sections } from './migrations/007-sections.js';
import { versionLayouts } from './migrations/008-version-layouts.js';
import { vectorScan } from './migrations/009-vector-scan.js';
import { headingField } from './migrations/010-heading-field.js';
import { modelVersion } from './migrations/012-model-version.js';
import { lz4Versions } from './migrations/013-lz4-versions.js';

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  initial,
  lexicalIndex,
  storedTsvector,
  nodeOffsets,
  removedDocuments,
  vectors,
  sections,
  versionLayouts,
  vectorScan,
  headingField,
  modelVersion,
  lz4Versions,
];
