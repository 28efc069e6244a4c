export { Planner, type PlannerProps } from './components/planner';
export { plannerSearchSchema, type PlannerSearch } from './lib/search';
