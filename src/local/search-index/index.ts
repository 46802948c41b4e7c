/** The search index's local store: one SQLite file per connection (see index-store.ts). */
export { SearchIndexStore, deleteIndexFiles, type StoreOptions } from './index-store.js';
export type { IndexRecord } from './index-record.js';
export { COUNT_CAP, type IndexHit, type SearchResult } from './index-search.js';
export { planSearch, type SearchPlan } from './index-query.js';
