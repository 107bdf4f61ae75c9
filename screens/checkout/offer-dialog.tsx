import { useTranslation } from 'react-i18next';
import { discountPercent, formatMoney, type PlanPrice } from '../../engine/plan-pricing';
import { Modal } from '../modal';

export interface OfferDialogProps {
  readonly open: boolean;
  readonly price: PlanPrice;
  readonly currency: string;
  readonly language: string;
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onContinue: () => void;
}

/** The limited-time offer for the selected plan (spec): struck full price, intro price, Continue, money-back and cancel-anytime text. */
export function OfferDialog({ open, price, currency, language, busy, onClose, onContinue }: OfferDialogProps) {
  const { t } = useTranslation('checkout');
  const discount = discountPercent(price);
  return (
    <Modal open={open} onClose={onClose} title={t('plans.offer.title')} closeLabel={t('plans.offer.close')}>
      <div className="offer-dialog">
        {discount > 0 ? <p className="offer-dialog__discount">{t('plans.discount', { percent: discount })}</p> : null}
        <p className="offer-dialog__plan">{t(`payment.plans.${price.plan}`)}</p>
        <p className="offer-dialog__prices">
          <span className="plan-card__full">
            <span className="visually-hidden">{t('plans.regularPrice')} </span>
            <s>{formatMoney(price.fullAmount, currency, language)}</s>
          </span>{' '}
          <strong className="offer-dialog__intro">{t(`plans.intro.${price.plan}`, { price: formatMoney(price.introAmount, currency, language) })}</strong>
        </p>
        <button type="button" className="primary-button offer-dialog__continue" disabled={busy} aria-busy={busy} onClick={onContinue}>
          {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
          {busy ? t('plans.submitting') : t('plans.continue')}
        </button>
        <ul className="offer-dialog__assurances">
          <li>{t('plans.offer.moneyBack')}</li>
          <li>{t('plans.offer.cancelAnytime')}</li>
        </ul>
      </div>
    </Modal>
  );
}
