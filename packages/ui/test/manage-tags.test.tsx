import { TAG_MESSAGES as M, type TagListItem } from '@pagecast/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '../src';
import { ManageTagsScreen, type ManageTagsScreenProps } from '../src/screens/manage-tags';

const TAGS: TagListItem[] = [
  {
    tag: {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Buyers',
      description: 'Bought something',
    },
    count: 12,
  },
  {
    tag: {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Leads',
      description: 'Asked about prices',
    },
    count: 0,
  },
];

function deferred() {
  let resolve!: (v?: unknown) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(props: Partial<ManageTagsScreenProps> = {}) {
  const handlers = {
    onCreateTag: vi.fn(() => Promise.resolve()),
    onRenameTag: vi.fn(() => Promise.resolve()),
    onDeleteTag: vi.fn(() => Promise.resolve()),
  };
  const user = userEvent.setup();
  render(
    <>
      <ManageTagsScreen tags={TAGS} loading={false} error={null} {...handlers} {...props} />
      <Toaster />
    </>,
  );
  return { user, ...handlers, ...props };
}

/** The section toggles (the create form's submit button is also named 'Create Tag'). */
const sectionButton = (name: string) => {
  const toggle = screen
    .getAllByRole('button', { name })
    .find((b) => b.hasAttribute('aria-expanded'));
  if (!toggle) throw new Error(`no section toggle named ${name}`);
  return toggle;
};
const nameInput = () => screen.getByLabelText('Tag Name');
const descriptionInput = () => screen.getByLabelText('Tag Description');
const createButton = () =>
  within(createForm()).getByRole('button', { name: /^(Create Tag|Submitting\.\.\.)$/ });
const createForm = () => screen.getByRole('form', { name: 'Create Tag' });
const openDetails = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(sectionButton('Tags Details'));

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('ManageTagsScreen sections', () => {
  it("opens 'Create Tag' first, and only one section at a time", async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Tags' })).toBeInTheDocument();
    const create = sectionButton('Create Tag');
    const details = sectionButton('Tags Details');
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(nameInput()).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(create).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('table')).toBeVisible();
    expect(nameInput()).not.toBeVisible();

    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(details).toHaveAttribute('aria-expanded', 'false');
    // Closing the open one leaves both closed.
    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the fields, the capped description with its counter and the green hint', () => {
    setup();
    expect(nameInput()).toHaveValue('');
    expect(descriptionInput()).toHaveAttribute('maxLength', '200');
    // The counter shows the limit that applies (the live rule's 60), the name stops at 20.
    expect(within(createForm()).getByTestId('textarea-counter')).toHaveTextContent('0/60');
    expect(nameInput()).toHaveAttribute('maxLength', '20');
    expect(createButton()).toHaveTextContent('Create Tag');
    expect(screen.getByTestId('tags-hint')).toHaveTextContent(
      /categorize and organize your campaigns/,
    );
    expect(screen.getByTestId('tags-hint').className).toMatch(/bg-success/);
  });
});

describe('Tags Details table', () => {
  it("shows 'Loading...' while loading", async () => {
    const { user } = setup({ tags: [], loading: true });
    await openDetails(user);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('No data')).toBeNull();
  });

  it("shows 'Error loading tags:' followed by the message", async () => {
    const { user } = setup({ tags: [], error: 'Page not found' });
    await openDetails(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading tags: Page not found');
  });

  it("shows one 'No data' row with a count of 0 without tags", async () => {
    const { user } = setup({ tags: [] });
    await openDetails(user);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('columnheader')
          .map((h) => h.textContent),
      )[0],
    ).toEqual(['#', 'Name', 'Description', 'Users Count', 'Actions']);
    expect(rows).toHaveLength(2);
    const cells = within(screen.getByTestId('tags-empty-row')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['—', 'No data', '0', '']);
  });

  it('shows the rows with number, name, description and users count', async () => {
    const { user } = setup();
    await openDetails(user);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Buyers', 'Bought something', '12'],
      ['2', 'Leads', 'Asked about prices', '0'],
    ]);
  });
});

