import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/local/audit-log.js';
import { displayWidth } from '../../../src/format/width.js';
import { layOutAudit } from '../../../src/ui/screens/activity-log/audit-layout.js';

const REQUEST_ID = 'req_01JD3X7Q9K2M4N6P8R0T2V4X6Z';
const failed = (extra: Partial<AuditEntry> = {}): AuditEntry => ({
  time: '2026-11-05T12:00:00.000Z',
  profile: 'north',
  orderId: 104512,
  orderName: '#AO104512',
  action: 'review',
  source: 'cli',
  outcome: 'failed',
  status: 422,
  code: 'invalid_state_transition',
  requestId: REQUEST_ID,
  ...extra,
});
const ok: AuditEntry = { time: '2026-11-05T12:01:00.000Z', profile: 'north', orderId: 104513, orderName: '#AO104513', action: 'receive', outcome: 'ok', requestId: 'req_01JD3X7Q9K2M4N6P8R0T2V4X70' };

/** Every line of the layout, header first. */
const linesOf = (layout: ReturnType<typeof layOutAudit>) => [...layout.header, ...layout.entries.flat()];
/** The request id's start and end are on screen (a cut leaves out its middle). */
const showsRequestId = (line: string) => line.includes(REQUEST_ID) || (line.includes(REQUEST_ID.slice(0, 6)) && line.includes(REQUEST_ID.slice(-5)) && line.includes('…'));

describe('the activity log laid out for the terminal (pure)', () => {
  it("keeps a failed command's write on one line at 80 columns: where it was made, the whole error code and the request id's ends", () => {
    const layout = layOutAudit([failed(), ok], 80, 'UTC');
    expect(layout.linesPerEntry).toBe(1);
    for (const line of linesOf(layout)) expect(displayWidth(line)).toBeLessThanOrEqual(79);
    const [row] = layout.entries[0]!;
    expect(row).toMatch(/^11-05 12:00 {2}review +cli +104512 #/);
    expect(row).toContain('✗ invalid_state_transition');
    expect(showsRequestId(row!)).toBe(true);
  });

  it('stacks each entry on two lines where one does not fit (60 columns), cutting nothing support needs', () => {
    const layout = layOutAudit([failed(), ok, failed({ code: 'invalid_order_names_format', action: 'receive', source: 'scan' })], 60, 'UTC');
    expect(layout.linesPerEntry).toBe(2);
    expect(layout.header).toHaveLength(2);
    for (const line of linesOf(layout)) expect(displayWidth(line)).toBeLessThanOrEqual(59);
    const [first, second] = layout.entries[0]!;
    expect(first).toMatch(/^11-05 12:00 {2}review +cli +104512 #AO104512$/);
    expect(second).toMatch(/^ {2}✗ invalid_state_transition {2}/);
    expect(showsRequestId(second!)).toBe(true);
    expect(layout.entries[2]![1]).toContain('✗ invalid_order_names_format');
  });

  it('shows the year and the details where there is room (120 columns)', () => {
    const layout = layOutAudit([failed(), ok], 120, 'UTC');
    expect(layout.linesPerEntry).toBe(1);
    expect(layout.entries[0]![0]).toMatch(/^2026-11-05 12:00 {2}review +cli +104512 #AO104512 {2}✗ invalid_state_transition {2}\S+ {2}HTTP 422$/);
  });

  it('stacks rather than run off the edge when a service sends an endless error code', () => {
    const layout = layOutAudit([failed({ code: 'x'.repeat(300) }), ok], 120, 'UTC');
    expect(layout.linesPerEntry).toBe(2);
    for (const line of linesOf(layout)) expect(displayWidth(line)).toBeLessThanOrEqual(119);
    expect(showsRequestId(layout.entries[0]![1]!)).toBe(true);
  });
});
