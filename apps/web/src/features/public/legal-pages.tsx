import { PrivacyPolicyScreen, TermsScreen } from '@pagecast/ui';

export function PrivacyPolicyPage() {
  return <PrivacyPolicyScreen />;
}

export function TermsPage() {
  return <TermsScreen />;
}
