export { createMailer, DEFAULT_MAIL_FROM, type Mailer, type MailMessage } from './mailer';
