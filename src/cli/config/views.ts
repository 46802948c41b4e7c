/**
 * The config file's `views`: named filters and list columns (see src/ops/saved-views.ts),
 * checked with the same rules as `list`'s flags, so a view that loads always applies.
 */
import * as z from '../../api/zod.js';
import { MAX_PAGE_SIZE, RETURN_ORDER_STATUSES } from '../../api/schemas.js';
import { DATE_FORMS_TEXT, parseDateInput } from '../../format/date-input.js';
import { didYouMean } from '../../format/did-you-mean.js';
import { LIST_FIELDS } from '../commands/list/list-fields.js';
import { CONFIG_NAME_PATTERN, CONFIG_NAME_RULE } from './names.js';


const COLUMN_NAMES = LIST_FIELDS.filter((f) => f.isDisplayable).map((f) => f.name);

const dateForm = z.string().check(
  z.superRefine((value: string, ctx) => {
    // The form is what is checked here; the date itself is read when the view is applied.
    if (!parseDateInput(value, 'from', { nowMs: Date.now() }).ok) ctx.addIssue({ code: 'custom', message: `"${value}" is not a date; use ${DATE_FORMS_TEXT}` });
  }),
);

const column = z.string().check(
  z.superRefine((value: string, ctx) => {
    if (!COLUMN_NAMES.includes(value)) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a column; use the names of list --fields: ${COLUMN_NAMES.join(', ')}.${didYouMean(value, COLUMN_NAMES)}` });
    }
  }),
);

const status = z.enum(RETURN_ORDER_STATUSES, {
  error: (issue) => `"${String(issue.input)}" is not a status; use ${RETURN_ORDER_STATUSES.join(', ')}.${didYouMean(String(issue.input), RETURN_ORDER_STATUSES)}`,
});

export const viewSchema = z.strictObject({
  statuses: z.optional(z.array(status).check(z.minLength(1, 'must name at least one status'))),
  from: z.optional(dateForm),
  to: z.optional(dateForm),
  ids: z.optional(z.array(z.number().check(z.int('must be whole numbers'), z.positive('must be positive'))).check(z.minLength(1, 'must name at least one id'))),
  order_names: z.optional(z.array(z.string().check(z.minLength(1, 'must not be empty'))).check(z.minLength(1, 'must name at least one order name'))),
  limit: z.optional(z.number().check(z.int('must be a whole number'), z.minimum(1, 'must be 1 to 100'), z.maximum(MAX_PAGE_SIZE, 'must be 1 to 100'))),
  columns: z.optional(z.array(column).check(z.minLength(1, 'must name at least one column'))),
});

export const viewsSchema = z.record(z.string().check(z.regex(CONFIG_NAME_PATTERN, `view names use ${CONFIG_NAME_RULE}`)), viewSchema);
