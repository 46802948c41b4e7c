// CI: the README's `npm start` as a person types it, in a pseudo-terminal, with this shell's
// Node first on PATH (whatever its version): it must open the console on the built-in
// sandbox's demo data; q quits with exit 0. Run from the checkout after `npm install`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from '@lydell/node-pty';

const TIMEOUT_MS = 120_000;
const home = mkdtempSync(join(tmpdir(), 'rc-npm-start-'));
const env = { ...process.env, TERM: 'xterm-256color', NO_COLOR: '1', XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_DATA_HOME: join(home, 'data') };
for (const name of ['RETURNS_BASE_URL', 'RETURNS_API_KEY', 'RETURNS_PROFILE', 'RETURNS_CONFIG']) delete env[name];
const shell = pty.spawn('sh', ['-c', 'npm start; echo "npm start exited with $?"'], { name: 'xterm-256color', cols: 120, rows: 30, cwd: process.cwd(), env });
let output = '';
let quitSent = false;
const timer = setTimeout(() => {
  process.stderr.write(`npm start: no console on demo data within ${TIMEOUT_MS / 1000} s; output:\n${output.slice(-3000)}\n`);
  shell.kill('SIGKILL');
  process.exit(1);
}, TIMEOUT_MS);
shell.onData((data) => {
  output += data;
  // The badge and a demo order (the demo shop's names start with #AO) on screen.
  if (!quitSent && output.includes('SANDBOX') && /#AO\d+/.test(output)) {
    quitSent = true;
    shell.write('q');
  }
});
shell.onExit(() => {
  clearTimeout(timer);
  const status = /npm start exited with (\d+)/.exec(output)?.[1];
  if (!quitSent || status !== '0') {
    process.stderr.write(`npm start: ${quitSent ? `exit ${status}` : 'no console on demo data'}; output:\n${output.slice(-3000)}\n`);
    process.exit(1);
  }
  process.stdout.write('npm start: the console opened on the demo data and quit with exit 0\n');
});
