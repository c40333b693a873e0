// The Toaster alone, for deferred-toaster's dynamic import (importing the `@pagecast/ui` barrel
// dynamically would keep every export of it in that chunk).
export { Toaster } from '@pagecast/ui';
