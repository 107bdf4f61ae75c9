import { wideImagePath } from '../../engine/wide-image-path';

/** The viewport width from which the wide (landscape) crop of a v2 background is shown. */
export const WIDE_BACKGROUND_QUERY = '(min-width: 960px)';

/**
 * v2's full-viewport image, art-directed: a portrait crop for phones (figures in the top quarter, above
 * the content sheet) and a landscape crop for desktops (figures beside the card). Decoration (the
 * question is the heading); low fetch priority so it never competes with the step's own code and texts.
 */
export function StepBackground({ image }: { readonly image: string }) {
  return (
    <picture className="step__background">
      <source media={WIDE_BACKGROUND_QUERY} srcSet={wideImagePath(image)} />
      <img src={image} alt="" decoding="async" fetchPriority="low" />
    </picture>
  );
}
