/**
 * The zod of the shared schemas, the client, the configuration and the local state: zod's
 * mini API, with its English messages. zod's classic API gives every schema object all its
 * methods when the schema is made, and the schemas are made when their modules load, in
 * every process: importing the group of modules the console's start shares with the
 * commands took about 27 ms with classic schemas and 21 ms with these (docs/benchmarks.md,
 * "Console start-up"). Mini registers no messages of its own (classic does, on first use),
 * so English is registered here, once. The sandbox's OpenAPI document is built with zod's
 * classic API (src/sandbox/openapi*.ts: describe, default, meta), around these schemas.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

// Imported as a namespace (`import * as z`), so that the bundle keeps only what is used:
// zod's namespace object also holds its 64 locales.
export * from 'zod/mini';
