/**
 * `returns-console` (no command) and `returns-console console`: the Ink console. The UI,
 * the client and the sandbox load only when needed, so `--help` and bad flags answer at once.
 */
import type { ReturnsClient } from '../../../api/client-types.js';
import { runCommand, stringFlag, type CommandContext } from '../../command-runner.js';
import { CliError } from '../../cli-error.js';
import { toClientOptions } from '../../config/index.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { isColorEnabled } from '../../../format/style.js';
import { CONSOLE_SPEC, parseConsoleArgs, type ConsoleArgs } from './console-args.js';
import { connectionFingerprint, localStateName } from '../../config/local-state-name.js';
import { resolveConsoleTarget } from './console-target.js';
import { checkedStateDir } from '../../checked-state-dir.js';
import { createProfileCatalog, profileServices, type ConsoleBase } from './console-profiles.js';
import { followConfigFile } from './config-follower.js';
import { BUILTIN_SANDBOX_PROFILE, startBuiltinSandbox, type BuiltinSandbox } from '../../builtin-sandbox.js';
import type { ConsoleServices } from '../../../ui/services.js';
import { createConnectionMonitor } from '../../../ui/connection/connection-monitor.js';
import { applyConsoleV8Flags } from './v8-flags.js';
import { applyViewFlag } from '../../view-flag.js';
import { stopExitCode } from '../../../ops/stop-signals.js';

/** Runs the console until the user quits. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(CONSOLE_SPEC, argv, factory, async (ctx) => {
    const args = parseConsoleArgs(ctx.args, factory.env, factory.now());
    if (!factory.io.isStdoutTTY || !process.stdin.isTTY) {
      throw new CliError({
        code: 'not_a_terminal',
        message: 'the console needs a terminal (stdin and stdout)',
        hint: 'For scripts and pipes use the commands, e.g. `returns-console list --json`.',
      });
    }
    // Before the UI loads, so its heap is laid out with them (see v8-flags.ts).
    applyConsoleV8Flags();
    return runConsole(ctx, args, factory);
  });
}

/** The console's run once its flags are checked. */
async function runConsole(ctx: CommandContext, args: ConsoleArgs, factory: Factory): Promise<ExitCode> {
  // The UI (Ink, React, Yoga) starts loading now, while the configuration is read, the client
  // made and the first page fetched: Yoga compiles its WebAssembly on another thread, and
  // that wait is no longer spent idle at the end.
  const ui = import('../../../ui/start-console.js');
  ui.catch(() => undefined);
  const stateDir = await checkedStateDir(factory);
  // --view needs the config file's views: a bad name stops here, before the key is read
  // (a key command run) or anything starts.
  const resolved = await ctx.config();
  const start = applyViewFlag(ctx.args, resolved.views, args, { nowMs: factory.now(), timeZone: factory.env.TZ || undefined });
  const target = await resolveConsoleTarget(factory, resolved, args.isSandbox);
  const monitor = createConnectionMonitor(factory.now);
  const { config } = target;
  const base: ConsoleBase = {
    factory,
    isReadOnly: args.isReadOnly,
    stateDir,
    start: { name: target.kind === 'sandbox' ? BUILTIN_SANDBOX_PROFILE : config.profile.value, flags: { profile: stringFlag(ctx.args, 'profile'), baseUrl: stringFlag(ctx.args, 'base-url') } },
    isBuiltinSandbox: target.kind === 'sandbox',
  };

  let sandbox: BuiltinSandbox | null = null;
  let client: ReturnsClient;
  let services: ConsoleServices;
  if (target.kind === 'sandbox') {
    factory.io.stderr.write('Starting the built-in sandbox with demo data…\n');
    const running = await startBuiltinSandbox(factory.env);
    sandbox = running;
    client = await factory.createClient({ baseUrl: running.url, apiKey: running.apiKey, hooks: monitor.hooks });
    // Drafts and memory of the demo never mix with a real profile's.
    services = profileServices(base, { client, monitor, config, name: BUILTIN_SANDBOX_PROFILE, stateName: BUILTIN_SANDBOX_PROFILE, serviceHost: new URL(running.url).host, isSandbox: true, connection: connectionFingerprint(running.url, running.apiKey) });
  } else {
    client = await factory.createClient({ ...toClientOptions(target.config, target.apiKey), hooks: monitor.hooks });
    services = profileServices(base, {
      client,
      monitor,
      config,
      name: config.profile.value,
      stateName: localStateName(target.config, target.apiKey),
      serviceHost: new URL(target.config.baseUrl.value).host,
      isSandbox: false,
      connection: connectionFingerprint(target.config.baseUrl.value, target.apiKey),
    });
  }
  // The other profiles of the config file, to switch shops without a restart.
  // Profiles, views and keys follow the config file while the console runs.
  const configFile = followConfigFile(factory, config.configFile);
  const catalog = createProfileCatalog(base, configFile, sandbox ? { name: BUILTIN_SANDBOX_PROFILE, services } : null);

  // The first page travels while the UI (Ink, React, Yoga) loads; the console shows it in
  // its first frame. A failure is the list's to show (it asks again), so it is not raised here.
  // Aborted when the console ends, so a slow first page never keeps the process alive after q.
  const firstPageAbort = new AbortController();
  const firstPage = target.kind === 'service' && target.auth ? undefined : client.listPage({ filters: start.filters, limit: start.limit, signal: firstPageAbort.signal });
  firstPage?.catch(() => undefined);
  const { startConsole } = await ui;
  let stoppedBy: Awaited<ReturnType<typeof startConsole>>;
  try {
    stoppedBy = await startConsole({
      services,
      catalog,
      initialFilters: start.filters,
      initialLimit: start.limit,
      initialView: start.view,
      writeWaitMs: config.timeouts.totalMs.value,
      stderr: factory.io.stderr,
      ...(firstPage && { firstPage }),
      initialAuth: target.kind === 'service' ? target.auth : null,
      isColor: isColorEnabled({ env: factory.env, isTTY: true, isNoColorFlag: args.isNoColor }),
      isScreenReader: args.isScreenReader,
    });
  } finally {
    configFile.close();
    firstPageAbort.abort();
    await client.close().catch(() => undefined);
    await catalog.close();
    if (sandbox) {
      await sandbox.close();
      factory.io.stderr.write(`Sandbox stopped; the demo data stays in ${sandbox.dbPath}.\n`);
    }
  }
  return stoppedBy ? (stopExitCode(stoppedBy) as ExitCode) : EXIT.ok;
}
