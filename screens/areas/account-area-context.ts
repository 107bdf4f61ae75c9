import type { AccountArea } from '../../services/account/account-area';
import { areaContext } from './area-context';

/** The visitor's account. */
export const [AccountAreaContext, useAccountArea] = areaContext<AccountArea>('account');
