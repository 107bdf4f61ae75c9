// Type of the virtual module served by vite-plugin-consumer-rules.ts (see there).

declare module 'virtual:consumer-rules' {
  const rules: import('./consumer-rules').ConsumerRules;
  export default rules;
}
