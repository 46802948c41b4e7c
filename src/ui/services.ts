/**
 * What the console needs from the outside world, injected once at start (gh's factory
 * idea): the client, the resolved profile, local state stores and the clock. Screen tests
 * build this with a real client against the sandbox and temporary directories.
 */
import type { ReturnsClient } from '../api/client-types.js';
import type { WriteStops } from '../ops/write-stops.js';
import type { DisplayText } from '../format/sanitize.js';
import type { AuthFailure } from './app-state.js';
import type { ConnectionMonitor } from './connection/connection-monitor.js';
import type { KeyTable } from './keys/match.js';
import type { SavedViews } from '../ops/saved-views.js';
import type { ScanDeskSettings } from './scan-desk-settings.js';

export type { ScanDeskSettings, ScanSound } from './scan-desk-settings.js';
import type { SearchIndex } from '../ops/search-index/index.js';
import type { OpenOutcome } from '../local/open-url.js';
import type { ShopColor } from '../format/style.js';

export interface ConsoleProfile {
  /** Profile name (one per shop), e.g. "default" or "north". */
  readonly name: string;
  /**
   * The name its local state (drafts, activity log, memory, command history) is kept under:
   * the profile's name, or that name and a fingerprint when the base URL or key came from
   * outside the profile (src/cli/config/local-state-name.ts).
   */
  readonly stateName: string;
  /** Host shown in the header, e.g. "127.0.0.1:4010". */
  readonly serviceHost: string;
  /** True when the service is the embedded sandbox (shows the "SANDBOX · demo data" badge). */
  readonly isSandbox: boolean;
  /** Preset reject reasons to pick from in the reason prompt. */
  readonly rejectReasons: readonly string[];
  /** Auto-refresh interval of the list and an open order in ms (default 30 000; 0 = off). */
  readonly refreshIntervalMs: number;
  /** The profile's scan_code_pattern: its one group is the order name or id in a scanned code (none: the code as is). */
  readonly scanCodePattern?: RegExp | null;
  /** The overview counts each status up to this many orders (default 5000). */
  readonly overviewCap?: number;
  /** The scan desk's settings (default: DEFAULT_SCAN_DESK). */
  readonly scanDesk?: ScanDeskSettings;
  /** Words naming the shop on every screen (the profile's `label`), e.g. PRODUCTION. */
  readonly label?: string | null;
  /** The shop's colour on every screen (the profile's `color`). */
  readonly color?: ShopColor | null;
  /** The web admin's page of an order (the profile's `web_url`: {id} and {order_name} filled in). */
  readonly webUrl?: string | null;
}

export interface ConsoleServices {
  readonly client: ReturnsClient;
  readonly profile: ConsoleProfile;
  /** --read-only: every mutating key is disabled, with the reason shown when pressed. */
  readonly isReadOnly: boolean;
  /** Directory for drafts, the audit log and per-profile memory (XDG state dir by default). */
  readonly stateDir: string;
  readonly now: () => number;
  /** Retry and rate-limit state of the client (its hooks feed it); optional in tests. */
  readonly connection?: ConnectionMonitor;
  /** Set by startConsole: how quitting stops and cuts the writes in flight (src/ops/write-stops.ts). */
  readonly writeStops?: WriteStops;
  /** The key table with the config file's keybindings applied (default: the built-in table). */
  readonly keyTable?: KeyTable;
  /** Saved views of the config file, for `:view` (default: none). */
  readonly views?: SavedViews;
  /** Profile names of the config file, for `:profile` and its completion (default: none). */
  readonly profileNames?: readonly string[];
  /**
   * Opens the profile's search index (loaded on first use); null when the profile keeps none
   * (`search_index: false`: its files are deleted). Absent: quick find looks up names and ids only.
   */
  readonly openSearchIndex?: () => Promise<SearchIndex | null>;
  /** Opens a web page in the user's browser (local/open-url.ts); absent: the address is shown instead. */
  readonly openInBrowser?: (url: string) => Promise<OpenOutcome>;
}

/** A profile opened for the console: its own services (client, name, clock), or why it cannot be. */
export type ProfileOpening =
  | {
      readonly kind: 'ready';
      readonly services: ConsoleServices;
      /** A key that cannot be had (missing, malformed): the console shows the auth screen for this profile. */
      readonly initialAuth: AuthFailure | null;
    }
  /** The profile cannot be used at all (not in the config file, no service configured, a failing key command). */
  | { readonly kind: 'failed'; readonly message: DisplayText };

/** A change of the config file while the console runs (ProfileCatalog.follow). */
export type ConfigChange =
  | {
      readonly kind: 'reloaded';
      /** The profiles one can switch to now. */
      readonly names: readonly string[];
      /** A profile's services with the new file's key bindings, views, profile names and that profile's settings. */
      readonly apply: (services: ConsoleServices) => ConsoleServices;
      /** What the notice line says. */
      readonly message: DisplayText;
    }
  /** The new file does not load: the settings in force stay; `message` says why. */
  | { readonly kind: 'refused'; readonly message: DisplayText };

/**
 * The profiles (shops) of the config file, for switching without a restart. Each profile
 * gets its own client, key and local state; the console never mixes two.
 */
export interface ProfileCatalog {
  /** Every profile one can switch to, in the config file's order (at the start; `follow` tells of changes). */
  readonly names: readonly string[];
  /** Opens a profile: reads its key and makes its client (again after a key problem). Never throws. */
  open(name: string): Promise<ProfileOpening>;
  /** Calls `listener` after each change of the config file; returns the unsubscribe function. */
  readonly follow?: (listener: (change: ConfigChange) => void) => () => void;
}
