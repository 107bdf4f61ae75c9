// Type of the virtual module served by vite-plugin-paywalls.ts (see there).

declare module 'virtual:paywalls' {
  const paywalls: import('./paywall-for-variant').CompiledPaywalls;
  export default paywalls;
}
