import type { HelpCentreService } from '../../services/help-centre/help-centre-service';
import { areaContext } from './area-context';

/** The help centre's services (provided by the /help-center routes, screens/help-centre/help-centre-routes.ts). */
export const [HelpCentreAreaContext, useHelpCentreArea] = areaContext<HelpCentreService>('help-centre');
