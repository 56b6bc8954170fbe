export { AddHomeWizardPage } from './add-home-wizard-page';
export type { WifiConnectionStep } from './add-home-wizard-page';
export { ConnectionHelp } from './components/connection-help';
