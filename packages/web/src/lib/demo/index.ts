export { demoRequest } from './demo-http';
export { connectDemoDevice } from './demo-socket';
export { isDemo } from './demo-session';
