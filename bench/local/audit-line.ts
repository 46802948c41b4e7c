/**
 * `npx tsx bench/local/audit-line.ts [REF]`: reading the activity log when one line is long
 * (1, 4, 32 MiB), now and, in the same run, with src/local/audit-log.ts as it was at REF
 * (default c22c74b, before the linear reader), each in a fresh process. Prints a markdown table.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ref = process.argv[2] ?? 'c22c74b';
const SIZES = [1, 4, 32];

interface Measure {
  readonly ms: number;
  readonly maxRssMiB: number;
  readonly entries: number;
}

function measure(impl: string, mib: number): Measure {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'bench/local/audit-line-child.ts'), impl, String(mib)], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as Measure;
}

const baseline = join(root, 'bench/local/.audit-log-baseline.ts');
const source = execFileSync('git', ['show', `${ref}:src/local/audit-log.ts`], { cwd: root, encoding: 'utf8' }).replaceAll("from './", "from '../../src/local/");
writeFileSync(baseline, source);
try {
  const load = loadavg()[0]!.toFixed(1);
  const rows = SIZES.map((mib) => {
    const before = measure(baseline, mib);
    const now = measure(join(root, 'src/local/audit-log.ts'), mib);
    return `| ${mib} MiB | ${before.ms.toFixed(0)} ms, ${before.maxRssMiB.toFixed(0)} MiB RSS | ${now.ms.toFixed(0)} ms, ${now.maxRssMiB.toFixed(0)} MiB RSS |`;
  });
  console.log([`Node ${process.versions.node}, load average ${load} at the start, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`, '', `| the long line | ${ref} | now |`, '|---|---|---|', ...rows].join('\n'));
} finally {
  rmSync(baseline, { force: true });
}
