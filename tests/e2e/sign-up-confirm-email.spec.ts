import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCAL_STACK_ANON_KEY } from '../../services/supabase/supabase-settings';
import { latestMailTo, storedAccessToken, uniqueEmail } from './support/account-stack';
import { CONFIRMING_STACK_START_MS, confirmingUrl, startConfirmingStack, type ConfirmingStack } from './support/confirming-stack';
import { pathOf, sessionStorageOf } from './support/funnel-walker';

// Sign-up against a stack that confirms addresses by e-mail (AUTO_CONFIRM_EMAIL=false, hosted
// Supabase's default): "check your inbox", the link from the mailbox, and where it leads.

// The answers as the funnel stores them (spec's local-storage table): 67 in, 150 lb, 140 lb in cm and kg.
const storedAnswers: Readonly<Record<string, string>> = {
  gender: 'female',
  age: '34',
  height: '170.18',
  weight: '68.0388',
  goalWeight: '63.50288',
  useMetricOrImperial: 'false',
  activityLevel: 'lightly_active',
  speedGoal: 'moderate',
  nutritionGoal: 'balanced',
};
const profileOfStoredAnswers = {
  is_female: true,
  age_in_years: 34,
  is_using_metric: false,
  activity_level: 'lightly_active',
  achieve_results: 'moderate',
  primary_nutrition_goal: 'balanced',
};
const CONFIRMED = "I've confirmed my email";

