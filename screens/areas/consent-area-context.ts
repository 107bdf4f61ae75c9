import type { ConsentArea } from '../../services/consent/consent-area';
import { areaContext } from './area-context';

/** The consent notice and the legal links. */
export const [ConsentAreaContext, useConsentArea] = areaContext<ConsentArea>('consent');
