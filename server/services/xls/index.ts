/** Spreadsheets written with exceljs: the payments export. */
export { paymentsWorkbook, POUNDS_FORMAT } from './paymentsWorkbook';
