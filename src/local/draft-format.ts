/**
 * The on-disk shape of a review draft and its (pure) parsing. A draft holds the decisions
 * and reasons of an unfinished review of one order, keyed by item type and id.
 */
import * as z from '../api/zod.js';
import { scrubDeep } from '../api/key-scrub.js';
import { itemTypeSchema, reviewActionSchema, type ItemType, type ReviewAction } from '../api/schemas.js';

/** One decision of a draft (and of the order screen's state). */
export interface DraftDecision {
  readonly type: ItemType;
  readonly id: number;
  readonly action: ReviewAction;
  /** Present for rejections. */
  readonly rejectReason?: string;
}

export interface Draft {
  readonly version: 1;
  readonly profile: string;
  readonly orderId: number;
  /** ISO 8601 time of the last save. */
  readonly savedAt: string;
  readonly decisions: readonly DraftDecision[];
}

const draftDecisionSchema = z.object({
  type: itemTypeSchema,
  id: z.number().check(z.int()),
  action: reviewActionSchema,
  rejectReason: z.optional(z.string()),
});

const draftSchema = z.object({
  version: z.literal(1),
  profile: z.string(),
  orderId: z.number().check(z.int()),
  savedAt: z.string(),
  decisions: z.array(draftDecisionSchema),
});

export type DraftParseResult =
  | { readonly isValid: true; readonly draft: Draft }
  | { readonly isValid: false; readonly problem: string };

/** Parses a draft file's text; says what is wrong instead of throwing. */
export function parseDraft(text: string, expected: { readonly profile: string; readonly orderId: number }): DraftParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { isValid: false, problem: 'it is not valid JSON' };
  }
  const parsed = draftSchema.safeParse(json);
  if (!parsed.success) return { isValid: false, problem: 'it does not have the shape of a draft' };
  const draft = parsed.data;
  // A file copied between profiles or orders must not be applied to the wrong order.
  if (draft.profile !== expected.profile || draft.orderId !== expected.orderId) {
    return { isValid: false, problem: 'it belongs to another profile or order' };
  }
  return { isValid: true, draft };
}

/** Serializes a draft (stable, readable JSON); a key pasted into a reason is masked. */
export function serializeDraft(draft: Draft): string {
  return `${JSON.stringify(scrubDeep(draft), null, 2)}\n`;
}
