/**
 * `returns-console sandbox [flags]` and `sandbox keys create|list|revoke`: the command tree of
 * sandbox-spec.ts, run like every command (flags, --help, errors and exit codes of the
 * command runner).
 */
import { runCommand, type CommandBody } from '../../command-runner.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { findSubcommand, usage } from '../../flags.js';
import { createKeyCommand, listKeysCommand, revokeKeyCommand } from './keys.js';
import { KEYS_CREATE_SPEC, KEYS_LIST_SPEC, KEYS_REVOKE_SPEC, KEYS_SPEC, SANDBOX_SPEC } from './sandbox-spec.js';
import { serve } from './serve.js';

const BODIES: Readonly<Record<string, CommandBody>> = {
  [SANDBOX_SPEC.name]: serve,
  [KEYS_SPEC.name]: async () => {
    throw usage(KEYS_SPEC, 'name a keys subcommand: create, list or revoke', 'SUBCOMMAND');
  },
  [KEYS_CREATE_SPEC.name]: createKeyCommand,
  [KEYS_LIST_SPEC.name]: listKeysCommand,
  [KEYS_REVOKE_SPEC.name]: revokeKeyCommand,
};

/** Runs `sandbox` or one of its subcommands. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  const { spec, argv: rest } = findSubcommand(SANDBOX_SPEC, argv);
  return runCommand(spec, rest, factory, BODIES[spec.name]!);
}
