import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { ConsentNotice } from '../screens/consent-notice';
import type { ConsentChoice } from '../services/consent/consent';

interface ConsentNoticeArgs {
  readonly onChoose: (choice: ConsentChoice) => void;
}

/**
 * The consent notice over a step with a Continue button at the bottom, as a visitor from an asked
 * country sees it after the first paint: the card floats above the button. The answer goes to the
 * action log (the app stores it and the notice leaves).
 */
function ConsentNoticePreview({ onChoose }: ConsentNoticeArgs) {
  const { t } = useTranslation();
  return (
    <div className="step">
      <main className="step__main">
        <h1 className="step__heading">{t('onboarding:steps.company.heading')}</h1>
        <div className="screen-form">
          <button type="button" className="primary-button">
            {t('continue')}
          </button>
        </div>
      </main>
      <ConsentNotice onChoose={onChoose} />
    </div>
  );
}

const meta = {
  title: 'Components/Consent notice',
  component: ConsentNoticePreview,
  args: { onChoose: fn() },
} satisfies Meta<ConsentNoticeArgs>;

export default meta;

type Story = StoryObj<typeof meta>;

export const OverAStep: Story = {};
