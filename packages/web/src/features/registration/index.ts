export { RegistrationPage } from './registration-page';
