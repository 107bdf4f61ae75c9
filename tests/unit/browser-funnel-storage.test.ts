import { describe, expect, it, vi } from 'vitest';
import { browserFunnelStorage } from '../../services/funnel/browser-funnel-storage';
import { smallCompiledFlow, stepOf } from './fixtures/small-compiled-flow';

/** A Map-backed Storage, the part of the Web Storage API the adapter uses. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  entries(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

describe('browserFunnelStorage', () => {
  it('writes the spec keys and a progress record, and restores the answers from them', async () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const funnelStorage = browserFunnelStorage(local, session, vi.fn());
    const storage = await funnelStorage.answers();
    const answers = {
      gender: { kind: 'choice', value: 'male' },
      height: { kind: 'measurement', text: '67', unit: 'imperial' },
      email: { kind: 'email', value: 'ada@example.com' },
    } as const;
    storage.persist(smallCompiledFlow, stepOf('gender'), answers);
    storage.persist(smallCompiledFlow, stepOf('height'), answers);
    storage.persist(smallCompiledFlow, stepOf('email'), answers);

    expect(local.entries()).toMatchObject({ gender: 'male', height: '170.18', useMetricOrImperial: 'false', heightEntered: 'true' });
    expect(JSON.stringify(local.entries())).not.toContain('ada@example.com');
    expect(session.entries()).toEqual({ email: 'ada@example.com' });
    expect(storage.restore(smallCompiledFlow)).toEqual(answers);
    expect(funnelStorage.read('gender')).toBe('male');
  });

  it('removes the keys of steps the answer took off the path, keeping the shared unit keys', async () => {
    const local = new MemoryStorage();
    const storage = await browserFunnelStorage(local, new MemoryStorage(), vi.fn()).answers();
    const answers = { gender: { kind: 'choice', value: 'male' }, height: { kind: 'measurement', text: '180', unit: 'metric' } } as const;
    storage.persist(smallCompiledFlow, stepOf('gender'), answers);
    storage.persist(smallCompiledFlow, stepOf('height'), answers);
    storage.persist(smallCompiledFlow, stepOf('gender'), { gender: answers.gender }, [stepOf('height')]);
    expect(local.entries()).toMatchObject({ gender: 'male', useMetricOrImperial: 'true' });
    expect(local.getItem('height')).toBeNull();
    expect(storage.restore(smallCompiledFlow)).toEqual({ gender: answers.gender });
  });

  it('keeps working when storage throws (private mode), logging instead', async () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const log = vi.fn();
    const funnelStorage = browserFunnelStorage(broken, broken, log);
    const storage = await funnelStorage.answers();
    expect(storage.restore(smallCompiledFlow)).toEqual({});
    expect(() => storage.persist(smallCompiledFlow, stepOf('gender'), { gender: { kind: 'choice', value: 'female' } })).not.toThrow();
    expect(funnelStorage.read('gender')).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('loads the answer store once and shares it between callers', async () => {
    const storage = browserFunnelStorage(new MemoryStorage(), new MemoryStorage(), vi.fn());
    const first = storage.answers();
    expect(storage.answers()).toBe(first);
    expect(await storage.answers()).toBe(await first);
  });
});
