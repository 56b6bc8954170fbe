export { HomeRecordsPage, NodeRecordsPage } from './records-pages';
