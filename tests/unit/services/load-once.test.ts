import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../../services/load-once';

describe('loadOnce', () => {
  it('loads once and gives every caller the same promise', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    const get = loadOnce(load);
    expect(get()).toBe(get());
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load, and then keeps the one that worked', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const get = loadOnce<string>(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('chunk');
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
