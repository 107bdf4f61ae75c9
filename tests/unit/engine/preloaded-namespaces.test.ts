import { describe, expect, it } from 'vitest';
import { PRELOADED_NAMESPACES } from '../../../engine/compile-flow';
import { initialNamespaces } from '../../../services/i18n/initial-namespaces';

describe('the namespaces a flow need not list', () => {
  it('are the ones the app loads before the first step, so a flow\'s own namespace is always loaded by its step route', () => {
    expect([...PRELOADED_NAMESPACES].sort()).toEqual([...initialNamespaces].sort());
  });
});
