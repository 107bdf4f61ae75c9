import { useTranslation } from 'react-i18next';
import { KILOGRAMS_PER_POUND } from '../engine/answer-storage';
import type { UnitSystem } from '../engine/funnel-answer';
import { portraitPath } from '../engine/portrait-path';
import type { Testimonial } from '../engine/social-proof';
import { StarRating } from './star-rating';
import './testimonial-card.css';

/**
 * One quoted person (config/social-proof.yaml): their drawn portrait, five stars, their words
 * (checkout:plans.testimonials.<id>) and their name with their result in the visitor's units
 * ("-6 kg" / "-13 lb"). The portrait is decoration: the name beside it says who, read once.
 */
export function TestimonialCard({ testimonial, units }: { readonly testimonial: Testimonial; readonly units: UnitSystem }) {
  const { t, i18n } = useTranslation('checkout');
  const amount = Math.round(units === 'metric' ? testimonial.resultKg : testimonial.resultKg / KILOGRAMS_PER_POUND);
  const weight = (signDisplay: 'exceptZero' | 'never') =>
    new Intl.NumberFormat(i18n.language, { style: 'unit', unit: units === 'metric' ? 'kilogram' : 'pound', unitDisplay: 'short', signDisplay }).format(amount);
  return (
    <figure className="testimonial-card">
      <StarRating stars={5} />
      <blockquote>{t(`plans.testimonials.${testimonial.id}`, { result: weight('never') })}</blockquote>
      <figcaption className="testimonial-card__who">
        <img className="testimonial-card__portrait" src={portraitPath(testimonial.id)} width={48} height={48} alt="" decoding="async" />
        {/* A Latin name inside Arabic text: isolated, so its period stays where it belongs. */}
        <bdi className="testimonial-card__name">{testimonial.author}</bdi>
        <span className="testimonial-card__result">{weight('exceptZero')}</span>
      </figcaption>
    </figure>
  );
}
