/**
 * The config file (`config.json`), validated with zod. Unknown fields are errors (a typo
 * must not silently fall back to a default), and every message names its field, e.g.
 * `profiles.north.base_url: must be an http(s) URL`.
 */
import * as z from 'zod';
import { parseBaseUrl, parseRoute } from '../../api/client/routes.js';
import { parseScanCodePattern } from '../../ops/scan-code.js';
import { formatPath } from '../zod-format.js';
import { keybindingsSchema } from './keybindings.js';
import { CONFIG_NAME_PATTERN, CONFIG_NAME_RULE } from './names.js';
import { knownNamesHint } from '../../format/did-you-mean.js';
import { viewsSchema } from './views.js';

/** Field names people try for a key; a key never lives in the config file. */
const KEY_FIELD_NAMES = new Set(['key', 'api_key', 'apiKey', 'token', 'secret']);

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The client's own rules for base URLs and route templates, so config and client agree. */
const baseUrl = z.string().superRefine((value, ctx) => {
  const parsed = parseBaseUrl(value);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
});
const routeTemplate = (name: 'review' | 'receive') =>
  z.string().superRefine((value, ctx) => {
    const parsed = parseRoute(name, value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });
const nonEmpty = z.string().trim().min(1, 'must not be empty');
const scanCodePattern = z.string().min(1, 'must not be empty').superRefine((value, ctx) => {
  const parsed = parseScanCodePattern(value);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
});
const seconds = (max: number) =>
  z.number().positive('must be a number of seconds above 0').max(max, `must be at most ${max} seconds`);

export const profileSchema = z
  .strictObject({
    base_url: baseUrl.optional(),
    key_env: z.string().regex(ENV_NAME_PATTERN, 'must be an environment variable name, e.g. RETURNS_NORTH_KEY').optional(),
    key_file: nonEmpty.optional(),
    key_command: nonEmpty.optional(),
    key_command_timeout_seconds: seconds(600).optional(),
    routes: z.strictObject({ review: routeTemplate('review').optional(), receive: routeTemplate('receive').optional() }).optional(),
    timeouts: z
      .strictObject({
        connect_seconds: seconds(600).optional(),
        headers_seconds: seconds(600).optional(),
        body_seconds: seconds(600).optional(),
        total_seconds: seconds(3600).optional(),
      })
      .optional(),
    max_retries: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10, 'must be at most 10').optional(),
    reject_reasons: z.array(nonEmpty).optional(),
    refresh_interval_seconds: z.number().min(0, 'must be 0 (off) or more seconds').max(86_400, 'must be at most 86400').optional(),
    scan_code_pattern: scanCodePattern.optional(),
    overview_cap: z
      .number()
      .int('must be a whole number')
      .min(100, 'must be at least 100 (one page)')
      .max(1_000_000, 'must be at most 1000000')
      .optional(),
  })
  .superRefine((profile, ctx) => {
    const sources = (['key_env', 'key_file', 'key_command'] as const).filter((k) => profile[k] !== undefined);
    if (sources.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message: `give only one of key_env, key_file, key_command (found ${sources.join(' and ')})`,
      });
    }
  });

export type ProfileConfig = z.infer<typeof profileSchema>;

export const configFileSchema = z
  .strictObject({
    /** Used when neither --profile nor RETURNS_PROFILE names one. */
    default_profile: z.string().regex(CONFIG_NAME_PATTERN, 'must be a profile name').optional(),
    profiles: z
      .record(z.string().regex(CONFIG_NAME_PATTERN, `profile names use ${CONFIG_NAME_RULE}`), profileSchema)
      .optional(),
    /** The console's own keys (see docs/keybindings.md). */
    keybindings: keybindingsSchema.optional(),
    /** Saved views: named filters and list columns. */
    views: viewsSchema.optional(),
  })
  .superRefine((file, ctx) => {
    if (file.default_profile !== undefined && !Object.hasOwn(file.profiles ?? {}, file.default_profile)) {
      const names = Object.keys(file.profiles ?? {});
      ctx.addIssue({
        code: 'custom',
        path: ['default_profile'],
        message: `no profile named "${file.default_profile}" ${knownNamesHint(file.default_profile, names, 'profiles')}`,
      });
    }
  });

export type ConfigFile = z.infer<typeof configFileSchema>;

/** Validates a parsed config document: the config, or one line per problem naming its field. */
export function parseConfigDocument(json: unknown): { readonly ok: true; readonly config: ConfigFile } | { readonly ok: false; readonly problems: string[] } {
  // reportInput tells a missing field ("is required") from a wrong one ("must be a number").
  const parsed = configFileSchema.safeParse(json, { reportInput: true });
  return parsed.success ? { ok: true, config: parsed.data } : { ok: false, problems: formatConfigIssues(parsed.error) };
}

/** One line per problem, each naming its field. */
export function formatConfigIssues(error: z.ZodError): string[] {
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
