/**
 * useClock re-renders only when what it shows changes, and not at all while inactive: an
 * idle console draws no frames (each frame drawn makes the next key wait for Ink's frame
 * limit). useNow, for contrast, re-renders on every tick.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../src/ui/context/services-context.js';
import { useClock, useNow } from '../../src/ui/hooks/use-now.js';
import type { ConsoleServices } from '../../src/ui/services.js';

let clock = 0;
// Only the intervals are fake: React renders on real macrotasks, awaited after each tick.
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
// The first frame's effects set the interval; on a busy machine that can take longer than one settle.
const intervalSet = () => vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
async function tick(ms: number) {
  vi.advanceTimersByTime(ms);
  await settle();
}
const services = { now: () => clock } as unknown as ConsoleServices;

function Minutes(props: { readonly onRender: () => void; readonly isActive?: boolean }) {
  props.onRender();
  const minutes = useClock((now) => Math.floor(now / 60_000), 1000, props.isActive ?? true);
  return <Text>{`${minutes}m`}</Text>;
}

function Ticking(props: { readonly onRender: () => void }) {
  props.onRender();
  const now = useNow(1000);
  return <Text>{`${Math.floor(now / 60_000)}m`}</Text>;
}

afterEach(() => {
  vi.useRealTimers();
  clock = 0;
});

describe('useClock', () => {
  it('re-renders when the derived value changes, not on every tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let renders = 0;
    const view = render(
      <ServicesProvider services={services}>
        <Minutes onRender={() => renders++} />
      </ServicesProvider>,
    );
    expect(view.lastFrame()).toBe('0m');
    await intervalSet();
    const initial = renders;
    for (let s = 1; s <= 59; s++) {
      clock = s * 1000;
      await tick(1000);
    }
    expect(renders).toBe(initial);
    clock = 60_000;
    await tick(1000);
    await vi.waitFor(() => expect(view.lastFrame()).toBe('1m'));
    expect(renders).toBe(initial + 1);
    view.unmount();
  });

  it('does not tick while inactive, and shows the current value when rendered', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let renders = 0;
    const view = render(
      <ServicesProvider services={services}>
        <Minutes onRender={() => renders++} isActive={false} />
      </ServicesProvider>,
    );
    await settle(); // effects on, intervals set
    const initial = renders;
    clock = 120_000;
    await tick(5000);
    expect(renders).toBe(initial);
    view.rerender(
      <ServicesProvider services={services}>
        <Minutes onRender={() => renders++} isActive={false} />
      </ServicesProvider>,
    );
    expect(view.lastFrame()).toBe('2m');
    view.unmount();
  });

  it('useNow, by contrast, re-renders on every tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let renders = 0;
    const view = render(
      <ServicesProvider services={services}>
        <Ticking onRender={() => renders++} />
      </ServicesProvider>,
    );
    await intervalSet();
    const initial = renders;
    for (let s = 1; s <= 5; s++) {
      clock = s * 1000;
      await tick(1000);
      // React renders on a real macrotask: on a busy machine 5 ms may not be enough.
      await vi.waitFor(() => expect(renders).toBe(initial + s));
    }
    expect(renders).toBe(initial + 5);
    view.unmount();
  });
});
