/**
 * Loads the newest audit entries (again on R) and maps the keys of the log scope:
 * scrolling, reload and back.
 */
import { useCallback, useEffect, useState } from 'react';
import { readAudit, type AuditEntry } from '../../../local/audit-log.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import type { ActivityLogAction } from './activity-log-state.js';

/** How many entries the viewer reads. */
export const AUDIT_VIEW_LIMIT = 500;

export type AuditLoad =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly entries: readonly AuditEntry[]; readonly skipped: number; readonly tooLong: number }
  | { readonly kind: 'failed'; readonly message: string };

/** Reads `profile`'s entries of the audit log of `stateDir`; `reload` reads it again. */
export function useAuditEntries(stateDir: string, profile: string): { readonly load: AuditLoad; readonly reload: () => void } {
  const [load, setLoad] = useState<AuditLoad>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    readAudit(stateDir, { limit: AUDIT_VIEW_LIMIT, profile }).then(
      ({ entries, skipped, tooLong }) => isCurrent && setLoad({ kind: 'ready', entries, skipped, tooLong }),
      (error: unknown) => isCurrent && setLoad({ kind: 'failed', message: (error as Error).message }),
    );
    return () => {
      isCurrent = false;
    };
  }, [stateDir, profile, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { load, reload };
}

export interface ActivityLogInput {
  readonly dispatch: (action: ActivityLogAction) => void;
  readonly total: number;
  readonly visible: number;
  readonly onBack: () => void;
  readonly onReload: () => void;
}

/** Wires the keyboard to the activity log. */
export function useActivityLogInput(input: ActivityLogInput): void {
  useKeyBindings('log', (action) => {
    const { dispatch, total, visible } = input;
    const scroll = (delta: number) => dispatch({ type: 'scroll', delta, total, visible });
    switch (action) {
      case 'back':
        return input.onBack();
      case 'refresh':
        dispatch({ type: 'reset' });
        return input.onReload();
      case 'move-up':
        return scroll(-1);
      case 'move-down':
        return scroll(1);
      case 'page-up':
        return scroll(-visible);
      case 'page-down':
        return scroll(visible);
      default:
        return undefined;
    }
  });
}
