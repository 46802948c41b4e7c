/**
 * The reference part of docs/commands.md, written from the commands' flag tables (the ones
 * that parse the flags and write `--help`), so the document cannot drift from the commands.
 * scripts/gen-commands-doc.ts writes it between two markers; the text around them is kept.
 */
import { COMMAND_NAMES, COMMANDS, type CommandName } from './command-table.js';
import { GLOBAL_FLAGS, globalFlagsOf, type CommandSpec, type FlagSpec, type PositionalSpec } from './flags.js';

/** The line before the generated reference. */
export const REFERENCE_START = '<!-- Generated from the flag tables by `npx tsx scripts/gen-commands-doc.ts`; do not edit by hand until the end marker. -->';
/** The line after it. */
export const REFERENCE_END = '<!-- End of the generated reference. -->';

/** Every command's flag table, in the order of the command table. */
export type CommandSpecs = Readonly<Record<CommandName, CommandSpec>>;

/** Text for a table cell: pipes escaped, `<` kept from starting an HTML tag. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('\n', ' ');
}

function flagLabel(flag: FlagSpec): string {
  const long = `--${flag.name}${flag.valueName ? ` ${flag.valueName}` : ''}`;
  return flag.short ? `\`-${flag.short}\`, \`${long}\`` : `\`${long}\``;
}

function flagTable(flags: readonly FlagSpec[]): string[] {
  return ['| flag | what it does |', '|---|---|', ...flags.map((f) => `| ${flagLabel(f)} | ${cell(f.description)}${f.choices ? ` (one of ${f.choices.join(', ')})` : ''} |`)];
}

function usageLine(spec: CommandSpec): string {
  const positionals = (spec.positionals ?? []).map((p: PositionalSpec) => {
    const name = p.isVariadic ? `${p.name}...` : p.name;
    return p.isRequired ? name : `[${name}]`;
  });
  return ['returns-console', spec.name, ...positionals, '[flags]'].join(' ');
}

/** A command, then each command below it, depth first. */
function commandTree(spec: CommandSpec): CommandSpec[] {
  return [spec, ...(spec.subcommands ?? []).flatMap(commandTree)];
}

/** Notes that more than one command carries (exit codes, errors, order names): written once. */
function sharedNotes(specs: readonly CommandSpec[]): string[] {
  const commands = new Map<string, Set<string>>();
  for (const spec of specs) {
    for (const note of spec.notes ?? []) (commands.get(note) ?? commands.set(note, new Set()).get(note)!).add(spec.name.split(' ')[0]!);
  }
  return [...commands].filter(([, names]) => names.size > 1).map(([note]) => note);
}

function fenced(language: string, text: string): string[] {
  return ['```' + language, text, '```'];
}

/** A command's section; notes in `shown` (the shared ones, its parent's) are not repeated. */
function commandSection(spec: CommandSpec, shown: readonly string[], shared: readonly string[]): string[] {
  const depth = spec.name.split(' ').length;
  const lines = [`${'#'.repeat(depth + 1)} returns-console ${spec.name}`, '', spec.summary, '', ...fenced('text', usageLine(spec))];
  if (spec.positionals?.length) {
    lines.push('', '| argument | what it is |', '|---|---|', ...spec.positionals.map((p) => `| \`${p.name}\` | ${cell(p.description)} |`));
  }
  if (spec.flags.length) lines.push('', ...flagTable(spec.flags));
  const globals = globalFlagsOf(spec);
  lines.push('', globals.length === GLOBAL_FLAGS.length ? 'It takes the global flags too.' : 'Of the global flags it takes only `--help`: it works on this machine alone.');
  for (const note of (spec.notes ?? []).filter((n) => !shown.includes(n))) lines.push('', ...fenced('text', note));
  if ((spec.notes ?? []).some((note) => shared.includes(note))) lines.push('', 'The notes under [Every command](#every-command) apply too.');
  if (spec.examples?.length) lines.push('', ...fenced('sh', spec.examples.join('\n')));
  lines.push('');
  return [...lines, ...(spec.subcommands ?? []).flatMap((sub) => commandSection(sub, [...shown, ...(spec.notes ?? [])], shared))];
}

/** The generated reference, between its markers. */
export function renderCommandsReference(specs: CommandSpecs): string {
  const all = COMMAND_NAMES.flatMap((name) => commandTree(specs[name]));
  const shared = sharedNotes(all);
  const lines = [
    REFERENCE_START,
    '',
    '## Every command',
    '',
    ...fenced('text', 'returns-console [command] [flags]'),
    '',
    'Without a command (or with only flags) the console opens. `-V` or `--version` prints the version.',
    '',
    '| command | what it does |',
    '|---|---|',
    ...COMMAND_NAMES.map((name) => `| [\`${name}\`](#returns-console-${name}) | ${cell(COMMANDS[name].summary)} |`),
    '',
    'Global flags, taken by every command that talks to a service:',
    '',
    ...flagTable(GLOBAL_FLAGS),
    '',
    ...shared.flatMap((note) => [...fenced('text', note), '']),
    ...COMMAND_NAMES.flatMap((name) => commandSection(specs[name], shared, shared)),
    REFERENCE_END,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `doc` with the text between its markers replaced by `reference` (markers included).
 * Throws when the markers are missing, so a broken document is not silently rewritten.
 */
export function withReference(doc: string, reference: string): string {
  const start = doc.indexOf(REFERENCE_START);
  const endMarker = doc.indexOf(REFERENCE_END, start);
  if (start < 0 || endMarker < 0) throw new Error(`the document lacks the markers of the generated reference:\n${REFERENCE_START}\n${REFERENCE_END}`);
  const end = endMarker + REFERENCE_END.length + (doc[endMarker + REFERENCE_END.length] === '\n' ? 1 : 0);
  return doc.slice(0, start) + reference + doc.slice(end);
}
