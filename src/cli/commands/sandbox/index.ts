/** `returns-console sandbox [options]` and `sandbox keys ...`: see src/sandbox/cli.ts. */
export async function run(argv: string[]): Promise<number> {
  const { runSandboxCli } = await import('../../../sandbox/cli.js');
  return runSandboxCli(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env });
}
