// Types of the virtual modules served by vite-plugin-flows.ts (see there).

declare module 'virtual:flow/*' {
  const flow: import('./compiled-flow').CompiledFlow;
  export default flow;
}

declare module 'virtual:flow-variants' {
  const variants: import('./compiled-flow').CompiledVariants;
  export default variants;
}
