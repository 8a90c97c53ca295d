export {
  type ErrorPageContext,
  type ErrorPageRefusal,
  type ReportApiErrorCode,
  renderErrorPage,
} from './error-page';
export { renderHomePage } from './home-page';
export { pagesStyleSource } from './page-frame';
export {
  type IndexEntry,
  type ReportsIndexPage,
  renderReportsIndexPage,
  reportAnchor,
} from './reports-index-page';
