/** The part of the Web Storage API the app uses; the browser's storages and the in-memory stand-in both fit. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
