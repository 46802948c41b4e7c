/**
 * The frame every command runs in: parse flags from the command's table, answer --help,
 * run the command, and turn any failure into the error output and exit code. API keys
 * met on the way are registered so no error text can carry them. A stop signal (SIGINT,
 * SIGTERM, SIGHUP) takes the console's path (ops/stop-signals.ts): reads are cancelled,
 * nothing new is sent, writes in flight finish or are cut and read back and logged, the
 * command prints its output as usual (a JSON array closed), one line on stderr says what
 * happened, and the exit status is 128 + the signal's number.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { SIGNAL_WAIT_MS, signalWords, stopExitCode, windDown, type StopSignal } from '../ops/stop-signals.js';
import { createWriteStops, type WriteStopControl } from '../ops/write-stops.js';
import { createStyle, isColorEnabled, type Style } from '../format/style.js';
import { CliError } from './cli-error.js';
import { connectionConfig, loadResolvedConfig, toClientOptions, type ConnectionConfig, type ResolvedConfig } from './config/index.js';
import { exitCodeFor, formatErrorJson, formatErrorText, toErrorShape } from './errors-output.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import type { Factory } from './factory.js';
import { parseCommandArgs, renderHelp, usage, type CommandSpec, type ParsedArgs } from './flags.js';
import { BUILTIN_SANDBOX_PROFILE, startBuiltinSandbox, type BuiltinSandbox } from './builtin-sandbox.js';
import { createOutput, type Output } from './output/index.js';
import { CLEAR_LINE } from './output/progress-line.js';

export interface CommandContext {
  readonly factory: Factory;
  readonly spec: CommandSpec;
  readonly args: ParsedArgs;
  /** Styles for stdout and stderr (each on only when that stream is a terminal). */
  readonly style: Style;
  readonly errStyle: Style;
  /** --json or --ndjson: errors are printed as JSON. */
  readonly isJsonMode: boolean;
  /** Stdout: the one exporter every command's data goes through (keys scrubbed, text sanitized). */
  readonly output: Output;
  /** A key met outside `connect` (e.g. `config` reads one): no output or error text shows it from now on. */
  addSecret(secret: string): void;
  /**
   * The configuration (config file, flags, environment) resolved once, without reading the key:
   * what a command checks against the config file (e.g. --view) is refused before a key
   * command runs or a missing key is reported.
   */
  config(): Promise<ResolvedConfig>;
  /**
   * The configuration of `config()` with its key read, and the client (closed by the runner at
   * the end). With --sandbox: the built-in sandbox, started here and stopped at the end.
   */
  connect(): Promise<{ readonly client: ReturnsClient; readonly connection: ConnectionConfig }>;
  /** Prints a failure (the same way as a thrown one) without ending the command. */
  printError(error: unknown): void;
  /**
   * A signal that a stop signal (Ctrl+C, SIGTERM, SIGHUP) aborts, for reads: their requests
   * in flight end at once and the command exits 128 + the signal's number. Until a command
   * asks for it (or for writeStops) a stop signal keeps its default: the process ends.
   */
  abortOnInterrupt(): AbortSignal;
  /**
   * The command's write stops, for the operations that write (ops/context.ts): from now on
   * a stop signal stops new writes and winds down those in flight (SIGNAL_WAIT_MS, then cut
   * and read back); a second one cuts them at once.
   */
  writeStops(): WriteStopControl;
}

export type CommandBody = (ctx: CommandContext) => Promise<ExitCode>;

const KEY_HINT =
  'Put the key in RETURNS_API_KEY, or give your profile key_env, key_file or key_command in the config file. Run `returns-console config --help`.';

/** What a read stopped by a signal prints. */
function stoppedError(signal: StopSignal): CliError {
  return new CliError({
    code: 'interrupted',
    type: 'interrupted',
    message: `Stopped by ${signal === 'SIGINT' ? 'Ctrl+C' : signalWords(signal)}; the requests in flight were cancelled.`,
    exitCode: stopExitCode(signal) as ExitCode,
  });
}

/** The one line a command that writes prints when a signal stops it. */
function stoppingLine(signal: StopSignal, isInFlight: boolean): string {
  const rest = isInFlight
    ? `the writes in flight get ${SIGNAL_WAIT_MS / 1000} s to finish, then are cancelled and read back; the activity log records how each ended`
    : 'no write was in flight';
  return `Stopping on ${signalWords(signal)}: nothing new is sent; ${rest}.\n`;
}

