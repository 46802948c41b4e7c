/**
 * The zod of the shared schemas, the client, the configuration and the local state: zod's
 * mini API, with its English messages. zod's classic API gives every schema object all its
 * methods when the schema is made, and the schemas are made when their modules load, in
 * every process, so the start of every command pays for methods it never calls
 * (docs/performance.md). Mini registers no messages of its own (classic does, on first use),
 * so English is registered here, once. The sandbox's OpenAPI document is built with zod's
 * classic API (src/sandbox/openapi*.ts: describe, default, meta), around these schemas.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

// Imported as a namespace (`import * as z`), so that the bundle keeps only what is used:
// zod's namespace object also holds its 64 locales.
export * from 'zod/mini';
