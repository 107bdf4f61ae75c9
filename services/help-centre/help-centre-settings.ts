/**
 * The support address when the build sets none: the local stack's mailbox catches nothing sent to it,
 * so it is a placeholder that a deployment replaces with VITE_SUPPORT_EMAIL (docs/local-stack.md).
 */
export const LOCAL_SUPPORT_EMAIL = 'support@example.com';

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
