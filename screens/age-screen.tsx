import type { ScreenProps } from './screen-props';
import { MeasurementForm } from './measurement-form';

/** Age in whole years. */
export function AgeScreen(props: ScreenProps) {
  return <MeasurementForm {...props} suffixKey="units.years" inputMode="numeric" toAnswer={(typed) => ({ kind: 'wholeNumber', text: typed.text })} />;
}
