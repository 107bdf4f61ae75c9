import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../modal';

/** Spec: "User already registered" opens a dialog with a log-in button to /account/sign-in. */
export function AlreadyRegisteredDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation('signup');
  return (
    <Modal open={open} onClose={onClose} title={t('alreadyRegistered.title')} closeLabel={t('alreadyRegistered.close')}>
      <p style={{ margin: 0 }}>{t('alreadyRegistered.text')}</p>
      <Link to="/account/sign-in" className="primary-button">
        {t('alreadyRegistered.logIn')}
      </Link>
    </Modal>
  );
}
