import { LOCAL_SUPPORT_EMAIL } from '../../engine/local-stack-defaults';

// Defined in engine/, where the build's production check reads it too; the settings' callers read it here.
export { LOCAL_SUPPORT_EMAIL };
export interface HelpCentreEnv {
  readonly VITE_SUPPORT_EMAIL?: string | undefined;
}

/** The support address: the build's VITE_SUPPORT_EMAIL, else the local placeholder. */
export function supportEmail(env: HelpCentreEnv): string {
  const configured = env.VITE_SUPPORT_EMAIL?.trim();
  if (configured === undefined || configured === '') return LOCAL_SUPPORT_EMAIL;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(configured)) throw new Error(`VITE_SUPPORT_EMAIL is not an e-mail address: "${configured}"`);
  return configured;
}
