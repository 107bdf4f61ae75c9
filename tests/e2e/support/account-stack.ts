import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOCAL_STACK_ANON_KEY } from '../../../services/supabase/supabase-settings';

/** Helpers that talk to the local stack directly (its public APIs and dev endpoints), for set-up and checks. */

/** An address no other test (or earlier run against the same data dir) has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The header the e2e stacks key auth rate limits on (AUTH_RATE_LIMIT_HEADER in playwright.config.ts, as
 * GoTrue's GOTRUE_RATE_LIMIT_HEADER): an account the test sets up through the API counts as its own
 * client, so the suite's setup does not spend the browsers' sign-up allowance (30 per 5 minutes per
 * client, which a fast run of the whole suite from one address exceeded).
 */
export const E2E_CLIENT_HEADER = 'x-e2e-client';

/** Creates an account through the auth API (GoTrue's /signup, auto-confirmed), as a returning subscriber has. */
export async function createAccount(request: APIRequestContext, email: string, password: string): Promise<{ userId: string; accessToken: string }> {
  const response = await request.post('/auth/v1/signup', {
    headers: { apikey: LOCAL_STACK_ANON_KEY, 'Content-Type': 'application/json', [E2E_CLIENT_HEADER]: email },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body: { access_token: string; user: { id: string } } = await response.json();
  return { userId: body.user.id, accessToken: body.access_token };
}

export interface Grant {
  readonly store: 'app_store' | 'mac_app_store' | 'play_store' | 'stripe';
  readonly product_id: string;
  readonly purchase_date?: string;
  readonly expires_date?: string | null;
  readonly unsubscribe_detected_at?: string | null;
  readonly refunded_at?: string | null;
}

/** Records a store subscription for the account through the dev endpoint (docs: POST /_dev/revenuecat/subscriptions). */
export async function grantSubscription(request: APIRequestContext, email: string, grant: Grant): Promise<void> {
  const response = await request.post('/_dev/revenuecat/subscriptions', { data: { email, ...grant } });
  expect(response.status(), await response.text()).toBe(201);
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const inDays = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

/** The sign-in page, filled and submitted as a visitor would. */
export async function signInThroughTheForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The access token supabase-js stored for the signed-in visitor (same key as the app). */
export async function storedAccessToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('sb-localhost-auth-token'));
  if (!raw) throw new Error('no stored session');
  const session: { access_token: string } = JSON.parse(raw);
  return session.access_token;
}

interface MailSummary {
  readonly ID: string;
  readonly To: readonly { readonly Address: string }[];
  readonly Subject: string;
}

/** The mailbox's e-mails to `address`, newest first (its Mailpit-compatible API). */
async function summariesTo(request: APIRequestContext, address: string): Promise<MailSummary[]> {
  const list: { messages: MailSummary[] } = await (await request.get('/_dev/mail/api/v1/messages')).json();
  return list.messages.filter((message) => message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()));
}

/** The first e-mail to `address` that `pick` accepts (the newest one by default), once it has arrived. */
async function mailTo(request: APIRequestContext, address: string, pick: (mail: MailSummary) => boolean = () => true): Promise<{ subject: string; text: string }> {
  let found: MailSummary | undefined;
  await expect
    .poll(async () => {
      found = (await summariesTo(request, address)).find(pick);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${address}`);
  const message: { Subject: string; Text: string } = await (await request.get(`/_dev/mail/api/v1/message/${found.ID}`)).json();
  return { subject: message.Subject, text: message.Text };
}

/** The newest e-mail to `address`. */
export function latestMailTo(request: APIRequestContext, address: string): Promise<{ subject: string; text: string }> {
  return mailTo(request, address);
}

/** The text of the e-mail to `address` with this subject, once it has arrived. */
export async function mailText(request: APIRequestContext, address: string, subject: string): Promise<string> {
  return (await mailTo(request, address, (mail) => mail.Subject === subject)).text;
}

/** The subjects of the e-mails the mailbox holds for an address, now. */
export async function mailSubjectsTo(request: APIRequestContext, address: string): Promise<string[]> {
  return (await summariesTo(request, address)).map((mail) => mail.Subject);
}

/** An English (or other language) text of a namespace, from the files the app serves. */
export function localeText(language: string, namespace: string, path: string): string {
  const read = (lng: string): unknown => {
    try {
      return JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/${namespace}.json`, import.meta.url)), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const lookup = (tree: unknown): string | undefined => {
    let node: unknown = tree;
    for (const part of path.split('.')) {
      if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
      node = Reflect.get(node, part);
    }
    return typeof node === 'string' ? node : undefined;
  };
  // The app falls back to English for a language whose file or key is not there yet.
  const text = lookup(read(language)) ?? lookup(read('en'));
  if (text === undefined) throw new Error(`no text ${namespace}:${path}`);
  return text;
}
