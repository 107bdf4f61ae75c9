import { redirect, type ActionFunction } from 'react-router';
import { countsToSearch } from '../../engine/cancel-refund-result';
import type { HelpCentreAction } from '../../engine/subscription-eligibility';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { HelpCentreService } from '../../services/help-centre/help-centre-service';

/** Form field carrying the request type the choice decided. */
export const REQUEST_TYPE_FIELD = 'type';
/** Form field carrying the page's language (the confirmation e-mail's). */
export const REQUEST_LANGUAGE_FIELD = 'language';

export interface RequestActionData {
  readonly failed: true;
}

/**
 * Submits the cancelation or refund (the function of that name, with `type` all or web) and goes to
 * the completed page with the counts in its query. A failure (the functions throw on error) is
 * reported and shown on the page, which keeps the button for another try: the functions are
 * idempotent, so trying again never cancels or refunds twice.
 */
export function createRequestAction(areas: { readonly telemetry: TelemetryArea; readonly helpCentre: HelpCentreService }, action: HelpCentreAction): ActionFunction {
  return async ({ request }): Promise<RequestActionData | Response> => {
    const form = await request.formData();
    const type = form.get(REQUEST_TYPE_FIELD);
    const language = form.get(REQUEST_LANGUAGE_FIELD);
    if (type !== 'all' && type !== 'web') return { failed: true };
    try {
      const counts = await areas.helpCentre.request(action, type, typeof language === 'string' ? language : undefined);
      return redirect(`/help-center/${action}/completed?${countsToSearch(counts)}`);
    } catch (error) {
      areas.telemetry.reportError(error);
      return { failed: true };
    }
  };
}