describe('Create Tag form', () => {
  it('shows the live messages while typing', async () => {
    const { user } = setup();
    await user.type(nameInput(), 'Bad!');
    expect(screen.getByText(M.nameInvalidLive)).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(nameInput());
    expect(screen.queryByText(M.nameInvalidLive)).toBeNull();
    await user.type(nameInput(), 'a'.repeat(21));
    expect(nameInput()).toHaveValue('a'.repeat(20));
    expect(screen.queryByText(M.nameTooLongLive)).toBeNull();

    await user.type(descriptionInput(), 'Hello #1');
    expect(screen.getByText(M.descriptionInvalidLive)).toBeInTheDocument();
    await user.clear(descriptionInput());
    await user.type(descriptionInput(), 'x'.repeat(61));
    expect(screen.getByText(M.descriptionTooLongLive)).toBeInTheDocument();
    expect(within(createForm()).getByTestId('textarea-counter')).toHaveTextContent('61/60');
  });

  it("answers submit with 'All fields are required.' and 'Please fix the errors before submitting.'", async () => {
    const { user, onCreateTag } = setup();
    await user.click(createButton());
    expect(screen.getByText(M.allRequired)).toBeInTheDocument();
    await user.type(nameInput(), 'Good name');
    await user.click(createButton());
    expect(screen.getByText(M.allRequired)).toBeInTheDocument();
    await user.type(descriptionInput(), 'Bad # description');
    await user.click(createButton());
    expect(screen.getByText(M.fixErrors)).toBeInTheDocument();
    expect(onCreateTag).not.toHaveBeenCalled();
  });

  it('then applies the form rules', async () => {
    const { user, onCreateTag } = setup();
    await user.type(nameInput(), 'ab');
    await user.type(descriptionInput(), 'xy');
    await user.click(createButton());
    expect(screen.getByText(M.nameTooShort)).toBeInTheDocument();
    expect(screen.getByText(M.descriptionTooShort)).toBeInTheDocument();
    // Editing a field clears its submit-time message.
    await user.type(nameInput(), 'c');
    expect(screen.queryByText(M.nameTooShort)).toBeNull();
    expect(screen.getByText(M.descriptionTooShort)).toBeInTheDocument();
    await user.clear(nameInput());
    await user.type(nameInput(), 'snake_case');
    await user.click(createButton());
    // The live rule forbids underscores, so the submit rule stops it first.
    expect(screen.getByText(M.fixErrors)).toBeInTheDocument();
    expect(onCreateTag).not.toHaveBeenCalled();
  });

  it("reads 'Submitting...' while the request runs, then toasts success and clears the form", async () => {
    const request = deferred();
    const onCreateTag = vi.fn(() => request.promise);
    const { user } = setup({ onCreateTag });
    await user.type(nameInput(), '  VIP Buyers ');
    await user.type(descriptionInput(), 'Bought twice, or more.');
    await user.click(createButton());
    expect(onCreateTag).toHaveBeenCalledWith({
      name: 'VIP Buyers',
      description: 'Bought twice, or more.',
    });
    expect(createButton()).toHaveAccessibleName('Submitting...');
    expect(createButton()).toBeDisabled();
    await user.click(createButton());
    expect(onCreateTag).toHaveBeenCalledTimes(1);

    act(() => request.resolve());
    await waitFor(() => expect(screen.getByText('Tag created successfully!')).toBeInTheDocument());
    expect(createButton()).toHaveTextContent('Create Tag');
    expect(nameInput()).toHaveValue('');
    expect(descriptionInput()).toHaveValue('');
  });

  it("toasts the failure with the server's reason and shows it in the form, keeping the values", async () => {
    const onCreateTag = vi.fn(() =>
      Promise.reject(
        failure({ data: { message: 'A tag named "VIP" already exists on this page' } }),
      ),
    );
    const { user } = setup({ onCreateTag });
    await user.type(nameInput(), 'VIP');
    await user.type(descriptionInput(), 'Top buyers');
    await user.click(createButton());
    await waitFor(() =>
      expect(
        screen.getByText('Failed to create tag. A tag named "VIP" already exists on this page'),
      ).toBeInTheDocument(),
    );
    expect(
      within(createForm()).getByText('A tag named "VIP" already exists on this page'),
    ).toBeInTheDocument();
    expect(nameInput()).toHaveValue('VIP');
    expect(createButton()).toHaveTextContent('Create Tag');
  });

  it("falls back to 'Something went wrong while creating the tag.'", async () => {
    const { user } = setup({
      onCreateTag: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await user.type(nameInput(), 'VIP');
    await user.type(descriptionInput(), 'Top buyers');
    await user.click(createButton());
    expect(
      await within(createForm()).findByText('Something went wrong while creating the tag.'),
    ).toBeInTheDocument();
    // No reason from a server: the toast says just that it failed.
    expect(await screen.findByText('Failed to create tag.')).toBeInTheDocument();
  });

  it('shows server field errors under their field', async () => {
    const onCreateTag = vi.fn(() =>
      Promise.reject(
        failure({
          data: { message: 'Validation failed', fieldErrors: { name: ['Name taken somehow'] } },
        }),
      ),
    );
    const { user } = setup({ onCreateTag });
    await user.type(nameInput(), 'VIP');
    await user.type(descriptionInput(), 'Top buyers');
    await user.click(createButton());
    expect(await screen.findByText('Name taken somehow')).toBeInTheDocument();
    expect(nameInput()).toHaveAccessibleDescription('Name taken somehow');
    // Under a generic 'Validation failed', the toast gives the field's reason.
    expect(await screen.findByText('Failed to create tag. Name taken somehow')).toBeInTheDocument();
  });
});

describe('Rename and Delete', () => {
  it('renames with the same rules and closes on success', async () => {
    const { user, onRenameTag } = setup();
    await openDetails(user);
    await user.click(screen.getByRole('button', { name: 'Rename Buyers' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename tag' });
    const name = within(dialog).getByLabelText('Tag Name');
    expect(name).toHaveValue('Buyers');
    await user.clear(name);
    await user.type(name, 'Buy!');
    expect(within(dialog).getByText(M.nameInvalidLive)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(M.fixErrors)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Big Buyers');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onRenameTag).toHaveBeenCalledWith(TAGS[0]?.tag.id, {
      name: 'Big Buyers',
      description: 'Bought something',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Tag updated successfully!')).toBeInTheDocument();
  });

  it('shows a rename conflict in the dialog', async () => {
    const onRenameTag = vi.fn(() =>
      Promise.reject(
        failure({ data: { message: 'A tag named "Leads" already exists on this page' } }),
      ),
    );
    const { user } = setup({ onRenameTag });
    await openDetails(user);
    await user.click(screen.getByRole('button', { name: 'Rename Buyers' }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Tag Name'));
    await user.type(within(dialog).getByLabelText('Tag Name'), 'Leads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A tag named "Leads" already exists on this page'),
    ).toBeInTheDocument();
  });

  it('confirms a delete saying how many contacts carry the tag', async () => {
    const { user, onDeleteTag } = setup();
    await openDetails(user);
    await user.click(screen.getByRole('button', { name: 'Delete Buyers' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete tag “Buyers”?' });
    expect(dialog).toHaveAccessibleDescription(/12 contacts carry this tag\./);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDeleteTag).toHaveBeenCalledWith(TAGS[0]?.tag.id);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Tag deleted successfully!')).toBeInTheDocument();
  });

  it('shows a blocked delete (pending campaign) in the dialog and keeps it open', async () => {
    const onDeleteTag = vi.fn(() =>
      Promise.reject(failure({ data: { message: 'Tag is used by the pending campaign "Sale"' } })),
    );
    const { user } = setup({ onDeleteTag });
    await openDetails(user);
    await user.click(screen.getByRole('button', { name: 'Delete Leads' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription(/No contacts carry this tag\./);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Tag is used by the pending campaign "Sale"',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** A rejected call as the web app's API layer rejects: an Error carrying the answer's body. */
function failure<T extends object>(shape: T): Error & T {
  return Object.assign(new Error('request failed'), shape);
}
