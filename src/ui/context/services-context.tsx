/**
 * The injected services (client, profile, read-only flag, state dir, clock) as React
 * context, so every screen reads the same instance and tests can inject their own.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ConsoleServices } from '../services.js';

const ServicesContext = createContext<ConsoleServices | null>(null);

/** Provides `services` to every screen below it. */
export function ServicesProvider(props: { readonly services: ConsoleServices; readonly children?: ReactNode }) {
  return <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>;
}

/** The console's services; throws when used outside `ServicesProvider` (a wiring bug). */
export function useServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() must be used inside <ServicesProvider>.');
  return services;
}
