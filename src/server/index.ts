// cairn/server: the HTTP API and web viewer that `cairn serve` starts.

export type { SearchReads } from '../search/search.js';
export type { CreateAppOptions } from './create-app.js';
export { createApp } from './create-app.js';
export { bearerRefusal } from './require-token.js';
export type {
  SearchBody,
  SearchPool,
  SearchPoolOptions,
  SearchWorkerOptions,
} from './search-pool.js';
export { createSearchPool, defaultSearchWorkers } from './search-pool.js';
export type { RunningServer } from './start-server.js';
export { startServer } from './start-server.js';
