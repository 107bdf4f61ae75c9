import type { IdentityRow, UserRow } from './auth-store';

/**
 * A user as GoTrue's models.User marshals it, in its field order, with its `omitempty` rules: optional
 * timestamps are left out while unset, `phone` is "" when there is none.
 */
export function userJson(user: UserRow, identities: readonly IdentityRow[]): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    ...optionalTime('email_confirmed_at', user.email_confirmed_at),
    ...optionalTime('invited_at', user.invited_at),
    phone: user.phone ?? '',
    ...optionalTime('phone_confirmed_at', user.phone_confirmed_at),
    ...optionalTime('confirmation_sent_at', user.confirmation_sent_at),
    ...optionalTime('confirmed_at', user.confirmed_at),
    ...optionalTime('recovery_sent_at', user.recovery_sent_at),
    ...(user.email_change === '' ? {} : { new_email: user.email_change }),
    ...optionalTime('email_change_sent_at', user.email_change_sent_at),
    ...optionalTime('last_sign_in_at', user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map(identityJson),
    created_at: isoTime(user.created_at),
    updated_at: isoTime(user.updated_at),
    ...optionalTime('banned_until', user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

/** GoTrue's models.Identity JSON: `identity_id` is the row id, `id` the provider's id for the user. */
function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    ...optionalTime('last_sign_in_at', identity.last_sign_in_at),
    created_at: isoTime(identity.created_at),
    updated_at: isoTime(identity.updated_at),
    ...(identity.email === null || identity.email === '' ? {} : { email: identity.email }),
  };
}

function isoTime(value: Date): string {
  return new Date(value).toISOString();
}

function optionalTime(key: string, value: Date | null): Record<string, string> {
  return value === null ? {} : { [key]: isoTime(value) };
}
