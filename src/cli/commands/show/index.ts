/** `returns-console show ID [--json]`: one return order with its items. */
import { CliError, configError } from '../../cli-error.js';
import { booleanFlag, runCommand, type CommandContext } from '../../command-runner.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { browserOpener, openUrl } from '../../../local/open-url.js';
import { orderWebUrl } from '../../../ops/web-link.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { ORDER_NAMES_NOTE, parseOrderRefs, resolveOrderRefs, type OrderRef } from '../../order-refs.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, usage, type CommandSpec } from '../../flags.js';
import { errorHint } from '../../../api/error-codes.js';
import type { ReturnsClient } from '../../../api/client-types.js';
import { UnknownStatusNote } from '../../unknown-status-note.js';
import { writeOrder } from './show-render.js';
import { SANDBOX_FLAG } from '../../builtin-sandbox.js';

export const SHOW_SPEC: CommandSpec = {
  name: 'show',
  summary: 'Show one return order with its refund and exchange items.',
  positionals: [{ name: 'ID', description: 'Return order id (1001) or order name (#AO1711, or AO1711 without quotes)', isRequired: true }],
  flags: [
    { name: 'json', type: 'boolean', description: 'The return order object as the service sent it (an API key in it hidden)' },
    { name: 'web', type: 'boolean', description: "Open the order's page in the web admin (the profile's web_url) in a browser; its address is printed" },
    SANDBOX_FLAG,
  ],
  notes: [
    'The order is read with GET /return_orders?ids=ID. An order that does not exist, belongs to\nanother shop, or is draft or cancelled is reported as return_order_not_found (exit 1).',
    [
      "--web opens the profile's web_url (e.g. https://admin.example.com/returns/{id}; {id} and",
      '{order_name} are filled in) with xdg-open, open or rundll32, started without a shell, and',
      'prints the address on stdout. Over ssh or without a display nothing is opened: copy the address.',
    ].join('\n'),
    ORDER_NAMES_NOTE,
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: ['returns-console show 1001', 'returns-console show AO1711', "returns-console show '#AO1711' --json | jq .refunds", 'returns-console show AO1711 --web'],
};

/** Parses the one order argument: an id (the interface's id rule) or an order name. */
export function parseOrderRef(spec: CommandSpec, raw: string): OrderRef {
  const refs = parseOrderRefs(raw);
  if (refs.length !== 1) throw usage(spec, `give one order (an id or a name), not ${refs.length}`, 'ID');
  return refs[0]!;
}

/** The id of one order argument: an id as given, a name looked up through the service. */
export async function resolveOrderRef(client: ReturnsClient, ref: OrderRef, signal?: AbortSignal): Promise<number> {
  const [id] = await resolveOrderRefs(client, [ref], signal);
  return id!;
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
    const ref = parseOrderRef(SHOW_SPEC, ctx.args.positionals[0]!);
    const { client } = await ctx.connect();
    const signal = ctx.abortOnInterrupt();
    const id = await resolveOrderRef(client, ref, signal);
    const order = await client.getOrder(id, { signal });
    if (!order) throw orderNotFound(id);
    const note = new UnknownStatusNote();
    note.add(order);
    if (booleanFlag(ctx.args, 'web')) return openWebPage(ctx, order);
    if (booleanFlag(ctx.args, 'json')) ctx.output.writeJson(order);
    else writeOrder(order, ctx.output, { style: ctx.style, nowMs: factory.now(), timeZone: factory.env.TZ || undefined });
    factory.io.stderr.write(note.text());
    return EXIT.ok;
  });
}

/** `show --web`: the order's page in a browser, its address on stdout either way. */
async function openWebPage(ctx: CommandContext, order: ReturnOrder): Promise<ExitCode> {
  const { webUrl, profile } = await ctx.config();
  if (webUrl.value === null) {
    throw configError(`profile "${profile.value}" has no web_url`, 'web_url', 'Set web_url in the profile, e.g. "web_url": "https://admin.example.com/returns/{id}" ({id} and {order_name} are filled in).');
  }
  const url = orderWebUrl(webUrl.value, order);
  const { factory } = ctx;
  const outcome = await openUrl(url, browserOpener(factory.platform, factory.env), { ...factory.env });
  ctx.output.write(`${ctx.output.text(url, { isWhole: true })}\n`);
  factory.io.stderr.write(outcome.kind === 'opened' ? 'Opened in the browser.\n' : `Not opened: ${outcome.reason}; copy the address above.\n`);
  return EXIT.ok;
}
