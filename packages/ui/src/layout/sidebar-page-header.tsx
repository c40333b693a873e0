import { Avatar } from '../primitives/avatar';
import { cn } from '../primitives/cn';
import { useSidebarCollapsed } from './sidebar';

export const PAGE_NAME_FALLBACK = 'Your Page Name';
export const PRODUCT_NAME = 'Your Bulk Messaging App';

export interface SidebarPageHeaderProps {
  pageName?: string | null;
  pagePicture?: string | null;
  productName?: string;
}

/** Sidebar header: the selected page (picture or initial, name or 'Your Page Name') and the product name. */
export function SidebarPageHeader({
  pageName,
  pagePicture,
  productName = PRODUCT_NAME,
}: SidebarPageHeaderProps) {
  const collapsed = useSidebarCollapsed();
  const name = pageName?.trim() ? pageName : PAGE_NAME_FALLBACK;
  return (
    <div
      data-slot="sidebar-page-header"
      title={collapsed ? `${name} — ${productName}` : undefined}
      className={cn('flex items-center gap-2 rounded-md p-1', collapsed && 'justify-center p-0')}
    >
      <Avatar src={pagePicture} name={name} size="sm" className="rounded-lg [&>span]:rounded-lg" />
      <div className={cn('grid min-w-0 flex-1 text-left leading-tight', collapsed && 'sr-only')}>
        <bdi className="truncate text-sm font-semibold">{name}</bdi>
        <span className="truncate text-xs text-muted-foreground">{productName}</span>
      </div>
    </div>
  );
}
