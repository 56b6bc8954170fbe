export { RegistrationConfirmPage, EmailChangeConfirmPage } from './auto-confirm-page';
export { PasswordResetConfirmPage, InviteConfirmPage } from './password-confirm-page';
