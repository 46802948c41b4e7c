/**
 * Console speed benchmarks: start-up against its floors, keystroke to frame with a
 * cache of 10,000 orders, and the resident set after paging through them. Needs the built
 * console (`node scripts/build.mjs`). Writes its three sections of docs/benchmarks.md.
 *
 *   npx tsx bench/console/run.ts [startup|keys|all] [--runs 15] [--keys 300] [--pages 100] [--no-write]
 *                                [--baseline PATH | --baseline-ref REF] [--baseline-label TEXT]
 *                                [--without NAME,…] [--rounds N] [--first-launches] [--command "list --limit 1"]
 *
 * --baseline measures another build of the console in the same run (e.g. one built with
 * `node scripts/build.mjs --outdir .tmp/baseline --no-splitting --no-source-patch`, or an older
 * commit's build); --baseline-ref REF builds that commit's console (bench/console/baseline-ref.ts)
 * and measures it so; --baseline-label says in the report what that build is (kept with the samples).
 * --node-flags="…" also measures keystrokes and memory of the console started with these
 * node flags (e.g. "--optimize-for-size"), to see what a flag would change.
 * --without NAME,… builds these sources once without each measure named (bench/console/variants.ts;
 * `same` is the control, the same sources built again) and measures each build in the same run:
 * start-up launches rotate through all of them; keys and memory are measured --rounds times
 * (default 1) for each build, in rotating order; --first-launches adds, for each, launches with an
 * empty compile cache; --command "ARGS" also runs that command to its exit with each. Their comparison is a section of its own, one per Node major.
 * Every run saves its samples to bench/results/console-*.json; --render FILE writes the
 * sections again from such a file without measuring.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONSOLE_BUNDLE, launchFlags, measureStartup, type StartupSamples } from './measure-startup.js';
import { floorResidentSet, measureEchoFloor, measureKeystrokes, type KeystrokeSamples } from './measure-keystrokes.js';
import { buildBaselineRef } from './baseline-ref.js';
import { renderSections, replaceSections } from './report.js';
import { startSandboxChild } from './sandbox.js';
import { buildStackFloor } from './stack-floor/build.js';
import { buildVariant, parseVariantNames, VARIANTS } from './variants.js';
import { renderVariantsSection, type VariantKeys, type VariantsInput } from './variants-report.js';
import type { OtherBuild } from './measure-startup.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '15' },
    keys: { type: 'string', default: '300' },
    pages: { type: 'string', default: '100' },
    pause: { type: 'string', default: '50' },
    baseline: { type: 'string' },
    'baseline-ref': { type: 'string' },
    'baseline-label': { type: 'string' },
    'node-flags': { type: 'string' },
    render: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    without: { type: 'string', default: '' },
    rounds: { type: 'string', default: '1' },
    'first-launches': { type: 'boolean', default: false },
    command: { type: 'string' },
  },
});
const which = positionals[0] ?? 'all';
if (!['startup', 'keys', 'all'].includes(which)) {
  process.stderr.write('usage: npx tsx bench/console/run.ts [startup|keys|all] [--runs N] [--keys N] [--pages N] [--pause MS] [--no-write]\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const without = parseVariantNames(values.without);
const rounds = Number(values.rounds);

type Measured = Parameters<typeof renderSections>[0] & VariantsInput;

async function measure(): Promise<Measured> {
  if (!existsSync(CONSOLE_BUNDLE)) {
    process.stderr.write(`${CONSOLE_BUNDLE} is missing: run "node scripts/build.mjs" first.\n`);
    process.exit(2);
  }
  const context = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    node: process.versions.node,
    nproc: cpus().length,
    loadAvg: loadavg(),
  };
  log('starting the sandbox child (fixture of 10,028 visible orders)…');
  const sandbox = await startSandboxChild();
  let startup: StartupSamples | null = null;
  let keys: KeystrokeSamples | null = null;
  let keysRounds: KeystrokeSamples[] = [];
  let baselineKeys: KeystrokeSamples | null = null;
  let flaggedKeys: KeystrokeSamples | null = null;
  let floorRss: number | null = null;
  let keysFloor: { firstByteMs: number[]; frameMs: number[] } | null = null;
  const variantKeys: VariantKeys[] = [];
  const nodeFlags = values['node-flags']?.split(' ').filter((f) => f !== '') ?? [];
  const ref = values['baseline-ref'] ? buildBaselineRef(process.cwd(), values['baseline-ref'], log) : null;
  const baseline = ref?.bundle ?? values.baseline ?? null;
  const baselineLabel = values['baseline-label'] ?? (ref ? `the build of ${ref.commit}` : undefined);
  const keyOptions = { pages: Number(values.pages), keys: Number(values.keys), pauseMs: Number(values.pause) };
  const variants: OtherBuild[] = without.map((name) => {
    log(`building the console without ${name} into .tmp/variants/${name}…`);
    return { name, label: VARIANTS[name]!.label, bundle: buildVariant(process.cwd(), name, process.execPath) };
  });
  try {
    if (which === 'startup' || which === 'all') {
      log('start-up: building the stack floor into bench/.cache/stack-floor…');
      const stackFloor = await buildStackFloor(join(process.cwd(), 'bench', '.cache', 'stack-floor'));
      log('start-up…');
      startup = await measureStartup(sandbox.url, Number(values.runs), { baseline, stackFloor, variants, firstLaunches: values['first-launches'], command: values.command?.split(' ').filter((a) => a !== '') ?? [] }, log);
    }
    if (which === 'keys' || which === 'all') {
      log('keystrokes and memory…');
      floorRss = await floorResidentSet(sandbox.url);
      keysFloor = await measureEchoFloor(keyOptions.keys, keyOptions.pauseMs);
      // This build, the baseline and the variants, each once a round, in rotating order.
      const builds = [
        { name: 'this', label: 'this build', bundle: CONSOLE_BUNDLE, rounds: [] as KeystrokeSamples[] },
        ...(baseline ? [{ name: 'baseline', label: baselineLabel ?? 'the baseline', bundle: baseline, rounds: [] as KeystrokeSamples[] }] : []),
        ...variants.map((v) => ({ ...v, rounds: [] as KeystrokeSamples[] })),
      ];
      for (let r = 0; r < rounds; r++) {
        for (let j = 0; j < builds.length; j++) {
          const build = builds[(r + j) % builds.length]!;
          log(`keys, round ${r + 1}/${rounds}: ${build.label}…`);
          build.rounds.push(await measureKeystrokes(sandbox.url, build.bundle, keyOptions, log));
        }
      }
      keysRounds = builds[0]!.rounds;
      keys = keysRounds[0]!;
      baselineKeys = baseline ? builds[1]!.rounds[0]! : null;
      for (const build of builds.slice(baseline ? 2 : 1)) variantKeys.push({ name: build.name, label: build.label, rounds: build.rounds });
      if (nodeFlags.length > 0) {
        log(`the same with node ${nodeFlags.join(' ')}…`);
        flaggedKeys = await measureKeystrokes(sandbox.url, CONSOLE_BUNDLE, { ...keyOptions, nodeFlags }, log);
      }
    }
  } finally {
    await sandbox.stop();
  }
  const measured = {
    ...context,
    launchFlags: launchFlags(CONSOLE_BUNDLE),
    startup,
    keys,
    keysFloor,
    baselineKeys,
    flaggedKeys,
    nodeFlags,
    floorRss,
    runs: Number(values.runs),
    baselineLabel,
    baselineRef: ref?.commit,
    keysRounds,
    variantKeys,
    without,
    rounds,
    firstLaunches: values['first-launches'],
    keyOptions,
  };
  mkdirSync('bench/results', { recursive: true });
  const saved = `bench/results/console-${context.date.replace(/[: ]/g, '-').replace('-UTC', '')}.json`;
  writeFileSync(saved, JSON.stringify(measured));
  log(`samples saved to ${saved}`);
  return measured;
}

const measured: Measured = values.render ? (JSON.parse(readFileSync(values.render, 'utf8')) as Measured) : await measure();
const sections = [...renderSections(measured), ...renderVariantsSection(measured)];
process.stdout.write(`${sections.map((s) => s.text).join('\n')}\n`);
if (!values['no-write']) {
  const path = 'docs/benchmarks.md';
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : '';
  writeFileSync(path, replaceSections(doc, sections));
  log(`updated ${path}`);
}
