// Types for the two undici modules the client imports directly (transport.ts says why);
// undici's own declarations describe them, under its index.
declare module 'undici/lib/dispatcher/pool.js' {
  import Pool from 'undici/types/pool';
  export default Pool;
}

declare module 'undici/lib/api/api-request.js' {
  import type Dispatcher from 'undici/types/dispatcher';
  /** Dispatcher#request, called with the dispatcher as `this`. */
  export default function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}