/** A flag's string value (undefined when absent). */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A boolean flag's value. */
export function booleanFlag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** Runs one command; never throws. */
export async function runCommand(spec: CommandSpec, argv: readonly string[], factory: Factory, body: CommandBody): Promise<ExitCode> {
  const { io, env } = factory;
  const isJsonMode = argv.some((a) => a === '--json' || a === '--ndjson');
  const isNoColorFlag = argv.includes('--no-color');
  const style = createStyle(isColorEnabled({ env, isTTY: io.isStdoutTTY, isNoColorFlag }));
  const errStyle = createStyle(isColorEnabled({ env, isTTY: io.isStderrTTY, isNoColorFlag }));
  const secrets: string[] = [];
  const clients: ReturnsClient[] = [];
  const sandboxes: BuiltinSandbox[] = [];
  const interrupt = new AbortController();
  let stopSignal: StopSignal | undefined;
  let stops: WriteStopControl | undefined;
  let unsubscribeStop: (() => void) | undefined;
  let resolved: Promise<ResolvedConfig> | undefined;
  const onStop = (signal: StopSignal) => {
    if (stopSignal !== undefined) return; // later ones are the wind-down's (it subscribes for itself)
    stopSignal = signal;
    interrupt.abort();
    if (!stops) return;
    // A progress line may be on stderr's terminal line: the stop line replaces it.
    io.stderr.write(`${io.isStderrTTY ? CLEAR_LINE : ''}${stoppingLine(signal, stops.inFlight().length > 0)}`);
    void windDown(stops, { waitMs: SIGNAL_WAIT_MS, onSignal: factory.onStopSignal });
  };
  const listenForStop = () => {
    unsubscribeStop ??= factory.onStopSignal(onStop);
  };

  const printError = (error: unknown) => {
    const shape = toErrorShape(error);
    io.stderr.write(isJsonMode ? formatErrorJson(shape, secrets) : formatErrorText(shape, errStyle, secrets));
  };

  let args: ParsedArgs;
  try {
    args = parseCommandArgs(spec, argv, KEY_HINT);
  } catch (error) {
    printError(error);
    return exitCodeFor(error as CliError);
  }
  if (args.values.help === true) {
    io.stdout.write(renderHelp(spec));
    return EXIT.ok;
  }
  if (args.values.sandbox === true && args.values['base-url'] !== undefined) {
    const error = usage(spec, 'choose either --sandbox or --base-url', 'sandbox');
    printError(error);
    return exitCodeFor(error);
  }

  /** The built-in sandbox as the connection, under its own profile name (the console's demo shop). */
  const sandboxConnection = async (config: ResolvedConfig): Promise<ConnectionConfig> => {
    const sandbox = await startBuiltinSandbox(factory.env);
    sandboxes.push(sandbox);
    const source = 'flag --sandbox';
    return {
      config: { ...config, profile: { value: BUILTIN_SANDBOX_PROFILE, source }, baseUrl: { value: sandbox.url, source } },
      apiKey: sandbox.apiKey,
      stateName: BUILTIN_SANDBOX_PROFILE,
    };
  };

  const ctx: CommandContext = {
    factory,
    spec,
    args,
    style,
    errStyle,
    isJsonMode,
    output: createOutput(io, style, secrets),
    addSecret: (secret) => {
      secrets.push(secret);
    },
    printError,
    abortOnInterrupt: () => {
      listenForStop();
      return interrupt.signal;
    },
    writeStops: () => {
      stops ??= createWriteStops();
      listenForStop();
      return stops;
    },
    config: () => (resolved ??= loadResolvedConfig(factory, { profile: stringFlag(args, 'profile'), baseUrl: stringFlag(args, 'base-url') })),
    connect: async () => {
      const connection = booleanFlag(args, 'sandbox') ? await sandboxConnection(await ctx.config()) : await connectionConfig(factory, await ctx.config());
      secrets.push(connection.apiKey);
      const client = await factory.createClient(toClientOptions(connection.config, connection.apiKey));
      clients.push(client);
      return { client, connection };
    },
  };

  try {
    const code = await body(ctx);
    return stopSignal ? (stopExitCode(stopSignal) as ExitCode) : code;
  } catch (error) {
    printError(stopSignal ? stoppedError(stopSignal) : error);
    return stopSignal ? (stopExitCode(stopSignal) as ExitCode) : exitCodeFor(error);
  } finally {
    unsubscribeStop?.();
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all(sandboxes.map((s) => s.close().catch(() => undefined)));
  }
}
