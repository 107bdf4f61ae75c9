/**
 * The `fbq` function of Meta's base snippet: a queue until fbevents.js loads and sets `callMethod`
 * (WIRE.md, "Browser pixel"). Shared by the app's loader and the local stand-in (server/meta/stand-in/).
 */
export interface FbqQueue {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue?: ArrayLike<unknown>[];
  push?: FbqQueue;
  loaded?: boolean;
  version?: string;
}

declare global {
  interface Window {
    fbq?: FbqQueue | undefined;
    _fbq?: FbqQueue | undefined;
    /** Every pixel call as `[method, ...args]`, kept by the local stand-in. */
    __metaPixelCalls?: unknown[][];
  }
}
