import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KILOGRAMS_PER_POUND } from '../../engine/answer-storage';
import type { PersonalPlan } from '../../engine/daily-calorie-plan';
import type { UnitSystem } from '../../engine/funnel-answer';
import { usePageArea } from '../areas/area-contexts';
import { formatDay } from './plan-display';

/**
 * The projected weight from today to the goal day, drawn by Chart.js. Chart.js is imported when this
 * component mounts, so only the plans page loads it (never the funnel). The canvas is one image to a
 * screen reader, named by the same sentence the figures under it say; the chart itself is decoration
 * over numbers that are in the text.
 */
export function WeightChart({
  plan,
  units,
  language,
  weight,
}: {
  readonly plan: PersonalPlan;
  readonly units: UnitSystem;
  readonly language: string;
  readonly weight: (kg: number) => string;
}) {
  const { t } = useTranslation('checkout');
  const pageArea = usePageArea();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const goalDate = formatDay(plan.goalDay, language, 'long');

  useEffect(() => {
    let destroyed = false;
    let destroy: (() => void) | undefined;
    import('chart.js')
      .then(({ Chart, LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler }) => {
        const element = canvas.current;
        if (destroyed || !element) return;
        Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler);
        const styles = getComputedStyle(element);
        const brand = styles.getPropertyValue('--color-brand').trim() || '#087256';
        const muted = styles.getPropertyValue('--color-ink-muted').trim() || '#566072';
        const points = plan.projection;
        const last = points.length - 1;
        const chart = new Chart(element, {
          type: 'line',
          data: {
            labels: points.map((point, index) => (index === 0 ? t('plans.personal.today') : formatDay(point.day, language, 'short'))),
            datasets: [
              {
                // One decimal: whole units would put steps into a steady line.
                data: points.map((point) => Math.round((units === 'metric' ? point.weightKg : point.weightKg / KILOGRAMS_PER_POUND) * 10) / 10),
                borderColor: brand,
                borderWidth: 3,
                tension: 0.35,
                fill: true,
                backgroundColor: (context) => {
                  // Over the canvas's height: the chart area is not laid out yet on the first call.
                  const gradient = context.chart.ctx.createLinearGradient(0, 0, 0, context.chart.height);
                  gradient.addColorStop(0, withAlpha(context.chart.ctx, brand, 0.35));
                  gradient.addColorStop(1, withAlpha(context.chart.ctx, brand, 0));
                  return gradient;
                },
                pointRadius: points.map((_, index) => (index === 0 || index === last ? 5 : 0)),
                pointBackgroundColor: '#fff',
                pointBorderColor: brand,
                pointBorderWidth: 3,
              },
            ],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: pageArea.prefersReducedMotion() ? false : { duration: 900 },
            plugins: { legend: { display: false }, tooltip: { enabled: false } },
            scales: {
              x: { grid: { display: false }, ticks: { color: muted, maxRotation: 0, autoSkip: true, maxTicksLimit: 4 } },
              y: { grid: { color: '#e5ecea' }, border: { display: false }, ticks: { color: muted, maxTicksLimit: 4 } },
            },
          },
        });
        destroy = () => chart.destroy();
      })
      .catch(() => {
        // The figures and the sentence carry the plan; the chart is the only thing lost.
        if (!destroyed) setFailed(true);
      });
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [plan, units, language, t, pageArea]);

  return (
    <figure className="weight-chart">
      {failed ? null : (
        <div className="weight-chart__canvas">
          <canvas ref={canvas} role="img" aria-label={t('plans.personal.chartLabel', { start: weight(plan.startKg), goal: weight(plan.goalKg), date: goalDate })} />
        </div>
      )}
      <figcaption className="weight-chart__caption">
        <span>
          <span className="weight-chart__caption-label">{t('plans.personal.today')}</span> {weight(plan.startKg)}
        </span>
        <span>
          <span className="weight-chart__caption-label">{goalDate}</span> {weight(plan.goalKg)}
        </span>
      </figcaption>
    </figure>
  );
}

/** A CSS colour with an alpha: the canvas normalises any colour it accepts to #rrggbb, which is split here. */
function withAlpha(context: CanvasRenderingContext2D, color: string, alpha: number): string {
  context.save();
  context.fillStyle = color;
  const normalised = typeof context.fillStyle === 'string' ? context.fillStyle : '';
  context.restore();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(normalised);
  if (!hex) return `rgba(15, 118, 110, ${alpha})`;
  return `rgba(${parseInt(hex[1] ?? '0', 16)}, ${parseInt(hex[2] ?? '0', 16)}, ${parseInt(hex[3] ?? '0', 16)}, ${alpha})`;
}
