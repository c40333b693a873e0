import type { TagListItem } from '@pagecast/contract';
import { MessagesSquare, Pencil, Trash2 } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Button, buttonVariants } from '../../primitives/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../primitives/table';
import { MANAGE_TAGS_TEXT as T } from './texts';

export interface TagsTableProps {
  tags: TagListItem[];
  loading: boolean;
  error: string | null;
  onRename: (item: TagListItem) => void;
  onDelete: (item: TagListItem) => void;
  /** The inbox filtered by a tag: its URL, and client-side navigation to it (links keep a real href). */
  chatsHref?: (tagId: string) => string;
  onOpenChats?: (tagId: string) => void;
}

const COLUMNS = 5;

/** 'Tags Details': #, Name, Description, Users Count (+ row actions) with the spec's states. */
export function TagsTable({
  tags,
  loading,
  error,
  onRename,
  onDelete,
  chatsHref,
  onOpenChats,
}: TagsTableProps) {
  let body;
  if (loading) {
    body = (
      <TableRow>
        <TableCell
          colSpan={COLUMNS}
          className="py-6 text-center text-muted-foreground"
          role="status"
        >
          {T.loading}
        </TableCell>
      </TableRow>
    );
  } else if (error !== null) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS} className="py-6 text-center text-destructive" role="alert">
          {T.loadError} {error}
        </TableCell>
      </TableRow>
    );
  } else if (tags.length === 0) {
    body = (
      <TableRow data-testid="tags-empty-row">
        <TableCell className="text-muted-foreground">—</TableCell>
        <TableCell colSpan={2} className="text-muted-foreground">
          {T.noData}
        </TableCell>
        <TableCell className="text-right tabular-nums">0</TableCell>
        <TableCell />
      </TableRow>
    );
  } else {
    body = tags.map((item, index) => (
      <TableRow key={item.tag.id}>
        <TableCell className="text-muted-foreground tabular-nums">{index + 1}</TableCell>
        <TableCell className="font-medium break-words">
          <bdi>{item.tag.name}</bdi>
        </TableCell>
        <TableCell className="max-w-[24rem] @xl:min-w-[10rem] break-words whitespace-normal text-muted-foreground">
          <bdi>{item.tag.description}</bdi>
        </TableCell>
        <TableCell className="text-right tabular-nums">{item.count.toLocaleString()}</TableCell>
        <TableCell className="text-right">
          <div className="flex justify-end gap-0.5 @xl:gap-1">
            {chatsHref ? (
              <a
                className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                href={chatsHref(item.tag.id)}
                aria-label={`${T.showChats} ${item.tag.name}`}
                onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                  // A plain click navigates in the app; modified clicks open a tab as links do.
                  if (!onOpenChats || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  onOpenChats(item.tag.id);
                }}
              >
                <MessagesSquare aria-hidden="true" />
                <span className="sr-only @xl:not-sr-only">{T.chats}</span>
              </a>
            ) : null}
            <RowAction
              icon={<Pencil aria-hidden="true" />}
              label="Rename"
              tagName={item.tag.name}
              onClick={() => onRename(item)}
            />
            <RowAction
              icon={<Trash2 aria-hidden="true" />}
              label="Delete"
              tagName={item.tag.name}
              className="px-2 text-destructive hover:bg-destructive/10 hover:text-destructive @xl:px-3"
              onClick={() => onDelete(item)}
            />
          </div>
        </TableCell>
      </TableRow>
    ));
  }

  return (
    // Sizes follow the table's own width (a container query): next to the expanded sidebar at 768px the
    // row actions are icons, so every column fits.
    <div className="@container">
      <Table
        aria-label={T.detailsSection}
        containerClassName="rounded-md border border-border"
        className="[&_td]:px-2 [&_th]:px-2 @xl:[&_td]:px-3 @xl:[&_th]:px-3"
        aria-busy={loading || undefined}
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-12">#</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right whitespace-normal @xl:whitespace-nowrap">
              Users Count
            </TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}

/** A row's Rename / Delete button: icon only on a narrow table, icon and label on a wide one; its name
 *  says which tag ('Rename VIP'). */
function RowAction({
  icon,
  label,
  tagName,
  className,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  tagName: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      aria-label={`${label} ${tagName}`}
      onClick={onClick}
    >
      {icon}
      <span className="sr-only @xl:not-sr-only">{label}</span>
    </Button>
  );
}
