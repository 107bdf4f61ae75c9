import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Checked } from './flow-error.ts';
import { loadYamlFile } from './load-yaml-file.ts';

/** The stores the app is rated in. */
export type Store = 'appStore' | 'googlePlay';
/** The awards the app can name; each screen words them the same way (common:socialProof.awards.*). */
export type Award = 'appOfTheDay' | 'editorsChoice';

export interface StoreRating {
  /** Average out of 5, one decimal as the stores show it. */
  readonly rating: number;
  /** How many ratings the average is over. */
  readonly ratings: number;
}

/**
 * A person quoted on the plans page and while the plan is prepared. The name is not translated, the
 * words are (checkout:plans.testimonials.<id>, `{{result}}` in them is the change in the visitor's
 * units); the portrait is an illustration `npm run art` draws for the id (scripts/art/portraits.ts).
 */
export interface Testimonial {
  readonly id: string;
  readonly author: string;
  /** Their weight change in kg (negative: lost), shown in kg or lb. */
  readonly resultKg: number;
}

/** What `virtual:social-proof` exports: config/social-proof.yaml, checked, with the stores' combined rating. */
export interface SocialProof {
  readonly activeSubscribers: number;
  readonly storeRatings: Readonly<Record<Store, StoreRating>>;
  /** Both stores together: the average weighted by the counts (one decimal), and the total count. */
  readonly overallRating: StoreRating;
  readonly awards: readonly { readonly store: Store; readonly award: Award; readonly year: number }[];
  readonly testimonials: readonly Testimonial[];
}

/** Where the reviewed figures live, relative to the project root. */
export const socialProofFile = 'config/social-proof.yaml';

const storeRatingSchema = z.strictObject({
  rating: z.number().min(1).max(5).multipleOf(0.1, 'the stores show one decimal, e.g. 4.5'),
  ratings: z.number().int().positive(),
});

const store = z.enum(['appStore', 'googlePlay']);

const socialProofSchema = z.strictObject({
  version: z.literal(1),
  activeSubscribers: z.number().int().positive(),
  storeRatings: z.strictObject({ appStore: storeRatingSchema, googlePlay: storeRatingSchema }),
  awards: z
    .array(z.strictObject({ store, award: z.enum(['appOfTheDay', 'editorsChoice']), year: z.number().int().min(2008).max(2100) }))
    .max(3),
  testimonials: z
    .array(z.strictObject({ id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a lower-case id, e.g. first'), author: z.string().min(1), resultKg: z.number().min(-100).max(100) }))
    .min(1)
    .max(3)
    .refine((list) => new Set(list.map(({ id }) => id)).size === list.length, 'each testimonial needs its own id'),
});

/**
 * Reads and checks config/social-proof.yaml; every problem comes back located.
 *
 * @param text the file's contents (read from `root` when omitted)
 */
export function loadSocialProof(root: string, text?: string): Checked<SocialProof> {
  const source = text ?? readFileSync(join(root, socialProofFile), 'utf8');
  const loaded = loadYamlFile(socialProofFile, source, { schema: socialProofSchema, currentVersion: 1, migrations: [] });
  if (!loaded.ok) return loaded;
  const { activeSubscribers, storeRatings, awards, testimonials } = loaded.value.data;
  return { ok: true, value: { activeSubscribers, storeRatings, overallRating: overallRating(Object.values(storeRatings)), awards, testimonials } };
}

/** The stores' ratings as one: weighted by their counts, to one decimal as a store would show it. */
export function overallRating(stores: readonly StoreRating[]): StoreRating {
  const ratings = stores.reduce((sum, store) => sum + store.ratings, 0);
  const weighted = stores.reduce((sum, store) => sum + store.rating * store.ratings, 0) / ratings;
  return { rating: Math.round(weighted * 10) / 10, ratings };
}
