// The tags feature's face: what other features, routes and entries may use; its other files are its own.
export { ManageTagsPage } from './manage-tags-page';
export { useCreateTag, useTagsQuery } from './queries';
