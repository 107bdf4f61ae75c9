import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/**
 * Reads {base}/{language}/{namespace}.json for i18next (the app: /locales; Storybook: locales, relative
 * to its iframe) (spec: translation files per language and
 * namespace). In place of i18next-http-backend, whose options (XHR, reload intervals, custom parsers)
 * the app never used, so the entry carries a few lines instead of a library. Retries are i18next's:
 * flagging an error as retryable makes it read again up to `maxRetries` times, `retryTimeout` doubling.
 * A 5xx and a network failure are retried; a 4xx or a file that is no JSON object is final.
 * fetch's defaults (cors mode, same-origin credentials) match the preloads in the HTML.
 */
export function localeFileBackend(base = '/locales'): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback): void {
      const url = `${base}/${language}/${namespace}.json`;
      fetch(url).then(
        async (response) => {
          if (!response.ok) {
            callback(`${url}: HTTP ${String(response.status)}`, response.status >= 500);
            return;
          }
          const data: unknown = await response.json().catch(() => undefined);
          if (!isResourceObject(data)) callback(`${url}: not a JSON object`, false);
          else callback(null, data);
        },
        (error: unknown) => callback(`${url}: ${String(error)}`, true),
      );
    },
  };
}

function isResourceObject(value: unknown): value is Exclude<ResourceKey, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
