export { type ErrorPageContext, type ErrorPageRefusal, renderErrorPage } from './error-page';
export { renderHomePage } from './home-page';
export { pagesStyleSource } from './page-styles';
export {
  type IndexEntry,
  type IndexFigures,
  type ReportsIndexPage,
  renderReportsIndexPage,
  reportAnchor,
} from './reports-index-page';
