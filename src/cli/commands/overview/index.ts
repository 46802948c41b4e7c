/**
 * `returns-console overview [--json] [--cap N]`: how many orders wait in each status, how old
 * the pending ones are, the oldest of them, and this profile's own activity today and
 * yesterday: the figures of the console's overview screen, for scripts.
 */
import { readAudit } from '../../../local/audit-log.js';
import { defaultStateDir } from '../../../local/state-paths.js';
import { DEFAULT_OVERVIEW_CAP } from '../../../ops/overview.js';
import { takeOverview } from '../../../ops/overview-count.js';
import { booleanFlag, runCommand, stringFlag } from '../../command-runner.js';
import { EXIT } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, usage, type CommandSpec } from '../../flags.js';
import { CLEAR_LINE } from '../../output/progress-line.js';
import { overviewProgressLine, overviewJson, renderOverviewText } from './overview-render.js';
import { SANDBOX_FLAG } from '../../builtin-sandbox.js';

export const OVERVIEW_SPEC: CommandSpec = {
  name: 'overview',
  summary: 'Orders per status, pending orders by age, the oldest pending order, and your activity today and yesterday.',
  flags: [
    { name: 'json', type: 'boolean', description: 'The figures as one JSON object' },
    { name: 'cap', type: 'string', valueName: 'N', description: `Count each status up to N orders, more show as "N+" (profile overview_cap, default ${DEFAULT_OVERVIEW_CAP})` },
    SANDBOX_FLAG,
  ],
  notes: [
    [
      'Counts come from walking the list of each of the 12 statuses, 100 orders a page, through the',
      "client's rate limiting and retries (progress on stderr when it is a terminal). Pending orders",
      'are grouped by age: under 1 day, 1-3, 3-7, 7-14 and over 14 days. Activity is read from the',
      "activity log on this machine (the console's reviews and receipts of this profile), per local hour.",
    ].join('\n'),
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: ['returns-console overview', 'returns-console overview --json | jq .statuses.pending.count', 'returns-console overview --profile north --cap 20000'],
};

/** --cap: a whole number from 100 (one page) up. */
function parseCap(raw: string): number {
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 100 && n <= 1_000_000)) throw usage(OVERVIEW_SPEC, `--cap: ${JSON.stringify(raw)} is not a whole number from 100 to 1000000`, 'cap');
  return n;
}

/** Runs `overview`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(OVERVIEW_SPEC, argv, factory, async (ctx) => {
    const { io, env } = factory;
    // Checked before the key is read: a bad flag is a usage error, nothing is sent.
    const rawCap = stringFlag(ctx.args, 'cap');
    const flagCap = rawCap === undefined ? undefined : parseCap(rawCap);
    const { client, connection } = await ctx.connect();
    const { config } = connection;
    const cap = flagCap ?? config.overviewCap.value;
    const profile = config.profile.value;
    const { stateName } = connection;
    const stateDir = defaultStateDir(env, factory.homeDir);
    const timeZone = env.TZ || undefined;
    const showProgress = io.isStderrTTY;
    let figures;
    try {
      figures = await takeOverview(client, {
        cap,
        profile,
        stateName,
        now: factory.now,
        ...(timeZone !== undefined && { timeZone }),
        readActivity: async (sinceMs) => (await readAudit(stateDir, { limit: Number.MAX_SAFE_INTEGER, profile: stateName, sinceMs })).entries,
        ...(showProgress && { onProgress: (p) => io.stderr.write(overviewProgressLine(p)) }),
      });
    } finally {
      if (showProgress) io.stderr.write(CLEAR_LINE);
    }
    if (booleanFlag(ctx.args, 'json')) ctx.output.writeJson(overviewJson(figures));
    else ctx.output.write(renderOverviewText(figures, { width: io.isStdoutTTY ? io.columns() : 100, style: ctx.style, ...(timeZone !== undefined && { timeZone }) }));
    return EXIT.ok;
  });
}
