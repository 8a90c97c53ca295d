export { csvHeader, csvLine } from './csv-lines';
