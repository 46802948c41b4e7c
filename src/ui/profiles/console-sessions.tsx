/**
 * One console session per profile (shop): its services (client, key, profile name for
 * drafts, memory and the activity log), its own React Query cache and its connection
 * state. Switching profile replaces the whole session below this component, so nothing of
 * one shop (a cached page, a mark, a notice, a bulk result) can show in another. A
 * session opened before is kept (its cache serves the pages when switching back), except
 * one whose key could not be had or was refused: that one is opened again, so a fixed key is read.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { display, sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';
import { useNotice, type NoticeTone } from '../context/notice-context.js';
import type { AuthFailure } from '../app-state.js';
import { ConsoleRoot } from '../console-root.js';
import type { Theme } from '../context/theme-context.js';
import { createConsoleQueryClient, wasKeyRefused } from '../queries/query-client.js';
import type { ConsoleServices, ProfileCatalog } from '../services.js';
import { ProfileSwitchContext, type ProfileSwitch, type SwitchResult } from './profile-switch-context.js';

/** What the console shows of one profile. */
export interface ProfileSession {
  readonly services: ConsoleServices;
  readonly queryClient: QueryClient;
  /** A key problem known when the profile was opened: the auth screen shows at once. */
  readonly initialAuth: AuthFailure | null;
}

export interface ConsoleSessionsProps {
  /** The profile the console started with. */
  readonly initial: ProfileSession;
  /** The profiles of the config file (absent: the console has one profile). */
  readonly catalog?: ProfileCatalog;
  readonly theme: Theme;
  /** The app shell of one session (mounted afresh for every switch). */
  readonly children: (session: ProfileSession) => ReactNode;
}

/** Holds the sessions and renders the current one. */
export function ConsoleSessions(props: ConsoleSessionsProps) {
  const { catalog } = props;
  const sessions = useRef(new Map<string, ProfileSession>([[props.initial.services.profile.name, props.initial]]));
  // Each switch mounts anew (the key), also when coming back to a session opened before.
  const [shown, setShown] = useState({ session: props.initial, mount: 0 });
  const isSwitching = useRef(false);
  const current = shown.session.services.profile.name;
  const listed = useFollowedConfig(catalog, sessions, setShown);
  const names = useMemo(() => (listed.names.includes(current) ? listed.names : [current, ...listed.names]), [listed.names, current]);

  const switchTo = useCallback(
    async (name: string): Promise<SwitchResult> => {
      if (name === current) return { kind: 'same' };
      if (!catalog || !listed.names.includes(name)) {
        return { kind: 'failed', message: sanitizeForTerminal(`There is no profile "${name}" to switch to (profiles: ${names.join(', ')}).`) };
      }
      if (isSwitching.current) return { kind: 'failed', message: display`A switch of profile is already under way.` };
      isSwitching.current = true;
      try {
        const known = sessions.current.get(name);
        let session = known && known.initialAuth === null && !wasKeyRefused(known.queryClient) ? known : undefined;
        if (!session) {
          const opened = await catalog.open(name);
          if (opened.kind === 'failed') return opened;
          known?.queryClient.clear();
          session = { services: opened.services, queryClient: createConsoleQueryClient(), initialAuth: opened.initialAuth };
          sessions.current.set(name, session);
        }
        const next = session;
        setShown((s) => ({ session: next, mount: s.mount + 1 }));
        return { kind: 'switched' };
      } finally {
        isSwitching.current = false;
      }
    },
    [catalog, current, names, listed.names],
  );

  // When the console ends, every session's cache goes with it (the other profiles' too), after
  // the screens below have let go of their queries (their clean-ups run after this one).
  useEffect(() => {
    const all = sessions.current;
    return () => {
      setImmediate(() => {
        for (const session of all.values()) session.queryClient.clear();
      });
    };
  }, []);

  const value = useMemo<ProfileSwitch>(() => ({ names, current, switchTo }), [names, current, switchTo]);
  const { session } = shown;
  return (
    <ConsoleRoot key={`${current}#${shown.mount}`} services={session.services} queryClient={session.queryClient} theme={props.theme}>
      <ConfigNotice notice={listed.notice} />
      <ProfileSwitchContext.Provider value={value}>{props.children(session)}</ProfileSwitchContext.Provider>
    </ConsoleRoot>
  );
}

/** The last change of the config file, for the notice line. */
interface ConfigNoticeState {
  readonly text: DisplayText;
  readonly tone: NoticeTone;
}

/**
 * Follows the catalog's config file: each change that loads gives every session opened so
 * far its new settings (the one shown without a remount: its screens keep their state) and
 * the profile list; each change is told in the notice line. Returns the profile list and that notice.
 */
function useFollowedConfig(
  catalog: ProfileCatalog | undefined,
  sessions: RefObject<Map<string, ProfileSession>>,
  setShown: Dispatch<SetStateAction<{ readonly session: ProfileSession; readonly mount: number }>>,
): { readonly names: readonly string[]; readonly notice: ConfigNoticeState | null } {
  const [state, setState] = useState<{ names: readonly string[]; notice: ConfigNoticeState | null }>(() => ({ names: catalog?.names ?? [], notice: null }));
  useEffect(() => {
    if (!catalog?.follow) return;
    return catalog.follow((change) => {
      if (change.kind === 'refused') {
        setState((s) => ({ ...s, notice: { text: change.message, tone: 'error' } }));
        return;
      }
      const all = sessions.current;
      for (const [name, session] of all) all.set(name, { ...session, services: change.apply(session.services) });
      setShown((s) => ({ session: all.get(s.session.services.profile.name) ?? s.session, mount: s.mount }));
      setState({ names: change.names, notice: { text: change.message, tone: 'info' } });
    });
  }, [catalog, sessions, setShown]);
  return state;
}

/** Shows each new config notice once in the session shown (a session mounted later does not repeat it). */
function ConfigNotice(props: { readonly notice: ConfigNoticeState | null }) {
  const { show } = useNotice();
  const shownBefore = useRef(props.notice);
  useEffect(() => {
    if (props.notice === null || props.notice === shownBefore.current) return;
    shownBefore.current = props.notice;
    show(props.notice.text, props.notice.tone);
  }, [props.notice, show]);
  return null;
}
