import type { Migration } from '../../migration.js';
import { initial } from './001-initial.js';

export const POSTGRES_MIGRATIONS: readonly Migration[] = [initial];
