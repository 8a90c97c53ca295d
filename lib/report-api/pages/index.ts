export { type ErrorPageContext, type ReportApiErrorCode, renderErrorPage } from './error-page';
export { renderHomePage } from './home-page';
export { pagesStyleSource } from './page-frame';
export { renderReportsIndexPage, reportAnchor } from './reports-index-page';
