import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Wordmark } from '../../../screens/brand/wordmark';

describe('the root spinner splash (index.html)', () => {
  // index.html is painted before any JavaScript, so it carries a copy of the wordmark's markup; this
  // keeps the copy equal to the component the header renders.
  it('shows the same wordmark as the funnel header', () => {
    const html = readFileSync('index.html', 'utf8');
    const splash = /<span class="boot-spinner__brand" aria-hidden="true">(.*?)<\/span><span class="loading__spinner"/.exec(html)?.[1];
    expect(splash).toBe(renderToStaticMarkup(createElement(Wordmark)));
  });
});
