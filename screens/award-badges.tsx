import { useTranslation } from 'react-i18next';
import socialProof from 'virtual:social-proof';
import { AwardBadge } from './award-badge';

/**
 * The app's awards from config/social-proof.yaml, worded once (common:socialProof): the store that gave
 * each above its name and year. The company step and the plans page show this same list.
 */
export function AwardBadges({ className }: { readonly className: string }) {
  const { t } = useTranslation('common');
  if (socialProof.awards.length === 0) return null;
  return (
    <div className={className}>
      {socialProof.awards.map(({ store, award, year }) => (
        <AwardBadge key={`${store}-${award}-${year}`} subtitle={t(`socialProof.stores.${store}`)} title={t(`socialProof.awards.${award}`, { year })} />
      ))}
    </div>
  );
}
