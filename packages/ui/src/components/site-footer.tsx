import { cn } from '../primitives/cn';
import { Brand } from './brand';

export const FOOTER_LINKS = [
  { href: '/terms-and-conditions', label: 'Terms of Service' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/revoke-access', label: 'Revoke Access' },
] as const;

export function SiteFooter({ className }: { className?: string }) {
  return (
    <footer className={cn('border-t border-border bg-muted/30', className)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="grid gap-2">
          <Brand />
          <p className="text-sm text-muted-foreground">
            © {new Date().getFullYear()} Pagecast. All rights reserved.
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
