import type { Migration } from '../../migration.js';
import { initial } from './001-initial.js';
import { lexicalIndex } from './002-lexical-index.js';
import { storedTsvector } from './003-stored-tsvector.js';

export const POSTGRES_MIGRATIONS: readonly Migration[] = [initial, lexicalIndex, storedTsvector];
