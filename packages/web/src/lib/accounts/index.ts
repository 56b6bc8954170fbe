export { AuthFrame } from './auth-frame';
export { useLater } from './use-later';
export { useUserId, frontendHost, useFrontendHost, currentSerialId } from './account-context';
export {
  emailProblem,
  firstProblem,
  missingFields,
  newPasswordProblem,
  type FormProblem,
} from './validation';
export { ProblemLine } from './problem-line';
export { goBack } from './go-back';
export { PasswordInput } from './password-input';
export { TermsLink } from './terms-link';
