// @pagecast/ui — primitives and pure screens. Styling: Tailwind v4 semantic tokens from
// @pagecast/tailwind-config/theme (apps add `@source "../../../packages/ui/src";`).

// Primitives
export { cn } from './primitives/cn';
export {
  Button,
  buttonVariants,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './primitives/button';
export { Input, type InputProps } from './primitives/input';
export { Textarea, type TextareaProps } from './primitives/textarea';
export { Label } from './primitives/label';
export { FieldError } from './primitives/field-error';
export { Select, type SelectOption, type SelectProps } from './primitives/select';
export { Checkbox } from './primitives/checkbox';
export { Switch, type SwitchProps } from './primitives/switch';
export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
  type TableProps,
} from './primitives/table';
export { Pagination, type PaginationProps } from './primitives/pagination';
export { Collapsible, type CollapsibleProps } from './primitives/collapsible';
export {
  Sheet,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  type SheetProps,
} from './primitives/sheet';
export {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogProps,
} from './primitives/dialog';
export { Avatar, DEFAULT_AVATAR_SRC, type AvatarProps, type AvatarSize } from './primitives/avatar';
export { RemoteImage, type RemoteImageProps } from './primitives/remote-image';
export {
  Badge,
  CampaignStatusBadge,
  campaignStatusVariant,
  type BadgeProps,
  type BadgeVariant,
} from './primitives/badge';
export { Spinner, type SpinnerProps } from './primitives/spinner';
export { Skeleton } from './primitives/skeleton';
export { EmptyState, type EmptyStateProps } from './primitives/empty-state';
export {
  TOAST_DEFAULTS,
  Toaster,
  toast,
  type ExternalToast,
  type ToasterProps,
} from './primitives/toaster';
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from './primitives/card';
export { Separator, type SeparatorProps } from './primitives/separator';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DropdownMenuContentProps,
  type DropdownMenuItemProps,
  type DropdownMenuProps,
} from './primitives/dropdown-menu';
export { Tooltip, type TooltipProps } from './primitives/tooltip';
export { VisuallyHidden } from './primitives/visually-hidden';
export { Kbd } from './primitives/kbd';
export { getFocusable, useModal, type UseModalOptions } from './primitives/use-modal';

// Screens (pure: props in, callbacks out)
export { PublicLayout, type PublicLayoutProps } from './layout/public-layout';
export {
  LANDING_FEATURES,
  LandingScreen,
  PRO_FEATURES,
  type LandingScreenProps,
} from './screens/landing';
export { PRIVACY_EFFECTIVE_DATE, PrivacyPolicyScreen } from './screens/privacy-policy';
export { TERMS_LAST_UPDATED, TermsScreen } from './screens/terms';
export { RevokeAccessScreen, type RevokeAccessScreenProps } from './screens/revoke-access';
export {
  DeletionStatusScreen,
  type DeletionStatus,
  type DeletionStatusScreenProps,
} from './screens/deletion-status';
export {
  ErrorFallbackScreen,
  NotFoundScreen,
  type ErrorFallbackScreenProps,
  type NotFoundScreenProps,
} from './screens/error-fallback';
export { Brand, BrandMark, PRODUCT_NAME, SUPPORT_EMAIL, TAGLINE } from './components/brand';
export { FacebookIcon } from './components/facebook-icon';
