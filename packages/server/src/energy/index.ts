export { createEnergyIntervalsRepository } from './energy-intervals.repository';
export { createEnergyService, type EnergyService } from './energy.service';
export { energyRoutes } from './energy.routes';
export { createTariffsRepository } from './tariffs.repository';
