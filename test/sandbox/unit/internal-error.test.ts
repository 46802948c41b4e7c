/** D9: an unexpected failure is a 500 internal_error without internals, and the server keeps serving. */
import { afterAll, expect, it } from 'vitest';
import { KEYS } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let isBroken = false;
let sb: TestSandbox;
afterAll(() => sb?.close());

it('answers 500 internal_error, reveals nothing, and serves the next request', async () => {
  sb = await startTestSandbox({
    now: () => {
      if (isBroken) throw new Error('secret internal detail at /some/path.ts:12');
      return Date.now();
    },
  });
  const get = () => fetch(`${sb.url}/return_orders?limit=1`, { headers: { authorization: `Bearer ${KEYS.north}` } });
  isBroken = true;
  const failed = await get();
  expect(failed.status).toBe(500);
  expect(failed.headers.get('x-request-id')).toMatch(/^req_/);
  const text = await failed.text();
  expect(JSON.parse(text).error).toMatchObject({ type: 'api_error', code: 'internal_error' });
  expect(text).not.toMatch(/secret|path\.ts|Error:/);
  isBroken = false;
  expect((await get()).status).toBe(200);
});
