/**
 * A text field's rules as data, in the order they are checked, each with its message. The login form checks its
 * fields with `textMessage` alone, without the schema library (its page loads before any schema does); the
 * server's zod schemas are built from the same rules (auth.ts `textSchema`), so both say the same thing.
 */
type TextCheck = { min: number; message: string } | { max: number; message: string } | { pattern: RegExp; message: string };

export interface TextRule {
  /** Said when the value is missing or not text. */
  missing: string;
  /** Surrounding spaces are dropped before the checks. */
  trim?: boolean;
  checks: TextCheck[];
}

/** The message of the first rule a value breaks, or undefined when it keeps them all. */
function textMessage(rule: TextRule, value: unknown): string | undefined {
  if (typeof value !== 'string') return rule.missing;
  const text = rule.trim ? value.trim() : value;
  for (const check of rule.checks) {
    const broken = 'min' in check ? text.length < check.min : 'max' in check ? text.length > check.max : !check.pattern.test(text);
    if (broken) return check.message;
  }
  return undefined;
}

/** The first broken rule's message per field, for the fields that break one. */
export function textMessages(rules: Record<string, TextRule>, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = textMessage(rule, values[field]);
    if (message) out[field] = message;
  }
  return out;
}
