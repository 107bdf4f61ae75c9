import type { Preview } from '@storybook/react-vite';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { fallbackLanguage, supportedLanguages, textDirection } from '../services/i18n/supported-languages';
import type { AppServices } from '../services/app-services';
import type { CheckoutArea } from '../services/checkout/checkout-area';
import type { HelpCentreService } from '../services/help-centre/help-centre-service';
import { createAppServices } from '../services/composition-root';
import { quietTelemetryArea } from '../services/telemetry/quiet-telemetry-area';
import { AppAreasProvider } from '../screens/areas/app-areas-provider';
import { CheckoutAreaContext, HelpCentreAreaContext } from '../screens/areas/area-contexts';
import '@fontsource-variable/manrope';
import '../screens/theme/design-tokens.css';
import '../screens/app.css';
import { LoadingSpinner } from '../screens/loading-spinner';
import { loadStoryLanguage, storybookI18n } from './storybook-i18n';

/** Phone first: the funnel's visitors come from ads on phones. */
const viewports = {
  phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  smallPhone: { name: 'Small phone 320 × 568', styles: { width: '320px', height: '568px' }, type: 'mobile' },
  tablet: { name: 'Tablet 834 × 1112', styles: { width: '834px', height: '1112px' }, type: 'tablet' },
  desktop: { name: 'Desktop 1440 × 900', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const;

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the texts (public/locales)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        dynamicTitle: true,
        items: supportedLanguages.map((code) => ({
          value: code,
          title: `${nativeName(code)} (${code})`,
          right: textDirection(code) === 'rtl' ? 'RTL' : undefined,
        })),
      },
    },
  },
  initialGlobals: {
    locale: fallbackLanguage,
    viewport: { value: 'phone', isRotated: false },
  },
  parameters: {
    // Screens are whole pages: no padding around them.
    layout: 'fullscreen',
    viewport: { options: viewports },
    controls: { expanded: true },
    // Flows first: they are what designers browse most; the baseline first, then every other flow file
    // ('*': in file order, so a new flows/*.yaml needs no line here). Storybook reads this statically, keep it literal.
    options: { storySort: { order: ['Foundations', 'Flows', ['default', '*'], 'Screens', 'Layout', 'Components'] } },
  },
  loaders: [
    async ({ globals }) => {
      const requested: unknown = globals.locale;
      // The checkout's and the help centre's areas load with their routes in the app; a story of one of
      // their pages has no route table around it, so every story gets them loaded.
      const [, checkout, helpCentre] = await Promise.all([loadStoryLanguage(typeof requested === 'string' ? requested : fallbackLanguage), appServices().checkout(), appServices().helpCentre()]);
      lazyAreas = { checkout, helpCentre };
      return {};
    },
  ],
  decorators: [
    (Story) => (
      <AppAreasProvider services={appServices()}>
        <CheckoutAreaContext value={lazyAreas?.checkout ?? null}>
          <HelpCentreAreaContext value={lazyAreas?.helpCentre ?? null}>
            <I18nextProvider i18n={storybookI18n}>
              {/* The story's language is loaded before render; this catches a component asking for another
                  language (store badges in all languages) or a lazy screen chunk, with the app's spinner. */}
              <Suspense fallback={<LoadingSpinner />}>
                <Story />
              </Suspense>
            </I18nextProvider>
          </HelpCentreAreaContext>
        </CheckoutAreaContext>
      </AppAreasProvider>
    ),
  ],
};

export default preview;

let services: AppServices | undefined;
let lazyAreas: { readonly checkout: CheckoutArea; readonly helpCentre: HelpCentreService } | undefined;

/**
 * The app's own wiring (services/composition-root.ts), for screens that use it (the sign-up steps run
 * the sign-up machine with auth and storage), with one fake area: telemetry. Created on first use,
 * once per page like the app does. Stories that want to watch an area (the error screen's reporting)
 * provide their own on top.
 */
function appServices(): AppServices {
  // No telemetry from Storybook: its origin has no collector or Sentry sink, and a failed request
  // would be a console error in the render check.
  services ??= createAppServices({ telemetry: () => quietTelemetryArea((error) => console.error('App error', error)) });
  return services;
}

/** "Deutsch", "العربية", ...: each language named in itself, as a language menu should. */
function nativeName(code: string): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}
