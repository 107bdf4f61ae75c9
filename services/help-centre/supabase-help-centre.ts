import type { Platform } from '../platform';
import type { HelpCentreService } from './help-centre-service';
import { supportEmail } from './help-centre-settings';

/** The help centre area (a chunk loaded with the /help-center routes): the support address and the backend's cancel / refund functions. */
export function supabaseHelpCentre(platform: Platform): HelpCentreService {
  return { supportEmail: supportEmail(platform.env), request: platform.supabase.requestCancelOrRefund };
}
