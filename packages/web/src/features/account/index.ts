export { AccountPage } from './account-page';
export { RemoveAccountHelpPage } from './remove-account-help-page';
