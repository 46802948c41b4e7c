/**
 * The section of docs/benchmarks.md that compares this build with the builds without one
 * speed measure each (`run.ts --without`), one section per Node major. Pure. Start-up
 * launches of each build are paired by round (launched within the same rotation), so each
 * ratio compares launches taken moments apart; its interval is the median's 95% one.
 */
import type { KeystrokeSamples } from './measure-keystrokes.js';
import type { CpuSample, StartupSamples } from './measure-startup.js';
import { known, ms, toMB, type Section } from './report.js';
import { medianInterval, pairedRatios, quantile, summarize } from './stats.js';

/** One variant's keystroke runs, one per round (round r taken in the same rotation as this build's). */
export interface VariantKeys {
  readonly name: string;
  readonly label: string;
  readonly rounds: readonly KeystrokeSamples[];
}

export interface VariantsInput {
  readonly date: string;
  readonly node: string;
  readonly nproc: number;
  readonly loadAvg: readonly number[];
  readonly runs: number;
  readonly startup: StartupSamples | null;
  /** This build's keystroke runs, one per round. */
  readonly keysRounds?: readonly KeystrokeSamples[];
  readonly variantKeys?: readonly VariantKeys[];
  /** The names given to --without, in order. */
  readonly without?: readonly string[];
  readonly rounds?: number;
  readonly firstLaunches?: boolean;
  readonly keyOptions?: { readonly pages: number; readonly keys: number; readonly pauseMs: number };
}

/** The section's title for a run on Node `version`. */
export const variantsTitle = (version: string) => `## Each speed measure against the build without it, Node ${version.split('.')[0]}`;

/** "1.08 (1.05-1.11)": the median of paired ratios and its 95% interval; "–" without pairs. */
export function ratioCell(ratios: readonly number[]): string {
  if (ratios.length === 0) return '–';
  const { low, high } = medianInterval(ratios);
  return `${quantile(ratios, 0.5).toFixed(2)} (${low.toFixed(2)}-${high.toFixed(2)})`;
}

/** "4.3 ms (4.1-4.6)": the median of the rounds and, when there are several, their range. */
function roundsCell(values: readonly number[], format: (n: number) => string, unit: string): string {
  if (values.length === 0) return '–';
  const s = summarize(values);
  return values.length === 1 ? `${format(s.p50)} ${unit}` : `${format(s.p50)} ${unit} (${format(s.min)}-${format(s.max)})`;
}

const msDigits = (n: number) => n.toFixed(n < 10 ? 1 : 0);
const whole = (n: number) => n.toFixed(0);

const cpuRatios = (a: readonly CpuSample[], b: readonly CpuSample[]) => pairedRatios(a, b);

function startupTable(s: StartupSamples, firstLaunches: boolean): string[] {
  const thisCpu = s.cpu?.console ?? [];
  const row = (label: string, samples: readonly number[], cpu: readonly CpuSample[], firstLaunch: readonly number[] | null | undefined, isThis: boolean) => {
    const cells = [
      label,
      ms(quantile(samples, 0.5)),
      `${quantile(samples, 0.25).toFixed(0)}-${ms(quantile(samples, 0.75))}`,
      known(cpu).length > 0 ? ms(quantile(known(cpu), 0.5)) : '–',
      isThis ? '1' : ratioCell(pairedRatios(samples, s.console)),
      isThis ? '1' : ratioCell(cpuRatios(cpu, thisCpu)),
      ...(firstLaunches ? [firstLaunch && firstLaunch.length > 0 ? ms(quantile(firstLaunch, 0.5)) : '–'] : []),
    ];
    return `| ${cells.join(' | ')} |`;
  };
  return [
    `| left out | median | p25-p75 | CPU median | time against this build | CPU against this build |${firstLaunches ? ' first launch, median |' : ''}`,
    `|---|---|---|---|---|---|${firstLaunches ? '---|' : ''}`,
    row('nothing: this build', s.console, thisCpu, s.firstLaunch, true),
    ...(s.variants ?? []).map((v) => row(`${v.label} (\`${v.name}\`)`, v.ms, v.cpu, v.firstLaunch, false)),
  ];
}

function commandTable(c: NonNullable<StartupSamples['command']>): string[] {
  const row = (label: string, samples: readonly number[], cpu: readonly CpuSample[], isThis: boolean) =>
    `| ${[
      label,
      ms(quantile(samples, 0.5)),
      known(cpu).length > 0 ? ms(quantile(known(cpu), 0.5)) : '–',
      isThis ? '1' : ratioCell(pairedRatios(samples, c.ms)),
      isThis ? '1' : ratioCell(pairedRatios(cpu, c.cpu)),
    ].join(' | ')} |`;
  return [
    '| left out | median | CPU median | time against this build | CPU against this build |',
    '|---|---|---|---|---|',
    row('nothing: this build', c.ms, c.cpu, true),
    ...c.variants.map((v) => row(`${v.label} (\`${v.name}\`)`, v.ms, v.cpu, false)),
  ];
}

