export { AddHomeWizardPage } from './add-home-wizard-page';
