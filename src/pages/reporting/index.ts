/** The reporting screen (/reporting): four reports with a chart and CSV/XLS downloads. */
export { ReportingPage } from './ReportingPage';
