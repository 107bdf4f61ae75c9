/** A run of a translated sentence: plain text, or the text inside one `<name>...</name>` tag. */
export interface TaggedRun {
  readonly tag?: string;
  readonly text: string;
}

const TAG = /<([a-zA-Z][\w-]*)>([^<]*)<\/\1>/g;

/**
 * Splits a translation such as `agree to our <terms>Terms of Use</terms>.` into runs, so a screen can
 * render the tagged words as links (react-i18next's `<Trans>` does the same, with an HTML parser and
 * about 5 KB gzip on the first step: docs/decisions/0119-legal-sentence-tagged-text.md). Tags are named, not nested, as the
 * translations write them; anything else (a stray `<`, an unclosed tag) stays plain text.
 */
export function splitTaggedText(text: string): TaggedRun[] {
  const runs: TaggedRun[] = [];
  let from = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    if (match.index > from) runs.push({ text: text.slice(from, match.index) });
    runs.push({ tag, text: inner });
    from = match.index + whole.length;
  }
  if (from < text.length) runs.push({ text: text.slice(from) });
  return runs;
}
