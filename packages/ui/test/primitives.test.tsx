import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  RemoteImage,
  Avatar,
  Badge,
  Button,
  CampaignStatusBadge,
  Checkbox,
  Collapsible,
  DEFAULT_AVATAR_SRC,
  EmptyState,
  FieldError,
  Input,
  Kbd,
  Label,
  Pagination,
  Select,
  Separator,
  Skeleton,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Textarea,
  VisuallyHidden,
  campaignStatusVariant,
  cn,
} from '../src';

describe('cn', () => {
  it('joins conditionally and lets the last conflicting Tailwind class win', () => {
    const hidden = false;
    expect(
      cn('px-2', hidden && 'hidden', 'px-4', ['text-sm'], { underline: true, italic: false }),
    ).toBe('px-4 text-sm underline');
    expect(cn('bg-primary', undefined, 'bg-destructive')).toBe('bg-destructive');
  });
});

describe('Button', () => {
  it('defaults to type=button and forwards the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(ref.current).toBe(button);
  });

  it('keeps an explicit type', () => {
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it('loading shows a spinner, disables the button and sets aria-busy', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Create Tag
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Create Tag/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('calls onClick and applies variant classes', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="destructive" size="sm" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.className).toContain('bg-destructive');
    expect(button.className).toContain('h-8');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Input, Label, FieldError', () => {
  it('associates label, input and error', () => {
    render(
      <div>
        <Label htmlFor="name">Tag Name</Label>
        <Input id="name" aria-invalid aria-describedby="name-error" />
        <FieldError id="name-error">Tag name is required.</FieldError>
      </div>,
    );
    const input = screen.getByLabelText('Tag Name');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAccessibleDescription('Tag name is required.');
    expect(screen.getByRole('alert')).toHaveTextContent('Tag name is required.');
  });

  it('FieldError renders nothing without a message', () => {
    const { container } = render(<FieldError>{undefined}</FieldError>);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Textarea', () => {
  it('shows a live N/max counter linked by aria-describedby (uncontrolled)', async () => {
    render(<Textarea aria-label="Campaign Description" maxLength={200} showCounter />);
    const textarea = screen.getByRole('textbox', { name: 'Campaign Description' });
    expect(screen.getByText('0/200')).toBeInTheDocument();
    await userEvent.type(textarea, 'Hello');
    expect(screen.getByText('5/200')).toBeInTheDocument();
    expect(textarea).toHaveAccessibleDescription('5/200');
    expect(textarea).toHaveAttribute('maxLength', '200');
  });

  it('follows a controlled value and keeps an existing aria-describedby', async () => {
    function Controlled() {
      const [value, setValue] = useState('abc');
      return (
        <>
          <p id="hint">Describe it</p>
          <Textarea
            aria-label="Message"
            aria-describedby="hint"
            maxLength={500}
            showCounter
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </>
      );
    }
    render(<Controlled />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByText('3/500')).toBeInTheDocument();
    await userEvent.type(textarea, 'de');
    expect(screen.getByText('5/500')).toBeInTheDocument();
    expect(textarea).toHaveAccessibleDescription('Describe it 5/500');
  });

  it('does not render a counter unless asked', () => {
    render(<Textarea aria-label="Notes" maxLength={60} />);
    expect(screen.queryByText('0/60')).toBeNull();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-describedby');
  });

  it('counts defaultValue and stops at maxLength', async () => {
    render(<Textarea aria-label="Desc" maxLength={5} showCounter defaultValue="abcd" />);
    expect(screen.getByText('4/5')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox'), 'xyz');
    expect(screen.getByText('5/5')).toBeInTheDocument();
  });
});

describe('Select', () => {
  it('renders options, disabled options and reports changes', async () => {
    const onChange = vi.fn();
    render(
      <>
        <Label htmlFor="tag">Tags</Label>
        <Select
          id="tag"
          defaultValue=""
          onChange={(e) => onChange(e.target.value)}
          options={[
            { value: '', label: 'All users' },
            { value: 't1', label: 'VIP' },
            { value: 'loading', label: 'Loading tags...', disabled: true },
          ]}
        />
      </>,
    );
    const select = screen.getByLabelText('Tags');
    expect(screen.getByRole('option', { name: 'All users' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Loading tags...' })).toBeDisabled();
    await userEvent.selectOptions(select, 't1');
    expect(onChange).toHaveBeenCalledWith('t1');
  });

  it('adds a disabled placeholder option', () => {
    render(
      <Select
        aria-label="Content Type"
        placeholder="Choose a type"
        options={[{ value: 'A', label: 'A' }]}
      />,
    );
    expect(screen.getByRole('option', { name: 'Choose a type' })).toBeDisabled();
  });
});

describe('Table', () => {
  it('renders a table inside a horizontally scrollable container', () => {
    render(
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Spring Sale</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table');
    expect(table.parentElement?.className).toContain('overflow-x-auto');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('cell', { name: 'Spring Sale' })).toBeInTheDocument();
  });
});

describe('Pagination', () => {
  it("reads 'Page X of Y' and disables Previous on the first page", async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    render(<Pagination page={1} totalPages={3} onPrevious={onPrevious} onNext={onNext} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).not.toHaveBeenCalled();
  });

  it('disables Next on the last page', async () => {
    const onPrevious = vi.fn();
    render(<Pagination page={3} totalPages={3} onPrevious={onPrevious} onNext={vi.fn()} />);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('enables both in the middle, and treats an empty list as Page 1 of 1', () => {
    const { rerender } = render(
      <Pagination page={2} totalPages={3} onPrevious={vi.fn()} onNext={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={1} totalPages={0} onPrevious={vi.fn()} onNext={vi.fn()} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('disabled prop disables both buttons', () => {
    render(<Pagination page={2} totalPages={3} onPrevious={vi.fn()} onNext={vi.fn()} disabled />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('Collapsible', () => {
  function Harness({ initial = true }: { initial?: boolean }) {
    const [open, setOpen] = useState(initial);
    return (
      <Collapsible title="Create Tag" open={open} onOpenChange={setOpen}>
        <p>Form body</p>
      </Collapsible>
    );
  }

  it('toggles aria-expanded and the controlled region', async () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Create Tag' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(region).not.toBeNull();
    expect(region).toBeVisible();
    expect(screen.getByRole('region', { name: 'Create Tag' })).toHaveTextContent('Form body');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
    // content stays mounted so form state survives collapsing
    expect(region).toHaveTextContent('Form body');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('calls onOpenChange with the next state and can wrap the button in a heading', async () => {
    const onOpenChange = vi.fn();
    render(
      <Collapsible title="Tags Details" open={false} onOpenChange={onOpenChange} headingLevel={2}>
        x
      </Collapsible>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Tags Details' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tags Details' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });
});

describe('Avatar', () => {
  it('shows the image when src is given', () => {
    render(<Avatar src="https://example.test/a.png" name="Amelia" />);
    const img = screen.getByRole('img', { name: 'Amelia' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', 'https://example.test/a.png');
  });

  it('shows the first letter of the name without src', () => {
    render(<Avatar name="  daniel Kim" />);
    const avatar = screen.getByRole('img', { name: 'daniel Kim' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar).toHaveTextContent(/^D$/);
  });

  it('shows the default avatar image without src and name', () => {
    render(<Avatar src={null} name="" />);
    const img = screen.getByRole('img', { name: 'Default avatar' });
    expect(img).toHaveAttribute('src', DEFAULT_AVATAR_SRC);
    expect(DEFAULT_AVATAR_SRC.startsWith('data:image/svg+xml')).toBe(true);
  });

  it('uses fallbackImage instead of the built-in default', () => {
    render(<Avatar fallbackImage="/default.png" />);
    expect(screen.getByRole('img', { name: 'Default avatar' })).toHaveAttribute(
      'src',
      '/default.png',
    );
  });

  it('falls back to the letter when the image fails to load, and retries a new src', () => {
    const { rerender } = render(<Avatar src="https://example.test/broken.png" name="Sofia" />);
    fireEvent.error(screen.getByRole('img', { name: 'Sofia' }));
    const letter = screen.getByRole('img', { name: 'Sofia' });
    expect(letter.tagName).toBe('SPAN');
    expect(letter).toHaveTextContent('S');

    rerender(<Avatar src="https://example.test/ok.png" name="Sofia" />);
    expect(screen.getByRole('img', { name: 'Sofia' }).tagName).toBe('IMG');
  });

  it('falls back to the default image when the image fails and there is no name', () => {
    render(<Avatar src="https://example.test/broken.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar' }));
    expect(screen.getByRole('img', { name: 'Default avatar' })).toHaveAttribute(
      'src',
      DEFAULT_AVATAR_SRC,
    );
  });

  it('shows an online dot', () => {
    render(<Avatar name="Omar" online />);
    expect(screen.getByTestId('avatar-status')).toHaveTextContent('Online');
  });
});

describe('Badge and campaignStatusVariant', () => {
  it('colours a status by amendment 10.2: pending neutral, processing amber, completed green, cancelled grey, failed red', () => {
    expect(campaignStatusVariant('pending')).toBe('outline');
    expect(campaignStatusVariant('PENDING')).toBe('outline');
    expect(campaignStatusVariant('processing')).toBe('warning');
    expect(campaignStatusVariant('completed')).toBe('success');
    expect(campaignStatusVariant('cancelled')).toBe('muted');
    expect(campaignStatusVariant('failed')).toBe('destructive');
    expect(campaignStatusVariant(undefined)).toBe('outline');
  });

  it('a campaign completed with failures or skips is amber and says how many', () => {
    expect(campaignStatusVariant('completed', 3)).toBe('warning');
    render(
      <>
        <CampaignStatusBadge status="completed" failed={151} />
        <CampaignStatusBadge status="completed" failed={2} skipped={1200} />
        <CampaignStatusBadge status="completed" />
      </>,
    );
    expect(screen.getByText('Completed · 151 failed')).toHaveAttribute('data-variant', 'warning');
    expect(screen.getByText('Completed · 2 failed, 1,200 skipped')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toHaveAttribute('data-variant', 'success');
  });

  it('renders variants with their token classes', () => {
    render(
      <>
        <Badge variant="warning">Processing</Badge>
        <CampaignStatusBadge status="pending" />
      </>,
    );
    expect(screen.getByText('Processing')).toHaveAttribute('data-variant', 'warning');
    expect(screen.getByText('Processing').className).toContain('bg-warning');
    expect(screen.getByText('Pending')).toHaveAttribute('data-variant', 'outline');
  });
});

describe('small primitives', () => {
  it('Spinner is a status with a visually hidden label', () => {
    render(<Spinner label="Sending" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Sending');
    expect(screen.getByText('Sending')).toHaveClass('sr-only');
  });

  it('Spinner defaults to Loading', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveAccessibleName('');
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });

  it('EmptyState renders title, description and action', () => {
    render(
      <EmptyState
        icon={<svg data-testid="icon" />}
        title="No Pages Found"
        description="Try again later"
        action={<Button>Add New Page</Button>}
      />,
    );
    expect(screen.getByText('No Pages Found')).toBeInTheDocument();
    expect(screen.getByText('Try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Page' })).toBeInTheDocument();
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });

  it('Separator is decorative by default and semantic on request', () => {
    const { rerender } = render(<Separator />);
    expect(screen.queryByRole('separator')).toBeNull();
    rerender(<Separator decorative={false} orientation="vertical" />);
    expect(screen.getByRole('separator')).toHaveAttribute('aria-orientation', 'vertical');
  });

  it('Skeleton is hidden from assistive tech; VisuallyHidden and Kbd render', () => {
    render(
      <>
        <Skeleton data-testid="sk" />
        <VisuallyHidden>Secret</VisuallyHidden>
        <Kbd>Ctrl</Kbd>
      </>,
    );
    expect(screen.getByTestId('sk')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Secret')).toHaveClass('sr-only');
    expect(screen.getByText('Ctrl').tagName).toBe('KBD');
  });

  it('Switch toggles aria-checked; Checkbox is a native checkbox', async () => {
    function Harness() {
      const [on, setOn] = useState(false);
      return <Switch aria-label="Multi-select" checked={on} onCheckedChange={setOn} />;
    }
    render(
      <>
        <Harness />
        <Checkbox aria-label="Select chat" />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Multi-select' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select chat' }));
    expect(screen.getByRole('checkbox', { name: 'Select chat' })).toBeChecked();
  });
});

describe('RemoteImage', () => {
  it('sends no referrer, and shows its fallback (nothing by default) once the image fails', () => {
    const { rerender } = render(<RemoteImage src="https://cdn.example.test/a.png" alt="Photo" />);
    const img = screen.getByRole('img', { name: 'Photo' });
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
    rerender(
      <RemoteImage
        src="https://cdn.example.test/a.png"
        alt="Photo"
        fallback={<p>Unavailable</p>}
      />,
    );
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    // A new address is tried again.
    rerender(
      <RemoteImage
        src="https://cdn.example.test/b.png"
        alt="Photo"
        fallback={<p>Unavailable</p>}
      />,
    );
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      'https://cdn.example.test/b.png',
    );
    expect(screen.queryByText('Unavailable')).toBeNull();
  });
});
