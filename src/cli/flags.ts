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
  /** The only values the flag takes (checked when parsing, offered by completion), e.g. 500 and 429. */
  readonly choices?: readonly string[];
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
  /**
   * Commands below this one (`sandbox` → `sandbox keys` → `sandbox keys create`), each named
   * by its whole path; the word after this command's path picks one (findSubcommand).
   */
  readonly subcommands?: readonly CommandSpec[];
  /** Works on this machine only (the sandbox): no service, so of the global flags only --help. */
  readonly isLocal?: boolean;
}

/** Flags every command accepts. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'profile', type: 'string', valueName: 'NAME', description: 'Profile (shop) from the config file; env RETURNS_PROFILE' },
  { name: 'base-url', type: 'string', valueName: 'URL', description: 'Service base URL, e.g. http://127.0.0.1:4010/public-api/v1; env RETURNS_BASE_URL' },
  { name: 'no-color', type: 'boolean', description: 'No colour (also when NO_COLOR is set or output is not a terminal)' },
  { name: 'help', type: 'boolean', short: 'h', description: 'Show this help' },
];

const HELP_FLAG = GLOBAL_FLAGS.find((f) => f.name === 'help')!;

/** The global flags a command takes: all of them, or only --help for a local command. */
export function globalFlagsOf(spec: CommandSpec): readonly FlagSpec[] {
  return spec.isLocal ? [HELP_FLAG] : GLOBAL_FLAGS;
}

/** The spec's own flags and its global ones: everything it parses. */
export function allFlagsOf(spec: CommandSpec): readonly FlagSpec[] {
  return [...spec.flags, ...globalFlagsOf(spec)];
}

/**
 * The command `argv` names below `spec`: each leading word that is a subcommand's last word
 * goes one level down. Returns that command and the arguments after its words.
 */
export function findSubcommand(spec: CommandSpec, argv: readonly string[]): { readonly spec: CommandSpec; readonly argv: readonly string[] } {
  const [word, ...rest] = argv;
  const sub = spec.subcommands?.find((s) => lastWord(s) === word);
  return sub ? findSubcommand(sub, rest) : { spec, argv };
}

/** The word that picks a subcommand: `create` of `sandbox keys create`. */
export function lastWord(spec: CommandSpec): string {
  return spec.name.slice(spec.name.lastIndexOf(' ') + 1);
}

/** "a, b or c". */
function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

export const EXIT_CODES_NOTE = [
  'Exit codes: 0 success; 1 an operation or API failure; 2 usage error (bad flag, input or',
  'configuration; nothing was sent); 4 authentication failure (no usable key, or the service',
  'refused it); 130 stopped with Ctrl+C, 143 by SIGTERM, 129 by SIGHUP (writes in flight were',
  'finished or read back, and logged, first).',
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
  const flags = allFlagsOf(spec);
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
  checkChoices(spec, values);
  checkPositionals(spec, parsed.positionals);
  return { values, positionals: parsed.positionals };
}

function checkChoices(spec: CommandSpec, values: Readonly<Record<string, string | boolean | undefined>>): void {
  for (const flag of spec.flags) {
    const value = values[flag.name];
    if (flag.choices && typeof value === 'string' && !flag.choices.includes(value)) {
      throw usage(spec, `--${flag.name} must be ${orList(flag.choices)} (got ${JSON.stringify(value)})`, flag.name);
    }
  }
}

function checkPositionals(spec: CommandSpec, positionals: readonly string[]): void {
  const subcommands = spec.subcommands ?? [];
  if (subcommands.length > 0 && positionals.length > 0) {
    const words = subcommands.map(lastWord);
    const typed = positionals[0]!;
    if (words.includes(typed)) throw usage(spec, `put the subcommand first: returns-console ${spec.name} ${typed} [flags]`, 'SUBCOMMAND');
    const suggestion = didYouMean(typed, words);
    throw usage(spec, `unknown subcommand ${JSON.stringify(typed)} of ${spec.name}; use ${orList(words)}${suggestion ? `.${suggestion}` : ''}`, 'SUBCOMMAND');
  }
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
      const known = allFlagsOf(spec).map((f) => `--${f.name}`);
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

/** The runnable commands below `spec`, depth first (`sandbox keys create`, …). */
function leafCommands(spec: CommandSpec): CommandSpec[] {
  return (spec.subcommands ?? []).flatMap((sub) => (sub.subcommands?.length ? leafCommands(sub) : [sub]));
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
  if (spec.subcommands?.length) lines.push(`       returns-console ${spec.name} SUBCOMMAND [flags]`);
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
  lines.push('', 'Global flags:', ...flagLines(globalFlagsOf(spec)));
  const leaves = leafCommands(spec);
  if (leaves.length > 0) {
    const names = leaves.map((leaf) => leaf.name.slice(spec.name.length + 1));
    const w = Math.max(...names.map((n) => n.length));
    lines.push('', `Subcommands (run \`returns-console ${spec.name} SUBCOMMAND --help\` for their flags):`, ...leaves.map((leaf, i) => `  ${names[i]!.padEnd(w)}  ${leaf.summary}`));
  }
  for (const note of spec.notes ?? []) lines.push('', note);
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((e) => `  ${e}`));
  return `${lines.join('\n')}\n`;
}
