import { Check, Monitor, Moon, Sun } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  cn,
} from '@pagecast/ui';
import { useTheme, type ThemePreference } from '../../lib/theme';

const CHOICES: Array<{ value: ThemePreference; label: string; Icon: typeof Sun }> = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** Small Light / Dark / System menu for the public pages' header (the dashboard has it in the user menu). */
export function ThemeToggle() {
  const { preference, resolved, setTheme } = useTheme();
  const Current = resolved === 'dark' ? Moon : Sun;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Theme"
        className="size-9 justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        <Current aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        {CHOICES.map(({ value, label, Icon }) => (
          <DropdownMenuItem
            key={value}
            onSelect={() => setTheme(value)}
            aria-current={preference === value ? 'true' : undefined}
          >
            <Icon aria-hidden="true" />
            <span className="flex-1">{label}</span>
            <Check aria-hidden="true" className={cn(preference !== value && 'invisible')} />
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
