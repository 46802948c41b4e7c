/**
 * The console's shell: the orders list at the bottom of a stack of screens (order, activity
 * log, overview), the help overlay, the profile picker, the authentication failure screen,
 * the notice line, and the global keys (q, ?, L, P). Screens under the top one stay
 * mounted, so their state survives. Its app-level actions (open the overview, switch
 * profile) are provided to the screens below (app-actions-context.tsx).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Box, Text, useApp } from 'ink';
import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { ListFilters } from '../api/list-params.js';
import { appReducer, initialAppState, topScreen, type AppState, type AuthFailure, type Screen } from './app-state.js';
import { AuthErrorScreen } from './components/auth-error-screen.js';
import { HelpOverlay } from './components/help-overlay.js';
import { NoticeLine } from './components/notice-line.js';
import { AppActionsContext, type AppActions } from './context/app-actions-context.js';
import { useNotice } from './context/notice-context.js';
import { useSettleUnknownWrites } from './hooks/use-settle-unknown-writes.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import type { KeyAction, KeyScope } from './keys/bindings.js';
import { KeyStateProvider } from './context/key-state-context.js';
import { GlobalKeysProvider } from './keys/global-keys-context.js';
import { InputRouterProvider } from './keys/input-router.js';
import { PasteFallback, ScanFallback } from './keys/input-fallbacks.js';
import { display, sanitizeForTerminal } from '../format/sanitize.js';
import { ScreenActiveProvider } from './keys/screen-active-context.js';
import { onKeyRefused } from './queries/query-client.js';
import { DeskSlot } from './screens/bulk/desk-slot.js';
import { useDesk, type Desk } from './screens/bulk/use-desk.js';
import type { AppCommand } from './command-line/commands.js';
import { ListScreen } from './screens/list/list-screen.js';
import type { ListView } from './screens/list/list-state.js';
import type { AppCommandHandler } from './screens/list/use-list-commands.js';
import { useListState } from './screens/list/use-list-state.js';
import { ProfilePicker } from './profiles/profile-picker.js';
import { useProfileSwitch } from './profiles/profile-switch-context.js';
import { switchBlocker } from './profiles/switch-blocker.js';

// Rarely used screens load on first use, so start-up does not pay for them.
const OrderScreen = lazy(() => import('./screens/order/order-screen.js').then((m) => ({ default: m.OrderScreen })));
const ActivityLogScreen = lazy(() =>
  import('./screens/activity-log/activity-log-screen.js').then((m) => ({ default: m.ActivityLogScreen })),
);
const OverviewScreen = lazy(() => import('./screens/overview/overview-screen.js').then((m) => ({ default: m.OverviewScreen })));

export interface AppProps {
  readonly initialFilters: ListFilters;
  readonly initialLimit: number;
  /** A key problem known before start (missing or malformed): the auth screen shows at once. */
  readonly initialAuth?: AuthFailure | null;
  /** The saved view the console opens with (`--view`; its filters are `initialFilters`). */
  readonly initialView?: ListView | null;
}

/**
 * Lines the shell keeps below the screens: the notice line. The frame is as tall as the
 * terminal (Ink 8 draws such a frame in place, without the newline that would scroll it; the
 * frame oracles check it at every size), so the screens have every other row.
 */
export const SHELL_LINES = 1;

const SCREEN_SCOPES: Record<Screen['kind'], readonly KeyScope[]> = {
  list: ['list', 'command', 'filter', 'find'],
  order: ['order', 'reason', 'confirm'],
  log: ['log'],
  overview: ['overview'],
};

function screenKey(screen: Screen): string {
  return screen.kind === 'order' ? `order-${screen.orderId}` : screen.kind;
}

