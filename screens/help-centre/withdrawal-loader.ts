import type { LoaderFunction } from 'react-router';
// zod/mini: classic zod stays out of the browser bundle (bench/bundle-budget.ts).
import { z } from 'zod/mini';
import type { AccountArea } from '../../services/account/account-area';

/** The help centre's withdrawal function (supabase/functions/withdraw-from-contract). */
export const WITHDRAW_FUNCTION = 'withdraw-from-contract';

const money = z.object({ minor: z.int(), currency: z.string() });
const contract = z.object({
  subscriptionId: z.string(),
  concludedAt: z.number(),
  withdrawableUntil: z.nullable(z.number()),
  withdrawnAt: z.nullable(z.number()),
  paid: money,
});
const listAnswer = z.object({ data: z.object({ contracts: z.array(contract) }) });

export type WithdrawableContract = z.infer<typeof contract>;

export interface WithdrawalLoaderData {
  /** Where the confirmation e-mail goes. */
  readonly email: string;
  readonly contracts: readonly WithdrawableContract[];
  /** Unix seconds when the page was loaded: which periods are still open. */
  readonly now: number;
}

/** /help-center/withdrawal: the caller's web contracts and how long each can be withdrawn from. */
export function createWithdrawalLoader(areas: { readonly account: Pick<AccountArea, 'backendFunctions' | 'auth'> }): LoaderFunction {
  return async (): Promise<WithdrawalLoaderData> => {
    const [listed, user] = await Promise.all([areas.account.backendFunctions.invoke(WITHDRAW_FUNCTION, { list: true }), areas.account.auth.currentUser()]);
    const parsed = listAnswer.safeParse(listed);
    if (!parsed.success) throw new Error(`${WITHDRAW_FUNCTION} answered something that is not a list of contracts`);
    return { email: user?.email ?? '', contracts: parsed.data.data.contracts, now: Math.floor(Date.now() / 1000) };
  };
}
