// Type of the virtual module served by vite-plugin-social-proof.ts (see there).

declare module 'virtual:social-proof' {
  const socialProof: Omit<import('./social-proof').SocialProof, 'testimonials'>;
  export default socialProof;
  export const testimonials: import('./social-proof').SocialProof['testimonials'];
}
