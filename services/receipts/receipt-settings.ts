/**
 * The local stack's RevenueCat public app key (server/config.ts REVENUECAT_LOCAL_PUBLIC_KEY). Public
 * keys ship in apps by design: they can only read subscribers.
 */
export const LOCAL_REVENUECAT_PUBLIC_KEY = 'rcb_local_revenuecat_public';

export interface ReceiptSettings {
  /** RevenueCat's v1 API base, e.g. https://api.revenuecat.com/v1. */
  readonly apiUrl: string;
  readonly publicKey: string;
}

export interface ReceiptEnv {
  readonly VITE_REVENUECAT_API_URL?: string | undefined;
  readonly VITE_REVENUECAT_PUBLIC_KEY?: string | undefined;
}

/** The build's variables, else the local stack's emulator on the page's origin. */
export function receiptSettings(env: ReceiptEnv, origin: string): ReceiptSettings {
  return {
    apiUrl: (nonEmpty(env.VITE_REVENUECAT_API_URL) ?? `${origin}/revenuecat/v1`).replace(/\/$/, ''),
    publicKey: nonEmpty(env.VITE_REVENUECAT_PUBLIC_KEY) ?? LOCAL_REVENUECAT_PUBLIC_KEY,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
