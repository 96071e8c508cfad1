import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { translate } from '../../providers/i18nProvider';

// The panel's English provider must read react-admin's phrases as react-admin's polyglot provider does.
const polyglot = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

function keysOf(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v as object, `${prefix}${k}.`)));
}

describe('translations', () => {
  const keys = keysOf(englishMessages);
  const options = [{}, { smart_count: 1 }, { smart_count: 3 }, { smart_count: 0, name: 'Drivers', resource: 'drivers', id: 7, error: 'gone' }];

  it('say every react-admin phrase as polyglot says it, with and without counts and names', () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) for (const o of options) expect(translate(key, o), key).toBe(polyglot.translate(key, o));
  });

  it('show a message that is no key as written, its names filled in, or the default given for it', () => {
    for (const [key, o] of [
      ['Shift saved', {}],
      ['%{count} shifts copied', { count: 4 }],
      ['One row |||| %{smart_count} rows', { smart_count: 2 }],
      ['ra.no.such.key', { _: 'Fallback %{x}', x: 'here' }],
    ] as const) {
      expect(translate(key, o)).toBe(polyglot.translate(key, o));
    }
  });
});
