// Energy and money, with no I/O: tariffs and their history, costs, storage heater charge plans
// and the power guard. The server stores the inputs, calls these and shows the answers.
export * from './constants';
export * from './price-csv';
export * from './tariff';
export * from './cost';
export * from './charge-dp';
export * from './charge-plan';
export * from './charge-lp';
export * from './power-guard';
export * from './explain';
export * from './charge-dp-pair';
