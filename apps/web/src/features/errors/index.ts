// The errors feature's face: what other features, routes and entries may use; its other files are its own.
export { DashboardNotFound, NotFoundPage, RouteErrorPage } from './error-pages';
