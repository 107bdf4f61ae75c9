import type { ReactNode } from 'react';
import type { AppServices } from '../../services/app-services';
import { AccountAreaContext, ConsentAreaContext, FunnelAreaContext, PageAreaContext, TelemetryAreaContext } from './area-contexts';

/** Provides the areas every page may use (the app, the build's prerender, Storybook); the lazy ones come with their routes. */
export function AppAreasProvider({ services, children }: { readonly services: AppServices; readonly children: ReactNode }): ReactNode {
  return (
    <PageAreaContext value={services.page}>
      <TelemetryAreaContext value={services.telemetry}>
        <ConsentAreaContext value={services.consent}>
          <FunnelAreaContext value={services.funnel}>
            <AccountAreaContext value={services.account}>{children}</AccountAreaContext>
          </FunnelAreaContext>
        </ConsentAreaContext>
      </TelemetryAreaContext>
    </PageAreaContext>
  );
}
