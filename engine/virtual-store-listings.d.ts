// Type of the virtual module served by vite-plugin-store-listings.ts (see there).

declare module 'virtual:store-listings' {
  const ids: import('./store-listings').StoreListingIds;
  export default ids;
}
