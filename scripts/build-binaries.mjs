// Standalone executables of the console: Node single executable applications (SEA) that run
// with no Node installed, one file per platform, in dist/binaries/ with a SHA256SUMS file:
//
//   returns-console-linux-x64  returns-console-linux-arm64  returns-console-darwin-arm64
//   returns-console-darwin-x64  returns-console-win-x64.exe
//
// Each is the official Node build of its platform from the npm registry (node-<os>-<arch>,
// fetched with `npm pack` into the user's cache) with the console built into it: the files of
// the build (the entry and its chunks, as in dist/) as assets, and scripts/binary-loader.cjs
// as the main script, which runs them with Node's compile cache (see there). `node --build-sea`
// makes each binary, run by the same Node version built for this machine (the blob's format
// changes between versions). macOS binaries come out unsigned: see docs/install.md.
//
//   node scripts/build-binaries.mjs [--target linux-x64,win-x64] [--outdir DIR] [--node VERSION]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { nodeHome, nodePackageName, npmCommand } from './run-node.mjs';

/** The platforms a binary is built for, as <os>-<arch> (the file name's suffix). */
export const TARGETS = ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win-x64'];

/**
 * The Node built into the binaries: a release of the newest LTS line that the registry has for
 * every target (its packages are not published for all platforms at once). Updated on purpose.
 */
export const BINARY_NODE_VERSION = '26.10.0';

/** The file name of a target's binary. */
export function binaryName(target) {
  return `returns-console-${target}${target.startsWith('win-') ? '.exe' : ''}`;
}

/** This machine's target, e.g. linux-x64 (null when no official build of it is among TARGETS). */
export function hostTarget(platform = process.platform, arch = process.arch) {
  const target = `${platform === 'win32' ? 'win' : platform}-${arch}`;
  return TARGETS.includes(target) ? target : null;
}

/** The SEA configuration of one target: the loader as the main script, the build's files as assets. */
export function seaConfig({ main, executable, output, assets, useCodeCache }) {
  return {
    main,
    mainFormat: 'commonjs',
    executable,
    output,
    disableExperimentalSEAWarning: true,
    useCodeCache,
    useSnapshot: false,
    assets,
  };
}

/** The files of a build in `dir` (the entry first), and its id: a hash of them all. */
export function buildFiles(dir) {
  const files = ['returns-console.js', ...readdirSync(join(dir, 'chunks')).sort().map((name) => `chunks/${name}`)];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(dir, file)));
  return { id: hash.digest('hex').slice(0, 16), files };
}

/** The SHA256SUMS text (sha256sum's format) of `files`, by name. */
export function sha256sums(files) {
  return files.map(({ name, bytes }) => `${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`).join('');
}

/** A failure already reported: the build stops (cleaning up) and exits 1. */
class BuildFailure extends Error {}

function fail(message) {
  process.stderr.write(`build-binaries: ${message}\n`);
  throw new BuildFailure(message);
}

function run(file, args, options = {}) {
  const result = spawnSync(file, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) fail(`${[file, ...args].join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stderr ?? ''}`);
  return result;
}

/** The node executable of `target` at `version`, fetched from the npm registry into the user's cache once. */
export function officialNode(target, version) {
  const home = join(nodeHome(), 'builds', version);
  const file = join(home, target.startsWith('win-') ? `node-${target}.exe` : `node-${target}`);
  if (existsSync(file)) return file;
  mkdirSync(home, { recursive: true });
  const work = mkdtempSync(join(home, `.download-${target}-`));
  try {
    const [os, arch] = target.split('-');
    const spec = `${nodePackageName(os === 'win' ? 'win32' : os, arch)}@${version}`;
    process.stderr.write(`build-binaries: fetching ${spec} from the npm registry…\n`);
    const npm = npmCommand(['pack', spec, '--pack-destination', work, '--loglevel=error']);
    run(npm.file, npm.args, { cwd: work, shell: npm.shell });
    const inside = `package/bin/${target.startsWith('win-') ? 'node.exe' : 'node'}`;
    run('tar', ['-xzf', readdirSync(work).find((f) => f.endsWith('.tgz')), inside], { cwd: work });
    renameSync(join(work, inside), file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/** Builds the binaries the command line asks for. */
function main() {
  const { values: options } = parseArgs({
    options: {
      target: { type: 'string', default: TARGETS.join(',') },
      outdir: { type: 'string', default: join('dist', 'binaries') },
      node: { type: 'string', default: BINARY_NODE_VERSION },
    },
  });
  const targets = options.target.split(',').filter((t) => t !== '');
  for (const target of targets) if (!TARGETS.includes(target)) fail(`--target: no binary for ${target} (${TARGETS.join(', ')})`);
  const host = hostTarget();
  if (!host) fail(`this machine (${process.platform}-${process.arch}) has no official Node build among ${TARGETS.join(', ')} to build with`);
  const outdir = resolve(options.outdir);
  const version = options.node;

  // The builder: the same Node version as the binaries, built for this machine.
  const builder = officialNode(host, version);
  const staging = join(outdir, '.staging');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    // A build of its own: exactly this build's chunks (dist/ keeps earlier ones for a while).
    const appDir = join(staging, 'app');
    run(process.execPath, [join('scripts', 'build.mjs'), '--outdir', appDir], { stdio: ['ignore', 'inherit', 'inherit'] });
    const app = buildFiles(appDir);
    writeFileSync(join(staging, 'app.json'), JSON.stringify(app));
    const assets = { 'app.json': join(staging, 'app.json'), ...Object.fromEntries(app.files.map((file) => [file, join(appDir, file)])) };
    const built = [];
    for (const target of targets) {
      const name = binaryName(target);
      const output = join(outdir, name);
      const config = join(staging, `sea-${target}.json`);
      // The loader's code cache (a few functions): only where it is made, on this machine's platform.
      const useCodeCache = target === host;
      writeFileSync(config, JSON.stringify(seaConfig({ main: resolve('scripts', 'binary-loader.cjs'), executable: officialNode(target, version), output, assets, useCodeCache }), null, 2));
      rmSync(output, { force: true });
      run(builder, ['--build-sea', config]);
      chmodSync(output, 0o755);
      process.stderr.write(`build-binaries: ${output} (Node ${version}, build ${app.id})\n`);
      built.push({ name, bytes: readFileSync(output) });
    }
    // Every binary in the directory is listed, also those of an earlier run with other targets.
    const listed = TARGETS.map(binaryName).filter((name) => existsSync(join(outdir, name)));
    writeFileSync(join(outdir, 'SHA256SUMS'), sha256sums(listed.map((name) => built.find((b) => b.name === name) ?? { name, bytes: readFileSync(join(outdir, name)) })));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// Run as a script (not when imported for its names, e.g. by the tests and the benchmark).
if (process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  try {
    main();
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error;
    process.exitCode = 1;
  }
}
