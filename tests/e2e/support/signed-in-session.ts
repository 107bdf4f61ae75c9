import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOCAL_STACK_ANON_KEY } from '../../../services/supabase/supabase-settings';
import { uniqueEmail } from './account-stack';

/**
 * A new account whose session is put where supabase-js keeps it, before the app's scripts run: the
 * page starts signed in without a trip through the sign-in form (which its own tests cover).
 */
export async function startSignedIn(page: Page, request: APIRequestContext, label: string): Promise<{ email: string; userId: string; accessToken: string }> {
  const email = uniqueEmail(label);
  const response = await request.post('/auth/v1/signup', {
    headers: { apikey: LOCAL_STACK_ANON_KEY, 'Content-Type': 'application/json' },
    data: { email, password: `${label}-password` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session: { user: { id: string }; access_token: string } = await response.json();
  await page.addInitScript((stored) => window.localStorage.setItem('sb-localhost-auth-token', stored), JSON.stringify(session));
  return { email, userId: session.user.id, accessToken: session.access_token };
}
