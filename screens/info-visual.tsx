import { useTranslation } from 'react-i18next';
import type { CompiledStep } from '../engine/compiled-flow';
import type { TextValue } from '../engine/funnel-path';
import { useInterpolatedText } from './interpolated-text';
import { OptionIcon } from './option-icon';
import './info-visual.css';

type Visual = NonNullable<CompiledStep['visual']>;

/**
 * The chart or illustration of an info step, drawn from the numbers and texts in the flow YAML. The
 * drawings are decoration; every number and label is also real text beside them, so screen readers
 * and translations get the claim too.
 */
export function InfoVisual({ visual, values }: { readonly visual: Visual; readonly values?: Readonly<Record<string, TextValue>> }) {
  // The labels interpolate the step's values like its text ("You could weigh {{goalWeight}}").
  const text = useInterpolatedText(values);
  switch (visual.kind) {
    case 'share':
      return <ShareDonut text={text} percent={visual.percent} labelKey={visual.label} restLabelKey={visual.restLabel} />;
    case 'checklist':
      return <Checklist text={text} items={visual.items} />;
    case 'bars':
      return <Bars text={text} unitKey={visual.unit} bars={visual.bars} />;
    case 'bmiScale':
      return <BmiScale text={text} scale={visual} value={values?.[visual.value]} />;
    case 'trend':
      return <Trend text={text} startKey={visual.start} endKey={visual.end} series={visual.series} />;
  }
}

/**
 * The WHO bands side by side (their words are real text, the visitor's band marked current) and a
 * marker at the visitor's BMI; without a number (an input skipped) the bands alone.
 */
function BmiScale({ text, scale, value }: { readonly text: Text; readonly scale: Extract<Visual, { kind: 'bmiScale' }>; readonly value: TextValue | undefined }) {
  const span = scale.to - scale.from;
  const bmi = typeof value === 'number' ? Math.min(Math.max(value, scale.from), scale.to) : undefined;
  return (
    <figure className="visual visual--bmi-scale">
      <div className="bmi-scale__track" aria-hidden="true">
        {scale.bands.map((band) => (
          <span key={band.key} className="bmi-scale__segment" style={{ flexGrow: band.to - band.from }} />
        ))}
        {bmi === undefined ? null : <span className="bmi-scale__marker" style={{ insetInlineStart: `${((bmi - scale.from) / span) * 100}%` }} />}
      </div>
      <ul className="bmi-scale__bands">
        {scale.bands.map((band) => {
          const current = bmi !== undefined && bmi >= band.from && (bmi < band.to || band.to === scale.to);
          return (
            <li key={band.key} className="bmi-scale__band" aria-current={current ? 'true' : undefined}>
              {text(band.key)}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** A label's text, with the step's values filled in. */
type Text = (key: string) => string;

function usePercent(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (value) => format.format(value / 100);
}

function ShareDonut({ text, percent, labelKey, restLabelKey }: { readonly text: Text; readonly percent: number; readonly labelKey: string; readonly restLabelKey: string }) {
  const formatPercent = usePercent();
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  return (
    <figure className="visual visual--share">
      <div className="donut" aria-hidden="true">
        <svg viewBox="0 0 140 140" width="160" height="160" focusable="false">
          <circle cx="70" cy="70" r={radius} fill="none" stroke="var(--color-accent-soft)" strokeWidth="20" />
          <circle
            className="donut__value"
            cx="70"
            cy="70"
            r={radius}
            fill="none"
            stroke="var(--color-brand)"
            strokeWidth="20"
            strokeLinecap="round"
            strokeDasharray={`${(circumference * percent) / 100} ${circumference}`}
            transform="rotate(-90 70 70)"
          />
        </svg>
        <span className="donut__figure">{formatPercent(percent)}</span>
      </div>
      <ul className="legend">
        <li className="legend__item">
          <span className="legend__swatch legend__swatch--brand" aria-hidden="true" />
          <strong>{formatPercent(percent)}</strong> {text(labelKey)}
        </li>
        <li className="legend__item">
          <span className="legend__swatch legend__swatch--rest" aria-hidden="true" />
          <strong>{formatPercent(100 - percent)}</strong> {text(restLabelKey)}
        </li>
      </ul>
    </figure>
  );
}

function Checklist({ text, items }: { readonly text: Text; readonly items: Extract<Visual, { kind: 'checklist' }>['items'] }) {
  return (
    <ul className="visual checklist">
      {items.map((item) => (
        <li key={item.label} className="checklist__item">
          <span className="checklist__icon">
            <OptionIcon name={item.icon} />
          </span>
          <span className="checklist__label">{text(item.label)}</span>
        </li>
      ))}
    </ul>
  );
}

function Bars({ text, unitKey, bars }: { readonly text: Text; readonly unitKey: string; readonly bars: Extract<Visual, { kind: 'bars' }>['bars'] }) {
  const { i18n } = useTranslation();
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <figure className="visual bars">
      <figcaption className="bars__unit">{text(unitKey)}</figcaption>
      <ul className="bars__list">
        {bars.map((bar) => (
          <li key={bar.label} className="bars__row">
            {bar.icon ? <OptionIcon className="bars__icon" name={bar.icon} /> : null}
            <span className="bars__label">{text(bar.label)}</span>
            <span className="bars__track" aria-hidden="true">
              <span className="bars__fill" style={{ inlineSize: `${Math.max(4, (bar.value / max) * 100)}%` }} />
            </span>
            <span className="bars__value">{format.format(bar.value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function Trend({
  text,
  startKey,
  endKey,
  series,
}: {
  readonly text: Text;
  readonly startKey: string;
  readonly endKey: string;
  readonly series: Extract<Visual, { kind: 'trend' }>['series'];
}) {
  const all = series.flatMap((line) => line.points);
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min || 1;
  const [width, height, pad] = [300, 150, 12];
  const pointsOf = (points: readonly number[]): string =>
    points
      .map((value, index) => {
        const x = pad + (index * (width - 2 * pad)) / (points.length - 1);
        const y = pad + ((max - value) * (height - 2 * pad)) / span;
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(' ');
  return (
    <figure className="visual trend">
      <svg className="trend__chart" viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
        {[0.25, 0.5, 0.75].map((fraction) => (
          <line key={fraction} x1="0" x2={width} y1={height * fraction} y2={height * fraction} stroke="var(--color-border)" strokeWidth="1" />
        ))}
        {series.map((line) => (
          <polyline
            key={line.label}
            className={line.emphasis ? 'trend__line trend__line--emphasis' : 'trend__line'}
            points={pointsOf(line.points)}
            fill="none"
            stroke={line.emphasis ? 'var(--color-brand)' : 'var(--color-accent)'}
            strokeWidth={line.emphasis ? 5 : 3}
            strokeDasharray={line.emphasis ? undefined : '7 6'}
            strokeLinecap="round"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <div className="trend__axis">
        <span>{text(startKey)}</span>
        <span>{text(endKey)}</span>
      </div>
      <ul className="legend">
        {series.map((line) => (
          <li key={line.label} className="legend__item">
            <span className={`legend__swatch ${line.emphasis ? 'legend__swatch--brand' : 'legend__swatch--accent'}`} aria-hidden="true" />
            {text(line.label)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
