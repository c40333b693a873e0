import { pagecastReact } from '@pagecast/eslint-config/react';

export default pagecastReact({ dirname: import.meta.dirname });
