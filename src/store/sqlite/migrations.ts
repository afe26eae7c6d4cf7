import type { Migration } from '../migration.js';
import { initial } from './migrations/001-initial.js';
import { lexicalIndex } from './migrations/002-lexical-index.js';
import { vectors } from './migrations/003-vectors.js';

export const SQLITE_MIGRATIONS: readonly Migration[] = [initial, lexicalIndex, vectors];
