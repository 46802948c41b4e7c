/**
 * `returns-console completion bash|zsh|fish`: the scripts hold every command and flag of the
 * tables that `--help` is written from (read here from the help texts themselves), and they
 * complete in the real shells: bash always; zsh and fish when installed (the CI installs them).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES } from '../../src/api/schemas.js';
import { COMMAND_NAMES, COMMANDS } from '../../src/cli/command-table.js';
import { run as runCompletion } from '../../src/cli/commands/completion/index.js';
import { run as runSandbox } from '../../src/cli/commands/sandbox/index.js';
import { KEYS_SPEC } from '../../src/cli/commands/sandbox/sandbox-spec.js';
import { lastWord } from '../../src/cli/flags.js';
import { makeTestFactory, tempDir } from './helpers/test-factory.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SHELLS = ['bash', 'zsh', 'fish'] as const;
const hasShell = (name: string) => spawnSync(name, ['-c', 'exit 0']).status === 0;

async function runIn(argv: string[], env: Record<string, string> = {}) {
  const t = makeTestFactory({ env });
  const code = await runCompletion(argv, t.factory);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

/** The flags a help text mentions anywhere (`--name`). */
function helpFlags(help: string): string[] {
  return [...new Set([...help.matchAll(/(?:^|[\s,[(|])--([a-z0-9][a-z0-9-]*)/g)].map((m) => m[1]!))];
}

/** The flags of a help text's flag tables: the lines that begin with one. */
function helpTableFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, | {4})?--([a-z0-9][a-z0-9-]*)/gm)].map((m) => m[1]!);
}

const KEYS_SUBCOMMANDS = (KEYS_SPEC.subcommands ?? []).map(lastWord);

/** Each command's help text, and each `sandbox keys` subcommand's, by the words that run it. */
async function helpByCommand(): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const name of COMMAND_NAMES) {
    const t = makeTestFactory();
    expect(await (await COMMANDS[name].load()).run(['--help'], t.factory)).toBe(0);
    result.set(name, t.stdout());
  }
  for (const sub of ['keys', ...KEYS_SUBCOMMANDS.map((s) => `keys ${s}`)]) {
    const t = makeTestFactory();
    expect(await runSandbox([...sub.split(' '), '--help'], t.factory)).toBe(0);
    result.set(`sandbox ${sub}`, t.stdout());
  }
  return result;
}

const scripts: Record<string, string> = {};
let dir: string;
let shellEnv: Record<string, string>;

beforeAll(async () => {
  for (const shell of SHELLS) {
    const r = await runIn([shell]);
    expect(r.code).toBe(0);
    scripts[shell] = r.stdout;
  }
  dir = tempDir('rc-completion-');
  // The scripts ask `returns-console completion --profiles`: a returns-console on PATH that runs the sources.
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'returns-console'), `#!/bin/sh\nexec "${process.execPath}" --import tsx "${ROOT}/src/cli/main.ts" "$@"\n`);
  chmodSync(join(bin, 'returns-console'), 0o755);
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ profiles: { north: { base_url: 'http://127.0.0.1:1/v1' }, south: { base_url: 'http://127.0.0.1:2/v1' } } }));
  chmodSync(config, 0o600);
  for (const shell of SHELLS) writeFileSync(join(dir, `script.${shell}`), scripts[shell]!);
  shellEnv = { PATH: `${bin}:${process.env.PATH}`, RETURNS_CONFIG: config, HOME: dir };
});

describe('completion scripts hold the tables', () => {
  it('every command, every flag of its --help, every status and the sandbox keys subcommands, in each shell', async () => {
    const helps = await helpByCommand();
    const allFlags = [...new Set([...helps.values()].flatMap(helpFlags))];
    expect(allFlags).toEqual(expect.arrayContaining(['status', 'profile', 'json', 'port', 'last4']));
    for (const shell of SHELLS) {
      const script = scripts[shell]!;
      const flagText = (f: string) => (shell === 'fish' ? ` -l ${f}` : `--${f}`);
      for (const name of [...COMMAND_NAMES, ...KEYS_SUBCOMMANDS, ...RETURN_ORDER_STATUSES]) expect(script, `${shell}: ${name}`).toMatch(new RegExp(`[\\s"'(|]${name}[\\s"'):|\\\\]`));
      for (const f of allFlags) expect(script, `${shell}: --${f}`).toContain(flagText(f));
    }
  });

  it("bash offers each command exactly the flags of its --help", async () => {
    const helps = await helpByCommand();
    const offered = (key: string) => new RegExp(`"${key}"\\) flags="([^"]*)"`).exec(scripts.bash!)?.[1]?.split(' ').filter((f) => f.startsWith('--')).map((f) => f.slice(2)).sort();
    // The sandbox and its keys subcommands too: their help is generated from the same tables now.
    for (const [name, help] of helps) expect(offered(name), name).toEqual(helpTableFlags(help).sort());
    expect(offered('sandbox keys revoke')).toEqual(['db', 'help', 'last4', 'name', 'shop']);
  });
});

