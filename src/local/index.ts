/**
 * On-disk local state of the console, under the state directory (XDG state dir by default):
 * review drafts, the audit log and per-profile memory.
 */
export { createDraftStore, type DraftStore, type DraftLoadResult, type DraftStoreOptions } from './drafts.js';
export type { Draft, DraftDecision } from './draft-format.js';
export { appendAudit, readAudit, type AuditEntry, type AuditAction, type AuditOutcome, type AuditReadResult } from './audit-log.js';
export {
  loadProfileMemory,
  updateProfileMemory,
  rememberKeepItemUnsupported,
  forgetKeepItemUnsupported,
  type ProfileMemory,
} from './profile-memory.js';
export { writeFileAtomic } from './atomic-write.js';
export { prepareStateDir, StateDirError } from './state-dir.js';
