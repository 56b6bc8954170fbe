export { NodeDetailPage } from './node-detail-page';