/** The console. */
export function App(props: AppProps) {
  const [nav, dispatch] = useReducer(appReducer, props.initialAuth ?? null, initialAppState);
  const list = useListState(props.initialFilters, props.initialLimit, props.initialView ?? null);
  const { exit } = useApp();
  // Bulk runs and scan mode: held here, above the list, so a run survives resizes and refreshes.
  const desk = useDesk({ list, exit });
  const queryClient = useQueryClient();
  const size = useTerminalSize();
  const { notice, show, clear: clearNotice } = useNotice();
  const profileSwitch = useProfileSwitch();

  // A notice belongs to the screen it was shown on ("This is the last page." must not
  // follow the clerk into an order): a change of screen, overlay or desk clears it. Only a
  // notice that was already there before the change: one shown with the change itself
  // ("Left scan mode; not processed: …") is about where the clerk lands.
  const place = `${screenKey(topScreen(nav))}|${nav.isHelpOpen}|${nav.isProfilesOpen}|${desk.isOpen}|${nav.auth !== null}`;
  const previous = useRef({ place, notice });
  useEffect(() => {
    const before = previous.current;
    previous.current = { place, notice };
    if (before.place !== place && notice !== null && notice === before.notice) clearNotice();
  });

  // A refused key on any request (list, find, order, writes) replaces the console with the
  // auth screen: the query client's one onError reports it (queries/query-client.ts).
  useEffect(() => onKeyRefused(queryClient, (failure) => dispatch({ type: 'auth-failed', failure })), [queryClient]);
  useSettleUnknownWrites();

  // The app-level actions: by key here, and by the command line (`:overview`, `:profile NAME`).
  const blocker = switchBlocker(desk.bulkState, desk.isScanOpen);
  const isAuthFailed = nav.auth !== null;
  const actions = useMemo<AppActions>(
    () => ({
      openOverview: () => {
        if (!isAuthFailed) dispatch({ type: 'open-overview' });
      },
      openProfilePicker: () => {
        if (blocker) show(blocker, 'warning');
        else dispatch({ type: 'open-profiles' });
      },
      switchProfile: (name: string) => {
        if (blocker) return show(blocker, 'warning');
        if (!profileSwitch) return show(display`This console has one profile: start it with --profile NAME for another shop.`, 'warning');
        dispatch({ type: 'close-profiles' });
        show(display`Opening profile ${sanitizeForTerminal(name)}…`);
        void profileSwitch.switchTo(name).then((result) => {
          // A switch mounts the other profile's console: this one, and its notices, are gone.
          if (result.kind === 'failed') show(result.message, 'error');
          else if (result.kind === 'same') show(display`Profile ${sanitizeForTerminal(name)} is the one shown.`);
        });
      },
      profileNames: profileSwitch?.names ?? [],
    }),
    [blocker, isAuthFailed, profileSwitch, show],
  );

  const onGlobal = (action: KeyAction) => {
    // While a bulk run is in progress the desk asks first.
    if (action === 'quit') {
      if (!desk.requestQuit()) exit();
    } else if (action === 'help' && !nav.auth) dispatch({ type: 'toggle-help' });
    else if (action === 'activity-log' && !nav.auth) dispatch({ type: 'open-log' });
    else if (action === 'switch-profile') actions.openProfilePicker();
  };

  // The command line's app-level commands (:log, :help, :q …) take the same path as their keys.
  // One entry per command; a command without an entry says it is not in this build.
  const appCommands: Partial<Record<AppCommand, (argument?: string) => void>> = {
    log: () => onGlobal('activity-log'),
    help: () => onGlobal('help'),
    quit: () => onGlobal('quit'),
    overview: () => actions.openOverview(),
    profile: (name) => {
      if (name !== undefined) actions.switchProfile(name);
    },
  };
  const onAppCommand: AppCommandHandler = (command, argument) => {
    const run = appCommands[command];
    if (!run) return `:${command} is not available in this build of the console.`;
    run(argument);
    return null;
  };

  const height = Math.max(1, size.rows - SHELL_LINES);
  return (
    <InputRouterProvider>
      <ScanFallback />
      <PasteFallback />
      <AppActionsContext.Provider value={actions}>
      <GlobalKeysProvider onAction={onGlobal}>
      <KeyStateProvider>
        {/* Clipped vertically only: every line is already cut to the width, and a horizontal
            clip made Ink slice each line of each frame again (a third of the first frame). */}
        <Box flexDirection="column" height={size.rows} overflowY="hidden">
          <Box flexDirection="column" height={height} overflowY="hidden">
            {nav.isProfilesOpen && profileSwitch ? (
              <ProfilePicker
                names={profileSwitch.names}
                current={profileSwitch.current}
                height={height}
                onPick={actions.switchProfile}
                onClose={() => dispatch({ type: 'close-profiles' })}
                onQuit={() => onGlobal('quit')}
              />
            ) : null}
            {nav.auth ? (
              nav.isProfilesOpen ? null : <AuthErrorScreen failure={nav.auth} canSwitch={(profileSwitch?.names.length ?? 0) > 1} height={height} />
            ) : (
              renderScreens(nav, list, dispatch, height, desk, onAppCommand)
            )}
          </Box>
          <NoticeLine />
        </Box>
      </KeyStateProvider>
      </GlobalKeysProvider>
      </AppActionsContext.Provider>
    </InputRouterProvider>
  );
}

function renderScreens(
  nav: AppState,
  list: ReturnType<typeof useListState>,
  dispatch: (action: Parameters<typeof appReducer>[1]) => void,
  height: number,
  desk: Desk,
  onAppCommand: AppCommandHandler,
): ReactNode {
  const top = topScreen(nav);
  const back = () => dispatch({ type: 'back' });
  const fallback = <Text dimColor>Loading…</Text>;
  return (
    <>
      {nav.stack.map((screen, index) => {
        const isTop = index === nav.stack.length - 1 && !nav.isHelpOpen && !nav.isProfilesOpen;
        let body: ReactNode;
        if (screen.kind === 'list') {
          body = (
            <DeskSlot desk={desk} height={height}>
              <ListScreen
                store={list}
                height={height}
                onOpen={(orderId) => dispatch({ type: 'open-order', orderId })}
                onTargetsAction={desk.onTargetsAction}
                onAppCommand={onAppCommand}
                queuedScans={desk.queuedScans}
              />
            </DeskSlot>
          );
        } else if (screen.kind === 'order') {
          body = (
            <Suspense fallback={fallback}>
              <OrderScreen orderId={screen.orderId} onBack={back} height={height} />
            </Suspense>
          );
        } else if (screen.kind === 'overview') {
          body = (
            <Suspense fallback={fallback}>
              <OverviewScreen height={height} onBack={back} onOpen={(orderId) => dispatch({ type: 'open-order', orderId })} />
            </Suspense>
          );
        } else {
          body = (
            <Suspense fallback={fallback}>
              <ActivityLogScreen onBack={back} height={height} />
            </Suspense>
          );
        }
        return (
          <Box key={screenKey(screen)} display={isTop ? 'flex' : 'none'} flexDirection="column" height={height}>
            <ScreenActiveProvider isActive={isTop}>{body}</ScreenActiveProvider>
          </Box>
        );
      })}
      {nav.isHelpOpen ? <HelpOverlay scopes={SCREEN_SCOPES[top.kind]} height={height} onClose={() => dispatch({ type: 'close-help' })} /> : null}
    </>
  );
}
