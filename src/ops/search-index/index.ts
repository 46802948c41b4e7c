/** The search index of a connection: its walk, refreshes and searches (see search-index.ts). */
export { SearchIndex, forgetSearchIndexes, FULL_WALK_AFTER_MS, type IndexPhase, type OpenSearchIndexOptions, type RefreshOptions, type SearchIndexStatus } from './search-index.js';
export { readCurrentOrders, type CurrentOrders } from './current-orders.js';
export { indexStateText, walkFigures, walkProgressLine } from './index-text.js';
export { SETTLED_STATUSES, recordOf } from './index-records.js';
export type { WalkProgress } from './index-walk.js';
export type { IndexHit, SearchResult } from '../../local/search-index/index.js';
