/**
 * A text field of a submitted form: its value, or '' when the field is missing or is a file (a
 * tampered request), so actions never stringify a File into "[object File]".
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
