import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
export type DevTableCell = string | number | null | Html;

/** A captioned table for the stack's read-only dev pages (`/_dev/*`); empty tables say "None yet". */
export function devHtmlTable(caption: string, head: readonly string[], rows: readonly (readonly DevTableCell[])[]): Html {
  return html`<table>
    <caption>${caption}</caption>
    <thead><tr>${head.map((cell) => html`<th scope="col">${cell}</th>`)}</tr></thead>
    <tbody>${rows.length === 0 ? html`<tr><td colspan="${head.length}">None yet</td></tr>` : rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell ?? '—'}</td>`)}</tr>`)}</tbody>
  </table>`;
}
