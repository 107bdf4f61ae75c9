import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { loadStoreListings, placeholderStoreListingIds } from '../../../engine/store-listings';
import { productionBuildEnv } from '../deploy/production-environment';

const root = resolve(import.meta.dirname, '../../..');

function messages(text: string, production: boolean): string[] {
  const checked = loadStoreListings(root, { production, text });
  return checked.ok ? [] : checked.diagnostics.map(formatFlowDiagnostic);
}

const placeholders = 'version: 1\nappStoreId: null\ngooglePlayPackage: null\n';
const real = 'version: 1\nappStoreId: 1234567890\ngooglePlayPackage: com.company.calories\n';

describe('config/store-listings.yaml (engine/store-listings.ts)', () => {
  it('gives the configured ids', () => {
    const checked = loadStoreListings(root, { production: true, text: real });
    expect(checked).toEqual({ ok: true, value: { ids: { appStoreId: '1234567890', googlePlayPackage: 'com.company.calories' }, placeholders: [] } });
  });

  it('lets a development build link to the placeholders, and names them', () => {
    const checked = loadStoreListings(root, { production: false, text: placeholders });
    expect(checked).toEqual({ ok: true, value: { ids: placeholderStoreListingIds, placeholders: ['appStoreId', 'googlePlayPackage'] } });
  });

  it('fails a production deployment that still has placeholders, at each key', () => {
    expect(messages(placeholders, true)).toEqual([
      'config/store-listings.yaml:2:13 appStoreId: still a placeholder (null): a production deployment (DEPLOY_ENV=production) needs the App Store id (the digits after "id" in https://apps.apple.com/app/id<digits>)',
      'config/store-listings.yaml:3:20 googlePlayPackage: still a placeholder (null): a production deployment (DEPLOY_ENV=production) needs the Google Play application id (e.g. com.company.app)',
    ]);
    expect(messages('version: 1\nappStoreId: 1234567890\ngooglePlayPackage: null\n', true)).toHaveLength(1);
  });

  it('fails every build on a malformed id or an unknown key, located', () => {
    const bad = 'version: 1\nappStoreId: REPLACE_WITH_APP_STORE_ID\ngooglePlayPackage: com.example.replace_with_android_package\nappStoreID: 1\n';
    const found = messages(bad, false);
    expect(found.some((line) => line.startsWith('config/store-listings.yaml:2:13 appStoreId:'))).toBe(true);
    expect(found.some((line) => line.startsWith('config/store-listings.yaml:3:20 googlePlayPackage:') && line.includes('placeholder'))).toBe(true);
    expect(found.some((line) => line.includes('appStoreID'))).toBe(true);
  });

  it('the checked-in file is valid for a development build', () => {
    expect(loadStoreListings(root, { production: false }).ok).toBe(true);
  });
});

describe('vite build with DEPLOY_ENV=production', () => {
  it('fails with the located placeholders while the checked-in ids are placeholders', async () => {
    const checked = loadStoreListings(root, { production: false });
    if (!checked.ok || checked.value.placeholders.length === 0) {
      console.log('store-listings: config/store-listings.yaml has real ids; the production-build refusal is covered by the loader tests above');
      return;
    }
    const previous = { ...process.env };
    // A deployment's build variables, so the store ids are the only thing left to refuse.
    Object.assign(process.env, productionBuildEnv, { DEPLOY_ENV: 'production' });
    try {
      // The plugin refuses in buildStart, before any module is transformed: this costs a config load.
      await expect(build({ configFile: resolve(root, 'vite.config.ts'), root, logLevel: 'silent', build: { write: false } })).rejects.toThrow(
        /config\/store-listings\.yaml:\d+:\d+ appStoreId: still a placeholder/,
      );
    } finally {
      for (const name of [...Object.keys(productionBuildEnv), 'DEPLOY_ENV']) {
        const value = previous[name];
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    }
  });
});
