export { seedDemoHistory, DEMO_PRESET_NODES, type DemoNode } from './demo-history';
export {
  createSamplesAggregateRepository,
  SAMPLE_GROUPS,
  type SampleGroup,
  type SamplesAggregateRepository,
} from './samples-aggregate.repository';
export { samplesRoutes } from './samples.routes';
export { createSamplesService, type SamplesService } from './samples.service';
