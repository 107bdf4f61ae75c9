import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE, loadStripeCatalogue } from '../../server/stripe/catalogue/stripe-catalogue';
import { fxRateCurrencies } from '../../server/stripe/catalogue/seed-stripe-catalogue';
import { syncStripeCatalogue } from '../../server/stripe/catalogue/sync-stripe-catalogue';
import { emulatorClient } from './support/stripe-target';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const repoRoot = resolve(import.meta.dirname, '../..');
const text = readFileSync(CATALOGUE_FILE, 'utf8');
let server: TestServer;
let currencies: string[];

beforeAll(async () => {
  server = await startTestServer();
  currencies = await fxRateCurrencies(server.db);
});
afterAll(() => server.close());

describe('config/stripe-catalogue.yaml', () => {
  it('covers every fx_rates currency in every price', () => {
    expect(currencies).toHaveLength(38);
    const catalogue = loadStripeCatalogue(currencies);
    for (const price of Object.values(catalogue.prices)) expect(Object.keys(price.amounts).sort()).toEqual([...currencies].sort());
  });

  it('refuses a price missing a currency, located at the file, line and column', () => {
    const broken = text.replace('eur: 999, usd: 1099, ', 'eur: 999, ');
    expect(() => loadStripeCatalogue(currencies, CATALOGUE_FILE, broken)).toThrow(
      /^config\/stripe-catalogue\.yaml:\d+:\d+ prices\.w-full\.amounts: missing amounts for usd \(every fx_rates currency needs one\)$/m,
    );
  });

  it('refuses unknown keys with a suggestion and a currency the rates table does not have', () => {
    const typo = text.replace('    nickname: Weekly\n', '    nickame: Weekly\n').replace('sar: 15999\n', 'sar: 15999, xyz: 100\n');
    let message = '';
    try {
      loadStripeCatalogue(currencies, CATALOGUE_FILE, typo);
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toMatch(/config\/stripe-catalogue\.yaml:\d+:\d+ prices\.w-full\.nickame: unknown key "nickame" - did you mean "nickname"\?/);
    expect(message).toMatch(/prices\.w-full\.nickname: missing required key "nickname"/);
    const badCurrency = text.replace('sar: 15999\n', 'sar: 15999, xyz: 100\n');
    expect(() => loadStripeCatalogue(currencies, CATALOGUE_FILE, badCurrency)).toThrow(/prices\.y-intro\.amounts\.xyz: "xyz" is not a currency of the fx_rates table/);
  });

  it('takes a price experiment\'s pair beside the spec\'s four; a coupon for a price it does not have and a malformed key are refused, located', () => {
    const weekly = text.slice(text.indexOf('  w-intro:\n'), text.indexOf('  y-full:\n'));
    const experiment = text.replace('  y-full:\n', `${weekly.replace('w-intro:', 'w2-intro:')}  y-full:\n`);
    expect(Object.keys(loadStripeCatalogue(currencies, CATALOGUE_FILE, experiment).prices).sort()).toEqual(['w-full', 'w-intro', 'w2-intro', 'y-full', 'y-intro']);
    const broken = text
      .replace('  y-full:\n', `${weekly.replace('w-intro:', 'W2_intro:')}  y-full:\n`)
      .replace('coupons: {}', 'coupons:\n  welcome:\n    name: Welcome\n    percent_off: 25\n    duration: once\n    prices: [y-intr]');
    expect(() => loadStripeCatalogue(currencies, CATALOGUE_FILE, broken)).toThrow(
      /^config\/stripe-catalogue\.yaml:\d+:3 prices\.W2_intro: lowercase letters, digits and "-" \(e\.g\. y2-intro\)\nconfig\/stripe-catalogue\.yaml:\d+:\d+ coupons\.welcome\.prices\[0\]: unknown price "y-intr" - did you mean "y-intro"\?$/,
    );
  });

  it('syncs idempotently by lookup key: unchanged prices stay, a changed one is replaced and the old one archived', async () => {
    const stripe = emulatorClient(server);
    const catalogue = loadStripeCatalogue(currencies);
    const before = await stripe.prices.list({ lookup_keys: ['w-full', 'w-intro', 'y-full', 'y-intro'] });
    const unchanged = await syncStripeCatalogue(stripe, catalogue);
    expect(unchanged.product).toBe('unchanged');
    expect(Object.values(unchanged.prices).every((price) => !price.created)).toBe(true);
    expect(Object.values(unchanged.prices).map((p) => p.id).sort()).toEqual(before.data.map((p) => p.id).sort());

    const cheaper = { ...catalogue, prices: { ...catalogue.prices, 'w-intro': { ...catalogue.prices['w-intro'], amounts: { ...catalogue.prices['w-intro'].amounts, usd: 199 } } } };
    const changed = await syncStripeCatalogue(stripe, cheaper);
    const oldIntro = unchanged.prices['w-intro']?.id ?? '';
    expect(changed.prices['w-intro']?.created).toBe(true);
    expect(changed.archived).toEqual([oldIntro]);
    expect(changed.prices['w-full']?.created).toBe(false);
    const intro = await stripe.prices.list({ lookup_keys: ['w-intro'], expand: ['data.currency_options'] });
    expect(intro.data.map((p) => [p.id, p.currency_options?.usd?.unit_amount])).toEqual([[changed.prices['w-intro']?.id, 199]]);
    expect((await stripe.prices.retrieve(oldIntro)).active).toBe(false);

    const again = await syncStripeCatalogue(stripe, cheaper);
    expect(Object.values(again.prices).every((price) => !price.created)).toBe(true);
    expect(again.archived).toEqual([]);
  });

  it('npm run stripe:sync pushes the file to the account of STRIPE_SECRET_KEY (here: the emulator)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/stripe-sync.ts'], {
      cwd: repoRoot,
      env: { ...process.env, STRIPE_SECRET_KEY: server.config.stripeSecretKey, STRIPE_API_URL: server.url, NODE_OPTIONS: '' },
    });
    expect(stdout).toContain(`Stripe catalogue synced to ${server.url}`);
    expect(stdout).toContain('product prod_nutrition_premium: unchanged');
    // The previous test left a cheaper w-intro: the file's own terms come back as a new price.
    expect(stdout).toMatch(/price w-intro: price_\w+ \(created\)/);
    expect(stdout).toMatch(/price w-full: price_\w+ \(unchanged\)/);
    const failing = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/stripe-sync.ts'], {
      cwd: repoRoot,
      env: { ...process.env, STRIPE_SECRET_KEY: '', NODE_OPTIONS: '' },
    }).catch((error: unknown) => error);
    expect(String(failing)).toContain('stripe:sync needs STRIPE_SECRET_KEY');
  });

  it('syncs more than the 10 lookup keys Stripe lists at once', async () => {
    const stripe = emulatorClient(server);
    const catalogue = loadStripeCatalogue(currencies);
    const extra = Object.fromEntries(['a', 'b', 'c', 'd'].flatMap((tag) => [[`${tag}-intro`, catalogue.prices['w-intro']], [`${tag}-full`, catalogue.prices['w-full']]]));
    const wider = { ...catalogue, prices: { ...catalogue.prices, ...extra } };
    const first = await syncStripeCatalogue(stripe, wider);
    expect(Object.keys(first.prices)).toHaveLength(12);
    expect(Object.keys(extra).every((key) => first.prices[key]?.created === true)).toBe(true);
    const again = await syncStripeCatalogue(stripe, wider);
    expect(Object.values(again.prices).every((price) => !price.created)).toBe(true);
    expect(again.archived).toEqual([]);
  });
});
