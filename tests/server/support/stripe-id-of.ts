/**
 * The id of an expandable Stripe field (`customer`, `latest_charge`, `payment_method`, ...): the string
 * itself, or the expanded object's id; '' when the field is empty, so a lookup with it fails loudly.
 */
export function stripeIdOf(field: string | { readonly id: string } | null | undefined): string {
  if (field === null || field === undefined) return '';
  return typeof field === 'string' ? field : field.id;
}