/** Runs the bash completion function on a command line (the last word is the one being completed). */
function bashComplete(...words: string[]): string[] {
  const out = execFileSync('bash', ['-c', `source "${join(dir, 'script.bash')}"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _returns_console; printf '%s\\n' "\${COMPREPLY[@]}"`, '_', ...words], {
    env: shellEnv,
    encoding: 'utf8',
  });
  return out.split('\n').filter((l) => l !== '');
}

describe('bash completes', () => {
  it('commands, then their flags', () => {
    expect(bashComplete('returns-console', '')).toEqual([...COMMAND_NAMES]);
    expect(bashComplete('returns-console', 'rev')).toEqual(['review']);
    expect(bashComplete('returns-console', 'list', '--st')).toEqual(['--status']);
    expect(bashComplete('returns-console', '--read')).toEqual(['--read-only']);
    expect(bashComplete('returns-console', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete('returns-console', 'sandbox', 'keys', 'r')).toEqual(['revoke']);
    expect(bashComplete('returns-console', 'sandbox', 'keys', 'create', '--sh')).toEqual(['--shop']);
    expect(bashComplete('returns-console', 'sandbox', '--fail-status', '')).toEqual(['500', '429']);
  });

  it('statuses as a comma-separated list, also after --status=', () => {
    expect(bashComplete('returns-console', 'list', '--status', 'pending,rev')).toEqual(['pending,reviewed']);
    expect(bashComplete('returns-console', '--status', '')).toEqual([...RETURN_ORDER_STATUSES]);
    expect(bashComplete('returns-console', 'list', '--status', '=', 'comp')).toEqual(['completing', 'completed']);
  });

  it('profile names read from the config file at completion time, nothing for free values', () => {
    expect(bashComplete('returns-console', 'list', '--profile', '')).toEqual(['north', 'south']);
    expect(bashComplete('returns-console', 'list', '--limit', '')).toEqual([]);
  });
});

const skipped = (shell: string) => `${shell}: SKIPPED, ${shell} is not installed (apt-get install ${shell}; CI installs it)`;

describe.skipIf(!hasShell('zsh'))(hasShell('zsh') ? 'zsh' : skipped('zsh'), () => {
  it('parses the script, which registers its function for returns-console', () => {
    expect(spawnSync('zsh', ['-n', join(dir, 'script.zsh')], { encoding: 'utf8' }).stderr).toBe('');
    // compdef as compinit defines it, recording the call (compinit itself takes seconds).
    const out = execFileSync('zsh', ['-f', '-c', `compdef() { print -r -- "$@" }; source "${join(dir, 'script.zsh')}"; whence -w _returns_console`], { env: shellEnv, encoding: 'utf8' });
    expect(out).toBe('_returns_console returns-console\n_returns_console: function\n');
  });
});

describe.skipIf(!hasShell('fish'))(hasShell('fish') ? 'fish' : skipped('fish'), () => {
  const fishComplete = (line: string) =>
    execFileSync('fish', ['-c', `source "${join(dir, 'script.fish')}"; complete -C '${line}'`], { env: shellEnv, encoding: 'utf8' })
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t')[0]);

  it('parses the script and completes commands, flags, statuses and profiles', () => {
    expect(spawnSync('fish', ['-n', join(dir, 'script.fish')], { encoding: 'utf8' }).stderr).toBe('');
    expect(fishComplete('returns-console li')).toEqual(['list']);
    expect(fishComplete('returns-console list --st')).toEqual(['--status']);
    expect(fishComplete('returns-console list --status pending,rev')).toEqual(['pending,reviewed']);
    expect(fishComplete('returns-console --profile ')).toEqual(['north', 'south']);
    expect(fishComplete('returns-console sandbox keys ')).toEqual([...KEYS_SUBCOMMANDS].sort());
  });
});

describe('returns-console completion', () => {
  it('--profiles prints the profile names, and nothing without a config file', async () => {
    expect(await runIn(['--profiles'], { RETURNS_CONFIG: shellEnv.RETURNS_CONFIG! })).toEqual({ code: 0, stdout: 'north\nsouth\n', stderr: '' });
    expect(await runIn(['--profiles'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses an unknown or missing shell with exit 2, naming the shells', async () => {
    const tcsh = await runIn(['tcsh']);
    expect(tcsh.code).toBe(2);
    expect(tcsh.stderr).toMatch(/^error: No completion for "tcsh"; shells: bash, zsh, fish \[usage_error\]\n/);
    const none = await runIn([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/name a shell: bash, zsh, fish/i);
  });
});
