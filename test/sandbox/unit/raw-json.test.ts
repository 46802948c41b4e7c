/** A list page's body: its envelope around the orders' stored JSON, joined with commas once. */
import { describe, expect, it } from 'vitest';
import { RawJson } from '../../../src/sandbox/http/context.js';

const b = (text: string) => Buffer.from(text);

function written(json: RawJson): string {
  // A view into a larger buffer at an offset, as a pooled buffer can be.
  const target = Buffer.alloc(json.byteLength + 16).subarray(5);
  const length = json.writeInto(target);
  expect(length).toBe(json.byteLength);
  return target.subarray(0, length).toString();
}

describe('RawJson', () => {
  it('joins a list of any length with commas between its items, and counts its bytes', () => {
    const page = (...items: string[]) => RawJson.list(b('{"data":['), items.map(b), b('],"has_more":false}'));
    expect(written(page())).toBe('{"data":[],"has_more":false}');
    expect(written(page('{"id":1}'))).toBe('{"data":[{"id":1}],"has_more":false}');
    const three = page('{"id":3}', '{"title":"Ære ✓"}', '{"id":1}');
    expect(JSON.parse(written(three))).toEqual({ data: [{ id: 3 }, { title: 'Ære ✓' }, { id: 1 }], has_more: false });
    expect(three.isSingle).toBe(false);
  });

  it('sends a single body as it is', () => {
    const json = RawJson.of(b('{"id":7}'));
    expect(json.isSingle).toBe(true);
    expect(json.head.toString()).toBe('{"id":7}');
    expect(written(json)).toBe('{"id":7}');
  });
});
