/**
 * A profile's `web_url`: the address of an order's page in the platform's web admin, as a
 * template with `{id}` and `{order_name}`, each filled in URL-encoded. Only http and https,
 * written out at the start of the template, so no order's data can make it another scheme
 * (`javascript:`, `file:`) or another host: the host is written out too. Pure.
 */

/** The placeholders a template may use. */
export const WEB_URL_PLACEHOLDERS = ['id', 'order_name'] as const;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const SCHEME = /^https?:\/\//i;

export type ParsedWebUrl = { readonly ok: true; readonly template: string } | { readonly ok: false; readonly message: string };

/** Checks a template (the config file's rule, with a message that says what to write). */
export function parseWebUrlTemplate(template: string): ParsedWebUrl {
  const example = 'e.g. https://admin.example.com/returns/{id}';
  if (!SCHEME.test(template)) return { ok: false, message: `must start with http:// or https:// (${example})` };
  const authority = template.replace(SCHEME, '').split(/[/?#]/)[0]!;
  if (/[{}]/.test(authority)) return { ok: false, message: `the host must be written out, not filled in from an order (${example})` };
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(WEB_URL_PLACEHOLDERS as readonly string[]).includes(name!)) {
      return { ok: false, message: `{${name}} is not a placeholder; use {id} or {order_name} (${example})` };
    }
  }
  let url: URL;
  try {
    url = new URL(fill(template, 1, '#N1001'));
  } catch {
    return { ok: false, message: `is not a URL once {id} and {order_name} are filled in (${example})` };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, message: 'must not hold a user name or password (they would be shown and logged)' };
  if (url.hostname === '') return { ok: false, message: `has no host name (${example})` };
  return { ok: true, template };
}

function fill(template: string, id: number, orderName: string): string {
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(name === 'id' ? String(id) : orderName));
}

/** The order's page: `template` (checked by parseWebUrlTemplate) with its placeholders filled in. */
export function orderWebUrl(template: string, order: { readonly id: number; readonly order_name: string }): string {
  return fill(template, order.id, order.order_name);
}
