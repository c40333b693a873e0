import { LegalDocument, type LegalSectionDef } from '../../components/legal';
import { SUPPORT_EMAIL } from '../../components/brand';
import { PublicLayout } from '../../layout/public-layout';

export const PRIVACY_EFFECTIVE_DATE = '10-April-2025';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const sections: LegalSectionDef[] = [
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <>
        <p>
          We only collect the data Pagecast needs to let you message your page audiences. When you
          sign in with Facebook and use the service we store:
        </p>
        <h3>About you (the page administrator)</h3>
        <ul>
          <li>your Facebook user ID, name, email address and profile picture;</li>
          <li>a long-lived Facebook user access token, stored encrypted.</li>
        </ul>
        <h3>About each page you manage</h3>
        <ul>
          <li>
            the page ID, name, category and picture of every page Facebook lists for your account
            when you sign in, and which administrators of it use Pagecast;
          </li>
          <li>
            a page access token, stored encrypted, used to subscribe Pagecast to the page’s
            Messenger events.
          </li>
        </ul>
        <h3>About your page’s Messenger contacts and activity</h3>
        <ul>
          <li>
            each contact’s page-scoped ID, name and profile picture, as provided by Facebook, and
            the time of their last message (it decides whether a message may be sent to them);
          </li>
          <li>
            the messages of the conversations between your page and its contacts, imported when you
            open the page in Pagecast and received from Facebook as they arrive;
          </li>
          <li>the tags you create and the tags you assign to contacts;</li>
          <li>
            the campaigns you schedule and, for each recipient, the delivery outcome of the message.
          </li>
        </ul>
        <h3>About deletion requests</h3>
        <ul>
          <li>
            when you ask us to delete your data: your Facebook user ID, a confirmation code, the
            dates of the request and its status, kept after the deletion so that the deletion status
            page can confirm it.
          </li>
        </ul>
        <p>
          We do not collect payment card details, passwords, your friends list, or any data about
          people who have not messaged one of your pages.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your data',
    body: (
      <>
        <p>We use the data described above only to provide the service to you, namely to:</p>
        <ul>
          <li>sign you in and show you the pages you manage;</li>
          <li>display your page’s conversations in the inbox and send the replies you write;</li>
          <li>
            let you organize contacts with tags and target campaigns at all users or at one tag;
          </li>
          <li>
            deliver your scheduled campaigns and report how many messages were dispatched, delivered
            and interacted with;
          </li>
          <li>keep the service secure, prevent abuse and answer your support requests.</li>
        </ul>
        <p>
          <strong>We do not sell your data or your contacts’ data</strong>, we do not use it for
          advertising, and we do not share it with third parties except the service providers that
          host Pagecast on our behalf under confidentiality obligations, or when the law requires
          it.
        </p>
      </>
    ),
  },
  {
    id: 'page-access',
    title: 'Facebook page access',
    body: (
      <>
        <p>
          When you log in, Facebook asks you to grant Pagecast permissions such as reading your
          profile and email, listing the pages you manage, reading page engagement and sending
          messages on behalf of your pages. We use these permissions only for the features described
          in this policy.
        </p>
        <p>
          Pagecast reads the list of pages you manage when you sign in and receives their Messenger
          events from then on. It sends messages only when you ask it to: the replies you write and
          the campaigns you schedule. You can review or withdraw these permissions at any time in
          your Facebook settings; withdrawing them stops Pagecast from accessing your pages.
        </p>
      </>
    ),
  },
  {
    id: 'storage-and-security',
    title: 'Data storage and security',
    body: (
      <>
        <p>
          Your data is stored in a secured database operated for Pagecast. All access tokens — your
          user token and every page token — are encrypted at rest with AES-256-GCM, and the
          encryption keys are kept separately from the database. Data travels between your browser,
          our servers and Facebook over encrypted HTTPS connections.
        </p>
        <p>
          Access to production systems is limited to the staff who need it to run the service. No
          method of storage or transmission is perfectly secure, but we follow industry practice to
          protect your information and will notify you if a breach affects your data.
        </p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data retention',
    body: (
      <>
        <p>
          We keep your data for as long as your account is active, so that your pages,
          conversations, tags and campaign history remain available to you.
        </p>
        <p>
          When you ask for deletion (see the next section), we delete your account, your access
          tokens and your links to pages, and every page that only you manage in Pagecast together
          with its page token, contacts, messages, tags, tag assignments, campaigns and delivery
          outcomes. Campaigns of those pages that are scheduled or being sent are cancelled first,
          before we confirm your request, so no message is sent after it. A page that another
          Pagecast user still manages stays available to them with its data; only your link to it is
          removed, and the campaigns you scheduled there stay in that page’s history without your
          name. Backups that may still hold copies are overwritten in the normal backup cycle.
        </p>
        <p>
          When you remove Pagecast from your Facebook account, Facebook tells us: we mark your
          access tokens as revoked and stop the campaigns of the pages only you manage at once. Your
          data is deleted when you request it, from Facebook or from our Revoke Access page. The
          record of a deletion request (your user ID, its confirmation code, dates and status) is
          kept so that the deletion status page can confirm it.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and data deletion',
    body: (
      <>
        <p>
          You can ask to access, correct or delete your personal data at any time. You can delete
          all your data yourself in either of these ways:
        </p>
        <ol>
          <li>
            Open the <a href="/revoke-access">Revoke Access</a> page and use{' '}
            <strong>Relogin For Data Deletion</strong>: after you confirm your identity by logging
            in with Facebook, the deletion starts immediately and usually completes within minutes.
            You can only delete your own data this way.
          </li>
          <li>
            Remove Pagecast from your Facebook account (Settings &amp; privacy → Settings → Business
            integrations or Apps and websites) and ask Facebook to delete the data the app holds.
            Facebook then sends us a data deletion request, signed so that we can check it comes
            from Facebook, and we delete your data.
          </li>
        </ol>
        <p>
          After a deletion request made through Facebook you receive a link to a deletion status
          page and a confirmation code. The page (
          <code>/deletion-status/&lt;confirmation code&gt;</code>) shows only whether the deletion
          is still in progress or complete, after either way of asking; it is found by the code,
          never by your user ID. Depending on where you live you may also have the right to object
          to processing, to data portability and to lodge a complaint with a data protection
          authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Pagecast is a business tool and is not directed at anyone under 18. We do not knowingly
        collect data from children.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy when the service changes. We will change the effective date above
        and, for significant changes, tell you in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and support',
    body: (
      <p>
        For any question about this policy or your data, or to make a request about your rights,
        write to us at {mail}. We answer within 30 days.
      </p>
    ),
  },
];

/** /privacy-policy */
export function PrivacyPolicyScreen() {
  return (
    <PublicLayout>
      <LegalDocument
        title="Privacy Policy"
        dateLine={`Effective date: ${PRIVACY_EFFECTIVE_DATE}`}
        intro={
          <p>
            This policy explains what data Pagecast (“we”, “us”) collects when you use our bulk
            messaging app for Facebook pages, how we use and protect it, how long we keep it, and
            how you can have it deleted.
          </p>
        }
        sections={sections}
      />
    </PublicLayout>
  );
}
