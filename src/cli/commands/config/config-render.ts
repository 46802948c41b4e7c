/**
 * Output of `returns-console config` through the exporter (src/cli/output/): every resolved
 * value with its source, the key only as `sk_…` and its last 4 characters.
 */
import type { ErrorShape } from '../../errors-output.js';
import type { KeySource, ResolvedConfig, Sourced } from '../../config/index.js';
import type { Style } from '../../../format/style.js';
import { displayWidth } from '../../../format/width.js';
import type { Output } from '../../output/index.js';
import type { SavedView } from '../../../ops/saved-views.js';
import type { KeySpec } from '../../../ui/keys/bindings.js';
import { configKeyName, DISABLED_KEY } from '../../../ui/keys/key-names.js';
import type { ScanSound } from '../../../ui/scan-desk-settings.js';

/** The key as `config` shows it: redacted, or why it could not be read. */
export type KeyView = { readonly redacted: string } | { readonly error: ErrorShape };

function keySourceLabel(source: KeySource): string {
  switch (source.kind) {
    case 'env':
      return source.variable === 'RETURNS_API_KEY' ? source.source : `${source.source} (${source.variable})`;
    case 'file':
      return `${source.source} (${source.path})`;
    case 'command':
      return `${source.source} (${source.command})`;
    case 'none':
      return 'none';
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** Keys as the config file writes them: "<c-n>, <down>", or "<disabled>". */
const keysText = (keys: readonly KeySpec[]) => (keys.length === 0 ? DISABLED_KEY : keys.map(configKeyName).join(', '));

/** A view in a few words: "statuses pending · from today · columns id,order_name". */
function viewText(view: SavedView): string {
  const parts = Object.entries(view).map(([field, value]) => `${field} ${Array.isArray(value) ? value.join(',') : String(value)}`);
  return parts.length > 0 ? parts.join(' · ') : 'all orders, default columns';
}

/** One row per key the config file changed (else one saying the built-in keys apply), one per view. */
function keyAndViewRows(config: ResolvedConfig): [string, string, string][] {
  const keys: [string, string, string][] =
    config.keys.overrides.length === 0
      ? [['keys', 'built-in (press ? in the console, or see docs/keybindings.md)', 'default']]
      : config.keys.overrides.map((o) => [`key ${o.scope}.${o.action}`, keysText(o.keys), `config keybindings.${o.scope}.${o.action}`]);
  const views = Object.entries(config.views).map(([name, view]): [string, string, string] => [`view ${name}`, viewText(view), `config views.${name}`]);
  return [...keys, ...views];
}

/**
 * Where the connection's drafts, activity and memory are kept (config/local-state-name.ts),
 * when there is a connection to name: its base URL and key.
 */
export interface LocalStateView {
  readonly name: string;
  readonly isProfiles: boolean;
  /** The connection's search index file (docs/search.md). */
  readonly searchIndexPath: string;
}

function localStateRow(state: LocalStateView | null): [string, string, string] {
  if (state === null) return ['local state', '(no connection: base URL or key missing)', 'none'];
  return ['local state', state.name, state.isProfiles ? "the profile's own" : 'base URL or key from outside the profile: kept apart'];
}

/** Rows of name, value, source. */
function rows(config: ResolvedConfig, key: KeyView, state: LocalStateView | null): [string, string, string][] {
  const row = <T>(name: string, s: Sourced<T>, show: (v: T) => string = String): [string, string, string] => [name, show(s.value), s.source];
  const t = config.timeouts;
  return [
    ['config file', config.configFile.path, config.configFile.isFound ? 'found' : 'not found, defaults used'],
    row('profile', config.profile),
    config.baseUrl ? row('base URL', config.baseUrl) : ['base URL', '(not set)', 'none'],
    ['API key', 'redacted' in key ? key.redacted : `(unavailable: ${key.error.code})`, keySourceLabel(config.keySource)],
    localStateRow(state),
    row('review route', config.routes.review),
    row('receive route', config.routes.receive),
    row('connect timeout', t.connectMs, seconds),
    row('headers timeout', t.headersMs, seconds),
    row('body timeout', t.bodyMs, seconds),
    row('request deadline', t.totalMs, seconds),
    row('max retries', config.maxRetries),
    row('reject reasons', config.rejectReasons, (v) => v.join('; ')),
    row('refresh interval', config.refreshIntervalSeconds, (v) => (v === 0 ? 'off' : `${v} s`)),
    row('scan pattern', config.scanCodePattern, (v) => v ?? '(none: a scan is the order name or id)'),
    row('overview cap', config.overviewCap, (v) => `${v} orders per status`),
    ...scanDeskRows(config),
    row('label', config.label, (v) => v ?? '(none)'),
    row('colour', config.color, (v) => v ?? '(none)'),
    row('web URL', config.webUrl, (v) => v ?? '(none: w and show --web need one)'),
    row('search index', config.searchIndex, (v) => (v ? `kept${state ? ` (${state.searchIndexPath})` : ''}` : 'not kept')),
    ...keyAndViewRows(config),
  ];
}

/** The scan desk's settings as rows (docs/scanning.md). */
function scanDeskRows(config: ResolvedConfig): [string, string, string][] {
  const d = config.scanDesk;
  const sound = (v: ScanSound) => (typeof v === 'string' ? v : `run ${v.join(' ')}`);
  return [
    [
      'scanner keys',
      d.prefix.value === null && d.suffix.value === null ? '(none: scans are told by timing)' : `prefix ${d.prefix.value ?? '(none)'}, suffix ${d.suffix.value ?? 'Enter or Tab'}`,
      d.prefix.source === d.suffix.source ? d.prefix.source : `${d.prefix.source}; ${d.suffix.source}`,
    ],
    [`scan max gap`, `${d.maxGapMs.value} ms`, d.maxGapMs.source],
    ['scan repeat', d.repeatSeconds.value === 0 ? 'off' : `${d.repeatSeconds.value} s`, d.repeatSeconds.source],
    [
      'scan sound',
      `${sound(d.sound.value)} on a failed scan, ${sound(d.successSound.value)} on success${d.isSoundWithScreenReader.value ? ', also with a screen reader' : ''}`,
      [...new Set([d.sound.source, d.successSound.source, d.isSoundWithScreenReader.source])].join('; '),
    ],
  ];
}

/** Lines for people: name (aligned), value, and its source in parentheses, dimmed. */
export function writeConfigText(output: Output, config: ResolvedConfig, key: KeyView, state: LocalStateView | null, style: Style): void {
  const all = rows(config, key, state).map((r) => r.map((c) => output.text(c)) as readonly string[] as [string, string, string]);
  const nameW = Math.max(...all.map(([n]) => displayWidth(n)));
  // The label in the shop's colour, as the console shows it.
  const paint = (name: string, value: string) => (name === 'label' && config.label.value !== null && config.color.value !== null ? style[config.color.value](value) : value);
  output.write(all.map(([n, v, s]) => `${n.padEnd(nameW)}  ${paint(n, v)}  ${style.dim(`(${s})`)}`).join('\n').concat('\n'));
}

/** The same facts as JSON (for scripts); keys in snake_case like the interface. */
export function writeConfigJson(output: Output, config: ResolvedConfig, key: KeyView, state: LocalStateView | null): void {
  const t = config.timeouts;
  const keySource = config.keySource;
  const json = {
    config_file: { path: config.configFile.path, found: config.configFile.isFound },
    profile: config.profile,
    base_url: config.baseUrl ?? { value: null, source: 'none' },
    api_key: {
      value: 'redacted' in key ? key.redacted : null,
      source: keySource.source,
      ...(keySource.kind === 'env' && { variable: keySource.variable }),
      ...(keySource.kind === 'file' && { path: keySource.path }),
      ...(keySource.kind === 'command' && { command: keySource.command }),
      ...('error' in key && { error: { code: key.error.code, message: key.error.message } }),
    },
    local_state: state === null ? null : { name: state.name, is_profiles_own: state.isProfiles },
    routes: config.routes,
    timeouts_ms: { connect: t.connectMs, headers: t.headersMs, body: t.bodyMs, total: t.totalMs },
    max_retries: config.maxRetries,
    reject_reasons: config.rejectReasons,
    refresh_interval_seconds: config.refreshIntervalSeconds,
    scan_code_pattern: config.scanCodePattern,
    overview_cap: config.overviewCap,
    scan_prefix: config.scanDesk.prefix,
    scan_suffix: config.scanDesk.suffix,
    scan_max_gap_ms: config.scanDesk.maxGapMs,
    scan_repeat_seconds: config.scanDesk.repeatSeconds,
    scan_sound: config.scanDesk.sound,
    scan_success_sound: config.scanDesk.successSound,
    scan_sound_with_screen_reader: config.scanDesk.isSoundWithScreenReader,
    label: config.label,
    color: config.color,
    web_url: config.webUrl,
    search_index: { ...config.searchIndex, ...(state && { path: state.searchIndexPath }) },
    keybindings: keybindingsJson(config),
    views: config.views,
  };
  output.writeJson(json);
}

/** Every key of the console by scope and action, in the config file's names, with where it came from. */
function keybindingsJson(config: ResolvedConfig): Record<string, Record<string, { keys: string[]; source: string }>> {
  const out: Record<string, Record<string, { keys: string[]; source: string }>> = {};
  for (const b of config.keys.table) {
    const isChanged = config.keys.overrides.some((o) => o.scope === b.scope && o.action === b.action);
    (out[b.scope] ??= {})[b.action] = {
      keys: b.keys.length === 0 ? [DISABLED_KEY] : b.keys.map(configKeyName),
      source: isChanged ? `config keybindings.${b.scope}.${b.action}` : 'default',
    };
  }
  return out;
}
