// The review 'Schedule Campaign' opens before anything is sent (spec §10.11): the form's own path-by-path
// audience, the paid part's cost at the admin's price, a real contact's name in the preview, 'Send a test to
// me', Confirm; focus moves into it, back to the trigger, and to the first field in error.
import {
  BUTTON_MESSAGES,
  CAMPAIGN_MESSAGES as M,
  IMAGE_MESSAGES,
  type AudiencePreview,
  type CampaignReview,
} from '@pagecast/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '../src';
import {
  BUTTONS_TEXT as B,
  IMAGE_TEXT as I,
  REVIEW_TEXT as R,
  SCHEDULE_TEXT as T,
  ScheduleCampaignScreen,
  type ScheduleCampaignScreenProps,
} from '../src/screens/schedule-campaign';

const NOW = new Date('2026-11-21T10:15:30Z');
const AUDIENCE: AudiencePreview = {
  total: 120,
  insideWindow: 20,
  outsideWindow: 100,
  subscribersOutside: 30,
};
const REVIEW: CampaignReview = {
  sample: { name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' },
  testConversation: 'open',
};

/** The screen with the review's data; `props` override (a rerender passes the new ones). */
const screenWith = (props: Partial<ScheduleCampaignScreenProps>) => (
  <ScheduleCampaignScreen
    tags={[]}
    tagsLoading={false}
    tagsError={null}
    syncing={false}
    audience={AUDIENCE}
    onSubmit={() => Promise.resolve()}
    review={REVIEW}
    pageName="Bike Shop"
    now={() => NOW}
    {...props}
  />
);

function setup(props: Partial<ScheduleCampaignScreenProps> = {}) {
  const onSubmit = vi.fn((_v: unknown) => Promise.resolve());
  const onReviewChange = vi.fn();
  const utils = render(
    <>
      {screenWith({ onSubmit, onReviewChange, ...props })}
      <Toaster />
    </>,
  );
  return { ...utils, onSubmit, onReviewChange, user: userEvent.setup() };
}

afterEach(() => {
  void act(() => toast.dismiss());
});

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  message = 'Hi {first_name|there}!',
) {
  await user.type(screen.getByLabelText('Campaign Name'), 'Winter sale');
  await user.type(screen.getByLabelText('Campaign Description'), 'For our best buyers');
  // user.type reads braces as key names: paste the message.
  await user.click(screen.getByLabelText('Message'));
  await user.paste(message);
  await user.selectOptions(screen.getByLabelText('Purpose'), 'POST_PURCHASE_UPDATE');
}

const trigger = () => screen.getByRole('button', { name: 'Schedule Campaign' });
const dialog = () => screen.getByRole('dialog', { name: R.title });

