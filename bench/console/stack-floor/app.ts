// The stack floor: the least a console on this project's stack does to show the first page
// (./first-page.ts). Like the console's entry, it turns on Node's compile cache first, so
// that what it loads next is compiled once and then read from disk. Built by ./build.ts with
// the console's own build options and source patches; the start-up benchmark measures it next
// to the bare floor and the console.
// Usage: RETURNS_API_KEY=sk_... node <built stack-floor.js> BASE_URL
import { enableCompileCache } from '../../../src/cli/compile-cache.js';

enableCompileCache();
await import('./first-page.js');
