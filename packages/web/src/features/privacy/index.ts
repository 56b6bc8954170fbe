export { PrivacyPage } from './privacy-page';
export { PrivacyUpdateDialog } from './privacy-update-dialog';