describe('the review before Confirm', () => {
  it('opens instead of sending: the same paths and numbers as the form, focus inside, back to the trigger', async () => {
    const { user, onSubmit, onReviewChange } = setup();
    await fillValid(user);
    const form = screen.getByTestId('audience-preview');
    await user.click(trigger());
    const review = dialog();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onReviewChange).toHaveBeenLastCalledWith(true);
    expect(within(review).getByRole('heading', { name: R.title })).toHaveFocus();
    expect(review).toHaveTextContent(R.whenNow);
    // Word for word what the form's preview says.
    const paths = within(review).getByTestId('review-audience');
    expect(paths.textContent).toBe(
      (within(form).getByText(/contacts can be reached now/).textContent ?? '') +
        [...form.querySelectorAll('dl')].map((d) => d.textContent).join('') +
        T.skipNote,
    );
    // The first contact's name in the phone preview.
    expect(within(review).getByRole('heading', { name: R.previewTitle('Ada') })).toBeVisible();
    expect(within(review).getByTestId('review-preview')).toHaveTextContent('Bike ShopHi Ada!');

    await user.click(within(review).getByRole('button', { name: R.back }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();
    expect(onReviewChange).toHaveBeenLastCalledWith(false);
    expect(onSubmit).not.toHaveBeenCalled();
    // Escape closes it too, and the form keeps everything.
    await user.click(trigger());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Campaign Name')).toHaveValue('Winter sale');
  });

  it('Confirm creates what was reviewed, then the review closes', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    await user.click(trigger());
    await user.click(within(dialog()).getByRole('button', { name: R.confirmNow }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      campaignName: 'Winter sale',
      message: 'Hi {first_name|there}!',
      sendNow: true,
    });
    expect(await screen.findByText(T.created)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the paid part's cost at the admin's price per message", async () => {
    const onPriceChange = vi.fn();
    const { user, rerender } = setup({ marketingAvailable: true, onPriceChange });
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: T.marketingLabel }));
    await user.click(trigger());
    expect(within(dialog()).getByTestId('review-cost')).toHaveTextContent(R.estimateNone(30));
    await user.type(within(dialog()).getByLabelText(R.priceLabel), '5');
    expect(onPriceChange).toHaveBeenLastCalledWith('5');
    rerender(screenWith({ marketingAvailable: true, price: '0.25', onPriceChange }));
    expect(within(dialog()).getByTestId('review-cost')).toHaveTextContent(R.estimate(30, '7.5'));
  });

  it("'Send a test to me' sends the message and says where; without a conversation it says how to get one", async () => {
    const onSendTest = vi.fn((_m: string) => Promise.resolve({ sentTo: 'Pat Admin' }));
    const { user, rerender } = setup({ onSendTest });
    await fillValid(user);
    await user.click(trigger());
    await user.click(within(dialog()).getByRole('button', { name: R.testButton }));
    expect(onSendTest).toHaveBeenCalledWith('Hi {first_name|there}!');
    expect(await within(dialog()).findByText(R.testSent('Pat Admin'))).toBeInTheDocument();

    const refused = vi.fn(() => Promise.reject(new Error(R.testNone)));
    rerender(
      screenWith({ review: { sample: null, testConversation: 'none' }, onSendTest: refused }),
    );
    expect(within(dialog()).getByRole('note')).toHaveTextContent(R.testNone);
    expect(within(dialog()).getByText(R.previewNobody)).toBeInTheDocument();
    expect(within(dialog()).getByTestId('review-preview')).toHaveTextContent('Hi there!');
    await user.click(within(dialog()).getByRole('button', { name: R.testButton }));
    expect(await within(dialog()).findByRole('status')).toHaveTextContent(R.testNone);
  });

  it('an error moves the focus to the first field in error, before and after Confirm', async () => {
    const { user } = setup({
      onSubmit: () =>
        Promise.reject(
          Object.assign(new Error('Validation failed'), { fieldErrors: { msg: ['Too long'] } }),
        ),
    });
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Campaign Name')).toHaveFocus();
    expect(screen.getByText(M.nameRequired)).toBeInTheDocument();

    await fillValid(user);
    await user.click(trigger());
    await user.click(within(dialog()).getByRole('button', { name: R.confirmNow }));
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Too long')).toBeInTheDocument();
  });

  it('link buttons: an https link each, shown under the message in the preview, sent with it', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: B.add }));
    await user.type(screen.getByLabelText(B.title(1)), 'See the menu');
    await user.type(screen.getByLabelText(B.url(1)), 'http://example.com/menu');
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(BUTTON_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(B.title(1))).toHaveFocus();

    await user.clear(screen.getByLabelText(B.url(1)));
    await user.type(screen.getByLabelText(B.url(1)), 'https://example.com/menu');
    await user.click(trigger());
    expect(within(dialog()).getByTestId('review-preview')).toHaveTextContent(
      'Bike ShopHi Ada!See the menu',
    );
    await user.click(within(dialog()).getByRole('button', { name: R.confirmNow }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      buttons: [{ title: 'See the menu', url: 'https://example.com/menu' }],
    });
  }, 20_000);

  it('image: an https .jpg, .png or .gif address, shown before the message, sent with the test and the campaign', async () => {
    const onSendTest = vi.fn((_m: string, _i?: string) => Promise.resolve({ sentTo: 'Pat Admin' }));
    const { user, onSubmit } = setup({ onSendTest });
    await fillValid(user);
    const field = screen.getByLabelText(I.label);
    expect(field).toHaveAccessibleDescription(I.hint);
    await user.type(field, 'http://cdn.example.com/sale.jpg');
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(IMAGE_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'https://cdn.example.com/sale.pdf');
    await user.click(trigger());
    expect(screen.getByText(IMAGE_MESSAGES.typeInvalid)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(`${IMAGE_MESSAGES.typeInvalid} ${I.hint}`);

    await user.clear(field);
    await user.type(field, 'https://cdn.example.com/sale.png');
    await user.click(trigger());
    const image = within(dialog()).getByRole('img', { name: R.previewImage });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/sale.png');
    // An address this browser cannot load says so, instead of a broken picture.
    fireEvent.error(image);
    expect(within(dialog()).queryByRole('img', { name: R.previewImage })).toBeNull();
    expect(within(dialog()).getByTestId('review-preview')).toHaveTextContent(R.previewImageBroken);
    await user.click(within(dialog()).getByRole('button', { name: R.testButton }));
    expect(onSendTest).toHaveBeenCalledWith(
      'Hi {first_name|there}!',
      'https://cdn.example.com/sale.png',
    );
    await user.click(within(dialog()).getByRole('button', { name: R.confirmNow }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      imageUrl: 'https://cdn.example.com/sale.png',
    });
  }, 20_000);
});
