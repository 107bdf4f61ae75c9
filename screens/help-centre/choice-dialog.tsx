import { useTranslation } from 'react-i18next';
import type { CancelRefundChoice } from '../../engine/cancel-refund-choice-machine';
import { Modal } from '../modal';

export interface ChoiceDialogProps {
  readonly open: boolean;
  /** The buttons the choice machine offers, in order. */
  readonly choices: readonly CancelRefundChoice[];
  readonly onChoose: (choice: CancelRefundChoice) => void;
  readonly onClose: () => void;
}

/** The cancel / refund choice dialog: which subscriptions the request is for (Web, Apple, Google, All). */
export function ChoiceDialog({ open, choices, onChoose, onClose }: ChoiceDialogProps) {
  const { t } = useTranslation('help-centre');
  return (
    <Modal open={open} onClose={onClose} title={t('choice.title')} closeLabel={t('choice.close')}>
      <p style={{ margin: 0, lineHeight: 1.5 }}>{t('choice.text')}</p>
      <div className="help-centre__choices">
        {choices.map((choice) => (
          <button key={choice} type="button" className={choice === 'all' ? 'primary-button' : 'secondary-button'} onClick={() => onChoose(choice)}>
            {t(`choice.${choice}`)}
          </button>
        ))}
      </div>
    </Modal>
  );
}
