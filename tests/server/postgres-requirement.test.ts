import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresUnavailableReason } from './support/postgres-cluster';

// npm test sets REQUIRE_POSTGRES=1: the PostgreSQL half of the contract suites must fail, not skip,
// when it cannot run (issue 8, point 16).
describe('REQUIRE_POSTGRES', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('turns a reason to skip the PostgreSQL half into a failure', () => {
    vi.stubEnv('SKIP_POSTGRES_TESTS', '1');
    vi.stubEnv('REQUIRE_POSTGRES', '1');
    expect(() => postgresUnavailableReason()).toThrow('REQUIRE_POSTGRES=1, but the PostgreSQL half cannot run: SKIP_POSTGRES_TESTS=1');
  });

  it('without it, the reason is returned for a printed skip', () => {
    vi.stubEnv('SKIP_POSTGRES_TESTS', '1');
    vi.stubEnv('REQUIRE_POSTGRES', '0');
    expect(postgresUnavailableReason()).toBe('SKIP_POSTGRES_TESTS=1');
  });
});
