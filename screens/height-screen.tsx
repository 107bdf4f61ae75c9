import type { ScreenProps } from './screen-props';
import { MeasurementForm } from './measurement-form';

/** Height in cm or in (stored in cm). */
export function HeightScreen(props: ScreenProps) {
  return (
    <MeasurementForm
      {...props}
      units={{ metric: 'cm', imperial: 'in' }}
      inputMode="decimal"
      toAnswer={(text, unit) => ({ kind: 'measurement', text, unit })}
    />
  );
}
