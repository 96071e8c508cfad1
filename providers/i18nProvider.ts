import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';

/**
 * English only: react-admin's own phrases (ra-language-english), read the way its polyglot provider reads them, without
 * the translation library the panel would load for one language. A key names a phrase by its path ('ra.action.save');
 * `%{name}` takes the option of that name; `smart_count` picks the singular or plural of 'one |||| many'; `_` is the
 * phrase of a key that has none. A key with no phrase (the spec's own messages are passed as keys) shows as written,
 * its `%{name}`s filled in.
 */
type Phrases = TranslationMessages | string | undefined;

/**
 * The app's own names where react-admin's would read wrongly: the History list is of actions, which react-admin would
 * call "Histories" ("No Histories found using the current filters.").
 */
const APP_PHRASES = { resources: { history: { name: 'action |||| actions' } } } as unknown as TranslationMessages;

function phraseIn(messages: TranslationMessages, key: string): string | undefined {
  let node: Phrases = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? (node[part] as Phrases) : undefined;
  return typeof node === 'string' ? node : undefined;
}

const phraseOf = (key: string) => phraseIn(APP_PHRASES, key) ?? phraseIn(englishMessages, key);

export function translate(key: string, options: Record<string, unknown> = {}): string {
  let phrase = phraseOf(key) ?? (typeof options._ === 'string' ? options._ : key);
  if (options.smart_count != null) {
    const forms = phrase.split('||||');
    phrase = (forms[Number(options.smart_count) === 1 ? 0 : 1] ?? forms[0]).trim();
  }
  return phrase.replace(/%\{(.*?)\}/g, (expression, name: string) => (options[name] == null ? expression : String(options[name])));
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
  getLocales: () => [{ locale: 'en', name: 'English' }],
};
