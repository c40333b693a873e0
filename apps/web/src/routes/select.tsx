import { createFileRoute } from '@tanstack/react-router';
import { requireAccessToken } from '../features/auth/guards';
import { SelectPage } from '../features/select/select-page';

export const Route = createFileRoute('/select')({
  beforeLoad: requireAccessToken,
  component: SelectPage,
});
