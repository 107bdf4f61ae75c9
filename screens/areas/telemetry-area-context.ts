import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import { areaContext } from './area-context';

/** Errors, analytics and conversions. */
export const [TelemetryAreaContext, useTelemetryArea] = areaContext<TelemetryArea>('telemetry');
