import type { ScreenProps } from './screen-props';
import { MeasurementForm } from './measurement-form';

/** Current or goal weight in kg or lb (stored in kg). */
export function WeightScreen(props: ScreenProps) {
  return (
    <MeasurementForm
      {...props}
      units={{ metric: 'kg', imperial: 'lb' }}
      inputMode="decimal"
      toAnswer={(typed, unit) => ({ kind: 'measurement', text: typed.text, unit })}
    />
  );
}
