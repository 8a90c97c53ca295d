export { csvHeader, csvLine, csvStream } from './csv-lines';
export { neutraliseFormula } from './neutralise-formula';
