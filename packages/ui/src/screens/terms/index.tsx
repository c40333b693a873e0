import { LegalDocument, type LegalSectionDef } from '../../components/legal';
import { SUPPORT_EMAIL } from '../../components/brand';
import { PublicLayout } from '../../layout/public-layout';

export const TERMS_LAST_UPDATED = '10-April-2025';

const sections: LegalSectionDef[] = [
  {
    id: 'service',
    title: 'Service description',
    body: (
      <p>
        Pagecast is a web application for businesses and marketers who manage Facebook pages. It
        lets you sign in with Facebook, choose one of your pages, chat with the page’s Messenger
        contacts in a real-time inbox, organize contacts with tags, schedule bulk Messenger
        campaigns to all of your page’s users or to the users of one tag, and follow campaign
        analytics. By creating an account or using the service you agree to these Terms.
      </p>
    ),
  },
  {
    id: 'obligations',
    title: 'User obligations',
    body: (
      <>
        <p>To use Pagecast you must:</p>
        <ul>
          <li>
            be at least 18 years old and able to enter into a binding agreement on behalf of your
            business;
          </li>
          <li>hold admin rights on every Facebook page you connect to or use with Pagecast;</li>
          <li>
            keep your Facebook account secure and be responsible for all activity under your
            account;
          </li>
          <li>
            make sure the messages you send are lawful, accurate and expected by their recipients.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited activities',
    body: (
      <>
        <p>You must not use Pagecast to:</p>
        <ul>
          <li>
            send spam, unsolicited bulk messages, or messages to people who asked you to stop;
          </li>
          <li>
            misuse message tags — in particular, sending promotional or advertising content with a
            message tag is forbidden by Meta’s policy; tags such as event, purchase and account
            updates may only carry the kind of non-promotional update they describe;
          </li>
          <li>
            send content that is illegal, deceptive, hateful, harassing or that infringes the rights
            of others;
          </li>
          <li>collect or scrape user data beyond what the service shows you, or resell it;</li>
          <li>
            interfere with, overload or attempt to gain unauthorized access to the service or to
            Facebook.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'data',
    title: 'Data handling',
    body: (
      <p>
        We process your data and your page contacts’ data as described in our{' '}
        <a href="/privacy-policy">Privacy Policy</a>. Access tokens are encrypted, your data is
        never sold, and you can delete it at any time from the{' '}
        <a href="/revoke-access">Revoke Access</a> page or by removing Pagecast from your Facebook
        account. You remain responsible for having a lawful basis to message your page’s contacts.
      </p>
    ),
  },
  {
    id: 'compliance',
    title: 'Platform compliance',
    body: (
      <>
        <p>
          Pagecast works through Meta’s platform, so you must also comply with the Meta Platform
          Terms, the Meta Developer Policies and the Messenger Platform policy. In particular:
        </p>
        <ul>
          <li>
            standard messages may only be sent within the 24-hour window that opens each time a
            person messages your page;
          </li>
          <li>
            outside that window, messages may only be sent with a message tag used exactly for its
            permitted purpose;
          </li>
          <li>
            Meta may limit, block or disable pages that break these rules, independently of
            Pagecast.
          </li>
        </ul>
        <p>
          We may refuse or stop sending any campaign that we reasonably believe breaks these
          policies.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments and refunds',
    body: (
      <>
        <p>
          Pagecast is offered as a single Pro plan at $20 per month (or the equivalent annual price
          you agree with our team). Your subscription renews automatically, monthly or annually
          depending on the billing period you chose, until you cancel it.
        </p>
        <p>
          You can cancel at any time in your account settings; cancellation takes effect at the end
          of the current billing period and you keep access until then. Fees already paid are not
          refunded for partial periods, unused time or unused features. We may change prices with at
          least 30 days’ notice before your next renewal.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You can stop using Pagecast and delete your data at any time. We may suspend or terminate
        your access, with notice where reasonably possible, if you break these Terms or Meta’s
        policies, if your page permissions are withdrawn, or if required by law. On termination your
        right to use the service ends and your data is deleted as described in the Privacy Policy.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          The service is provided “as is”. We do not guarantee that every message will be delivered,
          since delivery depends on Meta’s platform and on each recipient’s settings. To the extent
          permitted by law, we are not liable for indirect or consequential losses, such as lost
          profits, revenue or data.
        </p>
        <p>
          Our total liability for any claim relating to the service is limited to the fees you paid
          to Pagecast in the last 3 months before the event giving rise to the claim.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these Terms from time to time. We will change the date above and, for
        significant changes, let you know in the app. Continuing to use Pagecast after a change
        means you accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these Terms? Contact us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** /terms-and-conditions */
export function TermsScreen() {
  return (
    <PublicLayout>
      <LegalDocument
        title="Terms of Service"
        dateLine={`Last updated: ${TERMS_LAST_UPDATED}`}
        intro={
          <p>
            These Terms of Service govern your use of Pagecast, the bulk messaging app for Facebook
            pages. Please read them carefully.
          </p>
        }
        sections={sections}
      />
    </PublicLayout>
  );
}
