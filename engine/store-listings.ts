import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Checked, FlowDiagnostic } from './flow-error.ts';
import { loadYamlFile } from './load-yaml-file.ts';

/** Which app the store badges point at. */
export interface StoreListingIds {
  /** The numeric App Store id (the digits after `id` in the listing URL). */
  readonly appStoreId: string;
  /** The Android application id, e.g. `com.company.app`. */
  readonly googlePlayPackage: string;
}

/** Where the reviewed store ids live, relative to the project root. */
export const storeListingsFile = 'config/store-listings.yaml';

/**
 * What a development build links to while an id is `null`: deliberately not plausible ids, so a
 * forgotten one shows up as a broken link in review rather than as a link to someone else's app.
 */
export const placeholderStoreListingIds: StoreListingIds = {
  appStoreId: 'REPLACE_WITH_APP_STORE_ID',
  googlePlayPackage: 'com.example.replace_with_android_package',
};

const storeListingsSchema = z
  .object({
    version: z.literal(1),
    appStoreId: z.union([
      z.null(),
      z.number().int().positive(),
      z.string().regex(/^[0-9]{1,15}$/, 'must be the digits after "id" in the App Store URL, e.g. 1234567890'),
    ]),
    googlePlayPackage: z.union([
      z.null(),
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'must be an Android application id, e.g. com.company.app')
        .refine((value) => !value.startsWith('com.example.'), 'com.example.* is a placeholder: set the real application id'),
    ]),
  })
  .strict();

export interface StoreListings {
  readonly ids: StoreListingIds;
  /** The keys still `null` (their ids are the placeholders); always empty for a production build. */
  readonly placeholders: readonly (keyof StoreListingIds)[];
}

const whatIsMissing: Record<keyof StoreListingIds, string> = {
  appStoreId: 'the App Store id (the digits after "id" in https://apps.apple.com/app/id<digits>)',
  googlePlayPackage: 'the Google Play application id (e.g. com.company.app)',
};

/**
 * Reads and checks the store ids. Every problem comes back located; a `null` id is a problem only for
 * a production deployment, which must not ship badges that lead nowhere.
 *
 * @param text the file's contents (read from `root` when omitted)
 */
export function loadStoreListings(root: string, options: { readonly production: boolean; readonly text?: string }): Checked<StoreListings> {
  const text = options.text ?? readFileSync(join(root, storeListingsFile), 'utf8');
  const loaded = loadYamlFile(storeListingsFile, text, { schema: storeListingsSchema, currentVersion: 1, migrations: [] });
  if (!loaded.ok) return loaded;
  const { data, source } = loaded.value;
  const placeholders = (['appStoreId', 'googlePlayPackage'] as const).filter((key) => data[key] === null);
  if (options.production && placeholders.length > 0) {
    const diagnostics: FlowDiagnostic[] = placeholders.map((key) =>
      source.diagnosticAt([key], `still a placeholder (null): a production deployment (DEPLOY_ENV=production) needs ${whatIsMissing[key]}`),
    );
    return { ok: false, diagnostics };
  }
  return {
    ok: true,
    value: {
      ids: {
        appStoreId: data.appStoreId === null ? placeholderStoreListingIds.appStoreId : String(data.appStoreId),
        googlePlayPackage: data.googlePlayPackage ?? placeholderStoreListingIds.googlePlayPackage,
      },
      placeholders,
    },
  };
}
