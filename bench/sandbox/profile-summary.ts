/** Reading a V8 .cpuprofile: the functions with the most self time, for the console output. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}

/**
 * The idle share, then the top `count` functions by self samples as a share of the busy
 * (non-idle) samples: "share  function  file". Natives called from a function (SQLite
 * through node:sqlite, JSON.stringify) count as that function's self time.
 */
export function topSelfTime(profilePath: string, root: string, count = 25): string[] {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as { nodes: ProfileNode[] };
  const totals = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') {
      idle += hits;
      continue;
    }
    busy += hits;
    const file = url.startsWith('file://') ? relative(root, new URL(url).pathname) : url || '(native)';
    const key = `${functionName || '(anonymous)'}  ${file}`;
    totals.set(key, (totals.get(key) ?? 0) + hits);
  }
  const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1).padStart(5)}%`;
  return [
    `idle ${pct(idle, idle + busy).trim()} of all samples; shares below are of busy samples`,
    ...[...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, hits]) => `${pct(hits, busy)}  ${key}`),
  ];
}
