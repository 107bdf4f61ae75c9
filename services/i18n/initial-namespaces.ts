/** Namespaces loaded up front: everything the funnel shows. Other areas load theirs on demand. */
export const initialNamespaces = ['common', 'onboarding'] as const;
