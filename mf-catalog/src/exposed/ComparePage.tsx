export { default } from '../features/compare/ComparePage';
