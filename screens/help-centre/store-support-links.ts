import type { HelpCentreAction } from '../../engine/subscription-eligibility';

/**
 * The stores' own guides: only Apple and Google can cancel or refund what was bought through them.
 * Apple's and Google's support pages follow the visitor's language themselves.
 */
export const STORE_SUPPORT_LINKS: Readonly<Record<'apple' | 'google', Readonly<Record<HelpCentreAction, string>>>> = {
  apple: {
    cancelation: 'https://support.apple.com/en-us/118428',
    refund: 'https://support.apple.com/en-us/118223',
  },
  google: {
    cancelation: 'https://support.google.com/googleplay/answer/7018481',
    refund: 'https://support.google.com/googleplay/answer/2479637',
  },
};
