import { RevokeAccessScreen } from '@pagecast/ui';
import { useDataDeletion } from './use-data-deletion';

export function RevokeAccessPage() {
  const { relogin, pending } = useDataDeletion();
  return <RevokeAccessScreen onRelogin={() => void relogin()} pending={pending} />;
}
