// The home feature's face: what other features, routes and entries may use; its other files are its own.
export { HomePage } from './home-page';