function keysTable(thisRounds: readonly KeystrokeSamples[], variants: readonly VariantKeys[]): string[] {
  const cpuOf = (rounds: readonly KeystrokeSamples[]) => rounds.map((k) => k.cpuMsPerKey ?? null);
  const row = (label: string, rounds: readonly KeystrokeSamples[], isThis: boolean) => {
    const cpu = known(cpuOf(rounds));
    const cells = [
      label,
      roundsCell(cpu, msDigits, 'ms'),
      isThis ? '1' : ratioCell(pairedRatios(cpuOf(rounds), cpuOf(thisRounds))),
      roundsCell(rounds.map((k) => summarize(k.frameMs).p95), msDigits, 'ms'),
      roundsCell(rounds.flatMap((k) => (k.bytesPerKey === undefined ? [] : [k.bytesPerKey])), whole, 'B'),
      roundsCell(rounds.map((k) => toMB(k.rss.paged)), whole, 'MB'),
      isThis ? '1' : ratioCell(pairedRatios(rounds.map((k) => k.rss.paged), thisRounds.map((k) => k.rss.paged))),
    ];
    return `| ${cells.join(' | ')} |`;
  };
  return [
    '| left out | CPU per key | CPU per key against this build | frame p95 | written per key | resident set after paging | resident set against this build |',
    '|---|---|---|---|---|---|---|',
    row('nothing: this build', thisRounds, true),
    ...variants.map((v) => row(`${v.label} (\`${v.name}\`)`, v.rounds, false)),
  ];
}

/** The command that repeats the run. */
function reproduce(i: VariantsInput): string {
  const which = i.startup && (i.keysRounds?.length ?? 0) > 0 ? 'all' : i.startup ? 'startup' : 'keys';
  const options = [
    `--without ${(i.without ?? []).join(',')}`,
    ...(which !== 'keys' ? [`--runs ${i.runs}`] : []),
    ...(which !== 'startup' && (i.rounds ?? 1) > 1 ? [`--rounds ${i.rounds}`] : []),
    ...(i.firstLaunches ? ['--first-launches'] : []),
    ...(i.startup?.command ? [`--command "${i.startup.command.args.join(' ')}"`] : []),
    ...(which !== 'startup' && i.keyOptions && i.keyOptions.keys !== 300 ? [`--keys ${i.keyOptions.keys}`] : []),
    ...(which !== 'startup' && i.keyOptions && i.keyOptions.pages !== 100 ? [`--pages ${i.keyOptions.pages}`] : []),
  ];
  return `\`scripts/node.sh ${i.node.split('.')[0]} sh -c 'node scripts/build.mjs && npx tsx bench/console/run.ts ${which} ${options.join(' ')}'\``;
}

/** The section, when the run measured builds without measures; none otherwise. */
export function renderVariantsSection(i: VariantsInput): Section[] {
  if (!i.without || i.without.length === 0) return [];
  const title = variantsTitle(i.node);
  const rounds = i.keysRounds ?? [];
  const lines = [
    title,
    '',
    `Run on ${i.date}: Node ${i.node}, ${i.nproc} cores shared with other work (load average ${i.loadAvg.map((n) => n.toFixed(1)).join(' / ')} at the start).`,
    `Reproduce with ${reproduce(i)}.`,
    '',
    'Each row is these sources built without one measure (bench/console/variants.ts), measured in the same run as',
    'this build. "Against this build" is the median of the ratios of launches (or rounds of keys) taken in the same',
    'rotation, with its 95% interval: above 1, leaving the measure out costs. The control row, the same sources built',
    'again, shows how far two identical builds land apart in this run.',
    ...(i.startup
      ? [
          '',
          `Start-up to the first page, as in "Console start-up" (${i.runs} launches of each, rotating; warm compile cache${i.firstLaunches ? '; and as many first launches of each, with an empty one' : ''}):`,
          '',
          ...startupTable(i.startup, i.firstLaunches === true),
        ]
      : []),
    ...(i.startup?.command
      ? [
          '',
          `\`returns-console ${i.startup.command.args.join(' ')}\` from its launch to its exit, in the same rotation (CPU time as the process reports it at exit):`,
          '',
          ...commandTable(i.startup.command),
        ]
      : []),
    ...(rounds.length > 0
      ? [
          '',
          `Keys and memory, as in "Keystroke to frame" and "Memory" (${rounds.length} round${rounds.length === 1 ? '' : 's'} of each build, rotating; ${rounds[0]!.keys} keys`,
          `after paging through ${rounds[0]!.cachedOrders.toLocaleString('en')} orders; the median of the rounds, their range in brackets):`,
          '',
          ...keysTable(rounds, i.variantKeys ?? []),
        ]
      : []),
  ];
  return [{ title, text: `${lines.join('\n')}\n` }];
}
