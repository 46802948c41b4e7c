/**
 * The flag tables of `returns-console sandbox` and `sandbox keys create|list|revoke`: the one
 * source of their parsing, `--help`, did-you-mean and completion, as for every command. They
 * live here, not in src/sandbox: the sandbox uses only the shared schemas of src/api, and its
 * `startSandbox(options)` and key functions take options already parsed.
 */
import {
  DEFAULT_CURSOR_TTL_SECONDS,
  DEFAULT_DEMO_ORDERS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from '../../../sandbox/config.js';
import { DEFAULT_DEMO_SEED } from '../../../sandbox/demo/keys.js';
import type { CommandSpec, FlagSpec } from '../../flags.js';

const DB_FLAG: FlagSpec = {
  name: 'db',
  type: 'string',
  valueName: 'PATH',
  description: 'SQLite database file (WAL). Default: in memory with --data, otherwise sandbox.db in $RETURNS_SANDBOX_DATA_DIR, $XDG_DATA_HOME/returns-console or ~/.local/share/returns-console',
};
const KEYS_DB_FLAG: FlagSpec = { ...DB_FLAG, description: "The sandbox's database file (default: the sandbox's default database, see `returns-console sandbox --help`)" };
const SHOP_FLAG: FlagSpec = { name: 'shop', type: 'string', valueName: 'ID', description: 'Shop id, e.g. shop_aurora' };

const KEYS_NOTE = 'Keys are kept in the --db file; these commands work on it also while a sandbox serves it, and a revoked key is refused on its very next request.';

export const KEYS_CREATE_SPEC: CommandSpec = {
  name: 'sandbox keys create',
  summary: 'Create an API key for a shop; the full key is printed once, only now.',
  isLocal: true,
  flags: [SHOP_FLAG, { name: 'name', type: 'string', valueName: 'NAME', description: 'What the key is for, e.g. "warehouse terminal" (at most 200 characters)' }, KEYS_DB_FLAG],
  notes: [KEYS_NOTE],
  examples: ['returns-console sandbox keys create --shop shop_aurora --name "warehouse terminal"'],
};

export const KEYS_LIST_SPEC: CommandSpec = {
  name: 'sandbox keys list',
  summary: 'List the API keys: name, shop, last 4 characters, created, last used, revoked.',
  isLocal: true,
  flags: [KEYS_DB_FLAG],
  notes: [KEYS_NOTE],
  examples: ['returns-console sandbox keys list'],
};

export const KEYS_REVOKE_SPEC: CommandSpec = {
  name: 'sandbox keys revoke',
  summary: 'Revoke an API key, named by its last 4 characters or its name (add --shop when ambiguous).',
  isLocal: true,
  positionals: [{ name: 'KEY', description: 'The key\'s last 4 characters, or else its name (the same as --last4 or --name)' }],
  flags: [
    { name: 'last4', type: 'string', valueName: 'XXXX', description: 'The last 4 characters of the key' },
    { name: 'name', type: 'string', valueName: 'NAME', description: 'The name of the key' },
    { ...SHOP_FLAG, description: 'Only keys of this shop' },
    KEYS_DB_FLAG,
  ],
  notes: [KEYS_NOTE],
  examples: ['returns-console sandbox keys revoke 1a2b', 'returns-console sandbox keys revoke "warehouse terminal" --shop shop_aurora'],
};

export const KEYS_SPEC: CommandSpec = {
  name: 'sandbox keys',
  summary: 'Create, list and revoke API keys of a sandbox database.',
  isLocal: true,
  flags: [],
  subcommands: [KEYS_CREATE_SPEC, KEYS_LIST_SPEC, KEYS_REVOKE_SPEC],
  notes: [KEYS_NOTE],
};

export const SANDBOX_SPEC: CommandSpec = {
  name: 'sandbox',
  summary: 'Serve the Return Orders interface at http://HOST:PORT/public-api/v1 on a SQLite database.',
  isLocal: true,
  flags: [
    { name: 'port', type: 'string', valueName: 'N', description: `Port to listen on (default ${DEFAULT_PORT}; 0 = any free port)` },
    { name: 'host', type: 'string', valueName: 'HOST', description: `Interface to listen on (default ${DEFAULT_HOST})` },
    DB_FLAG,
    { name: 'data', type: 'string', valueName: 'FILE', description: 'Load exactly this fixture (JSON, format D12) into a fresh database' },
    { name: 'demo-orders', type: 'string', valueName: 'N', description: `Demo orders to generate into an empty database (default ${DEFAULT_DEMO_ORDERS})` },
    { name: 'seed', type: 'string', valueName: 'S', description: `Demo data seed (default "${DEFAULT_DEMO_SEED}"); the demo keys follow from it` },
    { name: 'rate-limit', type: 'string', valueName: 'N', description: `Requests per second per API key, burst 2N (default ${DEFAULT_RATE_LIMIT}; 0 = off)` },
    { name: 'cursor-ttl', type: 'string', valueName: 'S', description: `Cursor lifetime in seconds (default ${DEFAULT_CURSOR_TTL_SECONDS})` },
    { name: 'latency', type: 'string', valueName: 'MS', description: 'Fault injection: add this delay to every request' },
    { name: 'fail-rate', type: 'string', valueName: 'P', description: 'Fault injection: answer this share (0 to 1) of requests with a failure, decided before anything is changed' },
    { name: 'fail-status', type: 'string', valueName: 'CODE', choices: ['500', '429'], description: 'What an injected failure is: 500 (api_error internal_error, the default) or 429 (rate_limit_exceeded)' },
    { name: 'headers-timeout', type: 'string', valueName: 'MS', description: `Longest wait for a request's headers (default ${DEFAULT_HEADERS_TIMEOUT_MS}); then 408 request_timeout` },
    { name: 'request-timeout', type: 'string', valueName: 'MS', description: `Longest wait for a whole request, headers and body (default ${DEFAULT_REQUEST_TIMEOUT_MS}); then 408` },
    { name: 'idle-timeout', type: 'string', valueName: 'MS', description: `Longest pause while a request body arrives (default ${DEFAULT_IDLE_TIMEOUT_MS}); then 408` },
    { name: 'request-log', type: 'string', valueName: 'FILE', description: 'Append one JSON line per answered request to FILE (route, order, status, whether it changed anything); for tests' },
  ],
  subcommands: [KEYS_SPEC],
  notes: [
    [
      'The first line on stdout is "Sandbox listening on <url>" (with the real port for --port 0).',
      'Without --data, an empty database gets deterministic demo data (3 shops, one without the',
      'keep_item feature) and the sandbox prints one demo API key per shop at every start. Request',
      'log lines go to stderr. Stop with Ctrl-C (SIGINT) or SIGTERM: requests in flight finish.',
      'A request whose headers, whole body or a pause in its body take longer than the timeouts is',
      'answered 408 request_timeout and changes nothing; a write checks its key again as it is applied.',
    ].join('\n'),
    'Exit codes: 0 stopped cleanly; 1 could not start (a broken fixture, a port in use, --data with a database that holds data) or a key command failed; 2 usage error.',
  ],
  examples: ['returns-console sandbox --port 0', 'returns-console sandbox --data fixture.json --rate-limit 0', 'returns-console sandbox --latency 300 --fail-rate 0.2 --fail-status 429'],
};
