/** The console's key table: the config file's keybindings applied (services), else the built-in one. */
import { useServices } from '../context/services-context.js';
import { KEY_BINDINGS } from './bindings.js';
import type { KeyTable } from './match.js';

/** The effective key table every key, hint and help line comes from. */
export function useKeyTable(): KeyTable {
  return useServices().keyTable ?? KEY_BINDINGS;
}