let stack: ConfirmingStack | undefined;
test.use({ baseURL: confirmingUrl });
test.beforeAll(async () => {
  test.setTimeout(CONFIRMING_STACK_START_MS + 20_000);
  stack = await startConfirmingStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** On /sign-up with the funnel's answers stored: password, then e-mail, as a visitor types them. */
async function signUpUntilCheckInbox(page: Page, search: string, address: string): Promise<void> {
  await page.goto(`/sign-up${search}`);
  await expect.poll(() => pathOf(page)).toBe('/sign-up/password');
  await page.evaluate((answers) => {
    for (const [key, value] of Object.entries(answers)) window.localStorage.setItem(key, value);
  }, storedAnswers);
  await page.getByLabel('Please choose a password').fill('difference-engine');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'What is your email address?' }).fill(address);
  await page.getByRole('button', { name: 'Continue' }).click();
  const heading = page.getByRole('heading', { name: 'Check your inbox' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

/** The CompleteRegistration events of one account on the stack's Meta stand-ins: pixel /tr requests, tracking-events copies, Conversions API events. */
async function registrationEvents(request: APIRequestContext, userId: string): Promise<{ pixel: number; copies: number; server: number }> {
  const eventId = `registration-${userId}`;
  const events: {
    pixelEvents: { event_id: string | null; params: Record<string, string> }[];
    trackingEvents: { params: Record<string, string> }[];
    serverEvents: { event_id: string | null }[];
  } = await (await request.get(`/_dev/pixel/events.json?event_id=${eventId}`)).json();
  return {
    pixel: events.pixelEvents.filter((row) => row.event_id === eventId && row.params.ev === 'CompleteRegistration').length,
    copies: events.trackingEvents.filter((row) => row.params.eid === eventId).length,
    server: events.serverEvents.filter((row) => row.event_id === eventId).length,
  };
}

/** The answer to the page's CompleteRegistration claim (POST conversion_marks): 201 claims it, 409 means another page did. */
function registrationClaim(page: Page) {
  return page.waitForResponse((response) => response.url().includes('/rest/v1/conversion_marks') && response.request().method() === 'POST', { timeout: 15_000 });
}

function verifyLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0];
  if (link === undefined) throw new Error(`no confirmation link in:\n${text}`);
  return link;
}

async function profileRows(page: Page): Promise<Record<string, unknown>[]> {
  const token = await storedAccessToken(page);
  const response = await page.request.get('/rest/v1/profiles?select=*', { headers: { apikey: LOCAL_STACK_ANON_KEY, Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const rows: Record<string, unknown>[] = await response.json();
  return rows;
}

test('check your inbox, then the mailed link in another tab signs in, writes the profile from the answers and continues with the ad parameters', async ({ page, context }) => {
  const address = uniqueEmail('confirm-tab');
  await signUpUntilCheckInbox(page, '?utm_source=mail', address);
  await expect(page.getByText(`We sent a confirmation link to ${address}.`)).toBeVisible();
  expect(pathOf(page)).toBe('/sign-up/email');
  // No session yet, so nothing was written as the user and the visitor did not move on.
  expect(await page.evaluate(() => window.localStorage.getItem('sb-localhost-auth-token'))).toBeNull();

  // Going on before following the link says so, and keeps waiting.
  await page.getByRole('button', { name: CONFIRMED }).click();
  await expect(page.getByRole('alert')).toHaveText('Your email address is not confirmed yet. Please open the link in the email first.');

  const mail = await latestMailTo(page.request, address);
  expect(mail.subject).toBe('Confirm Your Email');
  const tab = await context.newPage();
  await tab.goto(verifyLinkIn(mail.text));
  await expect.poll(() => pathOf(tab)).toBe('/sign-up/preparing');
  expect(new URL(tab.url()).search).toBe('?utm_source=mail');
  await expect(tab.getByRole('heading', { name: "We're creating your plan..." })).toBeVisible();

  const rows = await profileRows(tab);
  expect(rows).toEqual([expect.objectContaining(profileOfStoredAnswers)]);
  expect(Number(rows[0]?.height_in_cm)).toBeCloseTo(170.18, 5);
  expect(await sessionStorageOf(tab)).toMatchObject({ email: address, id: rows[0]?.user_id });

  // The link's page completed the sign-up: it sent CompleteRegistration (pixel, its tracking-events
  // copy, the server event), once.
  const userId = String(rows[0]?.user_id);
  await expect.poll(() => registrationEvents(tab.request, userId), { timeout: 15_000 }).toEqual({ pixel: 1, copies: 1, server: 1 });

  // The sign-up tab goes on as well, now that the address is confirmed, and sends no second one.
  const claim = registrationClaim(page);
  await page.getByRole('button', { name: CONFIRMED }).click();
  await expect.poll(() => pathOf(page)).toBe('/sign-up/preparing');
  expect(new URL(page.url()).search).toBe('?utm_source=mail');
  expect((await claim).status()).toBe(409);
  expect(await page.evaluate(() => (window.__metaPixelCalls ?? []).some((call) => call[1] === 'CompleteRegistration'))).toBe(false);
  expect(await registrationEvents(page.request, userId)).toEqual({ pixel: 1, copies: 1, server: 1 });
});

test('the link opened on another device signs in there without a profile; "I\'ve confirmed" on the sign-up device writes it', async ({ page, browser }) => {
  const address = uniqueEmail('confirm-device');
  await signUpUntilCheckInbox(page, '?utm_source=ad', address);
  // A deployment whose confirmation template links to the app with the token hash (Supabase's
  // documented server-side pattern) lands here the same way as GoTrue's default link.
  const token = new URL(verifyLinkIn((await latestMailTo(page.request, address)).text)).searchParams.get('token');

  // The other device stays open, as a phone would: its CompleteRegistration is sent once its tracking
  // has loaded after the page showed, and closing it at once could cut that off.
  const otherDevice = await browser.newContext({ baseURL: confirmingUrl, locale: 'en-US' });
  try {
    const phone = await otherDevice.newPage();
    const phoneClaim = registrationClaim(phone);
    await phone.goto(`/sign-up/confirm?utm_source=ad&token_hash=${token ?? ''}&type=email`);
    await expect.poll(() => pathOf(phone)).toBe('/sign-up/preparing');
    expect(new URL(phone.url()).search).toBe('?utm_source=ad');
    // No answers on this device, so no profile was claimed with nothing in it.
    expect(await profileRows(phone)).toEqual([]);
    // The phone claims the registration once its tracking loaded: wait for that before the other
    // device confirms, or the two race (on a loaded machine the sign-up device came first).
    expect((await phoneClaim).status()).toBe(201);

    const claim = registrationClaim(page);
    await page.getByRole('button', { name: CONFIRMED }).click();
    await expect.poll(() => pathOf(page)).toBe('/sign-up/preparing');
    expect(await profileRows(page)).toEqual([expect.objectContaining(profileOfStoredAnswers)]);
    // The other device sent CompleteRegistration; this one does not send it again.
    expect((await claim).status()).toBe(409);
    const userId = String((await profileRows(page))[0]?.user_id);
    await expect.poll(() => registrationEvents(page.request, userId), { timeout: 15_000 }).toEqual({ pixel: 1, copies: 1, server: 1 });
  } finally {
    await otherDevice.close();
  }
});

test('a confirmed address opens the already-registered dialog; a used link says it expired and offers to log in', async ({ page, request }) => {
  const address = uniqueEmail('confirm-taken');
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: LOCAL_STACK_ANON_KEY, 'Content-Type': 'application/json' },
    data: { email: address, password: 'first-password' },
  });
  expect(signup.status()).toBe(200);
  const link = verifyLinkIn((await latestMailTo(request, address)).text);
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(303);

  await page.goto('/sign-up');
  await expect.poll(() => pathOf(page)).toBe('/sign-up/password');
  await page.getByLabel('Please choose a password').fill('second-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'What is your email address?' }).fill(address);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'You are already signed up' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeHidden();

  await page.goto(`/sign-up/confirm?token_hash=${new URL(link).searchParams.get('token') ?? ''}&type=email`);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
});
