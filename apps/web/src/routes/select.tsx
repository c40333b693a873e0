import { createFileRoute } from '@tanstack/react-router';
import { requireAccessToken } from '../features/auth';
import { SelectPage } from '../features/select';

export const Route = createFileRoute('/select')({
  beforeLoad: requireAccessToken,
  component: SelectPage,
});
