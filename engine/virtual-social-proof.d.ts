// Type of the virtual module served by vite-plugin-social-proof.ts (see there).

declare module 'virtual:social-proof' {
  const socialProof: import('./social-proof').SocialProof;
  export default socialProof;
}
