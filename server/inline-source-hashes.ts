import { createHash } from 'node:crypto';

/** The CSP sources that allow a page's own inline code and nothing else. */
export interface InlineSourceHashes {
  /** `'sha256-…'` of each inline `<script>` (the boot script). */
  readonly scripts: readonly string[];
  /** `'sha256-…'` of each `<style>` element (the inlined critical CSS, the spinner's length). */
  readonly styles: readonly string[];
  /** `'sha256-…'` of each `style="…"` attribute in the prerendered markup (a progress bar's width). */
  readonly styleAttributes: readonly string[];
}

/**
 * Hashes of the inline code the build wrote into an HTML page, so the page's CSP can allow exactly
 * that code by hash instead of `'unsafe-inline'`. Reads the markup the build produced (React and Vite
 * write these forms: `<script>` without attributes, `<style>`, double-quoted `style` attributes).
 */
export function inlineSourceHashes(html: string): InlineSourceHashes {
  const hashes = (pattern: RegExp, decode: (text: string) => string = (text) => text): string[] => [
    ...new Set([...html.matchAll(pattern)].map((match) => sourceHash(decode(match[1] ?? '')))),
  ];
  return {
    scripts: hashes(/<script>([\s\S]*?)<\/script>/g),
    styles: hashes(/<style>([\s\S]*?)<\/style>/g),
    styleAttributes: hashes(/\sstyle="([^"]*)"/g, decodeAttribute),
  };
}

/** Adds the hashes to a Content-Security-Policy header's script-src and style-src. */
export function withInlineSourceHashes(policy: string, { scripts, styles, styleAttributes }: InlineSourceHashes): string {
  const extra: Readonly<Record<string, readonly string[]>> = {
    'script-src': scripts,
    // 'unsafe-hashes' lets the listed hashes match style attributes too (CSP 3), nothing else.
    'style-src': [...styles, ...(styleAttributes.length > 0 ? ["'unsafe-hashes'", ...styleAttributes] : [])],
  };
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0] ?? '';
      const sources = extra[name];
      return sources === undefined || sources.length === 0 ? directive : `${directive} ${sources.join(' ')}`;
    })
    .join(';');
}

function sourceHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
