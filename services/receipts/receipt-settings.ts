import { LOCAL_REVENUECAT_PUBLIC_KEY } from '../../engine/local-stack-defaults';

// Defined in engine/, where the build's production check reads it too; the settings' callers read it here.
export { LOCAL_REVENUECAT_PUBLIC_KEY };
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
