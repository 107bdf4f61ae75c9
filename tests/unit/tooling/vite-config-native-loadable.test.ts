import { resolve } from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/**
 * Vite bundles vite.config.ts and everything it imports (the flows plugin and the engine's build-time
 * modules), and warns once per import its planned native config loader could not follow: an
 * extension-less relative import printed about 30 warnings on every build, dev start and Storybook run.
 * The imports now name their `.ts` files; this keeps a new extension-less import from bringing the
 * warnings back (the variable that hid them is gone from every config).
 */
describe('vite.config.ts', () => {
  it('loads without native-config-loader warnings', async () => {
    expect(process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING).toBeUndefined();
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, resolve(root, 'vite.config.ts'), root, 'warn', logger);
    expect(loaded?.dependencies.some((file) => file.endsWith('engine/vite-plugin-flows.ts'))).toBe(true);
    expect(warnings).toEqual([]);
  });
});
