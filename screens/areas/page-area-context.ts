import type { PageArea } from '../../services/page/page-area';
import { areaContext } from './area-context';

/** The page: translations and scheduling. */
export const [PageAreaContext, usePageArea] = areaContext<PageArea>('page');
