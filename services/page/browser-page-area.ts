import { afterNextPaint } from '../after-next-paint';
import { afterRootSpinner } from '../after-root-spinner';
import { createI18n } from '../i18n/create-i18n';
import { whenIdle } from '../when-idle';
import type { PageArea } from './page-area';

export function browserPageArea(): PageArea {
  return {
    createI18n,
    afterStepPainted: (task) => afterRootSpinner(document, () => afterNextPaint(task)),
    whenIdle,
    prefersReducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
}
