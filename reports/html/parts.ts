// Small HTML pieces shared by the report's sections.
import { CELL_LABELS, type CellVerdict } from '../compat-matrix.js';
import { esc, safeHref } from './escape.js';

export function badge(verdict: CellVerdict | undefined, text?: string): string {
  const key = verdict ?? 'none';
  return `<span class="badge v-${key}">${esc(text ?? (verdict ? CELL_LABELS[verdict] : '—'))}</span>`;
}

/** A link when the URL is plainly http(s), else the URL as text. */
export function link(url: unknown, text?: string): string {
  const href = safeHref(url);
  const label = esc(text ?? url);
  return href ? `<a href="${esc(href)}" rel="noopener noreferrer" target="_blank">${label}</a>` : label;
}

export function anchorId(checkId: string): string {
  return `check-${checkId}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function duration(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
