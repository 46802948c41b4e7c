// The main script of the standalone binaries (scripts/build-binaries.mjs). The console is
// built into the binary as assets, the same files as dist/ (the entry and its chunks). On its
// first launch the binary writes them to the user's cache directory, once per build; every
// launch then runs them from there as `node dist/returns-console.js` would, with Node's
// compile cache, so the binary starts as fast as the npm-installed command on every platform
// (a SEA's own code cache can only be made on the platform it runs on; docs/benchmarks.md).
// Where that directory cannot be used safely, a private temporary one serves the one launch.
'use strict';
const { getAsset } = require('node:sea');
const { createRequire } = require('node:module');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** How old another build's directory must be before it is removed (a console of that build may still load chunks from it). */
const STALE_MS = 24 * 60 * 60 * 1000;

const app = JSON.parse(getAsset('app.json', 'utf8'));

/** True when `dir` is a directory of this user that nobody else can write to (POSIX; Windows has no such bits). */
function isPrivateDir(dir) {
  const info = fs.lstatSync(dir);
  if (!info.isDirectory()) return false;
  if (process.platform === 'win32') return true;
  return info.uid === process.getuid() && (info.mode & 0o022) === 0;
}

/** Writes the build's files into a new directory under `parent`; returns it. */
function writeFiles(parent) {
  const dir = fs.mkdtempSync(path.join(parent, '.new-'));
  fs.mkdirSync(path.join(dir, 'chunks'));
  for (const file of app.files) fs.writeFileSync(path.join(dir, file), new Uint8Array(getAsset(file)));
  // The files are ES modules, as in the package.
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n');
  return dir;
}

/** This build's directory in the user's cache (written on its first launch), or null when it cannot be used. */
function cachedBuild() {
  try {
    const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    const root = path.join(base, 'returns-console', 'binary');
    fs.mkdirSync(root, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(root)) return null;
    const dir = path.join(root, app.id);
    if (fs.existsSync(path.join(dir, 'package.json'))) return isPrivateDir(dir) ? dir : null;
    const written = writeFiles(root);
    try {
      fs.renameSync(written, dir);
    } catch {
      // Another launch wrote it first.
      fs.rmSync(written, { recursive: true, force: true });
    }
    removeStaleBuilds(root);
    return isPrivateDir(dir) ? dir : null;
  } catch {
    return null;
  }
}

/** Other builds' directories (an earlier binary's), once nothing can be running from them. */
function removeStaleBuilds(root) {
  for (const name of fs.readdirSync(root)) {
    if (name === app.id) continue;
    const dir = path.join(root, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
}

let dir = cachedBuild();
if (dir === null) {
  dir = writeFiles(fs.mkdtempSync(path.join(os.tmpdir(), 'returns-console-')));
  const temporary = path.dirname(dir);
  process.once('exit', () => fs.rmSync(temporary, { recursive: true, force: true }));
}
createRequire(__filename)(path.join(dir, 'returns-console.js'));
