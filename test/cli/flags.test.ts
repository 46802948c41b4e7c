import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { LIST_SPEC } from '../../src/cli/commands/list/index.js';
import { RECEIVE_SPEC } from '../../src/cli/commands/receive/index.js';
import { REVIEW_SPEC } from '../../src/cli/commands/review/index.js';
import { SHOW_SPEC } from '../../src/cli/commands/show/index.js';
import { CONFIG_SPEC } from '../../src/cli/commands/config/index.js';
import { KEYS_LIST_SPEC, KEYS_SPEC, SANDBOX_SPEC } from '../../src/cli/commands/sandbox/sandbox-spec.js';
import { findSubcommand, GLOBAL_FLAGS, parseCommandArgs, renderHelp } from '../../src/cli/flags.js';

const parse = (spec = LIST_SPEC, argv: string[] = []) => parseCommandArgs(spec, argv, 'put it in RETURNS_API_KEY');
const failure = (spec: typeof LIST_SPEC, argv: string[]): CliError => {
  try {
    parse(spec, argv);
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    return e as CliError;
  }
  throw new Error('expected a usage error');
};

describe('parseCommandArgs', () => {
  it('parses command and global flags', () => {
    const p = parse(LIST_SPEC, ['--status', 'pending', '--all', '--profile', 'north', '--no-color', '--limit=20']);
    expect(p.values).toMatchObject({ status: 'pending', all: true, profile: 'north', 'no-color': true, limit: '20' });
  });

  it('refuses the API key as a flag in every spelling, without echoing it', () => {
    for (const argv of [['--api-key', 'sk_abc'], ['--api-key=sk_abc'], ['--key', 'x'], ['--token=x'], ['--API_KEY', 'x']]) {
      const e = failure(LIST_SPEC, argv);
      expect(e.message).toBe('the API key is never accepted on the command line: other users can read it in the process list');
      expect(e.message + (e.param ?? '')).not.toContain('sk_abc');
      expect(e.exitCode).toBe(2);
    }
  });

  it('reports unknown flags and missing values as usage errors pointing at help', () => {
    const unknown = failure(LIST_SPEC, ['--stauts', 'pending']);
    expect(unknown.message).toBe('unknown flag --stauts. Did you mean --status?');
    expect(unknown.hint).toBe('Run `returns-console list --help` for usage.');
    expect(failure(LIST_SPEC, ['--zzzzzz']).message).toBe('unknown flag --zzzzzz');
    expect(failure(LIST_SPEC, ['--form=7d']).message).toBe('unknown flag --form. Did you mean --from?');
    expect(failure(LIST_SPEC, ['--status']).message).toBe('flag --status needs a value');
    expect(failure(LIST_SPEC, ['--all=yes']).message).toBe('flag --all takes no value');
  });

  it('checks positional arguments', () => {
    expect(failure(SHOW_SPEC, []).message).toBe('missing argument ID (Return order id (1001) or order name (#AO1711, or AO1711 without quotes))');
    expect(failure(SHOW_SPEC, ['1', '2']).message).toBe('unexpected argument "2"');
    expect(failure(LIST_SPEC, ['pending']).message).toBe('unexpected argument "pending"');
    expect(parse(RECEIVE_SPEC, ['1', '2', '3']).positionals).toEqual(['1', '2', '3']);
  });

  it('answers --help even when arguments are missing', () => {
    expect(parse(SHOW_SPEC, ['--help']).values.help).toBe(true);
  });
});

describe('renderHelp', () => {
  it('lists every flag of the table and the global flags, for every command', () => {
    for (const spec of [LIST_SPEC, SHOW_SPEC, REVIEW_SPEC, RECEIVE_SPEC, CONFIG_SPEC]) {
      const help = renderHelp(spec);
      expect(help).toContain(`Usage: returns-console ${spec.name}`);
      for (const flag of [...spec.flags, ...GLOBAL_FLAGS]) expect(help).toContain(`--${flag.name}`);
      expect(help).toContain('Exit codes: 0 success; 1 an operation or API failure; 2 usage error');
    }
    expect(renderHelp(RECEIVE_SPEC)).toContain('Usage: returns-console receive ID... [flags]');
  });
});

describe('subcommands, choices and local commands (the sandbox on the shared tables)', () => {
  it('findSubcommand follows the leading words down the tree and leaves the rest', () => {
    expect(findSubcommand(SANDBOX_SPEC, ['keys', 'list', '--db', 'x'])).toEqual({ spec: KEYS_LIST_SPEC, argv: ['--db', 'x'] });
    expect(findSubcommand(SANDBOX_SPEC, ['--port', '0']).spec).toBe(SANDBOX_SPEC);
    expect(findSubcommand(SANDBOX_SPEC, ['--db', 'x', 'keys']).spec).toBe(SANDBOX_SPEC);
  });

  it('checks a flag with choices, naming them', () => {
    expect(parse(SANDBOX_SPEC, ['--fail-status', '429']).values['fail-status']).toBe('429');
    expect(failure(SANDBOX_SPEC, ['--fail-status', '404']).message).toBe('--fail-status must be 500 or 429 (got "404")');
  });

  it('an unknown or misplaced subcommand is a usage error with did-you-mean', () => {
    expect(failure(KEYS_SPEC, ['revok']).message).toBe('unknown subcommand "revok" of sandbox keys; use create, list or revoke. Did you mean revoke?');
    expect(failure(SANDBOX_SPEC, ['--port', '0', 'keys']).message).toBe('put the subcommand first: returns-console sandbox keys [flags]');
    expect(failure(SANDBOX_SPEC, ['--prot', '0']).message).toBe('unknown flag --prot. Did you mean --port?');
  });

  it('a local command takes no service flags, and its help says so', () => {
    expect(failure(SANDBOX_SPEC, ['--profile', 'north']).message).toBe('unknown flag --profile');
    const help = renderHelp(SANDBOX_SPEC);
    expect(help).toContain('Global flags:\n  -h, --help  Show this help\n\nSubcommands');
    expect(help).toMatch(/^ {2}keys create {2}Create an API key/m);
    expect(help).not.toContain('--base-url');
  });
});
