// Types of the virtual modules served by vite-plugin-flows.ts (see there).

declare module 'virtual:flow/*' {
  const flow: import('./compiled-flow').CompiledFlow;
  export default flow;
}

declare module 'virtual:flow-variants' {
  const variants: import('./compiled-flow').CompiledVariants;
  export default variants;
}

declare module 'virtual:flow-profile' {
  /** Which stored key fills each `profiles` column (the flows' `storageKeys`), for the sign-up. */
  const profile: import('./profile-from-answers').ProfileSources;
  export default profile;
}

declare module 'virtual:flow-loaders' {
  /** Every compiled flow by id, each a lazy chunk. */
  const loaders: Readonly<Record<string, () => Promise<{ default: import('./compiled-flow').CompiledFlow }>>>;
  export default loaders;
}

declare module 'virtual:flows' {
  /** Every compiled flow, in id order, imported eagerly (Storybook; the app uses virtual:flow-loaders). */
  const flows: readonly import('./compiled-flow').CompiledFlow[];
  export default flows;
}
