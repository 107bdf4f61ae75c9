import type { FunnelArea } from '../../services/funnel/funnel-area';
import { areaContext } from './area-context';

/** The visitor and their answers. */
export const [FunnelAreaContext, useFunnelArea] = areaContext<FunnelArea>('funnel');
