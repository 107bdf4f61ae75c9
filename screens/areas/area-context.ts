import { createContext, use, type Context } from 'react';

/** A React context for one area of services, and the hook that reads it (it throws outside its provider). */
export type AreaContext<T> = readonly [Context<T | null>, () => T];

/**
 * One context per area (services/app-services.ts), so a component asks for the area it uses and
 * nothing else (a hook named `use...`, so React's compiler and lint rules treat it as one): the import of its context is the dependency the lint rules check (eslint.config.js).
 */
export function areaContext<T>(name: string): AreaContext<T> {
  const Provider = createContext<T | null>(null);
  Provider.displayName = `${name} area`;
  const useArea = (): T => {
    const area = use(Provider);
    if (area === null) throw new Error(`The ${name} area is used outside its provider`);
    return area;
  };
  return [Provider, useArea];
}
