// The inbox's team tools: the composer's Private note tab and the note cards of the timeline.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AskFilterToSubscribe, Composer, NoteCard, TEAM_TEXT } from '../src/screens/inbox';

const note = {
  id: 'n1',
  body: 'Wants a refund',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  authorName: 'Sam',
  mine: false,
};

describe('Composer with notes', () => {
  it('writes a note from the Private note tab, never sending it, even with the window closed', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => true);
    const onNote = vi.fn(() => true);
    render(<Composer onSend={onSend} onNote={onNote} disabled maxLength={2000} />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    const noteTab = screen.getByRole('tab', { name: TEAM_TEXT.noteMode });
    await user.click(noteTab);
    expect(noteTab).toHaveAttribute('aria-selected', 'true');
    const field = screen.getByRole('textbox', { name: TEAM_TEXT.noteLabel });
    expect(field).toBeEnabled();
    await user.type(field, 'Called them back{Enter}');
    expect(onNote).toHaveBeenCalledWith('Called them back');
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveValue('');
  });

  it('moves between the tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Composer onSend={() => true} onNote={() => true} disabled={false} maxLength={2000} />);
    const reply = screen.getByRole('tab', { name: TEAM_TEXT.replyMode });
    reply.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: TEAM_TEXT.noteMode })).toHaveFocus();
    expect(screen.getByRole('tab', { name: TEAM_TEXT.noteMode })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('has no tabs without a note handler', () => {
    render(<Composer onSend={() => true} disabled={false} maxLength={2000} />);
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('NoteCard', () => {
  it("says it is private and offers no edit on another admin's note", () => {
    render(<NoteCard note={note} maxLength={2000} onEdit={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByText(TEAM_TEXT.noteBadge)).toBeInTheDocument();
    expect(screen.getByText('Sam')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEAM_TEXT.editNote })).toBeNull();
  });

  it('edits and deletes one of mine', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn(() => true);
    const onDelete = vi.fn();
    render(
      <NoteCard
        note={{ ...note, mine: true }}
        maxLength={2000}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByText(TEAM_TEXT.you)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.editNote }));
    const editor = screen.getByRole('textbox', { name: TEAM_TEXT.editNote });
    await user.clear(editor);
    await user.type(editor, 'Refund sent');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.saveNote }));
    expect(onEdit).toHaveBeenCalledWith('n1', 'Refund sent');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.deleteNote }));
    expect(onDelete).toHaveBeenCalledWith('n1');
  });
});

describe('Composer saved replies', () => {
  const replies = [
    { id: 'r1', title: 'Welcome', body: 'Hi {first_name}, welcome!' },
    { id: 'r2', title: 'Hours', body: 'We open at 9, {first_name|friend}.' },
  ];
  const fill = (body: string) => body.replace(/\{first_name(\|[^}]*)?\}/g, 'Ana');

  it('opens with / at the start, filters, moves with arrows and inserts the filled reply with Enter', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => true);
    render(
      <Composer
        onSend={onSend}
        disabled={false}
        maxLength={2000}
        savedReplies={replies}
        fillSavedReply={fill}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.type(field, '/');
    const list = screen.getByRole('listbox', { name: TEAM_TEXT.savedReplies });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(field).toHaveAttribute('aria-controls', list.id);
    await user.type(field, 'o');
    // 'o' is in both titles' texts; ArrowDown moves to the second match.
    await user.keyboard('{ArrowDown}');
    const active = within(list).getAllByRole('option')[1];
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', active?.id);
    await user.clear(field);
    await user.type(field, '/hou{Enter}');
    expect(field).toHaveValue('We open at 9, Ana.');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes with Escape, keeping the text, and sends it as typed', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => true);
    render(<Composer onSend={onSend} disabled={false} maxLength={2000} savedReplies={replies} />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.type(field, '/w');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field).toHaveValue('/w');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('/w');
  });

  it('opens the same list from the button, with a combobox to search it', async () => {
    const user = userEvent.setup();
    const onManage = vi.fn();
    render(
      <Composer
        onSend={() => true}
        disabled={false}
        maxLength={2000}
        savedReplies={replies}
        fillSavedReply={fill}
        onManageSavedReplies={onManage}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.type(field, 'Hello.');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.savedRepliesButton }));
    const search = screen.getByRole('combobox', { name: TEAM_TEXT.savedRepliesFilter });
    expect(search).toHaveFocus();
    await user.type(search, 'wel{Enter}');
    expect(field).toHaveValue('Hello. Hi Ana, welcome!');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.savedRepliesButton }));
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.manageSavedReplies }));
    expect(onManage).toHaveBeenCalled();
  });
});

describe('AskFilterToSubscribe', () => {
  const preview = {
    asked: 12,
    skipped: { subscribed: 3, askedThisWeek: 0, windowClosed: 40, notAsked: 0 },
    failed: 0,
  };

  it('says how many will be asked and why the others will not, and sends only on confirmation', async () => {
    const user = userEvent.setup();
    const onPreview = vi.fn(() => Promise.resolve(preview));
    const onConfirm = vi.fn(() => Promise.resolve(preview));
    render(<AskFilterToSubscribe onPreview={onPreview} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.askFilterLabel }));
    const dialog = await screen.findByRole('dialog', { name: TEAM_TEXT.askFilterTitle });
    expect(await within(dialog).findByText(TEAM_TEXT.askFilterWill(12))).toBeInTheDocument();
    expect(
      within(dialog).getByText('3 already subscribed · 40 wrote more than 24 hours ago'),
    ).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Ask 12 contacts' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot confirm when nobody can be asked', async () => {
    const user = userEvent.setup();
    render(
      <AskFilterToSubscribe
        onPreview={() => Promise.resolve({ ...preview, asked: 0 })}
        onConfirm={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.askFilterLabel }));
    expect(await screen.findByText(TEAM_TEXT.askFilterNobody)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEAM_TEXT.askFilterConfirm(0) })).toBeDisabled();
  });
});
