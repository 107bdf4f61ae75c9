/** Where the Terms of Use and the Privacy Policy live (shown on the first step and at e-mail capture). */
export interface LegalLinks {
  readonly termsUrl: string;
  readonly privacyUrl: string;
}

export interface LegalEnv {
  readonly VITE_TERMS_URL?: string | undefined;
  readonly VITE_PRIVACY_URL?: string | undefined;
}

/**
 * What a build without VITE_TERMS_URL / VITE_PRIVACY_URL links to: placeholders on a reserved domain,
 * like the support address, so a forgotten setting is visible in review rather than a dead relative
 * link (docs/local-stack.md lists the variables).
 */
export const PLACEHOLDER_LEGAL_LINKS: LegalLinks = {
  termsUrl: 'https://example.com/legal/terms-of-use',
  privacyUrl: 'https://example.com/legal/privacy-policy',
};

/** The legal URLs from the build's configuration; a value that is not an http(s) URL fails loudly at start. */
export function legalLinks(env: LegalEnv): LegalLinks {
  return {
    termsUrl: configuredUrl('VITE_TERMS_URL', env.VITE_TERMS_URL) ?? PLACEHOLDER_LEGAL_LINKS.termsUrl,
    privacyUrl: configuredUrl('VITE_PRIVACY_URL', env.VITE_PRIVACY_URL) ?? PLACEHOLDER_LEGAL_LINKS.privacyUrl,
  };
}

function configuredUrl(name: string, value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (trimmed === undefined || trimmed === '') return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`${name} is not a URL: "${trimmed}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL: "${trimmed}"`);
  return url.href;
}
