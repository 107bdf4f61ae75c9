import qs from 'qs';
import { invalidRequest, missingParam } from './stripe-api-error';

/**
 * Decodes a form body or query string the way Stripe reads what its SDKs send (STRIPE.md 1.2):
 * bracket nesting, indexed (or `[]`) arrays, `+` as a space. Values stay strings; StripeParams
 * coerces them per parameter.
 */
export function decodeStripeForm(text: string): Record<string, unknown> {
  if (text === '') return {};
  // arrayLimit: Stripe's lists (expand, lookup_keys, items, phases) are small, but keep indexes such as
  // `expand[11]` arrays instead of qs's object fallback.
  return qs.parse(text, { depth: 10, arrayLimit: 200, parameterLimit: 5000, allowDots: false, charset: 'utf-8' });
}

/**
 * Typed reads of one decoded parameter object. Each read names the parameter as Stripe does in its
 * errors (`items[0][price]`), and a malformed value is Stripe's 400 with that `param`.
 */
export class StripeParams {
  readonly raw: Record<string, unknown>;
  private readonly prefix: string;

  constructor(raw: Record<string, unknown>, prefix = '') {
    this.raw = raw;
    this.prefix = prefix;
  }

  name(key: string): string {
    return this.prefix === '' ? key : `${this.prefix}[${key}]`;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.raw);
  }

  /** undefined when absent; null when sent empty (Stripe's "unset"). */
  nullableString(key: string): string | null | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}`, this.name(key), 'parameter_invalid_string');
    return value === '' ? null : value;
  }

  string(key: string): string | undefined {
    const value = this.nullableString(key);
    if (value === null) throw invalidRequest(`You passed an empty string for '${this.name(key)}'. We assume empty values are an attempt to unset a parameter; however '${this.name(key)}' cannot be unset. You should remove '${this.name(key)}' from your request or supply a non-empty value.`, this.name(key), 'parameter_invalid_empty');
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const found = allowed.find((candidate) => candidate === value);
    if (found === undefined) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, this.name(key), 'parameter_invalid_string');
    }
    return found;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, this.name(key), 'parameter_invalid_integer');
    return Number(value);
  }

  nullableInteger(key: string): number | null | undefined {
    if (this.nullableString(key) === null) return null;
    return this.integer(key);
  }

  number(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalidRequest(`Invalid decimal: ${value}`, this.name(key), 'parameter_invalid_decimal');
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, this.name(key), 'parameter_invalid_boolean');
    return value === 'true';
  }

  object(key: string): StripeParams | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (!isRecord(value) || Array.isArray(value)) throw invalidRequest(`Invalid object`, this.name(key), 'parameter_invalid_object');
    return new StripeParams(value, this.name(key));
  }

  /** `items[0][price]=...` (qs gives an array, or an object keyed by index past its array limit). */
  objects(key: string): StripeParams[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    const entries = arrayEntries(value);
    if (entries === undefined) throw invalidRequest(`Invalid array`, this.name(key), 'parameter_invalid_array');
    return entries.map(([index, entry]) => {
      if (!isRecord(entry)) throw invalidRequest(`Invalid object`, `${this.name(key)}[${index}]`, 'parameter_invalid_object');
      return new StripeParams(entry, `${this.name(key)}[${index}]`);
    });
  }

  strings(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (typeof value === 'string') return [value];
    const entries = arrayEntries(value);
    if (entries === undefined) throw invalidRequest(`Invalid array`, this.name(key), 'parameter_invalid_array');
    return entries.map(([index, entry]) => {
      if (typeof entry !== 'string') throw invalidRequest(`Invalid string`, `${this.name(key)}[${index}]`, 'parameter_invalid_string');
      return entry;
    });
  }

  /**
   * `metadata[k]=v`: merged into `current`; an empty value deletes the key and `metadata=` clears it,
   * as Stripe does.
   */
  metadata(current: Readonly<Record<string, string>> = {}, key = 'metadata'): Record<string, string> | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (!isRecord(value) || Array.isArray(value)) throw invalidRequest('Invalid metadata', this.name(key), 'parameter_invalid_object');
    const merged = new Map(Object.entries(current));
    for (const [name, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw invalidRequest('Invalid metadata value', `${this.name(key)}[${name}]`, 'parameter_invalid_string');
      // Stripe: an empty value removes the key.
      if (entry === '') merged.delete(name);
      else merged.set(name, entry);
    }
    return Object.fromEntries(merged);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function arrayEntries(value: unknown): [number, unknown][] | undefined {
  if (Array.isArray(value)) return value.map((entry, index): [number, unknown] => [index, entry]);
  if (!isRecord(value)) return undefined;
  const entries: [number, unknown][] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!/^\d+$/.test(key)) return undefined;
    entries.push([Number(key), entry]);
  }
  return entries.sort((a, b) => a[0] - b[0]);
}
