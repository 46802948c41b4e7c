/**
 * What a typed search asks the index for, in tiers from the best match down. Pure.
 *
 * Words are matched as the full-text index splits them (letters and digits; case and
 * accents ignored): "AO-WS-L" is the words ao, ws, l in a row, an e-mail address its parts
 * in a row. Each typed word may be the start of a stored one ("rom" finds Romero), since a
 * search runs as the agent types.
 */

/** The exact values a search text may be, each looked up on its own (tier 0). */
export interface ExactLookup {
  /** The text as a return order id (digits, with or without #). */
  readonly id: number | null;
  /** Order names it may be: as typed, with `#` in front, without it. */
  readonly orderNames: readonly string[];
  /** The text as the original order's id, an e-mail address or a SKU (compared without case). */
  readonly text: string;
  readonly isEmail: boolean;
  /** The text as one FTS5 phrase (its words in a row). */
  readonly phrase: string;
}

export interface SearchPlan {
  readonly exact: ExactLookup | null;
  /**
   * FTS5 queries, best tier first: every word whole in the customer and order fields, every
   * word starting one there, every word whole anywhere, every word starting one anywhere.
   */
  readonly tiers: readonly string[];
  /** The widest query (the last tier), for counting the matches. */
  readonly widest: string;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** The fields that name the customer and the order; products and SKUs come after them. */
const PEOPLE_AND_ORDERS = '{who refs}';

/** A typed word as an FTS5 string (a phrase of its words, as the index splits them). */
function phrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** Plans the search of `text`; null when it holds nothing to search for. */
export function planSearch(text: string): SearchPlan | null {
  const words = text.trim().split(/\s+/u).filter((w) => WORD_CHAR.test(w));
  if (words.length === 0) return null;
  const whole = words.map(phrase).join(' AND ');
  const starts = words.map((w) => `${phrase(w)}*`).join(' AND ');
  const tiers = [`${PEOPLE_AND_ORDERS} : (${whole})`, `${PEOPLE_AND_ORDERS} : (${starts})`, whole, starts];
  return { exact: words.length === 1 ? exactLookup(words[0]!) : null, tiers, widest: starts };
}

function exactLookup(word: string): ExactLookup {
  const bare = word.startsWith('#') ? word.slice(1) : word;
  const id = /^\d{1,16}$/.test(bare) && Number.isSafeInteger(Number(bare)) && Number(bare) > 0 ? Number(bare) : null;
  const orderNames = [...new Set([word, `#${bare}`, bare])].filter((n) => n !== '' && n !== '#');
  return { id, orderNames, text: word, isEmail: word.includes('@'), phrase: phrase(word) };
}
