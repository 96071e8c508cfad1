import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * English only. allowMissing lets the spec's own messages (which are not translation keys) show as written,
 * without polyglot warnings.
 */
export const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
