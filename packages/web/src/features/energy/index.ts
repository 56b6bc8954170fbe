export { TariffPage } from './tariff-page';
export { GuardPage } from './guard-page';
export { MonthCost } from './month-cost';
