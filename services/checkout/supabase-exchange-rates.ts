import type { SupabaseClient } from '@supabase/supabase-js';
import type { ExchangeRates } from './exchange-rates';

/** `fx_rates` through supabase-js: `select * order by created_at desc limit 1` (WIRE.md). */
export function supabaseExchangeRates(client: () => Promise<SupabaseClient>): ExchangeRates {
  return {
    async latest() {
      const { data, error } = await (await client()).from('fx_rates').select('*').order('created_at', { ascending: false }).limit(1);
      if (error) throw new Error(`fx_rates lookup failed: ${error.message}`, { cause: error });
      const row: unknown = data[0];
      return typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row)) : undefined;
    },
  };
}
