/**
 * The config file (`config.json`), validated with zod. Unknown fields are errors (a typo
 * must not silently fall back to a default), and every message names its field, e.g.
 * `profiles.north.base_url: must be an http(s) URL`.
 */
import * as z from '../../api/zod.js';
import { parseBaseUrl, parseRoute } from '../../api/client/routes.js';
import { parseScanCodePattern } from '../../ops/scan-code.js';
import { parseScannerKey } from '../../ui/keys/scanner-keys.js';
import { parseWebUrlTemplate } from '../../ops/web-link.js';
import { SHOP_COLORS } from '../../format/style.js';
import { formatPath } from '../zod-format.js';
import { keybindingsSchema } from './keybindings.js';
import { CONFIG_NAME_PATTERN, CONFIG_NAME_RULE } from './names.js';
import { knownNamesHint } from '../../format/did-you-mean.js';
import { viewsSchema } from './views.js';

/** Field names people try for a key; a key never lives in the config file. */
const KEY_FIELD_NAMES = new Set(['key', 'api_key', 'apiKey', 'token', 'secret']);

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The client's own rules for base URLs and route templates, so config and client agree. */
const baseUrl = z.string().check(
  z.superRefine((value: string, ctx) => {
    const parsed = parseBaseUrl(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }),
);
const routeTemplate = (name: 'review' | 'receive') =>
  z.string().check(
    z.superRefine((value: string, ctx) => {
      const parsed = parseRoute(name, value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
  );
const nonEmpty = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
const scanCodePattern = z.string().check(
  z.minLength(1, 'must not be empty'),
  z.superRefine((value: string, ctx) => {
    const parsed = parseScanCodePattern(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }),
);
const scannerKey = z.string().check(
  z.superRefine((value: string, ctx) => {
    const parsed = parseScannerKey(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }),
);
/** A scan desk sound: the terminal bell, none, or a command and its arguments, run without a shell. */
const scanSound = z.union(
  [
    z.enum(['bell', 'off']),
    z.array(nonEmpty).check(z.minLength(1, 'give the command and its arguments, e.g. ["paplay", "/usr/share/sounds/freedesktop/stereo/bell.oga"]')),
  ],
  { error: 'must be "bell", "off", or a list: a command and its arguments, e.g. ["paplay", "beep.oga"] (run without a shell)' },
);
const webUrl = z.string().check(
  z.superRefine((value: string, ctx) => {
    const parsed = parseWebUrlTemplate(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }),
);
/** Words shown beside the shop's name on every screen: short, and nothing a terminal would act on. */
export const LABEL_MAX_CHARS = 24;
const label = z.string().check(
  z.trim(),
  z.minLength(1, 'must not be empty'),
  z.maxLength(LABEL_MAX_CHARS, `must be at most ${LABEL_MAX_CHARS} characters (it is shown on every screen)`),
  z.regex(/^[^\p{Cc}\p{Cf}]*$/u, 'must not hold control or invisible characters'),
);
const color = z.enum(SHOP_COLORS, { error: `must be one of ${SHOP_COLORS.join(', ')}` });
const seconds = (max: number) =>
  z.number().check(z.positive('must be a number of seconds above 0'), z.maximum(max, `must be at most ${max} seconds`));

export const profileSchema = z
  .strictObject({
    base_url: z.optional(baseUrl),
    key_env: z.optional(z.string().check(z.regex(ENV_NAME_PATTERN, 'must be an environment variable name, e.g. RETURNS_NORTH_KEY'))),
    key_file: z.optional(nonEmpty),
    key_command: z.optional(nonEmpty),
    key_command_timeout_seconds: z.optional(seconds(600)),
    routes: z.optional(z.strictObject({ review: z.optional(routeTemplate('review')), receive: z.optional(routeTemplate('receive')) })),
    timeouts: z.optional(
      z.strictObject({
        connect_seconds: z.optional(seconds(600)),
        headers_seconds: z.optional(seconds(600)),
        body_seconds: z.optional(seconds(600)),
        total_seconds: z.optional(seconds(3600)),
      }),
    ),
    max_retries: z.optional(z.number().check(z.int('must be a whole number'), z.minimum(0, 'must be 0 or more'), z.maximum(10, 'must be at most 10'))),
    reject_reasons: z.optional(z.array(nonEmpty)),
    refresh_interval_seconds: z.optional(z.number().check(z.minimum(0, 'must be 0 (off) or more seconds'), z.maximum(86_400, 'must be at most 86400'))),
    scan_code_pattern: z.optional(scanCodePattern),
    scan_prefix: z.optional(scannerKey),
    scan_suffix: z.optional(scannerKey),
    scan_max_gap_ms: z.optional(
      z.number().check(z.int('must be a whole number of milliseconds'), z.minimum(10, 'must be at least 10 ms'), z.maximum(200, 'must be at most 200 ms (slower typing than that reads as a scan)')),
    ),
    scan_repeat_seconds: z.optional(z.number().check(z.minimum(0, 'must be 0 (off) or more seconds'), z.maximum(60, 'must be at most 60 seconds'))),
    scan_sound: z.optional(scanSound),
    scan_success_sound: z.optional(scanSound),
    scan_sound_with_screen_reader: z.optional(z.boolean()),
    color: z.optional(color),
    label: z.optional(label),
    web_url: z.optional(webUrl),
    search_index: z.optional(z.boolean()),
    overview_cap: z.optional(
      z.number().check(z.int('must be a whole number'), z.minimum(100, 'must be at least 100 (one page)'), z.maximum(1_000_000, 'must be at most 1000000')),
    ),
  })
  .check(
    z.superRefine((profile, ctx) => {
      const sources = (['key_env', 'key_file', 'key_command'] as const).filter((k) => profile[k] !== undefined);
      if (sources.length > 1) {
        ctx.addIssue({
          code: 'custom',
          message: `give only one of key_env, key_file, key_command (found ${sources.join(' and ')})`,
        });
      }
      if (profile.scan_prefix !== undefined && profile.scan_prefix.toLowerCase() === profile.scan_suffix?.toLowerCase()) {
        ctx.addIssue({ code: 'custom', path: ['scan_suffix'], message: `must differ from scan_prefix (${profile.scan_prefix}): the scanner's end key cannot also start a scan` });
      }
    }),
  );

export type ProfileConfig = z.infer<typeof profileSchema>;

export const configFileSchema = z
  .strictObject({
    /** Used when neither --profile nor RETURNS_PROFILE names one. */
    default_profile: z.optional(z.string().check(z.regex(CONFIG_NAME_PATTERN, 'must be a profile name'))),
    profiles: z.optional(z.record(z.string().check(z.regex(CONFIG_NAME_PATTERN, `profile names use ${CONFIG_NAME_RULE}`)), profileSchema)),
    /** The console's own keys (see docs/keybindings.md). */
    keybindings: z.optional(keybindingsSchema),
    /** Saved views: named filters and list columns. */
    views: z.optional(viewsSchema),
  })
  .check(z.superRefine((file, ctx) => {
    if (file.default_profile !== undefined && !Object.hasOwn(file.profiles ?? {}, file.default_profile)) {
      const names = Object.keys(file.profiles ?? {});
      ctx.addIssue({
        code: 'custom',
        path: ['default_profile'],
        message: `no profile named "${file.default_profile}" ${knownNamesHint(file.default_profile, names, 'profiles')}`,
      });
    }
  }));

export type ConfigFile = z.infer<typeof configFileSchema>;

/** Validates a parsed config document: the config, or one line per problem naming its field. */
export function parseConfigDocument(json: unknown): { readonly ok: true; readonly config: ConfigFile } | { readonly ok: false; readonly problems: string[] } {
  // reportInput tells a missing field ("is required") from a wrong one ("must be a number").
  const parsed = configFileSchema.safeParse(json, { reportInput: true });
  return parsed.success ? { ok: true, config: parsed.data } : { ok: false, problems: formatConfigIssues(parsed.error) };
}

/** One line per problem, each naming its field. */
export function formatConfigIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const at = formatPath(issue.path);
    const prefix = at === '' ? '' : `${at}: `;
    switch (issue.code) {
      case 'unrecognized_keys':
        return issue.keys
          .map((k) => {
            const field = at === '' ? k : `${at}.${k}`;
            return KEY_FIELD_NAMES.has(k)
              ? `${field}: an API key is never stored in the config file; use key_env, key_file or key_command`
              : `${field}: unknown field`;
          })
          .join('\n');
      case 'invalid_type':
        return issue.input === undefined ? `${prefix}is required` : `${prefix}must be ${article(issue.expected)}`;
      case 'invalid_key':
        return `${prefix}${issue.issues[0]?.message ?? 'invalid name'}`;
      default:
        return `${prefix}${issue.message}`;
    }
  }).flatMap((line) => line.split('\n'));
}

function article(expected: string): string {
  if (expected === 'array') return 'a list';
  // zod 4 reports a fraction given to .int() as an invalid type "int".
  if (expected === 'int') return 'a whole number';
  if (expected === 'object' || expected === 'record') return 'an object';
  return `a ${expected}`;
}
