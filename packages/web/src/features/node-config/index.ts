export { NodeConfigPage } from './node-config-page';
