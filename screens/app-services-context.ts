import { createContext, use } from 'react';
import type { AppServices } from '../services/composition-root';

/** The services chosen by the composition root, for components (loaders get them by closure). */
export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = use(AppServicesContext);
  if (!services) throw new Error('useAppServices outside AppServicesContext');
  return services;
}
