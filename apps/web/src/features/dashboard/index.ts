// The dashboard feature's face: what other features, routes and entries may use; its other files are its own.
export { DashboardLayout } from './dashboard-layout';
export { sectionLabel } from './nav';
