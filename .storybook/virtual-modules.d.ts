// Types of the virtual module served by locale-namespaces-vite-plugin.ts (see there).

declare module 'virtual:storybook-locale-namespaces' {
  const namespaces: readonly string[];
  export default namespaces;
}
