export { ForgotPasswordPage } from './forgot-password-page';
