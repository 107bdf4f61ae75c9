import { invalidRequest } from './stripe-api-error';

interface Clause {
  readonly negated: boolean;
  /** `email`, or `metadata.user_id` for `metadata['user_id']`. */
  readonly field: readonly string[];
  readonly operator: ':' | '~' | '>' | '<' | '>=' | '<=';
  readonly value: string;
}

/** A parsed search query: clauses joined by one connective (Stripe forbids mixing AND and OR). */
export interface SearchQuery {
  readonly join: 'AND' | 'OR';
  readonly clauses: readonly Clause[];
}

const clausePattern = /^(-?)([a-z_]+)(?:\[(?:'([^']*)'|"([^"]*)")\])?(>=|<=|:|~|>|<)(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|(null))/i;

/**
 * Parses Stripe's search query language as the product uses it (STRIPE.md 1.3): `email:'a@b.co'`,
 * `metadata['user_id']:'u1'`, `status:'active'`, `created>1700000000`, `-field:...`, `name~'sub'`,
 * joined by AND or OR. A malformed query is Stripe's 400 on `query`.
 */
export function parseSearchQuery(query: string): SearchQuery {
  let rest = query.trim();
  const clauses: Clause[] = [];
  const joins = new Set<'AND' | 'OR'>();
  while (rest !== '') {
    const match = clausePattern.exec(rest);
    if (match === null) throw invalidRequest(`The search query is malformed near: ${rest.slice(0, 40)}`, 'query');
    const [whole, minus, field = '', key1, key2, operator = ':', single, double, number] = match;
    const key = key1 ?? key2;
    const raw = single ?? double ?? number ?? '';
    const operatorValue = operator === ':' || operator === '~' || operator === '>' || operator === '<' || operator === '>=' || operator === '<=' ? operator : ':';
    clauses.push({
      negated: minus === '-',
      field: key === undefined ? [field] : [field, key],
      operator: operatorValue,
      value: raw.replace(/\\(.)/g, '$1'),
    });
    rest = rest.slice(whole.length).trim();
    if (rest === '') break;
    const connective = /^(AND|OR)\s+/i.exec(rest);
    if (connective === null) throw invalidRequest(`The search query is malformed near: ${rest.slice(0, 40)}`, 'query');
    joins.add(connective[1]?.toUpperCase() === 'OR' ? 'OR' : 'AND');
    rest = rest.slice(connective[0].length);
  }
  if (clauses.length === 0) throw invalidRequest('The search query is empty.', 'query');
  if (joins.size > 1) throw invalidRequest('Queries cannot mix AND and OR.', 'query');
  return { join: joins.has('OR') ? 'OR' : 'AND', clauses };
}

/** Whether an object matches a parsed query. String equality ignores case, as Stripe's search does. */
export function matchesSearch(object: unknown, query: SearchQuery): boolean {
  const results = query.clauses.map((clause) => matchesClause(object, clause) !== clause.negated);
  return query.join === 'AND' ? results.every(Boolean) : results.some(Boolean);
}

function matchesClause(object: unknown, clause: Clause): boolean {
  let value: unknown = object;
  for (const segment of clause.field) {
    value = isRecord(value) ? value[segment] : undefined;
  }
  if (clause.value === 'null' && clause.operator === ':') return value === null || value === undefined;
  if (clause.operator === ':') return (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && String(value).toLowerCase() === clause.value.toLowerCase();
  if (clause.operator === '~') return typeof value === 'string' && value.toLowerCase().includes(clause.value.toLowerCase());
  const left = Number(value);
  const right = Number(clause.value);
  if (Number.isNaN(left) || Number.isNaN(right)) return false;
  switch (clause.operator) {
    case '>':
      return left > right;
    case '<':
      return left < right;
    case '>=':
      return left >= right;
    default:
      return left <= right;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
