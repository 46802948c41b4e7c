/** `returns-console config [--json]`: the resolved configuration, each value with its source. */
import { redactKey } from '../../../api/client/redact.js';
import { configError } from '../../cli-error.js';
import { booleanFlag, runCommand, stringFlag } from '../../command-runner.js';
import { loadResolvedConfig, readApiKey } from '../../config/index.js';
import { exitCodeFor, toErrorShape } from '../../errors-output.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, type CommandSpec } from '../../flags.js';
import { isProfilesOwnConnection, localStateName } from '../../config/local-state-name.js';
import { defaultStateDir, searchIndexPath } from '../../../local/state-paths.js';
import { writeConfigJson, writeConfigText, type KeyView, type LocalStateView } from './config-render.js';

export const CONFIG_SPEC: CommandSpec = {
  name: 'config',
  summary: 'Show the resolved configuration: every value, where it came from, and the API key redacted (sk_… and its last 4).',
  flags: [{ name: 'json', type: 'boolean', description: 'Print as JSON' }],
  notes: [
    [
      'Sources, highest first: flags (--profile, --base-url), environment (RETURNS_PROFILE,',
      'RETURNS_BASE_URL, RETURNS_API_KEY), the config file, defaults. The config file is',
      '$RETURNS_CONFIG, else $XDG_CONFIG_HOME/returns-console/config.json (default ~/.config/…).',
      'A profile gets its key from exactly one of key_env (a variable name), key_file (a file',
      'only you can read: chmod 600) or key_command (run with /bin/sh -c, e.g. "pass show shop/north").',
      'The key is never accepted as a flag. The command exits 2 or 4 when the base URL or the key is',
      'missing or unusable, so it doubles as a check.',
      'It also lists the console keys the config file\'s "keybindings" change (--json: every key, by',
      'scope and action) and its saved "views"; see docs/keybindings.md.',
    ].join('\n'),
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: ['returns-console config', 'returns-console config --profile north --json'],
};

/** Runs `config`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(CONFIG_SPEC, argv, factory, async (ctx) => {
    const config = await loadResolvedConfig(factory, {
      profile: stringFlag(ctx.args, 'profile'),
      baseUrl: stringFlag(ctx.args, 'base-url'),
    });
    let key: KeyView;
    let state: LocalStateView | null = null;
    const problems: unknown[] = [];
    if (config.baseUrl === null) {
      problems.push(configError(`no base URL for profile "${config.profile.value}"`, 'base_url',
        `Give --base-url, set RETURNS_BASE_URL, or set base_url in profile "${config.profile.value}" of ${config.configFile.path}.`));
    }
    try {
      const apiKey = await readApiKey(factory, config.keySource);
      // A key_command such as `echo sk_…` would show the key: nothing printed from now on holds it.
      ctx.addSecret(apiKey);
      key = { redacted: redactKey(apiKey) };
      if (config.baseUrl !== null) {
        const connection = { ...config, baseUrl: config.baseUrl };
        const name = localStateName(connection, apiKey);
        state = { name, isProfiles: isProfilesOwnConnection(connection), searchIndexPath: searchIndexPath(defaultStateDir(factory.env, factory.homeDir), name) };
      }
    } catch (error) {
      key = { error: toErrorShape(error) };
      problems.push(error);
    }
    if (booleanFlag(ctx.args, 'json')) writeConfigJson(ctx.output, config, key, state);
    else writeConfigText(ctx.output, config, key, state, ctx.style);
    let code: ExitCode = EXIT.ok;
    for (const problem of problems) {
      ctx.printError(problem);
      code = exitCodeFor(problem);
    }
    return code;
  });
}
