/**
 * One transient status line shared by every screen ("Read-only mode: …", "Cursor expired,
 * back to page 1"). The app shell renders it above the footer; screens only call `show`.
 */
import type { DisplayText } from '../../format/sanitize.js';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type NoticeTone = 'info' | 'warning' | 'error';

export interface Notice {
  /** Display text: service text in it is sanitized (see `display`). */
  readonly text: DisplayText;
  readonly tone: NoticeTone;
}

export interface NoticeApi {
  readonly notice: Notice | null;
  /** Replaces the current notice. */
  readonly show: (text: DisplayText, tone?: NoticeTone) => void;
  readonly clear: () => void;
}

const NOOP: NoticeApi = { notice: null, show: () => undefined, clear: () => undefined };
const NoticeContext = createContext<NoticeApi>(NOOP);

/** How long a notice stays before the line clears by itself. */
export const NOTICE_MS = 10_000;

/** Holds the current notice for everything below it; each notice clears after NOTICE_MS. */
export function NoticeProvider(props: { readonly children?: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback((text: DisplayText, tone: NoticeTone = 'info') => setNotice({ text, tone }), []);
  const clear = useCallback(() => setNotice(null), []);
  const api = useMemo(() => ({ notice, show, clear }), [notice, show, clear]);
  return <NoticeContext.Provider value={api}>{props.children}</NoticeContext.Provider>;
}

/** The shared notice line (a no-op outside `NoticeProvider`, e.g. in isolated tests). */
export function useNotice(): NoticeApi {
  return useContext(NoticeContext);
}
