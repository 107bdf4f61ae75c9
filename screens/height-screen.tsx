import type { ScreenProps } from './screen-props';
import { MeasurementForm } from './measurement-form';

/** Height in cm, or in feet and inches (stored in cm). */
export function HeightScreen(props: ScreenProps) {
  return (
    <MeasurementForm
      {...props}
      units={{ metric: 'cm', imperial: 'ftIn' }}
      inputMode="decimal"
      feetAndInchesInImperial
      toAnswer={(typed, unit) => (unit === 'imperial' ? { kind: 'feetInches', feet: typed.feet, inches: typed.inches } : { kind: 'measurement', text: typed.text, unit })}
    />
  );
}
