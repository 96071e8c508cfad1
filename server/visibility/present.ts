import { ROLE } from '../../domain/roles';
import type { Account } from '../plugins/auth';
import { signDocument } from '../services/documents';
import { VISIBILITY, type Audience, type KindRules, type RecordKind } from './fields';

export type { Audience, RecordKind };

/** Who is looking, and how their documents are signed. */
export interface Viewer {
  audience: Audience;
  /** The key that signs identity documents' addresses; documents are withheld without it. */
  signingSecret?: string;
}

/** The table's audience of an account; null for a staff account without a role (it reaches nothing). */
export function audienceOf(account: Account): Audience | null {
  if (account.kind === 'restaurateur') return 'restaurant';
  if (account.kind === 'driver') return 'driver';
  if (account.role === ROLE.administrator) return 'administrator';
  if (account.role === ROLE.manager) return 'manager';
  return null;
}

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

function visibleField(rules: KindRules, audience: Audience, field: string): boolean {
  const rule = rules.rules[audience];
  if (!rule) return false;
  return 'only' in rule ? rule.only.includes(field) : !rule.except.includes(field);
}

function signed(value: unknown, viewer: Viewer): unknown {
  if (typeof value !== 'string' || !value) return value;
  return viewer.signingSecret ? signDocument(viewer.signingSecret, value) : null;
}

function presentItem(kind: RecordKind, item: Item, viewer: Viewer): Item {
  const rules = VISIBILITY[kind];
  const out: Item = {};
  for (const [field, value] of Object.entries(item)) {
    if (!visibleField(rules, viewer.audience, field)) continue;
    const nestedKind = rules.nested?.[field];
    if (nestedKind) out[field] = present(nestedKind, value, viewer);
    else if (rules.documents?.includes(field)) out[field] = signed(value, viewer);
    else if (rules.documentLists?.[field] && Array.isArray(value)) {
      const fileField = rules.documentLists[field];
      out[field] = value.map((entry) => (isItem(entry) ? { ...entry, [fileField]: signed(entry[fileField], viewer) } : entry));
    } else out[field] = value;
  }
  return out;
}

/**
 * A record (or a list of them) of `kind` as `viewer` may see it: fields they may not see are left out, nested
 * records follow their own kind's rule, identity documents become signed names. An audience without a rule for the
 * kind gets null for a record and an empty list for a list. Values that are not records pass unchanged.
 */
export function present(kind: RecordKind, value: unknown, viewer: Viewer): unknown {
  if (Array.isArray(value)) {
    if (!VISIBILITY[kind].rules[viewer.audience]) return [];
    return value.map((v) => (isItem(v) ? presentItem(kind, v, viewer) : v));
  }
  if (!isItem(value)) return value;
  if (!VISIBILITY[kind].rules[viewer.audience]) return null;
  return presentItem(kind, value, viewer);
}

/**
 * The fields of `kind` an audience may not see, for lists the database writes as JSON text (the timesheet list),
 * which drop them in SQL. Only for deny-list rules: an allow-list has no finite list of hidden fields.
 */
export function hiddenFields(kind: RecordKind, audience: Audience): readonly string[] {
  const rule = VISIBILITY[kind].rules[audience];
  if (!rule || !('except' in rule)) throw new Error(`${kind} has no deny-list rule for ${audience}`);
  return rule.except;
}
