/**
 * `returns-console completion bash|zsh|fish`: the scripts hold every command and flag of the
 * tables that `--help` is written from (read here from the help texts themselves), and they
 * complete in the real shells: bash always; zsh and fish when installed (the CI installs them).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
/** A config file whose one view name is hostile (refused by the config's checks). */
let hostileConfig: string;
const HOSTILE_NAME = 'a b;$(touch pwned)`touch pwned`';

/** A private config file in `dir`: `config` as JSON, or a string as it is. */
function writeConfig(name: string, config: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof config === 'string' ? config : JSON.stringify(config));
  chmodSync(path, 0o600);
  return path;
}

beforeAll(async () => {
  for (const shell of SHELLS) {
    const r = await runIn([shell]);
    expect(r.code).toBe(0);
    scripts[shell] = r.stdout;
  }
  dir = tempDir('rc-completion-');
  // The scripts ask `returns-console completion --profiles` (--views): a returns-console on PATH that runs the sources
  // (tsx by its URL: the bash tests run in dir, where `--import tsx` would not resolve).
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'returns-console'), `#!/bin/sh\nexec "${process.execPath}" --import "${import.meta.resolve('tsx')}" "${ROOT}/src/cli/main.ts" "$@"\n`);
  chmodSync(join(bin, 'returns-console'), 0o755);
  const config = writeConfig('config.json', {
    profiles: { north: { base_url: 'http://127.0.0.1:1/v1' }, south: { base_url: 'http://127.0.0.1:2/v1' } },
    views: { today: { statuses: ['pending'], from: 'today' }, 'to-receive': { statuses: ['reviewed'] }, aged: { to: '7d' } },
  });
  hostileConfig = writeConfig('hostile.json', { views: { [HOSTILE_NAME]: { statuses: ['pending'] } } });
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

/** Runs the bash completion function on a command line (the last word is the one being completed), in `dir`. */
function bashCompleteIn(env: Record<string, string>, ...words: string[]): string[] {
  const out = execFileSync('bash', ['-c', `source "${join(dir, 'script.bash')}"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _returns_console; printf '%s\\n' "\${COMPREPLY[@]}"`, '_', ...words], {
    env: { ...shellEnv, ...env },
    cwd: dir,
    encoding: 'utf8',
  });
  return out.split('\n').filter((l) => l !== '');
}

const bashComplete = (...words: string[]) => bashCompleteIn({}, ...words);

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

  it('profile and view names read from the config file at completion time, nothing for free values', () => {
    expect(bashComplete('returns-console', 'list', '--profile', '')).toEqual(['north', 'south']);
    expect(bashComplete('returns-console', 'list', '--view', 'to')).toEqual(['today', 'to-receive']);
    expect(bashComplete('returns-console', '--view', '=', 'a')).toEqual(['aged']);
    expect(bashComplete('returns-console', 'list', '--limit', '')).toEqual([]);
    // A hostile name makes the config invalid: nothing completes, nothing runs.
    expect(bashCompleteIn({ RETURNS_CONFIG: hostileConfig }, 'returns-console', 'list', '--view', '')).toEqual([]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it('names are matched as text and inserted quoted, whatever they hold (were they ever printed)', () => {
    // A stand-in for `completion --views`: the config's checks keep such names out, the script must not depend on it.
    const bin = join(dir, 'hostile-bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'returns-console'), `#!/bin/sh\nprintf '%s\\n' 'two words' '$(touch pwned)' '*' 'tab;rm'\n`);
    chmodSync(join(bin, 'returns-console'), 0o755);
    const complete = (cur: string) => bashCompleteIn({ PATH: `${bin}:${process.env.PATH}` }, 'returns-console', 'list', '--view', cur);
    expect(complete('')).toEqual(['two\\ words', '\\$\\(touch\\ pwned\\)', '\\*', 'tab\\;rm']);
    expect(complete('t')).toEqual(['two\\ words', 'tab\\;rm']);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
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

  /** The words zsh offers on Tab after `line`, in an interactive zsh with compinit. */
  const zshComplete = (line: string) =>
    execFileSync('zsh', ['-f', join(ROOT, 'test/cli/helpers/zsh-complete.zsh'), join(dir, 'script.zsh'), line], { env: shellEnv, encoding: 'utf8', timeout: 30_000 })
      .trim()
      .split('\t');

  it('completes flags, and profile and view names from the config file', () => {
    expect(zshComplete('returns-console list --sta')).toEqual(['--status']);
    expect(zshComplete('returns-console --profile ')).toEqual(['north', 'south']);
    expect(zshComplete('returns-console list --view to')).toEqual(['today', 'to-receive']);
  });
});

describe.skipIf(!hasShell('fish'))(hasShell('fish') ? 'fish' : skipped('fish'), () => {
  const fishComplete = (line: string) =>
    execFileSync('fish', ['-c', `source "${join(dir, 'script.fish')}"; complete -C '${line}'`], { env: shellEnv, encoding: 'utf8' })
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t')[0]);

  it('parses the script and completes commands, flags, statuses, profiles and views', () => {
    expect(spawnSync('fish', ['-n', join(dir, 'script.fish')], { encoding: 'utf8' }).stderr).toBe('');
    expect(fishComplete('returns-console li')).toEqual(['list']);
    expect(fishComplete('returns-console list --st')).toEqual(['--status']);
    expect(fishComplete('returns-console list --status pending,rev')).toEqual(['pending,reviewed']);
    expect(fishComplete('returns-console --profile ')).toEqual(['north', 'south']);
    expect(fishComplete('returns-console list --view to')).toEqual(['today', 'to-receive']);
    expect(fishComplete('returns-console --view=a')).toEqual(['--view=aged']);
    expect(fishComplete('returns-console sandbox keys ')).toEqual([...KEYS_SUBCOMMANDS].sort());
  });
});

describe('returns-console completion', () => {
  it('--profiles and --views print the names, and nothing without a config file', async () => {
    expect(await runIn(['--profiles'], { RETURNS_CONFIG: shellEnv.RETURNS_CONFIG! })).toEqual({ code: 0, stdout: 'north\nsouth\n', stderr: '' });
    expect(await runIn(['--views'], { RETURNS_CONFIG: shellEnv.RETURNS_CONFIG! })).toEqual({ code: 0, stdout: 'today\nto-receive\naged\n', stderr: '' });
    expect(await runIn(['--profiles'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runIn(['--views'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('--views prints nothing, with exit 0, for a config file that is missing, invalid or not private', async () => {
    // Node's JSON error quotes the text; it must not reach the prompt.
    const notJson = writeConfig('not-json.json', '{"views": {"today": {}}, key_command: "pass show sk_live_secret"');
    const open = writeConfig('open.json', { views: { today: {} } });
    chmodSync(open, 0o644);
    for (const config of [join(dir, 'missing.json'), notJson, open, hostileConfig]) {
      expect(await runIn(['--views'], { RETURNS_CONFIG: config }), config).toEqual({ code: 0, stdout: '', stderr: '' });
    }
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
