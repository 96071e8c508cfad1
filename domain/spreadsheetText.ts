/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or carriage return before one) as a formula,
 * so a name typed as `=HYPERLINK(...)` would become a live link in the office's Excel. Every CSV the app writes
 * passes its text cells through this: such a cell gets a leading quote and is shown as typed.
 */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
