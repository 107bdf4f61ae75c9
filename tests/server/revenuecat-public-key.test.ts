import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUECAT_LOCAL_PUBLIC_KEY } from '../../server/config';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

// The SPA reads its own subscriber record with the public app key (as RevenueCat allows); writes must
// still need the secret key.
describe('RevenueCat emulator: the public app key', () => {
  let server: TestServer;
  const userId = '6f1f8c1e-6a57-4a4e-9d4b-2b8f0c2a8d11';
  const withKey = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('defaults to the key the SPA ships with', () => {
    expect(server.config.revenueCatPublicKey).toBe(REVENUECAT_LOCAL_PUBLIC_KEY);
  });

  it('may read a subscriber', async () => {
    const response = await fetch(`${server.url}/revenuecat/v1/subscribers/${userId}`, { headers: withKey(server.config.revenueCatPublicKey) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscriber: { original_app_user_id: userId } });
  });

  it('may not write attributes or receipts', async () => {
    const attributes = await fetch(`${server.url}/revenuecat/v1/subscribers/${userId}/attributes`, {
      method: 'POST',
      headers: withKey(server.config.revenueCatPublicKey),
      body: JSON.stringify({ attributes: { $email: { value: 'x@example.com' } } }),
    });
    expect(attributes.status).toBe(401);
    const receipt = await fetch(`${server.url}/revenuecat/v1/receipts`, {
      method: 'POST',
      headers: { ...withKey(server.config.revenueCatPublicKey), 'X-Platform': 'stripe' },
      body: JSON.stringify({ app_user_id: userId, fetch_token: 'sub_1' }),
    });
    expect(receipt.status).toBe(401);
  });

  it('is refused when it is not the configured one', async () => {
    const response = await fetch(`${server.url}/revenuecat/v1/subscribers/${userId}`, { headers: withKey('rcb_someone_else') });
    expect(response.status).toBe(401);
  });
});
