// The root feature's face: what other features, routes and entries may use; its other files are its own.
export { RootFrame } from './root-frame';
export { RootLayout } from './root-layout';
export { routeTitle } from './route-title';
