/** The History screen (/history) and the history of one record, for other screens' History tabs. */
export { HistoryPage } from './HistoryPage';
export { RecordHistory } from './RecordHistory';
export { RecordTabs, type RecordTab } from './RecordTabs';
