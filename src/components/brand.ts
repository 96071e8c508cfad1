/** The product name shown in the bars and the browser tab. */
export const APP_NAME = 'Back-office';
