import { describe, expect, it } from 'vitest';
import { FILTERED, scrubPersonalData } from '../../../services/errors/scrub-personal-data';

describe('scrubPersonalData (Sentry beforeSend / beforeBreadcrumb)', () => {
  it('removes passwords, e-mail addresses and tokens wherever they appear in an event', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXZhbHVl';
    const event = {
      exception: { values: [{ type: 'Error', value: 'Sign-up failed for ann.lee+test@example.co.uk: weak password' }] },
      request: { url: `http://localhost/account/reset-password#access_token=${jwt}&refresh_token=r1&type=recovery`, headers: { 'User-Agent': 'UA', Authorization: `Bearer ${jwt}` } },
      breadcrumbs: [{ category: 'fetch', data: { url: '/auth/v1/token?grant_type=password', body: { email: 'bob@example.com', password: 'hunter22' } } }, { message: `token ${jwt}` }],
      extra: { newPassword: 'secret-1', user_email: 'x@y.io', count: 3 },
      user: { email: 'carol@example.com', id: 'u1' },
    };
    const scrubbed = scrubPersonalData(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of ['ann.lee', 'example.co.uk', 'bob@example.com', 'hunter22', jwt, 'r1&', 'secret-1', 'x@y.io', 'carol@example.com']) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed.exception.values[0]?.value).toBe(`Sign-up failed for ${FILTERED}: weak password`);
    expect(scrubbed.request.url).toBe(`http://localhost/account/reset-password#access_token=${FILTERED}&refresh_token=${FILTERED}&type=recovery`);
    expect(scrubbed.request.headers).toEqual({ 'User-Agent': 'UA', Authorization: FILTERED });
    // What is not personal stays readable.
    expect(scrubbed.extra.count).toBe(3);
    expect(scrubbed.user.id).toBe('u1');
    expect(scrubbed.breadcrumbs[0]?.data?.url).toBe('/auth/v1/token?grant_type=password');
  });
});
