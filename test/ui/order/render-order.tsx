/**
 * Renders the order screen as the console does (services, a fresh QueryClient with
 * retries off, the shared notice, keys through the input router), against a real sandbox,
 * for screen tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Text } from 'ink';
import { vi } from 'vitest';
import { pauseForDeliberateKey } from '../../helpers/deliberate.js';
import { createClient } from '../../../src/api/client/index.js';
import type { ReturnOrder } from '../../../src/api/schemas.js';
import { orderKeys } from '../../../src/ui/queries/query-keys.js';
import { useNotice } from '../../../src/ui/context/notice-context.js';
import { createConsoleQueryClient } from '../../../src/ui/queries/query-client.js';
import { OrderScreen } from '../../../src/ui/screens/order/order-screen.js';
import type { ConsoleServices } from '../../../src/ui/services.js';
import { KEYS } from '../../helpers/fixture.js';
import { renderScreen } from '../render-screen.js';

export const PRESETS = ['Damaged by customer', 'Outside return window'];

/** Shows the shared notice line, as the app shell does above its footer. */
function NoticeLine() {
  const { notice } = useNotice();
  return notice ? <Text>{`NOTICE: ${notice.text}`}</Text> : null;
}

export interface RenderOrderOptions {
  readonly baseUrl: string;
  readonly orderId: number;
  readonly apiKey?: string;
  readonly profile?: string;
  readonly stateDir?: string;
  readonly isReadOnly?: boolean;
  /**
   * An order already in the cache, as if loaded earlier and not to be re-read on open: for
   * an order that has changed on the service since it was shown.
   */
  readonly seed?: ReturnOrder;
  /** Rows of the screen (default 22: a 24-row terminal less the shell's notice and spare lines). */
  readonly height?: number;
}

/** A fresh state directory. */
export function freshStateDir(): string {
  return mkdtempSync(join(tmpdir(), 'rc-order-state-'));
}

/** Renders `<OrderScreen>`; call `cleanup` in afterEach. */
export function renderOrder(options: RenderOrderOptions) {
  const client = createClient({ baseUrl: options.baseUrl, apiKey: options.apiKey ?? KEYS.north, maxRetries: 0 });
  const stateDir = options.stateDir ?? freshStateDir();
  const services: ConsoleServices = {
    client,
    profile: { name: options.profile ?? 'north', stateName: options.profile ?? 'north', serviceHost: 'sandbox', isSandbox: true, rejectReasons: PRESETS, refreshIntervalMs: 0 },
    isReadOnly: options.isReadOnly ?? false,
    stateDir,
    now: Date.now,
  };
  const queryClient = createConsoleQueryClient();
  if (options.seed) {
    queryClient.setQueryDefaults(orderKeys.details(), { staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(orderKeys.detail(options.orderId), options.seed);
  }
  const onBack = vi.fn();
  const view = renderScreen(
    <>
      <OrderScreen orderId={options.orderId} onBack={onBack} height={options.height ?? 22} />
      <NoticeLine />
    </>,
    { services, queryClient },
  );
  const frame = () => view.lastFrame() ?? '';
  /** Waits until the frame contains every text. */
  const waitFor = (...texts: string[]) =>
    vi.waitFor(() => {
      for (const t of texts) if (!frame().includes(t)) throw new Error(`frame lacks ${JSON.stringify(t)}:\n${frame()}`);
    }, { timeout: 10_000, interval: 20 });
  /** Writes one key (or one escape sequence) and waits for `texts`. */
  const press = async (keys: string, ...texts: string[]) => {
    view.stdin.write(keys);
    if (texts.length > 0) await waitFor(...texts);
  };
  /** Presses a key that counts only on its own (a question's yes), after a person's pause. */
  const answer = async (keys: string, ...texts: string[]) => {
    await pauseForDeliberateKey();
    await press(keys, ...texts);
  };
  const cleanup = async () => {
    view.unmount();
    queryClient.clear();
    await client.close();
  };
  return { ...view, client, stateDir, onBack, frame, waitFor, press, answer, cleanup };
}
