/**
 * The frame every command runs in: parse flags from the command's table, answer --help,
 * run the command, and turn any failure into the error output and exit code. API keys
 * met on the way are registered so no error text can carry them.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { createStyle, isColorEnabled, type Style } from '../format/style.js';
import { CliError } from './cli-error.js';
import { connectionConfig, loadResolvedConfig, toClientOptions, type ConnectionConfig, type ResolvedConfig } from './config/index.js';
import { exitCodeFor, formatErrorJson, formatErrorText, toErrorShape } from './errors-output.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import type { Factory } from './factory.js';
import { parseCommandArgs, renderHelp, usage, type CommandSpec, type ParsedArgs } from './flags.js';
import { BUILTIN_SANDBOX_PROFILE, startBuiltinSandbox, type BuiltinSandbox } from './builtin-sandbox.js';
import { createOutput, type Output } from './output/index.js';

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
   * A signal that Ctrl+C aborts, for commands that only read: their requests in flight end
   * at once and the command exits 130. Without it Ctrl+C keeps its default (the process
   * ends), so commands that write choose their own handling.
   */
  abortOnInterrupt(): AbortSignal;
}

export type CommandBody = (ctx: CommandContext) => Promise<ExitCode>;

const KEY_HINT =
  'Put the key in RETURNS_API_KEY, or give your profile key_env, key_file or key_command in the config file. Run `returns-console config --help`.';

/** What a read stopped by Ctrl+C prints. */
const STOPPED = new CliError({
  code: 'interrupted',
  type: 'interrupted',
  message: 'Stopped by Ctrl+C; the requests in flight were cancelled.',
  exitCode: EXIT.interrupted,
});

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
  let unsubscribeInterrupt: (() => void) | undefined;
  let resolved: Promise<ResolvedConfig> | undefined;

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
      unsubscribeInterrupt ??= factory.onInterrupt(() => interrupt.abort());
      return interrupt.signal;
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
    return await body(ctx);
  } catch (error) {
    printError(interrupt.signal.aborted ? STOPPED : error);
    return interrupt.signal.aborted ? EXIT.interrupted : exitCodeFor(error);
  } finally {
    unsubscribeInterrupt?.();
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all(sandboxes.map((s) => s.close().catch(() => undefined)));
  }
}
