/** `returns-console show ID [--json]`: one return order with its items. */
import { parseIds } from '../../../api/list-params.js';
import { CliError } from '../../cli-error.js';
import { booleanFlag, runCommand } from '../../command-runner.js';
import { paramErrorToCli } from '../../errors-output.js';
import { EXIT } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, usage, type CommandSpec } from '../../flags.js';
import { errorHint } from '../../../api/error-codes.js';
import { renderOrder } from './show-render.js';

export const SHOW_SPEC: CommandSpec = {
  name: 'show',
  summary: 'Show one return order with its refund and exchange items.',
  positionals: [{ name: 'ID', description: 'Return order id, e.g. 1001', isRequired: true }],
  flags: [{ name: 'json', type: 'boolean', description: 'The return order object exactly as the service sent it' }],
  notes: [
    'The order is read with GET /return_orders?ids=ID. An order that does not exist, belongs to\nanother shop, or is draft or cancelled is reported as return_order_not_found (exit 1).',
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: ['returns-console show 1001', 'returns-console show 1001 --json | jq .refunds'],
};

/** Parses one order id argument with the interface's id rule. */
export function parseOrderId(spec: CommandSpec, raw: string): number {
  const parsed = parseIds(raw);
  if (!parsed.ok) throw paramErrorToCli(parsed.error, 'ID');
  if (parsed.value.length !== 1) throw usage(spec, `${spec.name} takes one order id, got ${parsed.value.length}`, 'ID');
  return parsed.value[0]!;
}

/** The error for an order the list endpoint does not return (D3). */
export function orderNotFound(id: number): CliError {
  return new CliError({
    code: 'return_order_not_found',
    type: 'resource_error',
    message: `return order ${id} was not found (it does not exist, belongs to another shop, or is draft or cancelled)`,
    hint: errorHint('return_order_not_found'),
    exitCode: EXIT.failure,
  });
}

/** Runs `show`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(SHOW_SPEC, argv, factory, async (ctx) => {
    const id = parseOrderId(SHOW_SPEC, ctx.args.positionals[0]!);
    const { client } = await ctx.connect();
    const order = await client.getOrder(id);
    if (!order) throw orderNotFound(id);
    const { io } = factory;
    if (booleanFlag(ctx.args, 'json')) {
      io.stdout.write(`${JSON.stringify(order, null, 2)}\n`);
    } else {
      io.stdout.write(renderOrder(order, {
        style: ctx.style,
        nowMs: factory.now(),
        timeZone: factory.env.TZ || undefined,
        width: io.isStdoutTTY ? io.columns() : Infinity,
      }));
    }
    return EXIT.ok;
  });
}
