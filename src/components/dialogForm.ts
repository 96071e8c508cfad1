import type { CSSProperties } from 'react';

/**
 * The style of a <form> wrapping a dialog's title, content and actions: it keeps the dialog's column layout, so
 * a long form scrolls inside its content while the title and the buttons stay in view.
 */
export const FORM_IN_DIALOG: CSSProperties = { display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' };
