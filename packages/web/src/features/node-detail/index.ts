export { NodeDetailPage, type RenderRoomComfort } from './node-detail-page';
