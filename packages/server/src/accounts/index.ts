export { createAccountsRepository, type AccountsRepository } from './accounts.repository';
export { accountsRoutes } from './accounts.routes';
export { createAccountsService, type AccountsService } from './accounts.service';
export { linkingRoutes } from './linking.routes';
export { createLinkingService, type LinkingService } from './linking.service';
