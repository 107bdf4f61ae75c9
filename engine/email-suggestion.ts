import { run } from '@zootools/email-spell-checker';

/**
 * The address the visitor probably meant when the domain looks like a typo of a common one
 * ("ada@gmial.com" -> "ada@gmail.com"), or undefined. It waits until the domain has a top-level part of
 * two letters or more, so typing "ada@g" does not flash suggestions. The domain list and the distance
 * rules are @zootools/email-spell-checker's (docs/decisions/0115-email-typo-suggestion.md).
 */
export function emailSuggestion(address: string): string | undefined {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1 || !/\.[A-Za-z]{2,}$/.test(trimmed.slice(at + 1))) return undefined;
  const suggestion = run({ email: trimmed });
  if (!suggestion || suggestion.full.toLowerCase() === trimmed.toLowerCase()) return undefined;
  return suggestion.full;
}
