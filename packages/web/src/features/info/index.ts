export { HelpPage, TermsPage } from './info-pages';
