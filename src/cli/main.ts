/**
 * The entry point: `returns-console [command] [options]`. Commands load lazily so that
 * starting the console (or one command) never loads the others (start-up speed).
 */
const COMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  sandbox: () => import('./commands/sandbox/index.js'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name === undefined ? undefined : COMMANDS[name];
  if (!load) {
    process.stderr.write(`error: unknown command ${JSON.stringify(name ?? '')}. Commands: ${Object.keys(COMMANDS).join(', ')}\n`);
    return 2;
  }
  const command = await load();
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Never print internals that might hold a key: only the message.
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
