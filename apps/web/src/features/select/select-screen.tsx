// The page chooser of spec §2 (/select). Presentational: props in, callbacks out.
import { Avatar, Button, EmptyState, Input, Skeleton, cn } from '@pagecast/ui';
import type { Page } from '@pagecast/contract';
import type { ReactNode } from 'react';
import { ExternalLinkIcon, LogOutIcon, SearchIcon } from './icons';

export const PAGE_LIST_MAX_HEIGHT = 700;

/** How a page gets here: the list is what the social network says the user administers. */
export const ADD_PAGE_HELP =
  'Pages appear here when you are an admin of them on Facebook. To add one, ask for admin access to it on ' +
  'Facebook (Page settings > Page roles), then choose Add New Page to sign in again and allow Pagecast to use it.';

export const pageUrl = (pageId: string) => `https://www.facebook.com/${encodeURIComponent(pageId)}`;

export interface SelectScreenProps {
  user: { name?: string | null; profilePic?: string | null } | null;
  /** Already filtered by the search box. */
  pages: Page[];
  search: string;
  onSearchChange: (value: string) => void;
  onSelect: (page: Page) => void;
  onAddNewPage: () => void;
  addNewPagePending?: boolean;
  onLogout: () => void;
  /** Extra controls in the account rail, above 'Log out' (the theme menu). */
  accountActions?: ReactNode;
  /** A page is being fetched after a click. */
  loading: boolean;
  error: string | null;
}

function PageCard({
  page,
  disabled,
  onSelect,
}: {
  page: Page;
  disabled: boolean;
  onSelect: (page: Page) => void;
}) {
  return (
    <li
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-xs transition',
        'focus-within:ring-2 focus-within:ring-ring hover:border-primary/50 hover:shadow-md',
        disabled && 'opacity-60',
      )}
    >
      <div className="flex items-center gap-3">
        <Avatar src={page.profilePicture} name={page.name} size="lg" />
        <div className="grid min-w-0 gap-0.5">
          {/* The stretched button makes the whole card clickable without nesting the link inside it. */}
          <button
            type="button"
            disabled={disabled}
            onClick={() => onSelect(page)}
            className="line-clamp-2 text-left text-base font-semibold break-words outline-hidden after:absolute after:inset-0 after:rounded-xl after:content-[''] disabled:cursor-wait"
          >
            {page.name}
          </button>
          <span className="text-xs text-muted-foreground">
            Page ID: <span className="font-mono">{page.pageId}</span>
          </span>
        </div>
      </div>
      <a
        href={pageUrl(page.pageId)}
        target="_blank"
        rel="noopener noreferrer"
        className="relative z-10 inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        View page
        <ExternalLinkIcon className="size-3.5" />
        <span className="sr-only"> {page.name} (opens in a new tab)</span>
      </a>
    </li>
  );
}

export function SelectScreen({
  user,
  pages,
  search,
  onSearchChange,
  onSelect,
  onAddNewPage,
  addNewPagePending = false,
  onLogout,
  accountActions,
  loading,
  error,
}: SelectScreenProps) {
  return (
    <div className="flex min-h-svh bg-background text-foreground">
      <aside
        aria-label="Account"
        className="sticky top-0 flex h-svh w-16 shrink-0 flex-col items-center justify-between border-r border-border bg-sidebar py-4"
      >
        <Avatar src={user?.profilePic} name={user?.name} size="md" />
        <div className="flex flex-col items-center gap-2">
          {accountActions}
          <button
            type="button"
            onClick={onLogout}
            aria-label="Log out"
            title="Log out"
            className="inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            <LogOutIcon className="size-5" />
          </button>
        </div>
      </aside>

      <main className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-8">
        <header className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Select a Page</h1>
          <p className="text-sm text-muted-foreground">Choose the page you want to manage.</p>
        </header>

        {/* The live region shares the search's slot: empty, it adds no gap above the list. */}
        <div>
          <div className="relative max-w-md">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search pages"
              placeholder="Search pages..."
              value={search}
              onChange={(event) => onSearchChange(event.target.value)}
              className="pl-9"
            />
          </div>

          <div aria-live="polite" className="not-empty:mt-3">
            {loading ? (
              <p role="status" className="text-sm text-muted-foreground">
                Loading...
              </p>
            ) : null}
            {error && !loading ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        </div>

        <div
          data-testid="page-list"
          className="overflow-y-auto pr-1"
          style={{ maxHeight: `${PAGE_LIST_MAX_HEIGHT}px` }}
          aria-busy={loading || undefined}
        >
          {pages.length === 0 && loading ? (
            // Card-shaped placeholders, so the list does not jump (nor flash 'No Pages Found') while loading.
            <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <li key={i} className="grid gap-4 rounded-xl border border-border p-4">
                  <div className="flex items-center gap-3">
                    <Skeleton className="size-12 rounded-full" />
                    <div className="grid flex-1 gap-2">
                      <Skeleton className="h-4 w-3/4" />
                      <Skeleton className="h-3 w-1/2" />
                    </div>
                  </div>
                  <Skeleton className="h-4 w-20" />
                </li>
              ))}
            </ul>
          ) : pages.length === 0 ? (
            <EmptyState
              title="No Pages Found"
              description={
                search.trim() !== '' ? (
                  <>
                    No page name matches “{search.trim()}”. {ADD_PAGE_HELP}
                  </>
                ) : (
                  ADD_PAGE_HELP
                )
              }
              action={
                <Button onClick={onAddNewPage} loading={addNewPagePending}>
                  Add New Page
                </Button>
              }
            />
          ) : (
            <ul aria-label="Pages" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {pages.map((page) => (
                <PageCard key={page.pageId} page={page} disabled={loading} onSelect={onSelect} />
              ))}
            </ul>
          )}
        </div>
      </main>
    </div>
  );
}
