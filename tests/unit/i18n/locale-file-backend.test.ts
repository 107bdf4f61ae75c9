import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeFileBackend } from '../../../services/i18n/locale-file-backend';

/** What the backend answers i18next for one read, with fetch answering `respond`. */
async function readWith(respond: (url: string) => Promise<Response>, base?: string): Promise<{ url: string; error: unknown; data: unknown }> {
  let url = '';
  vi.stubGlobal('fetch', (input: string) => {
    url = input;
    return respond(input);
  });
  const backend = localeFileBackend(base);
  return new Promise((resolve) => backend.read('de', 'onboarding', (error, data) => resolve({ url, error, data })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('localeFileBackend (services/i18n/locale-file-backend.ts)', () => {
  it("reads the language's namespace file and hands i18next its object", async () => {
    const result = await readWith(async () => Response.json({ steps: { gender: 'Geschlecht' } }));
    expect(result).toEqual({ url: '/locales/de/onboarding.json', error: null, data: { steps: { gender: 'Geschlecht' } } });
    expect((await readWith(async () => Response.json({}), 'locales')).url).toBe('locales/de/onboarding.json');
  });

  it('flags a 5xx and a network failure as retryable (i18next then reads again, backing off)', async () => {
    const busy = await readWith(async () => new Response('busy', { status: 503 }));
    expect(busy.error).toBe('/locales/de/onboarding.json: HTTP 503');
    expect(busy.data).toBe(true);
    const offline = await readWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline.data).toBe(true);
  });

  it('gives up at once on a 4xx and on a file that is no JSON object', async () => {
    expect(await readWith(async () => new Response('not found', { status: 404 }))).toMatchObject({ error: '/locales/de/onboarding.json: HTTP 404', data: false });
    expect(await readWith(async () => new Response('<html>', { status: 200 }))).toMatchObject({ error: '/locales/de/onboarding.json: not a JSON object', data: false });
    expect(await readWith(async () => Response.json(['a']))).toMatchObject({ data: false });
  });
});
