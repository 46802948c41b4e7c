/**
 * The web admin's page of an order (the profile's `web_url`), opened in the browser by the
 * `W` key of the list and the order screen. Where no browser can be opened (ssh, no display,
 * the opener failed), the notice line shows the address to copy, the address first.
 */
import { useCallback } from 'react';
import { display, sanitizeForTerminal } from '../../format/sanitize.js';
import { orderWebUrl } from '../../ops/web-link.js';
import { useNotice } from '../context/notice-context.js';
import { useServices } from '../context/services-context.js';

/** What the web page needs of an order. */
export interface WebPageOrder {
  readonly id: number;
  readonly order_name: string;
}

/** Returns the function that opens an order's page (or says why not). */
export function useOpenWebPage(): (order: WebPageOrder) => void {
  const { profile, openInBrowser } = useServices();
  const { show } = useNotice();
  const template = profile.webUrl ?? null;
  return useCallback(
    (order: WebPageOrder) => {
      if (template === null) {
        show(display`No web_url in this profile: set one in the config file.`, 'warning');
        return;
      }
      // The address is the service's order name made safe for a URL (encoded), then for the terminal.
      const url = sanitizeForTerminal(orderWebUrl(template, order));
      const name = sanitizeForTerminal(order.order_name);
      if (!openInBrowser) {
        show(display`${url} (the page of ${name})`);
        return;
      }
      show(display`Opening ${name} in the browser…`);
      void openInBrowser(url).then((outcome) => {
        if (outcome.kind === 'opened') show(display`Opened ${name} in the browser.`);
        else show(display`${url} (not opened: ${sanitizeForTerminal(outcome.reason)})`, 'warning');
      });
    },
    [template, openInBrowser, show],
  );
}
