/**
 * One table of flags per command drives both argument parsing (node's util.parseArgs) and
 * the `--help` text, so the two cannot disagree. Parse failures become usage errors
 * (exit 2) that say what to do.
 */
import { parseArgs } from 'node:util';
import { didYouMean } from '../format/did-you-mean.js';
import { CliError } from './cli-error.js';

export interface FlagSpec {
  /** Long name without dashes, e.g. `order-names`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** Placeholder in help, e.g. `LIST`, `ISO`. */
  readonly valueName?: string;
  readonly short?: string;
  readonly description: string;
}

export interface PositionalSpec {
  readonly name: string;
  readonly description: string;
  readonly isRequired?: boolean;
  readonly isVariadic?: boolean;
}

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly positionals?: readonly PositionalSpec[];
  readonly flags: readonly FlagSpec[];
  /** Extra paragraphs of help (output formats, exit codes, …). */
  readonly notes?: readonly string[];
  readonly examples?: readonly string[];
}

/** Flags every command accepts. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'profile', type: 'string', valueName: 'NAME', description: 'Profile (shop) from the config file; env RETURNS_PROFILE' },
  { name: 'base-url', type: 'string', valueName: 'URL', description: 'Service base URL, e.g. http://127.0.0.1:4010/public-api/v1; env RETURNS_BASE_URL' },
  { name: 'no-color', type: 'boolean', description: 'No colour (also when NO_COLOR is set or output is not a terminal)' },
  { name: 'help', type: 'boolean', short: 'h', description: 'Show this help' },
];

export const EXIT_CODES_NOTE = [
  'Exit codes: 0 success; 1 an operation or API failure; 2 usage error (bad flag, input or',
  'configuration; nothing was sent); 4 authentication failure (no usable key, or the service',
  'refused it); 130 stopped with Ctrl+C.',
].join('\n');

export const ERRORS_NOTE = [
  'Errors go to stderr as `error: Message [CODE] (request id …)`, with a hint on the next line.',
  'With --json (or --ndjson) the error is printed to stderr as JSON instead:',
  '{"error":{"type","code","message","param","status","request_id","hint"}}.',
].join('\n');

/** Flags that would put a key in the process list: refused before anything else. */
const KEY_FLAG = /^--(api[-_]?key|key|token|secret)(=|$)/i;

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/** Parses `argv` against the command's flags plus the global ones. Throws CliError (exit 2). */
export function parseCommandArgs(spec: CommandSpec, argv: readonly string[], keyHint: string): ParsedArgs {
  const keyFlag = argv.find((a) => KEY_FLAG.test(a));
  if (keyFlag !== undefined) {
    throw new CliError({
      code: 'usage_error',
      param: keyFlag.split('=')[0],
      message: 'the API key is never accepted on the command line: other users can read it in the process list',
      hint: keyHint,
    });
  }
  const flags = [...spec.flags, ...GLOBAL_FLAGS];
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const f of flags) options[f.name] = f.short ? { type: f.type, short: f.short } : { type: f.type };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageFromParseError(spec, error);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return { values, positionals: parsed.positionals };
  checkPositionals(spec, parsed.positionals);
  return { values, positionals: parsed.positionals };
}

function checkPositionals(spec: CommandSpec, positionals: readonly string[]): void {
  const specs = spec.positionals ?? [];
  const required = specs.filter((p) => p.isRequired);
  const isVariadic = specs.some((p) => p.isVariadic);
  if (positionals.length < required.length) {
    const missing = required[positionals.length]!;
    throw usage(spec, `missing argument ${missing.name} (${missing.description})`, missing.name);
  }
  if (!isVariadic && positionals.length > specs.length) {
    const extra = positionals[specs.length]!;
    throw usage(spec, `unexpected argument ${JSON.stringify(extra)}`);
  }
}

/** A usage error pointing at the command's help. */
export function usage(spec: CommandSpec, message: string, param?: string): CliError {
  return new CliError({ code: 'usage_error', message, param, hint: `Run \`returns-console ${spec.name} --help\` for usage.` });
}

function usageFromParseError(spec: CommandSpec, error: unknown): CliError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const known = [...spec.flags, ...GLOBAL_FLAGS].map((f) => `--${f.name}`);
      const typed = option?.split('=')[0] ?? '';
      const suggestion = typed.startsWith('--') ? didYouMean(typed, known) : '';
      return usage(spec, `unknown flag ${option ?? ''}`.trim() + (suggestion ? `.${suggestion}` : ''), option);
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return message.includes('does not take an argument')
        ? usage(spec, `flag ${option ?? ''} takes no value`, option)
        : usage(spec, `flag ${option ?? ''} needs a value`, option);
    default:
      return usage(spec, message);
  }
}

/** The `--help` text of a command, generated from its table. */
export function renderHelp(spec: CommandSpec): string {
  const positionals = (spec.positionals ?? [])
    .map((p) => {
      const name = p.isVariadic ? `${p.name}...` : p.name;
      return p.isRequired ? name : `[${name}]`;
    })
    .join(' ');
  const lines = [spec.summary, '', `Usage: returns-console ${spec.name}${positionals ? ` ${positionals}` : ''} [flags]`];
  if (spec.positionals?.length) {
    lines.push('', 'Arguments:');
    const w = Math.max(...spec.positionals.map((p) => p.name.length));
    for (const p of spec.positionals) lines.push(`  ${p.name.padEnd(w)}  ${p.description}`);
  }
  const flagLines = (flags: readonly FlagSpec[]) => {
    const labels = flags.map((f) => `${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.valueName ? ` ${f.valueName}` : ''}`);
    const w = Math.max(...labels.map((l) => l.length));
    return flags.map((f, i) => `  ${labels[i]!.padEnd(w)}  ${f.description}`);
  };
  if (spec.flags.length) lines.push('', 'Flags:', ...flagLines(spec.flags));
  lines.push('', 'Global flags:', ...flagLines(GLOBAL_FLAGS));
  for (const note of spec.notes ?? []) lines.push('', note);
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((e) => `  ${e}`));
  return `${lines.join('\n')}\n`;
}
