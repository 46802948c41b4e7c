/** Help text of `returns-console sandbox`. */
import { DEFAULT_CURSOR_TTL_SECONDS, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_RATE_LIMIT } from './config.js';
import { DEFAULT_DEMO_ORDERS } from './demo/generate.js';
import { DEFAULT_DEMO_SEED } from './demo/keys.js';

export const SANDBOX_HELP = `Usage: returns-console sandbox [options]
       returns-console sandbox keys create --shop ID --name NAME [--db PATH]
       returns-console sandbox keys list [--db PATH]
       returns-console sandbox keys revoke (--last4 XXXX | --name NAME) [--shop ID] [--db PATH]

Serves the Return Orders interface at http://HOST:PORT/public-api/v1 on a SQLite database.
The first line on stdout is "Sandbox listening on <url>". Stop with Ctrl-C (SIGINT) or SIGTERM.

Options:
  --port N            port (default ${DEFAULT_PORT}; 0 = any free port)
  --host HOST         interface to listen on (default ${DEFAULT_HOST})
  --db PATH           SQLite database file (WAL). Default: in memory with --data, otherwise
                      sandbox.db in $RETURNS_SANDBOX_DATA_DIR, $XDG_DATA_HOME/returns-console
                      or ~/.local/share/returns-console
  --data FILE         load exactly this fixture (JSON, format D12) into a fresh database
  --demo-orders N     demo orders to generate into an empty database (default ${DEFAULT_DEMO_ORDERS})
  --seed S            demo data seed (default "${DEFAULT_DEMO_SEED}"); the demo keys follow from it
  --rate-limit N      requests per second per API key, burst 2N (default ${DEFAULT_RATE_LIMIT}; 0 = off)
  --cursor-ttl S      cursor lifetime in seconds (default ${DEFAULT_CURSOR_TTL_SECONDS})
  --latency MS        fault injection: add this delay to every request
  --fail-rate P       fault injection: answer this share (0..1) of requests with a failure,
                      decided before anything is changed
  --fail-status CODE  500 (api_error internal_error, default) or 429 (rate_limit_exceeded)
  --help              show this help

Without --data, an empty database gets deterministic demo data (3 shops, one without the
keep_item feature) and the sandbox prints one demo API key per shop at every start.

Keys (work on the --db file, also while a sandbox serves it; a revoked key is refused on
its next request):
  keys create --shop ID --name NAME   create a key; the full key is printed once, only now
  keys list                           name, shop, last 4 characters, created, last used, revoked
  keys revoke --last4 XXXX | --name NAME   revoke a key (add --shop ID when ambiguous)
`;
