import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * English only. allowMissing lets the spec's own messages (which are not translation keys) show as written,
 * without polyglot warnings.
 */
// The rich-text toolbar's level button shows the level ('Normal', 'Heading 1'): with no label of its own, that visible
// text is its accessible name (a fixed 'Current level' would hide it from speech input, WCAG 2.5.3).
const messages = { ...englishMessages, ra: { ...englishMessages.ra, tiptap: { ...(englishMessages.ra as { tiptap?: object }).tiptap, current_level: '' } } };

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
