// The page chooser of spec §2 (/select). Pure: props in, callbacks out.
import type { Page } from '@pagecast/contract';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../primitives/avatar';
import { Button } from '../../primitives/button';
import { EmptyState } from '../../primitives/empty-state';
import { SearchInput } from '../../primitives/input';
import { Skeleton } from '../../primitives/skeleton';
import { PageCard } from './page-card';
import { noMatchText, SELECT_TEXT as T } from './texts';

export { pageUrl } from './page-card';
export { SELECT_TEXT } from './texts';

export const PAGE_LIST_MAX_HEIGHT = 700;

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

/** Card-shaped placeholders, so the list does not jump (nor flash 'No Pages Found') while loading. */
function PageCardSkeletons() {
  return (
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
  const query = search.trim();
  return (
    <div className="flex min-h-svh bg-background text-foreground">
      <aside
        aria-label={T.account}
        className="sticky top-0 flex h-svh w-16 shrink-0 flex-col items-center justify-between border-r border-border bg-sidebar py-4"
      >
        <Avatar src={user?.profilePic} name={user?.name} size="md" />
        <div className="flex flex-col items-center gap-2">
          {accountActions}
          <Button
            variant="ghost"
            size="icon"
            onClick={onLogout}
            aria-label={T.logout}
            title={T.logout}
            className="text-muted-foreground"
          >
            <LogOut aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </aside>

      <main className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-8">
        <header className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{T.title}</h1>
          <p className="text-sm text-muted-foreground">{T.description}</p>
        </header>

        {/* The live region shares the search's slot: empty, it adds no gap above the list. */}
        <div>
          <SearchInput
            wrapperClassName="max-w-md"
            aria-label={T.search}
            placeholder={T.searchPlaceholder}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />

          <div aria-live="polite" className="not-empty:mt-3">
            {loading ? (
              <p role="status" className="text-sm text-muted-foreground">
                {T.loading}
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
            <PageCardSkeletons />
          ) : pages.length === 0 ? (
            <EmptyState
              title={T.empty}
              description={query !== '' ? `${noMatchText(query)} ${T.addPageHelp}` : T.addPageHelp}
              action={
                <Button onClick={onAddNewPage} loading={addNewPagePending}>
                  {T.addNewPage}
                </Button>
              }
            />
          ) : (
            <ul aria-label={T.pages} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
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
